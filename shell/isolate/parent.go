package isolate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/shell/isolate/workerproc"
	"github.com/justbash/justbash/toolcmd"
)

// Options configure an isolated Shell.
type Options struct {
	// Shell is the sandbox's configuration. FS, Registry and Commands
	// cannot cross a process boundary and must be nil; Tools stay in this
	// process and are called back; Network.Transport is not sent.
	Shell shell.Options
	// Command starts a worker: the binary and its arguments. Nil means
	// this program's own binary, which must call Serve first thing.
	Command []string
	// MemoryLimit is the worker's address-space limit in bytes (default
	// 4 GiB). It counts virtual memory: a Go process reserves about 1.6
	// GiB of address space before it allocates anything, so the usable
	// heap is the limit minus that.
	MemoryLimit int64
	// Grace is how long past the run's timeout (Limits.Timeout) or a
	// cancelled context the worker may take to answer before it is killed
	// (default 2 s).
	Grace time.Duration
}

// Shell is a sandbox whose runs happen in a worker process. Its methods
// are safe for concurrent use.
type Shell struct {
	opts    Options
	init    []byte // the init call's body
	inv     *toolcmd.Invoker
	timeout time.Duration

	mu      sync.Mutex
	w       *workerproc.Process
	gen     int // worker generation: a Session's state lives in one
	nextSes int64
	closed  bool
}

// New starts a worker and gives it the sandbox's options.
func New(opts Options) (*Shell, error) {
	so := opts.Shell
	if so.FS != nil || so.Registry != nil || len(so.Commands) > 0 {
		return nil, errors.New("isolate: FS, Registry and Commands cannot be sent to a worker")
	}
	if opts.MemoryLimit <= 0 {
		opts.MemoryLimit = 4 << 30
	}
	if opts.Grace <= 0 {
		opts.Grace = 2 * time.Second
	}
	lim := shell.Normal
	if so.Limits != nil {
		lim = *so.Limits
	}
	s := &Shell{opts: opts, inv: so.Tools, timeout: lim.Timeout}
	init := initData{Files: so.Files, Env: so.Env, Dir: so.Dir, Limits: &lim, NoToolCommands: so.NoToolCommands}
	if so.Network != nil {
		p := *so.Network
		p.Transport = nil
		init.Network = &p
	}
	if so.Tools != nil && so.Tools.Registry != nil {
		for _, t := range so.Tools.Registry.List() {
			init.Tools = append(init.Tools, toolInfo{Path: t.Path, Description: t.Description,
				InputSchema: t.InputSchema, OutputSchema: t.OutputSchema})
		}
	}
	var err error
	if s.init, err = json.Marshal(init); err != nil {
		return nil, fmt.Errorf("isolate: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.workerLocked(); err != nil {
		return nil, err
	}
	return s, nil
}

// Close stops the worker. Runs still going end with an error.
func (s *Shell) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	if s.w != nil {
		s.w.Kill("closed")
		s.w = nil
	}
	return nil
}

// workerLocked returns the live worker, starting one when there is none.
func (s *Shell) workerLocked() (*workerproc.Process, error) {
	if s.closed {
		return nil, errors.New("isolate: shell closed")
	}
	if s.w != nil {
		select {
		case <-s.w.Dead():
		default:
			return s.w, nil
		}
	}
	argv := s.opts.Command
	if len(argv) == 0 {
		self, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("isolate: %w", err)
		}
		argv = []string{self}
	}
	// A worker inherits nothing of this process's environment: secrets
	// stay here.
	env := []string{envWorker + "=1", envMem + "=" + strconv.FormatInt(s.opts.MemoryLimit, 10)}
	w, err := workerproc.Start(argv, env, s.answer)
	if err != nil {
		return nil, fmt.Errorf("isolate: %w", err)
	}
	s.gen++
	s.w = w
	if _, err := w.Call(context.Background(), methodInit, s.init); err != nil {
		var re *workerproc.RemoteError
		if errors.As(err, &re) {
			w.Kill("init failed")
			return nil, fmt.Errorf("isolate: %s", re.Message)
		}
		<-w.Dead()
		return nil, fmt.Errorf("isolate: worker died at start: %s: %s", w.Reason(), w.LastLine())
	}
	return w, nil
}

// answer runs a tool call of the worker through this process's Invoker.
func (s *Shell) answer(_ context.Context, method string, body []byte) ([]byte, error) {
	if method != methodTool {
		return nil, fmt.Errorf("unknown method %q", method)
	}
	if s.inv == nil {
		return nil, errors.New("no tools")
	}
	path, args, _ := strings.Cut(string(body), "\x00")
	ctx := context.Background()
	if s.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.timeout)
		defer cancel()
	}
	return s.inv.Invoke(ctx, path, json.RawMessage(args))
}

// run sends one exec and waits for its result, killing the worker when
// the context or the run's time runs out.
func (s *Shell) run(ctx context.Context, session int64, gen int, script string, opts []shell.ExecOption) (shell.Result, error) {
	set := shell.Settings(opts...)
	m := execMsg{Session: session, Script: script, Env: set.Env, Dir: set.Dir, Args: set.Args, Name: set.Name}
	if set.Stdin != nil {
		data, err := io.ReadAll(io.LimitReader(set.Stdin, workerproc.MaxFrame/2))
		if err != nil {
			return shell.Result{ExitCode: 1}, err
		}
		str := string(data)
		m.Stdin = &str
	}
	body, err := json.Marshal(m)
	if err != nil {
		return shell.Result{ExitCode: 1}, err
	}
	s.mu.Lock()
	if session != 0 && gen != s.gen && s.w != nil {
		s.mu.Unlock()
		return shell.Result{ExitCode: 125}, errors.New("justbash: worker restarted: the session's state was lost")
	}
	w, err := s.workerLocked()
	if err != nil {
		s.mu.Unlock()
		return shell.Result{ExitCode: 125}, err
	}
	if session != 0 && gen != s.gen {
		s.mu.Unlock()
		return shell.Result{ExitCode: 125}, errors.New("justbash: worker restarted: the session's state was lost")
	}
	s.mu.Unlock()
	type reply struct {
		out []byte
		err error
	}
	done := make(chan reply, 1)
	// The call asks the worker to stop the run when ctx ends.
	go func() {
		out, err := w.Call(ctx, methodExec, body)
		done <- reply{out, err}
	}()
	var deadline <-chan time.Time
	if s.timeout > 0 {
		t := time.NewTimer(s.timeout + s.opts.Grace)
		defer t.Stop()
		deadline = t.C
	}
	ctxDone := ctx.Done()
	var grace <-chan time.Time
	for {
		select {
		case r := <-done:
			if r.err == nil {
				var res resultMsg
				if err := json.Unmarshal(r.out, &res); err != nil {
					return shell.Result{ExitCode: 125}, fmt.Errorf("justbash: bad answer from the worker: %v", err)
				}
				return deliver(res, set)
			}
			var re *workerproc.RemoteError
			if errors.As(r.err, &re) {
				return shell.Result{ExitCode: 1}, errors.New(re.Message)
			}
			<-w.Dead()
			return s.died(w, set)
		case <-ctxDone:
			// The worker was asked to stop the run; kill it if it does not.
			ctxDone = nil
			grace = time.After(s.opts.Grace)
		case <-grace:
			w.Kill("killed: the run did not stop when its context ended")
			return shell.Result{ExitCode: 130}, ctx.Err()
		case <-deadline:
			w.Kill("killed: the run overstayed its timeout")
			return shell.Result{ExitCode: 124}, &shell.LimitError{Name: "timeout", Value: s.timeout.String()}
		}
	}
}

// died reports a worker that went away during a run.
func (s *Shell) died(w *workerproc.Process, set shell.ExecSettings) (shell.Result, error) {
	msgText := "justbash: worker " + w.Reason()
	if set.Stderr != nil {
		fmt.Fprintln(set.Stderr, msgText)
	}
	return shell.Result{ExitCode: 125, Stderr: msgText + "\n"}, errors.New(msgText)
}

// deliver turns a result message into the shell API's result.
func deliver(r resultMsg, set shell.ExecSettings) (shell.Result, error) {
	res := shell.Result{Stdout: r.Stdout, Stderr: r.Stderr, ExitCode: r.ExitCode}
	if set.Stdout != nil {
		io.WriteString(set.Stdout, r.Stdout)
		res.Stdout = ""
	}
	if set.Stderr != nil {
		io.WriteString(set.Stderr, r.Stderr)
		res.Stderr = ""
	}
	if r.Limit != "" {
		return res, &shell.LimitError{Name: r.Limit, Value: r.LimitVal}
	}
	if r.Error != "" {
		return res, errors.New(r.Error)
	}
	return res, nil
}

// Exec runs script in a fresh shell state over the worker's filesystem,
// as shell.Shell.Exec does in process.
func (s *Shell) Exec(ctx context.Context, script string, opts ...shell.ExecOption) (shell.Result, error) {
	return s.run(ctx, 0, 0, script, opts)
}

// Session is a persistent shell in the worker. Not safe for concurrent use.
type Session struct {
	s   *Shell
	id  int64
	gen int
}

// NewSession starts a persistent shell in the worker.
func (s *Shell) NewSession() (*Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.workerLocked(); err != nil {
		return nil, err
	}
	s.nextSes++
	return &Session{s: s, id: s.nextSes, gen: s.gen}, nil
}

// Exec runs script in the session.
func (ss *Session) Exec(ctx context.Context, script string) (shell.Result, error) {
	return ss.ExecWith(ctx, script)
}

// ExecWith runs script in the session with per-run options.
func (ss *Session) ExecWith(ctx context.Context, script string, opts ...shell.ExecOption) (shell.Result, error) {
	res, err := ss.s.run(ctx, ss.id, ss.gen, script, opts)
	return res, err
}

// Close ends the session in the worker.
func (ss *Session) Close() {
	ss.s.mu.Lock()
	w := ss.s.w
	ss.s.mu.Unlock()
	if w != nil {
		go w.Call(context.Background(), methodClose, []byte(strconv.FormatInt(ss.id, 10)))
	}
}
