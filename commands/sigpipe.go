package commands

import (
	"context"
	"fmt"
	"io"
	"sync/atomic"
)

// StatusBrokenPipe is the status of a command ended by a write to a pipe
// whose reader has gone: 128+SIGPIPE, as bash reports it.
const StatusBrokenPipe = 141

// Run runs cmd with c the way every command of the sandbox is run: a
// panic becomes status 2 with a message, and a write to a closed pipe ends
// the command as SIGPIPE ends a process. That is one mechanism for every
// command rather than a check in each: Run wraps c.Stdout, and the first
// write that fails with a broken pipe cancels the command's ctx (its
// guarded stdin then returns, its loops see ctx.Err) and makes the status
// 141 whatever the command returns. What it prints after that is its own
// business; the shell drops stderr of a command that died of SIGPIPE.
// Run keeps c: the caller must not reuse it for another command.
func Run(ctx context.Context, cmd Command, c *Context) (status int) {
	if c.Stdout == nil {
		return runRecover(ctx, cmd, c)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w := &pipeStdout{w: c.Stdout, cancel: cancel}
	c.Stdout = w
	status = runRecover(ctx, cmd, c)
	if w.broken.Load() {
		return StatusBrokenPipe
	}
	return status
}

func runRecover(ctx context.Context, cmd Command, c *Context) (status int) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(c.Stderr, "%s: internal error: %v\n", c.Name(), p)
			status = 2
		}
	}()
	return cmd.Run(ctx, c)
}

// pipeStdout is a command's stdout under Run: it notices the broken pipe.
type pipeStdout struct {
	w      io.Writer
	cancel context.CancelFunc
	broken atomic.Bool
}

func (p *pipeStdout) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	if err != nil && IsPipeErr(err) {
		p.broken.Store(true)
		p.cancel()
	}
	return n, err
}

func (p *pipeStdout) WriteString(s string) (int, error) {
	n, err := io.WriteString(p.w, s)
	if err != nil && IsPipeErr(err) {
		p.broken.Store(true)
		p.cancel()
	}
	return n, err
}
