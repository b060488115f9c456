package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Session is a shell whose variables, functions, options and working
// directory persist from one Exec to the next, as in an interactive shell.
// A Session is not safe for concurrent use.
type Session struct {
	sh     *Shell
	cfg    execConfig
	runner *interp.Runner
	env    *sandboxEnv

	// Per-run state, swapped at the start of each run. Handlers read it
	// through the session, so they always see the current run.
	mu    sync.Mutex
	cur   *runState
	out   *swapWriter
	errw  *swapWriter
	inbuf *swapReader

	// fds holds descriptors 3 and up (fdtable.go); noclobber is set -C.
	fds       *fdTable
	noclobber atomic.Bool

	// funcs holds every function name a script or eval'd text of the
	// session defined (declFuncBuiltin lists them for declare -F).
	ps      pipeStatus
	jobs    jobTable
	opts    *optState
	funcsMu sync.Mutex
	funcs   map[string]bool

	// runStdin is the stdin ExecWith gives the next run.
	runStdin io.Reader

	// parent is set for nested shells (bash -c inside the sandbox): they
	// share the parent's guard instead of starting their own.
	parent *runState
}

// runState is what one run of a session shares with its handlers.
type runState struct {
	g       *guard
	baseCtx context.Context // the cancellable context commands receive
	pid     int
	psubs   []string // process-substitution files to delete after the run
	psubN   int
	// stdin is this run's own standard input (ExecWith), read by commands
	// whose stdin is the shell's: interp never sees it, so it starts no
	// copying goroutine that could outlive the run.
	stdin io.Reader
}

// NewSession starts a persistent shell. The options apply to every run of
// the session (stdin, stdout and stderr too, when given).
func (s *Shell) NewSession(opts ...ExecOption) (*Session, error) {
	return s.newSession(opts)
}

func (s *Shell) newSession(opts []ExecOption) (*Session, error) {
	cfg := s.config(opts)
	dir, err := s.resolveDir(cfg.dir)
	if err != nil {
		return nil, err
	}
	env := make(map[string]string, len(s.env)+len(cfg.env)+1)
	for k, v := range s.env {
		env[k] = v
	}
	for k, v := range cfg.env {
		env[k] = v
	}
	env["PWD"] = dir
	env[pidVar], env[ppidVar] = "1", "0"
	sess := &Session{sh: s, cfg: cfg, fds: newFdTable()}
	sess.out = &swapWriter{}
	sess.errw = &swapWriter{}
	sess.env = newSandboxEnv(env)
	sess.env.ps = &sess.ps
	sess.opts = newOptState()
	if cfg.mode != 0 {
		sess.opts.mode = cfg.mode
	}
	sess.opts.interactive = cfg.interactive
	if cfg.interactive {
		// Interactive bash expands aliases by default.
		sess.opts.shopt["expand_aliases"] = true
	}
	sess.env.opts = sess.opts
	var setOpts []string
	if len(cfg.setOpts) > 0 {
		if out := sess.setBuiltin(cfg.setOpts); len(out) > 0 && out[0] == "set" {
			setOpts = out[1:]
		}
	}
	var stdin io.Reader
	if cfg.stdin != nil {
		sess.inbuf = &swapReader{r: cfg.stdin}
		stdin = sess.inbuf
	}
	params := append(append(setOpts, "--"), cfg.args...)
	var bashOpts []string
	for i := 0; i+1 < len(cfg.shopts); i += 2 {
		on, n := cfg.shopts[i] == "-O", cfg.shopts[i+1]
		sess.opts.shopt[n] = on
		if interpShopts[n] {
			bashOpts = append(bashOpts, map[bool]string{true: "-s", false: "-u"}[on], n)
		}
	}
	r, err := interp.New(
		interp.BashOpts(bashOpts...),
		interp.Env(sess.env),
		withDir(dir),
		interp.Params(params...),
		interp.StdIO(stdin, sess.out, sess.errw),
		interp.CallHandler(sess.callHandler),
		interp.ExecHandlers(sess.execMiddleware),
		interp.OpenHandler(sess.openHandler),
		interp.ReadDirHandler2(sess.readDirHandler),
		interp.StatHandler(sess.statHandler),
		interp.AccessHandler(sess.accessHandler),
	)
	if err != nil {
		return nil, err
	}
	// The first Reset fixes interp's private temp dir from $TMPDIR; the
	// environment answers with an impossible path until then, so interp
	// can never reach a host FIFO (see sandboxEnv.Get).
	r.Reset()
	sess.env.resetDone()
	sess.runner = r
	return sess, nil
}

func withDir(dir string) interp.RunnerOption {
	return func(r *interp.Runner) error { r.Dir = dir; return nil }
}

// Exec runs script in the session; state persists for the next Exec.
func (sess *Session) Exec(ctx context.Context, script string) (Result, error) {
	return sess.run(ctx, script, false)
}

// Dir is the session's working directory.
func (sess *Session) Dir() string { return sess.runner.Dir }

// Exited reports whether the last run executed exit. A fatal expansion
// error ends a non-interactive shell only: interactive bash prints it and
// reads the next line.
func (sess *Session) Exited() bool {
	if sess.opts.interactive && sess.env.fatal.Load() {
		return false
	}
	return sess.runner.Exited()
}

// FatalExpansion reports whether the last run was ended by a fatal
// expansion error (division by zero in $(( )), ${x:?msg}) rather than by
// exit: an interactive shell prints the error and goes on.
func (sess *Session) FatalExpansion() bool { return sess.env.fatal.Load() }

// guardFatal makes expansion errors fatal (rewrite_fatal.go) unless the
// session has a variable named bash.
func (sess *Session) guardFatal(f *syntax.File, src string) {
	if !sess.runner.Vars["bash"].IsSet() {
		guardFatal(f, src, !strings.ContainsRune(sess.opts.dash(), 'u'))
	}
}

// Var returns a shell variable's value as a string.
func (sess *Session) Var(name string) string {
	return sess.runner.Vars[name].String()
}

// run parses and runs script. whole is true for Exec on a Shell: the
// script is a complete program (EXIT traps fire at its end).
func (sess *Session) run(ctx context.Context, script string, whole bool) (res Result, err error) {
	var capt captured
	stdout, stderr := sess.cfg.stdout, sess.cfg.stderr
	if stdout == nil {
		stdout = &capt.stdout
	}
	if stderr == nil {
		stderr = &capt.stderr
	}
	rs, cancel := sess.startRun(ctx)
	defer cancel()
	if sess.parent == nil {
		sess.env.fatal.Store(false)
	}
	maxOut := rs.g.limits.MaxOutputBytes
	if sess.parent != nil {
		maxOut = 0 // the outermost run's writers count the bytes
	}
	sess.out.set(&limitWriter{w: stdout, max: maxOut, name: "max output bytes", g: rs.g})
	sess.errw.set(&limitWriter{w: stderr, max: maxOut, name: "max output bytes", g: rs.g})
	defer func() {
		res.Stdout, res.Stderr = capt.stdout.String(), capt.stderr.String()
	}()

	code, err, bad := sess.parseAndRun(stepCtx{Context: rs.baseCtx, g: rs.g}, script, whole)
	if bad != nil {
		fmt.Fprint(sess.errw, errorLine(sess.cfg.name, bad))
		code = 2
	}
	if sess.parent == nil && ctx.Err() == nil && rs.baseCtx.Err() == context.DeadlineExceeded {
		// The deadline passed while a command (not a statement check) was
		// running, e.g. sleep: still report the timeout.
		rs.g.trip("timeout", rs.g.limits.Timeout.String())
	}
	if le := rs.g.err(); le != nil {
		if sess.parent == nil {
			fmt.Fprintln(sess.errw.raw(), le.Error())
		}
		return Result{ExitCode: le.Status()}, le
	}
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return Result{ExitCode: 130}, ctxErr
		}
		fmt.Fprint(sess.errw, errorLine(sess.cfg.name, err))
	}
	return Result{ExitCode: code}, nil
}

// parseAndRun parses and runs script: at once, or chunk by chunk when
// aliases may be involved (aliasrun.go). bad is a syntax error.
func (sess *Session) parseAndRun(ctx context.Context, script string, whole bool) (code int, err, bad error) {
	if mayUseAliases(script, sess.aliasTableOf()) {
		return sess.runAliased(ctx, script, whole)
	}
	file, perr := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(script), sess.cfg.name)
	if perr != nil {
		return 2, nil, perr
	}
	sess.noteFuncs(file)
	if rerr := rewrite(file, script, nil); rerr != nil {
		return 2, nil, rerr
	}
	sess.guardFatal(file, script)
	code, err = sess.runFile(ctx, file, whole)
	return code, err, nil
}

// runFile runs the parsed file and converts interp's outcome to a status.
func (sess *Session) runFile(ctx context.Context, file *syntax.File, whole bool) (code int, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
			code = 2
		}
	}()
	var rerr error
	if whole {
		rerr = sess.runner.Run(ctx, file)
	} else {
		for _, st := range file.Stmts {
			rerr = sess.runner.Run(ctx, st)
			if sess.runner.Exited() {
				break
			}
			if _, ok := interp.IsExitStatus(rerr); !ok && rerr != nil {
				break
			}
		}
	}
	if rerr == nil {
		return 0, nil
	}
	if st, ok := interp.IsExitStatus(rerr); ok {
		return int(st), nil
	}
	return 1, rerr
}

// startRun makes the per-run state: a guard with the limits and the context
// every command of the run receives.
func (sess *Session) startRun(ctx context.Context) (*runState, context.CancelFunc) {
	if sess.parent != nil {
		rs := &runState{g: sess.parent.g, baseCtx: ctx, pid: sess.parent.pid}
		sess.setRun(rs)
		return rs, func() { sess.cleanupRun(rs) }
	}
	lim := sess.sh.limits
	var cancel context.CancelFunc
	base := ctx
	if lim.Timeout > 0 {
		base, cancel = context.WithTimeout(ctx, lim.Timeout)
	} else {
		base, cancel = context.WithCancel(ctx)
	}
	rs := &runState{g: &guard{limits: lim, cancel: cancel}, baseCtx: base, pid: 1, stdin: sess.runStdin}
	sess.setRun(rs)
	unwatch := watch(rs.g)
	// Background jobs must never outlive the run: cancelling the context
	// stops them at their next statement.
	return rs, func() { unwatch(); cancel(); sess.cleanupRun(rs) }
}

func (sess *Session) setRun(rs *runState) {
	sess.mu.Lock()
	sess.cur = rs
	sess.mu.Unlock()
}

func (sess *Session) current() *runState {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	return sess.cur
}

func (sess *Session) cleanupRun(rs *runState) {
	for _, p := range rs.psubs {
		sess.sh.fs.Remove(p)
	}
	rs.psubs = nil
}

// swapWriter lets a session's runner keep one writer while each run
// points it somewhere else.
type swapWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *swapWriter) set(w io.Writer) { s.mu.Lock(); s.w = w; s.mu.Unlock() }
func (s *swapWriter) raw() io.Writer {
	s.mu.Lock()
	defer s.mu.Unlock()
	if lw, ok := s.w.(*limitWriter); ok {
		return lw.w.(io.Writer)
	}
	return s.w
}

func (s *swapWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	w := s.w
	s.mu.Unlock()
	if w == nil {
		return len(p), nil
	}
	return w.Write(p)
}

type swapReader struct{ r io.Reader }

func (s *swapReader) Read(p []byte) (int, error) { return s.r.Read(p) }

// sandboxEnv is the initial environment. It answers "HOME user" lookups
// (tilde expansion) from a virtual passwd so interp never calls os/user,
// and hides $TMPDIR from interp's first Reset (see newSession).
type sandboxEnv struct {
	expand.Environ
	mu        sync.Mutex
	resetting bool
	// last is $_, the last argument of the previous simple command: the
	// call handler records it, and it reads through this environment as
	// long as the script does not assign _ itself.
	last string
	// ps answers PIPESTATUS (rewrite_pipe.go).
	ps *pipeStatus
	// opts answers $- (read as dashVar, see rewrite.go).
	opts *optState
	// fatal is set when a fatal expansion error fired (rewrite_fatal.go).
	fatal atomic.Bool
}

func (e *sandboxEnv) setLast(s string) {
	e.mu.Lock()
	e.last = s
	e.mu.Unlock()
}

// impossibleTempDir contains a NUL byte: every host syscall on a path
// below it fails inside Go before reaching the kernel.
const impossibleTempDir = "/\x00justbash-no-host-tmp"

func newSandboxEnv(env map[string]string) *sandboxEnv {
	return &sandboxEnv{Environ: expand.ListEnviron(envList(env)...), resetting: true, last: "/bin/bash"}
}

func (e *sandboxEnv) resetDone() {
	e.mu.Lock()
	e.resetting = false
	e.mu.Unlock()
}

func (e *sandboxEnv) Get(name string) expand.Variable {
	if user, ok := strings.CutPrefix(name, "HOME "); ok {
		switch user {
		case "user":
			return expand.Variable{Set: true, Kind: expand.String, Str: "/home/user"}
		case "root":
			return expand.Variable{Set: true, Kind: expand.String, Str: "/root"}
		}
		// Unknown users stay unexpanded, as in bash; never os/user.
		return expand.Variable{Set: true, Kind: expand.String, Str: "~" + user}
	}
	if name == "_" {
		e.mu.Lock()
		last := e.last
		e.mu.Unlock()
		return expand.Variable{Set: true, Kind: expand.String, Str: last}
	}
	if name == fatalVar {
		e.fatal.Store(true)
		return expand.Variable{}
	}
	if name == dashVar && e.opts != nil {
		return expand.Variable{Set: true, Kind: expand.String, Str: e.opts.dash()}
	}
	if name == "PIPESTATUS" && e.ps != nil {
		return e.ps.get()
	}
	if name == "TMPDIR" {
		e.mu.Lock()
		resetting := e.resetting
		e.mu.Unlock()
		if resetting {
			return expand.Variable{Set: true, Kind: expand.String, Str: impossibleTempDir}
		}
	}
	return e.Environ.Get(name)
}

var errNoHandlerCtx = errors.New("no handler context")
