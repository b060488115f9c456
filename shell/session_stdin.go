package shell

import (
	"context"
	"errors"
	"io"

	"mvdan.cc/sh/v3/interp"
)

var errSessionStdin = errors.New("shell: a run's own stdin needs a session without WithStdin")

// ExecWith runs script in the session like Exec, with options for this run
// only. WithStdin, WithStdout and WithStderr are honoured; the others are
// fixed when the session starts and are ignored here.
//
// A run's stdin is read by the commands of the script itself (not by
// background jobs that outlive it), and only while the run lasts: an
// interactive front end can pass its terminal for one command line and take
// it back afterwards. It needs a session created without WithStdin.
func (sess *Session) ExecWith(ctx context.Context, script string, opts ...ExecOption) (Result, error) {
	var rc execConfig
	for _, o := range opts {
		o(&rc)
	}
	if rc.stdin != nil && sess.cfg.stdin != nil {
		return Result{ExitCode: 1}, errSessionStdin
	}
	saved := sess.cfg
	if rc.stdout != nil {
		sess.cfg.stdout = rc.stdout
	}
	if rc.stderr != nil {
		sess.cfg.stderr = rc.stderr
	}
	sess.runStdin = rc.stdin
	defer func() {
		sess.cfg = saved
		sess.runStdin = nil
	}()
	return sess.run(ctx, script, false)
}

// stdinOf is what a command or read should read: the handler's stdin, or
// the run's own stdin where the shell has none (no pipe, no redirection).
func (sess *Session) stdinOf(hc interp.HandlerContext, rs *runState) io.Reader {
	if hc.Stdin != nil {
		return hc.Stdin
	}
	if rs != nil && rs.stdin != nil {
		return rs.stdin
	}
	return nil
}
