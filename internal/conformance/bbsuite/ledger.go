package bbsuite

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// A ledger file lists case IDs, one a line, optionally followed by a tab
// and a "# comment"; lines starting with # are comments. Descriptions may
// hold "#" themselves, hence the tab.

// ReadIDs reads the case IDs of a ledger file.
func ReadIDs(r io.Reader) (map[string]bool, error) {
	ids := map[string]bool{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		item, rest, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("line %d: no tab between item and case name", n)
		}
		name, _, _ := strings.Cut(rest, "\t")
		ids[item+"\t"+name] = true
	}
	return ids, sc.Err()
}

// ReadIDFile reads a ledger file; a missing file is an empty ledger only
// when missingOK.
func ReadIDFile(name string, missingOK bool) (map[string]bool, error) {
	f, err := os.Open(name)
	if err != nil {
		if missingOK && os.IsNotExist(err) {
			return map[string]bool{}, nil
		}
		return nil, err
	}
	defer f.Close()
	return ReadIDs(f)
}

// WriteLedger writes the failing cases, sorted, after a header; cases in
// gnuFails are marked, so the ledger shows which failures GNU shares.
func WriteLedger(w io.Writer, header string, failing []Result, gnuFails map[string]bool) error {
	ids := make([]string, 0, len(failing))
	for _, r := range failing {
		line := r.ID()
		if gnuFails[r.ID()] {
			line += "\t# GNU fails too"
		}
		ids = append(ids, line)
	}
	sort.Strings(ids)
	if _, err := io.WriteString(w, header); err != nil {
		return err
	}
	for _, l := range ids {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	return nil
}

// Counts sums the verdicts; gnuPass counts the passes among the cases GNU
// passes (those not in gnuFails).
func Counts(rs []Result, gnuFails map[string]bool) (pass, fail, skip, gnuPass int) {
	for _, r := range rs {
		switch r.Verdict {
		case Pass:
			pass++
			if !gnuFails[r.ID()] {
				gnuPass++
			}
		case Fail:
			fail++
		case Skip:
			skip++
		}
	}
	return
}
