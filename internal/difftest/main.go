// Command difftest is a differential harness: it generates small bash
// scripts from a grammar of bash constructs, runs each in /bin/bash and in
// our sandbox (shell.New + Exec, the public API only), and compares stdout,
// stderr and exit status.
//
//	go run ./internal/difftest -seed 1 -n 2000 [-area param,arith] [-v]
//	go run ./internal/difftest -e 'x="1+1"; echo $((x))'
//	go run ./internal/difftest -n 5000 -record internal/difftest/testdata/cases.txt
//
// Scripts are grouped by area (quoting, param, arrays, split, arith, …;
// one grammar_*.go file per group of areas). Each script is deterministic:
// no time, $RANDOM, PIDs, host paths or unbounded loops, and it prints what
// it computed so that a divergence shows. A divergent script is shrunk by
// dropping statements while it still diverges; the report groups the
// shrunk reproductions by area and by category (the tags of the statements
// left and the fields that differ) and ends with matched/total per area.
//
// go test runs a fixed seed and fails on divergence only in enforcedAreas;
// testdata/cases.txt keeps the divergences found, with bash's real output,
// as the to-do list of the evaluator (format in cases.go).
package main

import (
	"context"
	"flag"
	"fmt"
	"github.com/justbash/justbash/internal/diffkit"
	"io"
	"os"
	"regexp"
	"strings"
)

func main() {
	seed := flag.Int64("seed", 1, "seed of the generator")
	n := flag.Int("n", 200, "number of scripts")
	only := flag.String("area", "", "comma-separated areas to run (default all: "+strings.Join(AreaNames(), ",")+")")
	verbose := flag.Bool("v", false, "show every divergent script, not one per category")
	shrink := flag.Bool("shrink", true, "minimise divergent scripts")
	jobs := flag.Int("j", 2, "scripts compared in parallel")
	record := flag.String("record", "", "append one case per new divergence category to this cases file")
	list := flag.Bool("list", false, "print the generated scripts and exit")
	one := flag.String("e", "", "compare this one script and exit")
	refresh := flag.String("refresh", "", "re-run /bin/bash on every case of this cases file, rewrite it and exit")
	flag.Parse()
	if *refresh != "" {
		if err := refreshCases(*refresh); err != nil {
			fmt.Fprintln(os.Stderr, "difftest:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(os.Stdout, *seed, *n, *only, *verbose, *shrink, *jobs, *record, *list, *one); err != nil {
		fmt.Fprintln(os.Stderr, "difftest:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, seed int64, n int, only string, verbose, shrink bool, jobs int, record string, list bool, one string) error {
	if !HaveBash() && !list {
		return fmt.Errorf("%s not found: it is the oracle", BashPath)
	}
	ctx := context.Background()
	if one != "" {
		r := Compare(ctx, Script{Area: "adhoc", Stmts: []Stmt{{"adhoc", one}}}, false)
		writeRepro(w, r)
		fmt.Fprintf(w, "differ: %v\n", r.Diff)
		return nil
	}
	scripts, err := Plan(seed, n, only)
	if err != nil {
		return err
	}
	if list {
		for _, s := range scripts {
			fmt.Fprintf(w, "### %s #%d\n%s", s.Area, s.Index, s.Text())
		}
		return nil
	}
	results := CompareAll(ctx, scripts, shrink, jobs, func(done int) {
		if done%100 == 0 {
			fmt.Fprintf(os.Stderr, "difftest: %d/%d scripts compared\n", done, len(scripts))
		}
	})
	WriteReport(w, results, verbose)
	if record != "" {
		added, err := recordCases(record, results)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "recorded %d new cases in %s\n", added, record)
	}
	return nil
}

// CompareAll compares scripts on jobs workers, keeping their order; progress
// (if not nil) is told how many are done after each one.
func CompareAll(ctx context.Context, scripts []Script, shrink bool, jobs int, progress func(done int)) []Result {
	return diffkit.Map(scripts, jobs, func(x Script) Result { return Compare(ctx, x, shrink) }, progress)
}

var nonName = regexp.MustCompile(`[^A-Za-z0-9@%#:^,_+-]+`)

// recordCases appends, for each divergence category not yet in the file,
// its smallest reproduction with bash's outcome.
func recordCases(file string, results []Result) (int, error) {
	var existing []Case
	if f, err := os.Open(file); err == nil {
		existing, err = ParseCases(f)
		f.Close()
		if err != nil {
			return 0, err
		}
	}
	have := map[string]bool{}
	for _, c := range existing {
		have[c.Name] = true
		have[c.Script] = true
	}
	f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	added := 0
	for _, c := range Categories(results) {
		r := smallest(c.Results)
		name := nonName.ReplaceAllString(c.Name, "_")
		if have[name] || have[r.Shrunk.Text()] || r.ShrunkBash.Note != "" {
			continue
		}
		have[name] = true
		if err := WriteCase(f, Case{Name: name, Area: r.Script.Area, Script: r.Shrunk.Text(), Bash: r.ShrunkBash}); err != nil {
			return added, err
		}
		added++
	}
	return added, nil
}

// refreshCases rewrites a cases file with bash's current outcome of each
// case, keeping names, areas, enforcement and the leading comment.
func refreshCases(file string) error {
	if !HaveBash() {
		return fmt.Errorf("%s not found: it is the oracle", BashPath)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	cases, err := ParseCases(strings.NewReader(string(data)))
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if strings.HasPrefix(l, caseSep) {
			break
		}
		b.WriteString(l)
	}
	for _, c := range cases {
		c.Bash = RunBash(context.Background(), c.Script)
		if c.Bash.Note != "" {
			return fmt.Errorf("case %s: %s", c.Name, c.Bash.Note)
		}
		if err := WriteCase(&b, c); err != nil {
			return err
		}
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}
