package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/justbash/justbash/internal/conformance/spec"
)

// report prints the per-file lines, the failures (-v) and the totals, and
// writes the ledger and cause ranking when asked. It returns the exit
// status: 0 when nothing failed.
func report(o options, res *runResult, w io.Writer) int {
	var pass, fail, skip, knownRun, knownOK int
	for _, fr := range res.files {
		if o.verbose {
			for _, cr := range fr.Cases {
				if cr.Verdict == spec.Fail {
					printFailure(w, cr)
				}
			}
		}
		fmt.Fprintln(w, fr.Summary())
		pass += fr.Pass
		fail += fr.Fail
		skip += fr.Skip
		knownRun += fr.KnownRun
		knownOK += fr.KnownOK
		if fr.Err != nil {
			fail++
		}
	}
	status := 0
	if o.ledger != "" {
		if err := writeLedger(o.ledger, res.failing, pass, fail); err != nil {
			fmt.Fprintln(w, "conformance:", err)
			status = 2
		}
	}
	if o.causes != "" {
		if err := os.WriteFile(o.causes, []byte(formatCauses(res.failing)), 0o644); err != nil {
			fmt.Fprintln(w, "conformance:", err)
			status = 2
		}
	}
	if skip > 0 {
		fmt.Fprintf(w, "(%d skipped: N-I for bash)\n", skip)
	}
	if knownRun > 0 {
		fmt.Fprintf(w, "(%d cases GNU bash fails itself, not counted: %d of them pass here)\n", knownRun, knownOK)
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", pass, fail)
	if status == 0 && fail > 0 {
		status = 1
	}
	return status
}

func printFailure(w io.Writer, cr *spec.CaseResult) {
	known := ""
	if cr.Known {
		known = " [bash-known-fail]"
	}
	fmt.Fprintf(w, "FAIL %s #%d (line %d) %s%s: %s\n", cr.File, cr.Case.Index, cr.Case.Line,
		cr.Case.Desc, known, strings.Join(cr.Problems, ", "))
	if e := cr.Expect.Stdout; e != nil && contains(cr.Problems, "stdout") {
		fmt.Fprintf(w, "  expected stdout: %q\n", *e)
		fmt.Fprintf(w, "  actual   stdout: %q\n", cr.Out.Stdout)
		if d := spec.FirstDiff(*e, cr.Out.Stdout); d != "" {
			fmt.Fprintf(w, "  first diff: %s\n", d)
		}
	}
	if contains(cr.Problems, "status") {
		fmt.Fprintf(w, "  expected status: %d  actual: %d\n", cr.Expect.Status, cr.Out.Status)
	}
	if s := cr.Out.Stderr; s != "" {
		if len(s) > 400 {
			s = s[:400]
		}
		fmt.Fprintf(w, "  stderr: %q\n", s)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func writeLedger(name string, failing []*spec.CaseResult, pass, fail int) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	header := fmt.Sprintf("Oils spec cases the justbash sandbox fails (GNU bash passes them).\n"+
		"Format: <file> <case index>  # description. %d passed, %d failed when written.\n"+
		"Regenerate: UPDATE_LEDGER=1 go test ./internal/conformance/", pass, fail)
	if err := spec.WriteLedger(f, header, failing); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// formatCauses renders the ranking of failure causes with examples.
func formatCauses(failing []*spec.CaseResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d failing cases (GNU bash passes them), grouped by probable cause:\n\n", len(failing))
	for _, row := range spec.RankCauses(failing) {
		ex := make([]string, len(row.Examples))
		for i, id := range row.Examples {
			ex[i] = fmt.Sprintf("%s#%d", strings.TrimSuffix(id.File, ".test.sh"), id.Index)
		}
		fmt.Fprintf(&b, "%5d  %s\n       e.g. %s\n", row.Count, row.Cause, strings.Join(ex, " "))
	}
	b.WriteString("\nRolled up by family:\n")
	fam := map[string]int{}
	var fams []string
	for _, row := range spec.RankCauses(failing) {
		f := spec.Family(row.Cause)
		if _, ok := fam[f]; !ok {
			fams = append(fams, f)
		}
		fam[f] += row.Count
	}
	slices.SortStableFunc(fams, func(a, b string) int { return fam[b] - fam[a] })
	for _, f := range fams {
		if fam[f] > 1 {
			fmt.Fprintf(&b, "%5d  %s\n", fam[f], f)
		}
	}
	b.WriteString("\nFailures by file (silent: no stderr, only stdout/status differ):\n")
	type fileRow struct {
		name          string
		total, silent int
	}
	rows := map[string]*fileRow{}
	var order []*fileRow
	for _, cr := range failing {
		r := rows[cr.File]
		if r == nil {
			r = &fileRow{name: cr.File}
			rows[cr.File] = r
			order = append(order, r)
		}
		r.total++
		if strings.TrimSpace(cr.Out.Stderr) == "" && !cr.Out.TimedOut && cr.Out.Err == nil {
			r.silent++
		}
	}
	slices.SortStableFunc(order, func(a, b *fileRow) int { return b.total - a.total })
	for _, r := range order {
		fmt.Fprintf(&b, "%5d  %-28s (%d silent)\n", r.total, r.name, r.silent)
	}
	return b.String()
}
