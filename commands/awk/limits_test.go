package awk

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// Messages and statuses that are ours (gawk words them differently).
func TestErrorMessages(t *testing.T) {
	saved := testLimits
	testLimits = commands.Limits{MaxStringBytes: 1 << 20, MaxReadBytes: 1 << 20}
	defer func() { testLimits = saved }()
	cases := []struct {
		prog, errSub string
		status       int
	}{
		{"BEGIN{ x = }", "awk: cmd. line:1: BEGIN{ x = }\nawk: cmd. line:1:            ^ syntax error\n", 1},
		{"BEGIN{\n\nprint (}", "awk: cmd. line:3: print (}\nawk: cmd. line:3:        ^ syntax error\n", 1},
		{"{print $1", "awk: cmd. line:1: {print $1\nawk: cmd. line:1:          ^ unexpected newline or end of string\n", 1},
		{"BEGIN{print 1/0}", "awk: cmd. line:1: error: division by zero attempted\n", 1},
		{"BEGIN{x=0; print 1%x}", "division by zero", 2},
		{"BEGIN{f()}", "awk: cmd. line:1: fatal: function `f' not defined\n", 2},
		{"function f(n) { return f(n+1) } BEGIN{f(1)}", "nesting too deep", 2},
		{"BEGIN{s=\"x\"; while(1) s = s s}", "justbash: max string bytes exceeded (1048576)\n", 125},
		{"BEGIN{printf \"%*d\", 1e12, 1}", "justbash: max string bytes exceeded (1048576)\n", 125},
		{"BEGIN{$(-1)=1}", "attempt to access field -1", 2},
		{"BEGIN{print \"x\" | \"cmd\"; close(\"cmd\")}", "", 0},
	}
	for _, tc := range cases {
		_, errs, st := runAwk(t, []string{tc.prog}, "", nil)
		if st != tc.status || !strings.Contains(errs, tc.errSub) {
			t.Errorf("%q: status %d stderr %q; want %d and %q", tc.prog, st, errs, tc.status, tc.errSub)
		}
	}
}

// stepCtx fails after a number of Err calls, like the shell's step limit.
type stepCtx struct {
	context.Context
	n int
}

func (c *stepCtx) Err() error {
	c.n--
	if c.n < 0 {
		return errors.New("step limit exceeded")
	}
	return nil
}

func TestContextStopsLoops(t *testing.T) {
	for _, prog := range []string{
		"BEGIN{while(1) x++}",
		"BEGIN{for(;;) x++}",
		"BEGIN{do x++; while(1)}",
		"{print}",
	} {
		ctx := &stepCtx{Context: context.Background(), n: 1000}
		var out, errb strings.Builder
		c := &commands.Context{Args: []string{"awk", prog}, Stdin: strings.NewReader(strings.Repeat("line\n", 5000)),
			Stdout: &out, Stderr: &errb, FS: vfs.NewMem(), Dir: "/"}
		done := make(chan int)
		go func() { done <- New().Run(ctx, c) }()
		select {
		case st := <-done:
			if st != 2 || !strings.Contains(errb.String(), "awk: fatal: step limit exceeded") {
				t.Errorf("%q: status %d stderr %q", prog, st, errb.String())
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%q did not stop", prog)
		}
	}
}

// failWriter simulates a closed pipe after some output.
type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	if w.n > 1<<16 {
		return 0, errors.New("write |1: broken pipe")
	}
	return len(p), nil
}

func TestStopsOnWriteError(t *testing.T) {
	var errb strings.Builder
	c := &commands.Context{Args: []string{"awk", "BEGIN{while(1) print \"yes\"}"}, Stdin: strings.NewReader(""),
		Stdout: &failWriter{}, Stderr: &errb, FS: vfs.NewMem(), Dir: "/"}
	if st := New().Run(context.Background(), c); st != 2 {
		t.Errorf("status %d, stderr %q", st, errb.String())
	}
}

func TestNoScriptRunner(t *testing.T) {
	var out, errb strings.Builder
	c := &commands.Context{Args: []string{"awk", "BEGIN{system(\"true\")}"}, Stdin: strings.NewReader(""),
		Stdout: &out, Stderr: &errb, FS: vfs.NewMem(), Dir: "/"}
	if st := New().Run(context.Background(), c); st != 2 || !strings.Contains(errb.String(), "no shell") {
		t.Errorf("status %d stderr %q", st, errb.String())
	}
}

func TestOutputFileWritten(t *testing.T) {
	fsys := vfs.NewMem()
	var out, errb strings.Builder
	c := &commands.Context{Args: []string{"awk", "{print $2 > \"/o.txt\"}"}, Stdin: strings.NewReader("a b\nc d\n"),
		Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/"}
	if st := New().Run(context.Background(), c); st != 0 {
		t.Fatalf("status %d: %s", st, errb.String())
	}
	data, err := vfs.ReadFile(fsys, "/o.txt")
	if err != nil || string(data) != "b\nd\n" {
		t.Errorf("file %q err %v", data, err)
	}
}
