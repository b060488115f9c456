package main

import (
	"context"
	"flag"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
)

// testSeed and testPerCmd fix the run of go test: testPerCmd invocations of
// each command, about 10 s on a 2-core machine under a load of 10 (the GNU
// side's process starts dominate).
const (
	testSeed   = 1
	testPerCmd = 8
)

// enforced are the commands whose every invocation at testSeed matches GNU;
// a divergence of one of them fails the test. Move a command here once it
// is exact.
var enforced = []string{"cat", "head", "tail", "wc", "sort", "cut", "tr", "tac", "nl", "paste", "fold",
	"expand", "comm", "md5sum", "sha256sum", "base64", "seq", "grep", "uniq", "join", "sed", "jq",
	"find", "xargs", "ls", "basename", "dirname", "realpath", "readlink", "expr", "date", "xxd", "tee", "printf", "sedscript", "cutrange", "headneg"}

// recheck re-runs the GNU side of every recorded case (go test
// ./internal/cmddiff -args -recheck), so the record stays GNU's. By
// default ours is checked against the record only: the record was made
// by running GNU, TestDifferential runs GNU live, and re-running some 200
// cases through bash would take the test past its time budget on a
// loaded machine.
var recheck = flag.Bool("recheck", false, "re-run GNU on every recorded case to check the record")

func needGNU(t *testing.T) {
	t.Helper()
	if ok, why := HaveGNU(); !ok {
		t.Skipf("the GNU oracle is missing (%s): the differential test needs bash, GNU coreutils, sed, grep, gawk and jq 1.6", why)
	}
}

func TestDifferential(t *testing.T) {
	needGNU(t)
	// Only the enforced commands run: invocation i of a command is the
	// same in a full plan, and the others would only add time.
	invs, err := Plan(testSeed, testPerCmd*len(enforced), strings.Join(enforced, ","))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	results := CompareAll(ctx, invs, false, 2, nil)
	for _, r := range results {
		if len(r.Diff) == 0 || !slices.Contains(enforced, r.Inv.Cmd) {
			continue
		}
		r = Compare(ctx, r.Inv, true)
		var b strings.Builder
		writeRepro(&b, r)
		t.Errorf("enforced command %s diverges from GNU (%v):\n%s", r.Inv.Cmd, r.Diff, b.String())
	}
	tallies := Summarise(results)
	for _, name := range SpecNames() {
		if tl := tallies[name]; tl != nil {
			mark := ""
			if slices.Contains(enforced, name) {
				mark = " (enforced)"
			}
			t.Logf("%-10s %3d/%-3d matched%s", name, tl.Matched, tl.Total, mark)
		}
	}
}

func TestEnforcedCommandsExist(t *testing.T) {
	for _, c := range enforced {
		if findSpec(c) == nil {
			t.Errorf("enforced names unknown command %q", c)
		}
	}
}

func TestPlanIsDeterministic(t *testing.T) {
	a, err := Plan(7, 200, "")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Plan(7, 200, "")
	c, _ := Plan(8, 200, "")
	same, differ := 0, 0
	for i := range a {
		if a[i].Text() == b[i].Text() && a[i].Stdin == b[i].Stdin && a[i].Locale == b[i].Locale {
			same++
		}
		if a[i].Text() != c[i].Text() {
			differ++
		}
	}
	if same != len(a) {
		t.Errorf("same seed gave %d/%d identical invocations", same, len(a))
	}
	if differ < len(a)/2 {
		t.Errorf("another seed changed only %d/%d invocations", differ, len(a))
	}
}

func TestOnlyReproducesFullRun(t *testing.T) {
	full, err := Plan(3, len(specs)*3, "")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := Plan(3, 3, "sort")
	if err != nil {
		t.Fatal(err)
	}
	var fromFull []string
	for _, v := range full {
		if v.Cmd == "sort" {
			fromFull = append(fromFull, v.Text())
		}
	}
	for i, v := range sub {
		if i >= len(fromFull) || v.Text() != fromFull[i] {
			t.Fatalf("invocation %d of -only sort differs from the full run's", i)
		}
	}
	if _, err := Plan(3, 1, "nosuch"); err == nil {
		t.Error("unknown command accepted")
	}
}

// TestGeneratorCoversTheBrief checks that a modest plan exercises each kind
// of input and option spelling the harness promises.
func TestGeneratorCoversTheBrief(t *testing.T) {
	invs, err := Plan(1, 60*len(specs), "")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, v := range invs {
		for _, tag := range v.Tags() {
			seen[tag] = true
			if strings.HasSuffix(tag, "(abbr)") {
				seen["(abbr)"] = true
			}
		}
		if strings.Contains(v.Text(), " --") {
			seen["long"] = true
		}
	}
	for _, want := range []string{"pipe", "stdin-closed", "redir", "missing", "dir", "dash", "empty", "noeol", "crlf",
		"nul", "long", "utf8", "badopt", "badlong", "ambig", "noarg", "endopts", "(abbr)", "long", "utf8loc"} {
		if !seen[want] {
			t.Errorf("no invocation has tag %q", want)
		}
	}
}

// TestShrinkKeepsDivergence drives Shrink with a fake oracle in which only
// the word "-n 3" matters: every other word, the producer, stdin and the
// locale must go.
func TestShrinkKeepsDivergence(t *testing.T) {
	inv := Inv{Cmd: "head", Locale: "C.UTF-8", Stdin: "lines", Stages: []Stage{
		{Name: "cat", Words: []Word{{Text: "words"}}},
		{Name: "head", Words: []Word{{Text: "-q", Tag: "-q"}, {Text: "-n 3", Tag: "-n"}, {Text: "lines"}, {Text: "prog", Keep: true}}},
	}}
	diverges := func(c Inv) (Outcome, Outcome, bool) {
		return Outcome{}, Outcome{Status: 1}, strings.Contains(c.Text(), "-n 3")
	}
	got, _, _ := Shrink(context.Background(), inv, Outcome{}, Outcome{Status: 1}, diverges)
	if got.Text() != "head -n 3 prog" || got.Stdin != "" || got.Locale != "C" {
		t.Errorf("shrunk to %q stdin=%q locale=%s", got.Text(), got.Stdin, got.Locale)
	}
}

// TestCasesFileParses keeps testdata/cases.txt readable and its cases
// naming known commands; TestCasesAreGNUsOutput replays them.
func TestCasesFileParses(t *testing.T) {
	cases := loadCases(t)
	for _, c := range cases {
		if c.Inv.Text() == "" {
			t.Errorf("case %s has no script", c.Name)
		}
	}
}

func loadCases(t *testing.T) []Case {
	t.Helper()
	f, err := os.Open("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := ParseCases(f)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestCasesAreGNUsOutput fails on enforced recorded cases where ours
// differs from GNU's recorded outcome (with -recheck it first re-runs GNU
// on every case, so the record stays true); the others are logged as the
// to-do list.
func TestCasesAreGNUsOutput(t *testing.T) {
	cases := loadCases(t)
	ctx := context.Background()
	gnu := true
	if ok, why := HaveGNU(); !ok {
		t.Logf("GNU oracle missing (%s): only ours is checked against the record", why)
		gnu = false
	}
	// Two workers, as CompareAll: the GNU side's process starts dominate.
	type outcome struct{ gnu, ours Outcome }
	got := make([]outcome, len(cases))
	idx := make(chan int)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for i := range idx {
				if gnu && *recheck {
					got[i].gnu = RunGNU(ctx, cases[i].Inv)
				}
				got[i].ours = RunOurs(ctx, cases[i].Inv)
			}
		})
	}
	for i := range cases {
		idx <- i
	}
	close(idx)
	wg.Wait()
	todo := 0
	for i, c := range cases {
		if gnu && *recheck {
			if g := got[i].gnu; len(Diff(c.GNU, g)) > 0 {
				t.Errorf("case %s: recorded output is not GNU's: %v\n got %+v\nwant %+v", c.Name, Diff(c.GNU, g), g, c.GNU)
			}
		}
		o := got[i].ours
		if d := Diff(c.GNU, o); len(d) > 0 {
			if c.Enforced {
				t.Errorf("enforced case %s diverges (%v): %s\n ours %+v\n  gnu %+v", c.Name, d, c.Inv.Text(), o, c.GNU)
			} else {
				todo++
			}
		}
	}
	t.Logf("%d recorded cases, %d still diverge", len(cases), todo)
}
