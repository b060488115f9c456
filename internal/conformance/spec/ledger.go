package spec

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// CaseID names a case stably: its file's base name and 0-based index, the
// form oils-bash-known-fail.txt uses.
type CaseID struct {
	File  string
	Index int
}

func (id CaseID) String() string { return fmt.Sprintf("%s %d", id.File, id.Index) }

// ReadIDs reads "file index  # comment" lines; blank lines and lines
// starting with # are ignored.
func ReadIDs(r io.Reader) (map[CaseID]bool, error) {
	ids := map[CaseID]bool{}
	sc := bufio.NewScanner(r)
	num := 0
	for sc.Scan() {
		num++
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) < 2 {
			return nil, fmt.Errorf("line %d: want \"file index\", got %q", num, sc.Text())
		}
		n, err := strconv.Atoi(fields[1])
		if err != nil {
			return nil, fmt.Errorf("line %d: bad case index %q", num, fields[1])
		}
		ids[CaseID{fields[0], n}] = true
	}
	return ids, sc.Err()
}

// WriteLedger writes the failing cases, sorted, one "file index  # desc"
// line each, after a header comment.
func WriteLedger(w io.Writer, header string, failing []*CaseResult) error {
	sorted := slices.Clone(failing)
	slices.SortFunc(sorted, func(a, b *CaseResult) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Case.Index - b.Case.Index
	})
	bw := bufio.NewWriter(w)
	for _, l := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		fmt.Fprintf(bw, "# %s\n", l)
	}
	for _, r := range sorted {
		fmt.Fprintf(bw, "%s  # %s\n", r.ID(), oneLine(r.Case.Desc))
	}
	return bw.Flush()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
