// Command cmddiff is a differential harness for the sandbox's commands: it
// generates invocations of GNU tools (coreutils text tools, grep, sed,
// gawk as awk, jq 1.6, find, xargs, diff, ls, the path tools, printf,
// expr, test, date, od, xxd, column, split, tee; spec_more.go adds, as
// specs of their own, the forms agents use most: sort keys, tr classes,
// cut ranges, env, seq formats, sed scripts, awk programs, ...) — options short, long,
// abbreviated, clustered,
// attached, invalid, missing their argument, after operands, after "--";
// inputs empty, without a final newline, CRLF, NUL bytes, long lines,
// UTF-8 and invalid UTF-8, missing files, directories, a closed stdin,
// a producer command on a pipe — and runs each in /bin/bash with the GNU
// tools and in justbash (shell.New, the public API), both in a scratch
// directory holding the same fixtures, with the same clean environment
// (PATH, HOME, LC_ALL=C or C.UTF-8) and stdin. It compares stdout, stderr
// and exit status.
//
//	go run ./internal/cmddiff -seed 1 -n 2000 [-only head,tail] [-v]
//	go run ./internal/cmddiff -e 'head -n x lines' [-stdin lines] [-locale C.UTF-8]
//	go run ./internal/cmddiff -n 3000 -record internal/cmddiff/testdata/cases.txt
//	go run ./internal/cmddiff -todo internal/cmddiff/testdata/cases.txt [-only join]
//	go run ./internal/cmddiff -prune internal/cmddiff/testdata/cases.txt -promote
//
// The scratch directory holds fixtures with fixed mtimes (trees t and u
// for find, ls and diff -r) and TZ is UTC on both sides, so dates agree;
// find's output goes through sort (its order is the host directory's).
//
// Two normalisations: the scratch directory's name ($DIR), and, in a
// UTF-8 locale, the curly quotes of GNU's messages, mapped to the ASCII
// quotes ours print in every locale by design. Program-name prefixes are
// compared as they are: ours print the same names as the GNU tools.
//
// A divergent invocation is shrunk (producer dropped, stdin emptied, C
// locale, words removed one by one while it still diverges); the report
// groups the shrunk reproductions by category — command, the tags of the
// words left (option names, "(abbr)", "badopt", "noarg", fixture kinds,
// "stdin-closed", "utf8loc") and the fields that differ — and ends with
// matched/total per command.
//
// go test runs a fixed seed and fails only on divergences of the commands
// in enforced (cmddiff_test.go); testdata/cases.txt keeps divergences not
// fixed yet, with GNU's real output.
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
	n := flag.Int("n", 400, "number of invocations")
	only := flag.String("only", "", "comma-separated commands to run (default all: "+strings.Join(SpecNames(), ",")+")")
	verbose := flag.Bool("v", false, "show every divergent invocation, not one per category")
	shrink := flag.Bool("shrink", true, "minimise divergent invocations")
	jobs := flag.Int("j", 2, "invocations compared in parallel")
	record := flag.String("record", "", "append one case per new divergence category to this cases file")
	list := flag.Bool("list", false, "print the generated invocations and exit")
	one := flag.String("e", "", "compare this one script and exit")
	stdin := flag.String("stdin", "", "with -e: the fixture fed on stdin")
	locale := flag.String("locale", "C", "with -e: LC_ALL")
	add := flag.String("add", "", "with -e: append it to this cases file as an enforced case named by -name, if ours matches GNU")
	name := flag.String("name", "", "with -add: the case's name")
	prune := flag.String("prune", "", "rewrite this cases file without the to-do cases ours now matches (fixed: add them as enforced instead)")
	promote := flag.Bool("promote", false, "with -prune: keep the fixed to-do cases, marked enforced, instead of dropping them")
	todo := flag.String("todo", "", "show the to-do cases of this cases file (of the -only commands) where ours still differs, with both outcomes")
	flag.Parse()
	if *todo != "" {
		if err := showTodo(os.Stdout, *todo, *only); err != nil {
			fmt.Fprintln(os.Stderr, "cmddiff:", err)
			os.Exit(1)
		}
		return
	}
	if *prune != "" {
		if err := pruneCases(os.Stdout, *prune, *promote); err != nil {
			fmt.Fprintln(os.Stderr, "cmddiff:", err)
			os.Exit(1)
		}
		return
	}
	if *add != "" {
		if err := addCase(os.Stdout, *add, *name, Inv{Cmd: strings.Fields(*one + " x")[0], Stages: []Stage{{Name: *one}}, Stdin: *stdin, Locale: *locale}); err != nil {
			fmt.Fprintln(os.Stderr, "cmddiff:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(os.Stdout, *seed, *n, *only, *verbose, *shrink, *jobs, *record, *list, *one, *stdin, *locale); err != nil {
		fmt.Fprintln(os.Stderr, "cmddiff:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, seed int64, n int, only string, verbose, shrink bool, jobs int, record string, list bool, one, stdin, locale string) error {
	if ok, why := HaveGNU(); !ok && !list {
		return fmt.Errorf("the oracle is missing: %s", why)
	}
	ctx := context.Background()
	if one != "" {
		inv := Inv{Cmd: "adhoc", Stages: []Stage{{Name: one}}, Stdin: stdin, Locale: locale}
		r := Compare(ctx, inv, false)
		writeRepro(w, r)
		fmt.Fprintf(w, "differ: %v\n", r.Diff)
		return nil
	}
	invs, err := Plan(seed, n, only)
	if err != nil {
		return err
	}
	if list {
		for _, v := range invs {
			fmt.Fprintf(w, "%s #%d [%s] stdin=%q: %s\n", v.Cmd, v.Index, v.Locale, v.Stdin, v.Text())
		}
		return nil
	}
	results := CompareAll(ctx, invs, shrink, jobs, func(done int) {
		if done%200 == 0 {
			fmt.Fprintf(os.Stderr, "cmddiff: %d/%d compared\n", done, len(invs))
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

// CompareAll compares invocations on jobs workers, keeping their order;
// progress (if not nil) is told how many are done after each one.
func CompareAll(ctx context.Context, invs []Inv, shrink bool, jobs int, progress func(done int)) []Result {
	return diffkit.Map(invs, jobs, func(x Inv) Result { return Compare(ctx, x, shrink) }, progress)
}

var nonName = regexp.MustCompile(`[^A-Za-z0-9%#:^,_+()-]+`)

// recordCases appends, for each divergence category not yet in the file,
// its smallest reproduction with GNU's outcome.
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
		have[c.Inv.Text()] = true
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
		if have[name] || have[r.Shrunk.Text()] || r.ShrunkGNU.Note != "" {
			continue
		}
		have[name] = true
		if err := WriteCase(f, Case{Name: name, Inv: r.Shrunk, GNU: r.ShrunkGNU}); err != nil {
			return added, err
		}
		added++
	}
	return added, nil
}

// addCase appends inv to file as an enforced case once ours matches GNU on
// it: the way a fixed rule gets its regression test.
func addCase(w io.Writer, file, name string, inv Inv) error {
	if ok, why := HaveGNU(); !ok {
		return fmt.Errorf("the oracle is missing: %s", why)
	}
	if name == "" || strings.ContainsAny(name, " \n") {
		return fmt.Errorf("-add needs a -name without blanks")
	}
	r := Compare(context.Background(), inv, false)
	if r.GNU.Note != "" || len(r.Diff) > 0 {
		writeRepro(w, r)
		return fmt.Errorf("not added: ours differs (%v) or GNU failed (%s)", r.Diff, r.GNU.Note)
	}
	f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	return WriteCase(f, Case{Name: name, Enforced: true, Inv: inv, GNU: r.GNU})
}

// pruneCases drops from file the cases that are not enforced and that ours
// now matches (with promote, marks them enforced instead), keeping the
// leading comment, so the to-do list stays true.
func pruneCases(w io.Writer, file string, promote bool) error {
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
	dropped := 0
	for _, c := range cases {
		if !c.Enforced && len(Diff(c.GNU, RunOurs(context.Background(), c.Inv))) == 0 {
			dropped++
			fmt.Fprintf(w, "fixed: %s: %s\n", c.Name, c.Inv.Text())
			if !promote {
				continue
			}
			c.Enforced = true
		}
		if err := WriteCase(&b, c); err != nil {
			return err
		}
	}
	verb := "dropped"
	if promote {
		verb = "now enforced"
	}
	fmt.Fprintf(w, "%d of %d cases %s\n", dropped, len(cases), verb)
	return os.WriteFile(file, []byte(b.String()), 0o644)
}

// showTodo prints each to-do case of file (restricted to the commands of
// only, comma-separated, when set) on which ours still differs from the
// recorded GNU outcome, the way a fixer reads the list.
func showTodo(w io.Writer, file, only string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	cases, err := ParseCases(f)
	f.Close()
	if err != nil {
		return err
	}
	want := map[string]bool{}
	for _, c := range strings.Split(only, ",") {
		if c != "" {
			want[c] = true
		}
	}
	left := 0
	for _, c := range cases {
		if c.Enforced || (len(want) > 0 && !want[c.Inv.Cmd]) {
			continue
		}
		o := RunOurs(context.Background(), c.Inv)
		d := Diff(c.GNU, o)
		if len(d) == 0 {
			continue
		}
		left++
		fmt.Fprintf(w, "== %s %v\n", c.Name, d)
		writeRepro(w, Result{Shrunk: c.Inv, ShrunkGNU: c.GNU, ShrunkOurs: o})
	}
	fmt.Fprintf(w, "%d to-do cases differ\n", left)
	return nil
}
