package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/justbash/justbash/internal/diffkit"
)

// Tally counts matched and total results of one command.
type Tally = diffkit.Tally

// CategoryCount is one divergence category and the results in it.
type CategoryCount = diffkit.Category[Result]

// Summarise counts results per command.
func Summarise(results []Result) map[string]*Tally {
	return diffkit.Summarise(results, func(r Result) string { return r.Inv.Cmd }, func(r Result) bool { return len(r.Diff) == 0 })
}

// Categories groups divergent results by Category, most frequent first.
func Categories(results []Result) []CategoryCount {
	return diffkit.Categories(results, Result.Category, func(r Result) bool { return len(r.Diff) > 0 })
}

// smallest returns the result with the shortest shrunk script.
func smallest(rs []Result) Result {
	return diffkit.Smallest(rs, func(r Result) int { return len(r.Shrunk.Text()) })
}

// writeRepro shows a shrunk invocation and both outcomes.
func writeRepro(w io.Writer, r Result) {
	fmt.Fprintf(w, "  $ %s", r.Shrunk.Text())
	if r.Shrunk.Stdin != "" {
		fmt.Fprintf(w, "    (stdin: %s)", r.Shrunk.Stdin)
	}
	fmt.Fprintf(w, "    [LC_ALL=%s]\n", r.Shrunk.Locale)
	for _, side := range []struct {
		name string
		o    Outcome
	}{{"gnu ", r.ShrunkGNU}, {"ours", r.ShrunkOurs}} {
		fmt.Fprintf(w, "  %s status=%d stdout=%s stderr=%s", side.name, side.o.Status,
			clip(side.o.Stdout), clip(side.o.Stderr))
		if side.o.Note != "" {
			fmt.Fprintf(w, " note=%s", side.o.Note)
		}
		fmt.Fprintln(w)
	}
}

func clip(s string) string {
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return strconv.Quote(s)
}

// WriteReport prints divergence categories (one reproduction each, or all
// with verbose) and matched/total per command.
func WriteReport(w io.Writer, results []Result, verbose bool) {
	cats := Categories(results)
	for _, c := range cats {
		fmt.Fprintf(w, "== %s  (%d)\n", c.Name, len(c.Results))
		if verbose {
			for _, r := range c.Results {
				writeRepro(w, r)
			}
		} else {
			writeRepro(w, smallest(c.Results))
		}
	}
	t := Summarise(results)
	fmt.Fprintf(w, "\n%d categories\n", len(cats))
	total, matched := 0, 0
	var lines []string
	for _, name := range SpecNames() {
		if tl := t[name]; tl != nil {
			lines = append(lines, fmt.Sprintf("%-10s %4d/%-4d matched", name, tl.Matched, tl.Total))
			total += tl.Total
			matched += tl.Matched
		}
	}
	fmt.Fprintln(w, strings.Join(lines, "\n"))
	fmt.Fprintf(w, "%-10s %4d/%-4d matched\n", "all", matched, total)
}
