package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sync"

	"github.com/justbash/justbash/shell/eval"
)

// Session is a shell whose variables, functions, options and working
// directory persist from one Exec to the next, as in an interactive shell.
// A Session is not safe for concurrent use.
type Session struct {
	sh  *Shell
	cfg execConfig
	r   *eval.Runner

	in   *swapReader
	out  *swapWriter
	errw *swapWriter
	// stdio holds what in, out and errw point to: one allocation with
	// the Session instead of three.
	stdio struct {
		in        swapReader
		out, errw swapWriter
	}

	// runStdin is the stdin ExecWith gives the next run.
	runStdin io.Reader
	// parent is set for nested shells (bash inside the sandbox): they
	// share the parent's limits and nesting budget.
	parent *eval.Runner
	// whole marks a one-shot run (Shell.Exec): the EXIT trap fires at
	// its end. A Session's runs keep the trap for the session's end.
	whole bool
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
	if !cfg.inheritPWD {
		env["PWD"] = dir
	}
	sess := &Session{sh: s, cfg: cfg}
	sess.in, sess.out, sess.errw = &sess.stdio.in, &sess.stdio.out, &sess.stdio.errw
	ecfg := s.evalConfig(cfg.interactive)
	r := eval.New(ecfg, env, dir)
	r.SetArgs(cfg.name, cfg.args)
	mode := cfg.mode
	if mode == 0 && !cfg.file {
		mode = 's'
	}
	r.SetMode(mode)
	for i := 0; i < len(cfg.setOpts); i++ {
		o := cfg.setOpts[i]
		if (o == "-o" || o == "+o") && i+1 < len(cfg.setOpts) {
			r.SetOpt(cfg.setOpts[i+1], o == "-o")
			i++
			continue
		}
		for _, c := range []byte(o[1:]) {
			r.SetOptLetter(c, o[0] == '-')
		}
	}
	for i := 0; i+1 < len(cfg.shopts); i += 2 {
		r.SetShopt(cfg.shopts[i+1], cfg.shopts[i] == "-O")
	}
	if cfg.stdin != nil {
		sess.in.r = cfg.stdin
	}
	if cfg.scriptStdin {
		sess.in.r = r.ScriptInput()
	}
	r.SetStdio(sess.in, sess.out, sess.errw)
	sess.r = r
	return sess, nil
}

// evalConfig is the evaluator's view of the shell.
// It is built once per Shell and kind of run (the evaluator never writes
// to it), as every Exec starts a runner with it.
func (s *Shell) evalConfig(interactive bool) *eval.Config {
	kind := 0
	if interactive {
		kind = 1
	}
	if c := s.ecfg[kind].Load(); c != nil {
		return c
	}
	c := s.buildEvalConfig(interactive)
	s.ecfg[kind].Store(c)
	return c
}

func (s *Shell) buildEvalConfig(interactive bool) *eval.Config {
	lim := s.limits
	return &eval.Config{
		FS:          s.fs,
		Exec:        s.execHandler,
		Limits:      lim.evalLimits(),
		Interactive: interactive,
		NotFound:    s.lateToolNamespace,
		Watch: func(trip func(string, any)) func() {
			return watchHeap(lim.MaxHeapBytes, trip)
		},
	}
}

// Exec runs script in the session; state persists for the next Exec.
func (sess *Session) Exec(ctx context.Context, script string) (Result, error) {
	return sess.run(ctx, script)
}

// ExecWith runs script in the session with per-run options: WithStdin
// gives this run its own standard input (read by the read builtin and by
// commands), WithStdout and WithStderr stream this run's output.
func (sess *Session) ExecWith(ctx context.Context, script string, opts ...ExecOption) (Result, error) {
	var c execConfig
	for _, o := range opts {
		o(&c)
	}
	if c.stdin != nil && sess.cfg.stdin != nil {
		return Result{ExitCode: 2}, errors.New("shell: the session has its own stdin; a run cannot replace it")
	}
	saved := sess.cfg
	if c.stdin != nil {
		sess.runStdin = c.stdin
	}
	if c.stdout != nil {
		sess.cfg.stdout = c.stdout
	}
	if c.stderr != nil {
		sess.cfg.stderr = c.stderr
	}
	defer func() {
		sess.runStdin = nil
		sess.cfg.stdout, sess.cfg.stderr = saved.stdout, saved.stderr
	}()
	return sess.run(ctx, script)
}

// Dir is the session's working directory.
func (sess *Session) Dir() string { return sess.r.Dir() }

// Exited reports whether the last run executed exit (or a fatal error
// ended a non-interactive shell).
func (sess *Session) Exited() bool { return sess.r.Exited() }

// FatalExpansion reports whether the last run was ended by a fatal
// expansion error rather than by exit. The evaluator reports those as
// bash does, so an interactive session simply goes on.
func (sess *Session) FatalExpansion() bool { return sess.r.Aborted() }

// Completions returns the options `complete` registered for the command
// name in this session (for example ["-W", "start stop"]), for a line
// editor to complete that command's arguments; false when there is none.
func (sess *Session) Completions(name string) ([]string, bool) {
	opts, ok := sess.r.Completions(name)
	return append([]string(nil), opts...), ok
}

// Var returns a shell variable's value as a string.
func (sess *Session) Var(name string) string {
	v, _ := sess.r.Var(name)
	return v
}

// run runs script with the run's writers and limits in place.
func (sess *Session) run(ctx context.Context, script string) (res Result, err error) {
	var capt captured
	stdout, stderr := sess.cfg.stdout, sess.cfg.stderr
	if stdout == nil {
		stdout = &capt.stdout
	}
	if stderr == nil {
		stderr = &capt.stderr
	}
	maxOut := sess.sh.limits.MaxOutputBytes
	if sess.parent != nil {
		maxOut = 0 // the outermost run's writers count the bytes
	}
	sess.out.set(&limitWriter{w: stdout, max: maxOut, name: "max output bytes", trip: sess.r.Trip})
	sess.errw.set(&limitWriter{w: stderr, max: maxOut, name: "max output bytes", trip: sess.r.Trip})
	if sess.runStdin != nil {
		sess.in.set(sess.runStdin)
		defer sess.in.set(sess.cfg.stdin)
	}
	defer func() {
		res.Stdout, res.Stderr = capt.stdout.String(), capt.stderr.String()
	}()
	file := ""
	if sess.cfg.file || sess.cfg.name != "bash" && sess.cfg.name != "sh" && sess.cfg.mode != 'c' {
		file = sess.cfg.name
	}
	sess.r.SetKeepExitTrap(!sess.whole)
	status, rerr := sess.r.Run(ctx, script, file)
	if rerr != nil {
		if le, ok := limitError(rerr); ok {
			if sess.parent == nil {
				fmt.Fprintln(stderr, le.Error())
			}
			return Result{ExitCode: le.Status()}, le
		}
		if errors.Is(rerr, context.Canceled) || errors.Is(rerr, context.DeadlineExceeded) {
			return Result{ExitCode: 130}, rerr
		}
		return Result{ExitCode: status}, rerr
	}
	return Result{ExitCode: status}, nil
}

// swapWriter lets a session's runner keep one writer while each run
// points it somewhere else.
type swapWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *swapWriter) set(w io.Writer) { s.mu.Lock(); s.w = w; s.mu.Unlock() }

func (s *swapWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	w := s.w
	s.mu.Unlock()
	if w == nil {
		return len(p), nil
	}
	return w.Write(p)
}

// swapReader is a session's stdin: the session's own, or one run's.
type swapReader struct {
	mu sync.Mutex
	r  io.Reader
}

func (s *swapReader) set(r io.Reader) { s.mu.Lock(); s.r = r; s.mu.Unlock() }

// IsTerminal tells commands whether the stdin behind is a terminal, so a
// command that reads piped input does not wait on a user's keyboard.
func (s *swapReader) IsTerminal() bool {
	s.mu.Lock()
	r := s.r
	s.mu.Unlock()
	if t, ok := r.(interface{ IsTerminal() bool }); ok {
		return t.IsTerminal()
	}
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode()&fs.ModeCharDevice != 0 {
			return true
		}
	}
	return false
}

func (s *swapReader) Read(p []byte) (int, error) {
	s.mu.Lock()
	r := s.r
	s.mu.Unlock()
	if r == nil {
		return 0, io.EOF
	}
	return r.Read(p)
}
