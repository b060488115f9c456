package eval

import (
	"context"
	"io"
)

// ExecFunc runs a command that is neither a function nor a builtin: the
// file at path (found on $PATH, or named with a slash) with args as argv.
// It returns the exit status. The evaluator has already checked that path
// exists and is executable.
type ExecFunc func(ctx context.Context, hc *HandlerCtx, path string, args []string) int

// HandlerCtx is what a handler sees of the shell running it.
type HandlerCtx struct {
	// Dir is the working directory.
	Dir string
	// Env lists the exported variables as NAME=value, temporary
	// assignments of the command included.
	Env    []string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// FD returns what descriptor n is open on (a reader, a writer or
	// both), for /dev/fd/N; nil when n is closed.
	FD func(n int) any
	// Runner is the shell that runs the command, for nested shells that
	// share the limits (the bash command inside the sandbox).
	Runner *Runner
}
