package commands

import (
	"context"
	"errors"
	"io"
	"strings"
	"syscall"
	"testing"
)

// closedPipe fails every write as a pipe whose reader has gone.
type closedPipe struct{}

func (closedPipe) Write([]byte) (int, error) { return 0, syscall.EPIPE }

// TestRunBrokenPipe: a command that ignores its write errors and would
// loop until cancelled ends, with 141, once a write hits a closed pipe.
func TestRunBrokenPipe(t *testing.T) {
	careless := Func(func(ctx context.Context, c *Context) int {
		for ctx.Err() == nil {
			io.WriteString(c.Stdout, "y\n")
		}
		return 3
	})
	c := &Context{Args: []string{"careless"}, Stdout: closedPipe{}, Stderr: io.Discard}
	if st := Run(context.Background(), careless, c); st != StatusBrokenPipe {
		t.Fatalf("status %d, want %d", st, StatusBrokenPipe)
	}
	// Other write errors are the command's to report.
	failing := Func(func(ctx context.Context, c *Context) int {
		if _, err := io.WriteString(c.Stdout, "x"); err != nil {
			return c.WriteFailure(err)
		}
		return 0
	})
	var errb strings.Builder
	c = &Context{Args: []string{"w"}, Stdout: errWriter{syscall.ENOSPC}, Stderr: &errb}
	if st := Run(context.Background(), failing, c); st != 1 || errb.String() != "w: write error: No space left on device\n" {
		t.Fatalf("ENOSPC: %d %q", st, errb.String())
	}
	// A panic is status 2 with a message.
	c = &Context{Args: []string{"p"}, Stdout: io.Discard, Stderr: &errb}
	errb.Reset()
	if st := Run(context.Background(), Func(func(context.Context, *Context) int { panic("boom") }), c); st != 2 ||
		errb.String() != "p: internal error: boom\n" {
		t.Fatalf("panic: %d %q", st, errb.String())
	}
	if !IsPipeErr(errors.Join(io.ErrClosedPipe)) {
		t.Fatal("IsPipeErr misses a wrapped io.ErrClosedPipe")
	}
}

type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }
