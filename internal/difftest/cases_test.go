package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const casesFile = "testdata/cases.txt"

func loadCases(t *testing.T) []Case {
	t.Helper()
	f, err := os.Open(casesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cs, err := ParseCases(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 {
		t.Fatal("no cases in " + casesFile)
	}
	return cs
}

// TestCases runs every recorded divergence through ours: a to-do list for
// the evaluator, failing only for cases marked enforced.
func TestCases(t *testing.T) {
	cs := loadCases(t)
	ctx := context.Background()
	fixed := 0
	for _, c := range cs {
		got := RunOurs(ctx, c.Script)
		d := Diff(c.Bash, got)
		if len(d) == 0 {
			fixed++
			continue
		}
		var b strings.Builder
		writeOutcome(&b, "bash", c.Bash)
		writeOutcome(&b, "ours", got)
		msg := "case " + c.Name + " (" + c.Area + ") differs in " + strings.Join(d, ",") + ":\n" + indent(c.Script) + b.String()
		if c.Enforced {
			t.Error(msg)
		} else {
			t.Log(msg)
		}
	}
	t.Logf("%d/%d recorded cases now match bash", fixed, len(cs))
}

// TestCasesAreBashsOutput re-runs /bin/bash on every case, so the table
// holds what bash really prints and nothing our code produced.
func TestCasesAreBashsOutput(t *testing.T) {
	if !HaveBash() {
		t.Skipf("%s not found: cannot re-check the recorded outputs", BashPath)
	}
	ctx := context.Background()
	for _, c := range loadCases(t) {
		if got := RunBash(ctx, c.Script); len(Diff(c.Bash, got)) != 0 {
			t.Errorf("case %s: recorded %+v, bash now gives %+v", c.Name, c.Bash, got)
		}
	}
}

func TestCasesRoundTrip(t *testing.T) {
	in := []Case{
		{Name: "a", Area: "param", Script: "x=1\necho \"$x\"\n", Bash: Outcome{Stdout: "1\n\ttab \x01\n\n", Stderr: "", Status: 0}},
		{Name: "b", Enforced: true, Area: "errors", Script: "echo (\n", Bash: Outcome{Stderr: "bash: -c: line 1: `('\n", Status: 2}},
	}
	path := filepath.Join(t.TempDir(), "c.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("# header comment\n\n")
	for _, c := range in {
		if err := WriteCase(f, c); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	r, _ := os.Open(path)
	defer r.Close()
	out, err := ParseCases(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) {
		t.Fatalf("read %d cases, wrote %d", len(out), len(in))
	}
	for i := range in {
		if out[i] != in[i] {
			t.Errorf("case %d: wrote %+v, read %+v", i, in[i], out[i])
		}
	}
	if err := WriteCase(&strings.Builder{}, Case{Name: "x", Script: "=== y\n"}); err == nil {
		t.Error("a script line that looks like a case header was accepted")
	}
	if _, err := ParseCases(strings.NewReader("=== x\nstatus: nine\n")); err == nil {
		t.Error("bad status accepted")
	}
	if _, err := ParseCases(strings.NewReader("stray\n")); err == nil {
		t.Error("text outside a case accepted")
	}
}
