package jq

import (
	"bytes"
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// jqFileCase is a recorded case that may need files in the working
// directory.
type jqFileCase struct {
	args    []string
	files   map[string]string
	in      string
	out     string
	errPart string
	status  int
	note    string
}

func TestJQFidelity(t *testing.T) {
	for _, tc := range jqFidelityCases {
		out, errs, st := runJQ(t, tc.files, tc.in, tc.args...)
		if out != tc.out || st != tc.status || !strings.Contains(errs, tc.errPart) {
			t.Errorf("jq %q <<< %q:\n got (%d) %q %q\nwant (%d) %q %q", tc.args, tc.in, st, out, errs, tc.status, tc.out, tc.errPart)
		}
	}
}

// realJQ returns the installed jq when it is the 1.6 the tables were
// recorded from, or skips.
func realJQ(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("jq")
	if err != nil {
		t.Skip("jq is not installed: the recorded tables are not re-checked against it")
	}
	v, err := exec.Command(bin, "--version").Output()
	if err != nil || strings.TrimSpace(string(v)) != "jq-1.6" {
		t.Skipf("installed jq is %q, not the jq-1.6 the tables were recorded from", strings.TrimSpace(string(v)))
	}
	return bin
}

func runRealJQ(t *testing.T, bin string, files map[string]string, stdin string, args []string) (string, string, int) {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, args...)
	cmd.Args[0] = "jq" // jq names itself by argv[0] in its messages
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "USER=sandbox", "FOO=bar", "PATH=/usr/bin:/bin"}
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	st := 0
	if ee, ok := err.(*exec.ExitError); ok {
		st = ee.ExitCode()
	} else if err != nil {
		t.Error(err)
	}
	return out.String(), errb.String(), st
}

// TestJQLiveOracle re-runs every recorded row that claims jq 1.6's answer
// on the installed jq 1.6, so a recording cannot drift from the tool. The
// runs go four at a time: each jq start compiles its builtins, so the
// ~350 runs take a while and are asked for with JQ_ORACLE=1.
func TestJQLiveOracle(t *testing.T) {
	if os.Getenv("JQ_ORACLE") == "" {
		t.Skip("set JQ_ORACLE=1 to re-check the recorded tables against the installed jq 1.6 (.ci/run does)")
	}
	bin := realJQ(t)
	var rows []jqFileCase
	for _, tc := range jqFidelityCases {
		if tc.note == "" {
			rows = append(rows, tc)
		}
	}
	for _, tc := range jqCases {
		if tc.note == "" {
			rows = append(rows, jqFileCase{args: tc.args, in: tc.in, out: tc.out, status: tc.status})
		}
	}
	type result struct {
		out, errs string
		st        int
	}
	results := make([]result, len(rows))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i, tc := range rows {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			out, errs, st := runRealJQ(t, bin, tc.files, tc.in, tc.args)
			results[i] = result{out, errs, st}
		}()
	}
	wg.Wait()
	for i, tc := range rows {
		r := results[i]
		if r.out != tc.out || r.st != tc.status || !strings.Contains(r.errs, tc.errPart) {
			t.Errorf("jq 1.6 %q <<< %q: recorded (%d) %q %q, live (%d) %q %q", tc.args, tc.in, tc.status, tc.out, tc.errPart, r.st, r.out, r.errs)
		}
	}
	t.Logf("%d recorded rows re-checked on %s", len(rows), bin)
}

// TestJQModuleLoc: $__loc__ in a module names the module's file, which
// jq gives as the path it found (here, in the sandbox).
func TestJQModuleLoc(t *testing.T) {
	out, errs, st := runJQ(t, jqFiles, "3", "-c", "-Llib", `include "m"; twice, loc`)
	want := "6\n{\"file\":\"/home/user/lib/m.jq\",\"line\":2}\n"
	if out != want || st != 0 {
		t.Errorf("got (%d) %q %q, want %q", st, out, errs, want)
	}
}

// TestJQNoFilterOnTerminal: with no filter and a terminal on both ends jq
// prints its usage, exit 2.
func TestJQNoFilterOnTerminal(t *testing.T) {
	var out, errb bytes.Buffer
	c := newCtx(ttyReader{strings.NewReader("{}")}, ttyWriter{&out}, &errb, "jq")
	st := New().Run(t.Context(), c)
	if st != exitUsage || !strings.HasPrefix(errb.String(), "Usage:") || out.Len() != 0 {
		t.Errorf("got (%d) %q %q", st, out.String(), errb.String())
	}
}

type ttyReader struct{ *strings.Reader }

func (ttyReader) IsTerminal() bool { return true }

type ttyWriter struct{ *bytes.Buffer }

func (ttyWriter) IsTerminal() bool { return true }

func newCtx(in io.Reader, out, errw io.Writer, args ...string) *commands.Context {
	return &commands.Context{Args: args, Stdin: in, Stdout: out, Stderr: errw, FS: vfs.NewMem(), Dir: "/"}
}
