package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/justbash/justbash/internal/diffkit"
)

// Tally counts matched and total results of one area.
type Tally = diffkit.Tally

// CategoryCount is one divergence category and the results in it.
type CategoryCount = diffkit.Category[Result]

// Summarise counts results per area.
func Summarise(results []Result) map[string]*Tally {
	return diffkit.Summarise(results, func(r Result) string { return r.Script.Area }, func(r Result) bool { return len(r.Diff) == 0 })
}

// Categories groups divergent results by Category, most frequent first.
func Categories(results []Result) []CategoryCount {
	return diffkit.Categories(results, Result.Category, func(r Result) bool { return len(r.Diff) > 0 })
}

// smallest returns the result with the shortest shrunk script.
func smallest(rs []Result) Result {
	return diffkit.Smallest(rs, func(r Result) int { return len(r.Shrunk.Text()) })
}

// WriteReport prints divergences grouped by area (one reproduction per
// category when not verbose, all when verbose), then the summary lines.
func WriteReport(w io.Writer, results []Result, verbose bool) {
	byArea := map[string][]Result{}
	for _, r := range results {
		if len(r.Diff) > 0 {
			byArea[r.Script.Area] = append(byArea[r.Script.Area], r)
		}
	}
	for _, name := range AreaNames() {
		rs := byArea[name]
		if len(rs) == 0 {
			continue
		}
		fmt.Fprintf(w, "##### area %s: %d divergent\n", name, len(rs))
		for _, c := range Categories(rs) {
			fmt.Fprintf(w, "--- category %s (%d)\n", c.Name, len(c.Results))
			show := []Result{smallest(c.Results)}
			if verbose {
				show = c.Results
			}
			for _, r := range show {
				writeRepro(w, r)
			}
		}
	}
	fmt.Fprintln(w, "##### summary")
	tallies := Summarise(results)
	tot := Tally{}
	for _, name := range AreaNames() {
		if t := tallies[name]; t != nil {
			fmt.Fprintf(w, "%-10s %4d/%-4d matched\n", name, t.Matched, t.Total)
			tot.Matched += t.Matched
			tot.Total += t.Total
		}
	}
	fmt.Fprintf(w, "%-10s %4d/%-4d matched\n", "total", tot.Matched, tot.Total)
	writeTop(w, results, 15)
}

// writeTop lists the most frequent divergence categories over all areas,
// each with its smallest reproduction on one line.
func writeTop(w io.Writer, results []Result, n int) {
	cats := Categories(results)
	if len(cats) == 0 {
		return
	}
	fmt.Fprintf(w, "##### top %d of %d categories\n", min(n, len(cats)), len(cats))
	for i, c := range cats[:min(n, len(cats))] {
		r := smallest(c.Results)
		fmt.Fprintf(w, "%2d. %4d  %s\n      %q\n", i+1, len(c.Results), c.Name, strings.TrimSuffix(r.Shrunk.Text(), "\n"))
	}
}

func writeRepro(w io.Writer, r Result) {
	fmt.Fprintf(w, "script (%s #%d, %d of %d statements):\n%s", r.Script.Area, r.Script.Index,
		len(r.Shrunk.Stmts), len(r.Script.Stmts), indent(r.Shrunk.Text()))
	writeOutcome(w, "bash", r.ShrunkBash)
	writeOutcome(w, "ours", r.ShrunkOurs)
}

func writeOutcome(w io.Writer, who string, o Outcome) {
	fmt.Fprintf(w, "  %s: status %d stdout %q stderr %q", who, o.Status, o.Stdout, o.Stderr)
	if o.Note != "" {
		fmt.Fprintf(w, " (%s)", o.Note)
	}
	fmt.Fprintln(w)
}

func indent(s string) string {
	return "  | " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n  | ") + "\n"
}
