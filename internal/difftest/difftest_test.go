package main

import (
	"context"
	"fmt"
	"os/signal"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// testSeed and testScripts fix the run of go test: 14 scripts per area,
// about 30 s on a 2-core machine under a load of 15.
const (
	testSeed    = 1
	testScripts = 14 * 19 // 19 areas; TestEnforcedAreasExist checks the count
)

// enforcedAreas fail the test on any divergence at testSeed. They are the
// areas where the current shell matches bash on every script of the seed;
// move an area here once the evaluator gets it right.
var enforcedAreas = []string{"quoting", "brace", "glob", "cmdsub", "split", "arith", "cond", "case", "control", "pipes", "errors"}

func TestDifferential(t *testing.T) {
	if !HaveBash() {
		t.Skipf("%s not found: the differential test needs bash as its oracle", BashPath)
	}
	scripts, err := Plan(testSeed, testScripts, "")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	results := CompareAll(ctx, scripts, false, 2, nil)
	for _, r := range results {
		if len(r.Diff) == 0 || !slices.Contains(enforcedAreas, r.Script.Area) {
			continue
		}
		// Shrink only what fails, so the message shows a small reproduction.
		r = Compare(ctx, r.Script, true)
		var b strings.Builder
		writeRepro(&b, r)
		t.Errorf("enforced area %s diverges from bash (%v):\n%s", r.Script.Area, r.Diff, b.String())
	}
	tallies := Summarise(results)
	for _, name := range AreaNames() {
		if tl := tallies[name]; tl != nil {
			mark := ""
			if slices.Contains(enforcedAreas, name) {
				mark = " (enforced)"
			}
			t.Logf("%-10s %3d/%-3d matched%s", name, tl.Matched, tl.Total, mark)
		}
	}
}

func TestEnforcedAreasExist(t *testing.T) {
	for _, a := range enforcedAreas {
		if _, ok := findArea(a); !ok {
			t.Errorf("enforcedAreas names unknown area %q", a)
		}
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, err := Plan(7, 100, "")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Plan(7, 100, "")
	c, _ := Plan(8, 100, "")
	same, differ := 0, 0
	for i := range a {
		if a[i].Text() == b[i].Text() {
			same++
		}
		if a[i].Text() != c[i].Text() {
			differ++
		}
	}
	if same != len(a) {
		t.Errorf("same seed gave %d/%d identical scripts", same, len(a))
	}
	if differ < len(a)/2 {
		t.Errorf("another seed changed only %d/%d scripts", differ, len(a))
	}
}

func TestAreaSubsetReproducesFullRun(t *testing.T) {
	n := len(areas) * 3
	full, err := Plan(3, n, "")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := Plan(3, 3, "arith")
	if err != nil {
		t.Fatal(err)
	}
	var fromFull []string
	for _, s := range full {
		if s.Area == "arith" {
			fromFull = append(fromFull, s.Text())
		}
	}
	for i, s := range sub {
		if i >= len(fromFull) || s.Text() != fromFull[i] {
			t.Fatalf("script %d of -area arith differs from the full run's", i)
		}
	}
	if _, err := Plan(3, 1, "nosuch"); err == nil {
		t.Error("unknown area accepted")
	}
}

// forbidden are constructs whose output differs between runs or hosts, or
// that could wait forever.
var forbidden = regexp.MustCompile(`\$RANDOM|\bSRANDOM\b|\$\$|\$!|\bBASHPID\b|\bSECONDS\b|\bEPOCH|\bdate\b|\bsleep\b|\bwhile (true|:)\b|/proc|\bhostname\b|\bUID\b`)

// allowedCommands are the external commands scripts may run (both sides
// have them), besides bash builtins.
var allowedCommands = []string{"echo", "printf", "cat", "tr", "sort", "head", "wc", "true", "false", "mkdir", "touch"}

func TestGeneratedScriptsAreDeterministicShapes(t *testing.T) {
	scripts, err := Plan(11, 2000, "")
	if err != nil {
		t.Fatal(err)
	}
	ext := regexp.MustCompile(`(?:^|[|;&]\s*)(ls|grep|sed|awk|od|tail|find|xargs|env|id|stat)\b`)
	for _, s := range scripts {
		for _, st := range s.Stmts {
			for _, line := range strings.Split(st.Code, "\n") {
				if forbidden.MatchString(line) {
					t.Errorf("%s: nondeterministic or blocking construct in %q", st.Tag, line)
				}
				// read must take its input from a redirection or a pipe.
				if strings.Contains(line, "read ") && !strings.ContainsAny(line, "<|") {
					t.Errorf("%s: read from the terminal in %q", st.Tag, line)
				}
				if m := ext.FindStringSubmatch(line); m != nil {
					t.Errorf("%s: command %s is not among %v in %q", st.Tag, m[1], allowedCommands, line)
				}
			}
		}
		if len(s.Stmts) == 0 || !strings.HasPrefix(s.Stmts[0].Tag, s.Area+":") {
			t.Errorf("script %s #%d has tags of another area: %v", s.Area, s.Index, s.Tags())
		}
	}
}

func TestShrinkKeepsTheDivergentStatement(t *testing.T) {
	s := Script{Area: "x"}
	for i := range 6 {
		s.Stmts = append(s.Stmts, Stmt{fmt.Sprint("t", i), fmt.Sprintf("echo %d", i)})
	}
	calls := 0
	// A fake pair of shells that differ whenever "echo 1" and "echo 4" both run.
	diverges := func(text string) (Outcome, Outcome, bool) {
		calls++
		d := strings.Contains(text, "echo 1\n") && strings.Contains(text, "echo 4\n")
		return Outcome{Stdout: text}, Outcome{}, d
	}
	got, bash, _ := Shrink(context.Background(), s, Outcome{}, Outcome{}, diverges)
	if txt := got.Text(); txt != "echo 1\necho 4\n" {
		t.Errorf("shrunk to %q, want the two statements that matter", txt)
	}
	if bash.Stdout != got.Text() {
		t.Errorf("outcome %q is not the shrunk script's", bash.Stdout)
	}
	if calls > maxShrinkRuns {
		t.Errorf("%d runs, bound is %d", calls, maxShrinkRuns)
	}
}

func TestDiffNamesFields(t *testing.T) {
	a := Outcome{Stdout: "x", Stderr: "e", Status: 1}
	if d := Diff(a, a); len(d) != 0 {
		t.Errorf("equal outcomes differ in %v", d)
	}
	b := a
	b.Stderr, b.Status = "f", 2
	if d := Diff(a, b); !slices.Equal(d, []string{"stderr", "status"}) {
		t.Errorf("got %v", d)
	}
	c := a
	c.Note = "only a note"
	if d := Diff(a, c); len(d) != 0 {
		t.Errorf("notes are not compared, got %v", d)
	}
}

// TestRunnersShareEnvironment checks the two sides see the same cwd (after
// normalisation), HOME, PATH and empty stdin, and that both capture
// stdout, stderr and status.
func TestRunnersShareEnvironment(t *testing.T) {
	if !HaveBash() {
		t.Skipf("%s not found", BashPath)
	}
	script := `pwd; echo "$HOME:$PATH"; cat; ls -A 2>/dev/null; echo err >&2; exit 3`
	want := Outcome{Stdout: cwdMarker + "\n/home/user:/usr/bin:/bin\n", Stderr: "err\n", Status: 3}
	ctx := context.Background()
	for who, o := range map[string]Outcome{"bash": RunBash(ctx, script), "ours": RunOurs(ctx, script)} {
		if o != want {
			t.Errorf("%s: got %+v, want %+v", who, o, want)
		}
	}
}

func TestBashTimeout(t *testing.T) {
	if !HaveBash() {
		t.Skipf("%s not found", BashPath)
	}
	old := Timeout
	Timeout = 200e6 // 0.2 s: the script below never ends by itself
	defer func() { Timeout = old }()
	o := RunBash(context.Background(), "while :; do :; done")
	if o.Note == "" || o.Status != -1 {
		t.Errorf("endless script: %+v", o)
	}
}

// TestBashStartsWithDefaultSignals: signals ignored by whatever started the
// test (nohup, a background job) must not leak into the oracle's trap -p.
func TestBashStartsWithDefaultSignals(t *testing.T) {
	if !HaveBash() {
		t.Skipf("%s not found", BashPath)
	}
	if defaultSignalEnv() == "" {
		t.Skip("no env --default-signal here: bash inherits ignored signals")
	}
	// Ignore SIGHUP as nohup would; exec passes SIG_IGN on to the child.
	signal.Ignore(syscall.SIGHUP)
	defer signal.Reset(syscall.SIGHUP)
	o := RunBash(context.Background(), "trap -p; echo $0")
	if o.Stdout != "bash\n" || o.Status != 0 {
		t.Errorf("got %+v, want no trap and $0 bash", o)
	}
}
