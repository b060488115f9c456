package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/justbash/justbash/shell"
)

// Worker-process isolation for execute_code and bash.
//
// Design: the daemon re-executes its own binary as a worker (`justbash mcp
// __worker`) with an empty environment, so no secret of the daemon's
// environment is inherited. The worker lowers its own address-space limit
// (RLIMIT_AS) before running anything, so a run that allocates past the
// cap makes the worker die with an out-of-memory error — the daemon sees
// the pipe close and reports it, and other runs (in other workers) carry
// on. A run past its timeout gets its worker killed. Workers talk JSON
// lines over stdin/stdout: the daemon sends a run, the worker asks back
// for every tool call (and jsmcp.memory operation), so credentials and
// upstream connections stay in the daemon.
//
// execute_code: idle workers are pooled and reused (a fresh goja VM per
// run inside them), so the common case pays a pipe round trip, not a
// process start. A worker that was killed or failed is never reused.
//
// bash: a session's shell (its in-memory filesystem, variables, functions,
// working directory) must persist across calls, so each (session, profile)
// shell is pinned to one worker for its lifetime and the whole
// shell.Session lives in that worker. We chose this over a remote FS
// (every file operation a round trip, and shell variables would still need
// a home) and over shipping a tar of the FS per call (O(FS size) per call):
// pinning keeps today's semantics exactly and costs one round trip per
// call. The trade-off: when the worker dies — memory cap, hard timeout,
// eviction — that session's files and shell state die with it; the call
// that killed it says so, and the next call starts a fresh shell (and says
// so too when the worker was evicted). Ordinary timeouts do not kill the
// worker: the shell's own Limits.Timeout ends the run with status 124 and
// the state survives; only a worker that does not answer by that timeout
// plus a grace period (or whose caller gave up) is killed. Tool commands
// in the worker's shell (`ns sub args`) are proxied back as calls and run
// through the daemon's toolcmd.Invoker over the profile's registry, so a
// compromised worker can reach no tool the profile does not allow. Pinned
// workers are bounded (MaxPinned, least recently used evicted) and freed
// with their session (store eviction, one-request sessions, Close).
//
// Cost: one process per concurrent execute_code run and per live bash
// session (~10-20 MB resident each), a process start (~5-20 ms) when the
// pool is empty or a bash session begins, and a JSON round trip per call
// and per tool call; measured numbers are in the package benchmarks.

// workerMsg is one line of the worker protocol.
type workerMsg struct {
	Type      string          `json:"type"` // run, bash, call, result, done
	ID        int64           `json:"id,omitempty"`
	Code      string          `json:"code,omitempty"`
	Data      json.RawMessage `json:"data,omitempty"`
	TimeoutMs int64           `json:"timeoutMs,omitempty"`
	MemBytes  uint64          `json:"memBytes,omitempty"`
	Servers   []string        `json:"servers,omitempty"`
	Path      string          `json:"path,omitempty"`
	Args      json.RawMessage `json:"args,omitempty"`
	Value     json.RawMessage `json:"value,omitempty"`
	Error     string          `json:"error,omitempty"`
	Logs      []CodeLog       `json:"logs,omitempty"`

	// bash runs: the script, the shell's limits, and the profile's tools
	// when they changed since the worker last saw them (SyncTools).
	Script    string        `json:"script,omitempty"`
	Limits    *shell.Limits `json:"limits,omitempty"`
	SyncTools bool          `json:"syncTools,omitempty"`
	Tools     []workerTool  `json:"tools,omitempty"`
	Stdout    string        `json:"stdout,omitempty"`
	Stderr    string        `json:"stderr,omitempty"`
	ExitCode  int           `json:"exitCode,omitempty"`
	Note      string        `json:"note,omitempty"`
}

// WorkerRunner runs execute_code in pooled worker processes.
type WorkerRunner struct {
	// Command starts a worker (e.g. the binary and "mcp", "__worker").
	Command []string
	// Env is the worker's whole environment; nil means empty.
	Env []string
	// MaxIdle bounds the pool of idle workers (default 4).
	MaxIdle int
	// MaxPinned bounds the workers pinned to bash sessions (default 32);
	// past it the least recently used idle one is stopped.
	MaxPinned int
	// MaxWorkers bounds the worker processes alive at once — pooled,
	// running and pinned together (default DefaultMaxWorkers). A call that
	// needs one more first stops an idle one (pooled, then the least
	// recently used idle pinned shell); when all are busy it waits for
	// one to end, until its context is done.
	MaxWorkers int

	slots   chan struct{} // one token per live worker process
	idleNow chan struct{} // closed when a worker joins the idle pool
	mu      sync.Mutex
	idle    []*worker
	pinned  map[*pinnedWorker]struct{}
	closed  bool // after Close no worker is kept
	warming bool // a prewarm is starting a worker
	// warm is the server set and memory cap of the latest run: a new
	// worker prepares a runtime for it as soon as it starts.
	warm *workerMsg
}

type worker struct {
	release  func()     // frees the worker's slot once it is reaped
	sendMu   sync.Mutex // answers to tool calls are written concurrently
	waitOnce sync.Once
	cmd      *exec.Cmd
	in       io.WriteCloser
	out      *bufio.Reader
	stderr   *strings.Builder
}

func (w *WorkerRunner) get(ctx context.Context) (*worker, error) {
	for {
		w.mu.Lock()
		if n := len(w.idle); n > 0 {
			wk := w.idle[n-1]
			w.idle = w.idle[:n-1]
			w.mu.Unlock()
			return wk, nil
		}
		w.mu.Unlock()
		err := w.acquire(ctx, true)
		if err == nil {
			return w.start()
		}
		if !errors.Is(err, errIdleNow) {
			return nil, err
		}
	}
}

// DefaultMaxWorkers is WorkerRunner.MaxWorkers when unset: each worker is
// a process of ~10-20 MB resident, up to its memory cap when busy.
const DefaultMaxWorkers = 16

func (w *WorkerRunner) slotsLocked() chan struct{} {
	if w.slots == nil {
		n := w.MaxWorkers
		if n <= 0 {
			n = DefaultMaxWorkers
		}
		w.slots = make(chan struct{}, n)
	}
	return w.slots
}

// acquire takes a slot for a new worker process. Full, it stops an idle
// worker to make room; with none idle it waits (wait) or fails.
func (w *WorkerRunner) acquire(ctx context.Context, wait bool) error {
	for {
		w.mu.Lock()
		slots := w.slotsLocked()
		select {
		case slots <- struct{}{}:
			w.mu.Unlock()
			return nil
		default:
		}
		var victim *worker
		if n := len(w.idle); n > 0 {
			victim = w.idle[0]
			w.idle = w.idle[1:]
		} else {
			victim = w.evictLocked()
		}
		w.mu.Unlock()
		if victim != nil {
			victim.kill() // its slot is free once it is reaped
			continue
		}
		if !wait {
			return errPoolFull
		}
		// A finished run's worker going back to the pool serves a waiter
		// as well as a freed slot does.
		w.mu.Lock()
		if w.idleNow == nil {
			w.idleNow = make(chan struct{})
		}
		idleNow := w.idleNow
		w.mu.Unlock()
		select {
		case slots <- struct{}{}:
			return nil
		case <-idleNow:
			return errIdleNow
		case <-ctx.Done():
			return fmt.Errorf("all %d worker processes are busy (%w)", cap(slots), context.Cause(ctx))
		}
	}
}

var (
	errPoolFull = errors.New("worker pool full")
	errIdleNow  = errors.New("a worker became idle")
)

// WorkerStats is what `status` reports about the pool.
type WorkerStats struct {
	Live   int `json:"live"`
	Max    int `json:"max"`
	Idle   int `json:"idle"`
	Pinned int `json:"pinned"`
}

// Stats counts the worker processes.
func (w *WorkerRunner) Stats() WorkerStats {
	w.mu.Lock()
	defer w.mu.Unlock()
	slots := w.slotsLocked()
	return WorkerStats{Live: len(slots), Max: cap(slots), Idle: len(w.idle), Pinned: len(w.pinned)}
}

// start starts a fresh worker process in a slot the caller acquired.
func (w *WorkerRunner) start() (wk *worker, err error) {
	w.mu.Lock()
	slots := w.slotsLocked()
	w.mu.Unlock()
	var once sync.Once
	release := func() { once.Do(func() { <-slots }) }
	defer func() {
		if err != nil {
			release()
		}
	}()
	if len(w.Command) == 0 {
		return nil, errors.New("no worker command configured")
	}
	cmd := exec.Command(w.Command[0], w.Command[1:]...)
	cmd.Env = append([]string{}, w.Env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	sb := &strings.Builder{}
	cmd.Stderr = &limitedWriter{w: sb, n: 8 << 10}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting a worker: %v", err)
	}
	wk = &worker{release: release, cmd: cmd, in: in, out: bufio.NewReaderSize(out, 64<<10), stderr: sb}
	w.mu.Lock()
	warm := w.warm
	w.mu.Unlock()
	if warm != nil {
		// The worker prepares while the daemon gets on with the call.
		_ = wk.send(*warm)
	}
	return wk, nil
}

// Prewarm starts a worker into the idle pool that prepares a runtime for
// servers, so that the first execute_code finds one ready.
func (w *WorkerRunner) Prewarm(servers []string, mem uint64) {
	w.noteWarm(servers, mem)
	go w.prewarm()
}

// noteWarm remembers the server set new workers should prepare for.
func (w *WorkerRunner) noteWarm(servers []string, mem uint64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.warm != nil && w.warm.MemBytes == mem && slices.Equal(w.warm.Servers, servers) {
		return
	}
	w.warm = &workerMsg{Type: "warm", Servers: append([]string(nil), servers...), MemBytes: mem}
}

func (w *WorkerRunner) put(wk *worker) {
	w.mu.Lock()
	max := w.MaxIdle
	if max <= 0 {
		max = 4
	}
	if len(w.idle) < max && !w.closed {
		w.idle = append(w.idle, wk)
		if w.idleNow != nil {
			close(w.idleNow)
			w.idleNow = nil
		}
		w.mu.Unlock()
		return
	}
	w.mu.Unlock()
	wk.kill()
}

func (wk *worker) kill() {
	_ = wk.cmd.Process.Kill()
	_ = wk.in.Close()
	wk.wait()
}

// wait reaps the process once, whichever of kill and died gets there first.
func (wk *worker) wait() {
	wk.waitOnce.Do(func() {
		_ = wk.cmd.Wait()
		wk.release()
	})
}

// Close stops the idle and the pinned workers.
func (w *WorkerRunner) Close() {
	w.mu.Lock()
	w.closed = true
	idle := w.idle
	w.idle = nil
	for pw := range w.pinned {
		if pw.wk != nil {
			idle = append(idle, pw.wk)
			pw.wk, pw.gone = nil, "the server closed"
		}
	}
	w.pinned = nil
	w.mu.Unlock()
	for _, wk := range idle {
		wk.kill()
	}
}

// RunCode implements CodeRunner.
func (w *WorkerRunner) RunCode(ctx context.Context, req CodeRequest) (CodeResult, error) {
	w.noteWarm(req.Servers, req.MaxMemoryBytes)
	wk, err := w.get(ctx)
	if err != nil {
		return CodeResult{}, fmt.Errorf("execute_code: %v", err)
	}
	// A grace period past the script's own timeout covers the worker's
	// reporting; after it the worker is killed (a stuck VM, a swap storm).
	ctx, cancel := context.WithTimeout(ctx, req.Timeout+2*time.Second)
	defer cancel()
	type outcome struct {
		res CodeResult
		err error
		ok  bool // the worker is reusable
	}
	done := make(chan outcome, 1)
	go func() {
		res, err, ok := wk.run(ctx, req)
		done <- outcome{res, err, ok}
	}()
	select {
	case o := <-done:
		if o.ok {
			w.put(wk)
		} else {
			wk.kill()
		}
		return o.res, o.err
	case <-ctx.Done():
		wk.kill()
		<-done
		return CodeResult{}, fmt.Errorf("execute_code: timed out after %v (worker stopped)", req.Timeout)
	}
}

func (wk *worker) send(m workerMsg) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	wk.sendMu.Lock()
	defer wk.sendMu.Unlock()
	_, err = wk.in.Write(append(b, '\n'))
	return err
}

// run drives one run: it answers the worker's tool calls until "done".
func (wk *worker) run(ctx context.Context, req CodeRequest) (CodeResult, error, bool) {
	msg := workerMsg{Type: "run", Code: req.Code, Data: req.Data, TimeoutMs: req.Timeout.Milliseconds(),
		MemBytes: req.MaxMemoryBytes, Servers: req.Servers}
	m, err := wk.exchange(ctx, msg, func(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
		if op, ok := strings.CutPrefix(path, memoryGlobal+"."); ok {
			return memoryOp(req.Memory, op, args)
		}
		return req.Invoke(ctx, path, args)
	})
	if err != nil {
		return CodeResult{}, wk.died("execute_code", "the script", err), false
	}
	res := CodeResult{Value: m.Value, Logs: m.Logs}
	if m.Error != "" {
		return res, errors.New(m.Error), true
	}
	return res, nil, true
}

// callFunc answers one call a worker makes back to the daemon.
type callFunc func(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error)

// errBadMessage is a worker that broke the protocol; it is not reused.
var errBadMessage = errors.New("bad message from worker")

// exchange sends msg and answers the worker's calls (concurrently, as a
// script may await several at once) until the worker reports "done". An
// error means the worker is unusable: its pipe closed or it broke the
// protocol.
func (wk *worker) exchange(ctx context.Context, msg workerMsg, answer callFunc) (workerMsg, error) {
	if err := wk.send(msg); err != nil {
		return workerMsg{}, err
	}
	for {
		line, err := wk.out.ReadBytes('\n')
		if err != nil {
			return workerMsg{}, err
		}
		var m workerMsg
		if err := json.Unmarshal(line, &m); err != nil {
			return workerMsg{}, errBadMessage
		}
		switch m.Type {
		case "call":
			go func() {
				val, err := answer(ctx, m.Path, m.Args)
				r := workerMsg{Type: "result", ID: m.ID, Value: val}
				if err != nil {
					r.Error = err.Error()
				}
				_ = wk.send(r)
			}()
		case "done":
			return m, nil
		}
	}
}

// died explains why a worker stopped answering; what names the tool and
// who the run, for the message.
func (wk *worker) died(tool, who string, err error) error {
	if errors.Is(err, errBadMessage) {
		return fmt.Errorf("%s: %v", tool, err)
	}
	wk.wait()
	msg := strings.TrimSpace(wk.stderr.String())
	if strings.Contains(msg, "out of memory") || strings.Contains(msg, "cannot allocate memory") ||
		strings.Contains(msg, "failed to allocate") || strings.Contains(msg, "address space") { // the last two: -race builds
		return fmt.Errorf("%s: %s exceeded the memory limit (worker killed)", tool, who)
	}
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	return fmt.Errorf("%s: worker failed: %v %s", tool, err, msg)
}

type limitedWriter struct {
	mu sync.Mutex
	w  *strings.Builder
	n  int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if room := l.n - l.w.Len(); room > 0 {
		l.w.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// ServeWorker is the worker process's main loop: it caps its own address
// space at memBytes (plus room for the Go runtime), then runs one script
// per "run" message with JSRunner, or one bash script per "bash" message
// in the shell it keeps between them, forwarding tool calls to the daemon.
func ServeWorker(stdin io.Reader, stdout io.Writer, memBytes uint64) int {
	if memBytes > 0 {
		// The Go runtime reserves much address space up front (over 1 GiB
		// of virtual size at an RSS of ~30 MB), so the cap is this
		// baseline plus the script's budget, not the budget alone.
		lim := vmSize() + memBytes + 64<<20
		_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: lim, Max: lim})
		debug.SetMemoryLimit(int64(memBytes))
	}
	in := bufio.NewReaderSize(stdin, 64<<10)
	var outMu sync.Mutex
	write := func(m workerMsg) {
		b, _ := json.Marshal(m)
		outMu.Lock()
		defer outMu.Unlock()
		stdout.Write(append(b, '\n'))
	}
	var pendMu sync.Mutex
	pending := map[int64]chan workerMsg{}
	var nextID int64
	runs := make(chan workerMsg)
	go func() {
		defer close(runs)
		for {
			line, err := in.ReadBytes('\n')
			if err != nil {
				return
			}
			var m workerMsg
			if json.Unmarshal(line, &m) != nil {
				continue
			}
			if m.Type == "result" {
				pendMu.Lock()
				ch := pending[m.ID]
				delete(pending, m.ID)
				pendMu.Unlock()
				if ch != nil {
					ch <- m
				}
				continue
			}
			runs <- m
		}
	}()
	// invoke asks the daemon to run a call and waits for its answer.
	invoke := func(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
		ch := make(chan workerMsg, 1)
		pendMu.Lock()
		nextID++
		id := nextID
		pending[id] = ch
		pendMu.Unlock()
		write(workerMsg{Type: "call", ID: id, Path: path, Args: args})
		select {
		case r := <-ch:
			if r.Error != "" {
				return nil, errors.New(r.Error)
			}
			return r.Value, nil
		case <-ctx.Done():
			pendMu.Lock()
			delete(pending, id)
			pendMu.Unlock()
			return nil, ctx.Err()
		}
	}
	// A worker serves either pooled execute_code runs or the one bash
	// session it is pinned to; the shell lives here between runs.
	var bash workerShell
	for m := range runs {
		switch m.Type {
		case "run":
			req := CodeRequest{Code: m.Code, Data: m.Data, Timeout: time.Duration(m.TimeoutMs) * time.Millisecond,
				MaxMemoryBytes: m.MemBytes, Servers: m.Servers, Invoke: invoke}
			res, err := runInWorker(req)
			done := workerMsg{Type: "done", Value: res.Value, Logs: res.Logs}
			if err != nil {
				done.Error = err.Error()
			}
			write(done)
		case "bash":
			write(bash.exec(m, invoke))
		case "warm":
			runtimes.refill(m.Servers, m.MemBytes)
		}
	}
	return 0
}

// vmSize is the process's current virtual size from /proc/self/status,
// or 4 GiB when that cannot be read (not Linux).
func vmSize() uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err == nil {
		for _, l := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(l, "VmSize:"); ok {
				f := strings.Fields(v)
				if n, err := strconv.ParseUint(f[0], 10, 64); err == nil && len(f) == 2 && f[1] == "kB" {
					return n << 10
				}
			}
		}
	}
	return 4 << 30
}

// runInWorker runs with JSRunner, routing jsmcp.memory to the daemon too.
func runInWorker(req CodeRequest) (CodeResult, error) {
	return JSRunner{remoteMemory: true}.RunCode(context.Background(), req)
}
