package isolate

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/justbash/justbash/shell"
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
	init    initData
	inv     *toolcmd.Invoker
	timeout time.Duration

	mu      sync.Mutex
	w       *worker
	gen     int // worker generation: a Session's state lives in one
	nextID  int64
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
	s.init = initData{Files: so.Files, Env: so.Env, Dir: so.Dir, Limits: &lim, NoToolCommands: so.NoToolCommands}
	if so.Network != nil {
		p := *so.Network
		p.Transport = nil
		s.init.Network = &p
	}
	if so.Tools != nil && so.Tools.Registry != nil {
		for _, t := range so.Tools.Registry.List() {
			s.init.Tools = append(s.init.Tools, toolInfo{Path: t.Path, Description: t.Description,
				InputSchema: t.InputSchema, OutputSchema: t.OutputSchema})
		}
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
		s.w.kill("closed")
		s.w = nil
	}
	return nil
}

// worker is one worker process and its pending requests.
type worker struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	sendMu  sync.Mutex
	mu      sync.Mutex
	pending map[int64]chan msg
	dead    chan struct{}
	why     string
	stderr  tailBuffer
	once    sync.Once
}

// workerLocked returns the live worker, starting one when there is none.
func (s *Shell) workerLocked() (*worker, error) {
	if s.closed {
		return nil, errors.New("isolate: shell closed")
	}
	if s.w != nil {
		select {
		case <-s.w.dead:
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
	cmd := exec.Command(argv[0], argv[1:]...)
	// A worker inherits nothing of this process's environment: secrets
	// stay here.
	cmd.Env = []string{envWorker + "=1", envMem + "=" + strconv.FormatInt(s.opts.MemoryLimit, 10)}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	w := &worker{cmd: cmd, in: in, pending: map[int64]chan msg{}, dead: make(chan struct{})}
	cmd.Stderr = &w.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("isolate: start worker: %w", err)
	}
	go s.read(w, out)
	s.gen++
	s.w = w
	s.nextID++
	ch := w.expect(s.nextID)
	if err := w.send(msg{Type: "init", ID: s.nextID, Init: &s.init}); err != nil {
		return nil, err
	}
	select {
	case r := <-ch:
		if r.Error != "" {
			w.kill("init failed")
			return nil, fmt.Errorf("isolate: %s", r.Error)
		}
	case <-w.dead:
		return nil, fmt.Errorf("isolate: worker died at start: %s: %s", w.reason(), lastLine(w.stderr.String()))
	}
	return w, nil
}

// read dispatches the worker's lines: results to their waiters, tool
// calls to the Invoker.
func (s *Shell) read(w *worker, out io.Reader) {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for sc.Scan() {
		var m msg
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			continue
		}
		switch m.Type {
		case "result":
			w.mu.Lock()
			ch := w.pending[m.ID]
			delete(w.pending, m.ID)
			w.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		case "call":
			go s.answer(w, m)
		}
	}
	w.kill("")
}

// answer runs a tool call for the worker through this process's Invoker.
func (s *Shell) answer(w *worker, m msg) {
	a := msg{Type: "answer", ID: m.ID}
	if s.inv == nil {
		a.Error = "no tools"
	} else {
		ctx := context.Background()
		if s.timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, s.timeout)
			defer cancel()
		}
		v, err := s.inv.Invoke(ctx, m.Path, m.Value)
		if err != nil {
			a.Error = err.Error()
		}
		a.Value = v
	}
	w.send(a)
}

func (w *worker) expect(id int64) chan msg {
	ch := make(chan msg, 1)
	w.mu.Lock()
	w.pending[id] = ch
	w.mu.Unlock()
	return ch
}

func (w *worker) send(m msg) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	w.sendMu.Lock()
	defer w.sendMu.Unlock()
	_, err = w.in.Write(append(b, '\n'))
	return err
}

// kill stops the worker once, recording why.
func (w *worker) kill(why string) {
	w.once.Do(func() {
		w.why = why
		if w.cmd.Process != nil {
			w.cmd.Process.Kill()
		}
		w.cmd.Wait()
		close(w.dead)
	})
}

// reason says why a worker is gone, from the kill or its last words.
func (w *worker) reason() string {
	if w.why != "" {
		return w.why
	}
	tail := w.stderr.String()
	switch {
	case strings.Contains(tail, "out of memory"):
		return "ran out of memory (over its address-space limit)"
	case strings.Contains(tail, "stack overflow"):
		return "overflowed its stack"
	case strings.Contains(tail, "panic"):
		return "crashed"
	}
	if st := w.cmd.ProcessState; st != nil {
		return "exited (" + st.String() + ")"
	}
	return "exited"
}

// run sends one exec and waits for its result, killing the worker when
// the context or the run's time runs out.
func (s *Shell) run(ctx context.Context, session int64, gen int, script string, opts []shell.ExecOption) (shell.Result, error) {
	set := shell.Settings(opts...)
	m := msg{Type: "exec", Session: session, Script: script, Env: set.Env, Dir: set.Dir, Args: set.Args, Name: set.Name}
	if set.Stdin != nil {
		data, err := io.ReadAll(io.LimitReader(set.Stdin, maxLine/2))
		if err != nil {
			return shell.Result{ExitCode: 1}, err
		}
		str := string(data)
		m.Stdin = &str
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
	s.nextID++
	m.ID = s.nextID
	s.mu.Unlock()
	ch := w.expect(m.ID)
	if err := w.send(m); err != nil {
		return shell.Result{ExitCode: 125}, fmt.Errorf("justbash: worker %s", w.reason())
	}
	var deadline <-chan time.Time
	if s.timeout > 0 {
		t := time.NewTimer(s.timeout + s.opts.Grace)
		defer t.Stop()
		deadline = t.C
	}
	done := ctx.Done()
	var grace <-chan time.Time
	for {
		select {
		case r := <-ch:
			return deliver(r, set)
		case <-done:
			// Ask the worker to stop the run; kill it if it does not.
			w.send(msg{Type: "cancel", ID: m.ID})
			done = nil
			grace = time.After(s.opts.Grace)
		case <-grace:
			w.kill("killed: the run did not stop when its context ended")
			return shell.Result{ExitCode: 130}, ctx.Err()
		case <-deadline:
			w.kill("killed: the run overstayed its timeout")
			return shell.Result{ExitCode: 124}, &shell.LimitError{Name: "timeout", Value: s.timeout.String()}
		case <-w.dead:
			why := w.reason()
			msgText := "justbash: worker " + why
			if set.Stderr != nil {
				fmt.Fprintln(set.Stderr, msgText)
			}
			return shell.Result{ExitCode: 125, Stderr: msgText + "\n"}, errors.New(msgText)
		}
	}
}

// deliver turns a result message into the shell API's result.
func deliver(r msg, set shell.ExecSettings) (shell.Result, error) {
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
		w.send(msg{Type: "exec", Session: ss.id, Close: true})
	}
}

// tailBuffer keeps the first and the last bytes a worker wrote on stderr:
// a Go runtime's fatal error comes first, then pages of stacks.
type tailBuffer struct {
	mu   sync.Mutex
	head []byte
	buf  []byte
}

const tailMax = 8 << 10

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if room := tailMax - len(t.head); room > 0 {
		t.head = append(t.head, p[:min(room, len(p))]...)
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailMax {
		t.buf = t.buf[len(t.buf)-tailMax:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.head) + string(t.buf)
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
