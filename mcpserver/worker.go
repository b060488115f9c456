package mcpserver

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/shell/isolate/workerproc"
)

// Worker-process isolation for execute_code and bash.
//
// Design: the daemon re-executes its own binary as a worker (`justbash mcp
// __worker`) with an empty environment, so no secret of the daemon's
// environment is inherited. The worker lowers its own address-space limit
// (RLIMIT_AS) before running anything, so a run that allocates past the
// cap makes the worker die with an out-of-memory error — the daemon sees
// the pipe close and reports it, and other runs (in other workers) carry
// on. A run past its timeout gets its worker killed. Process handling and
// the protocol are package workerproc's (shared with shell/isolate):
// framed calls over stdin/stdout, the daemon sends a run, the worker
// calls back for every tool call (and jsmcp.memory operation), so
// credentials and upstream connections stay in the daemon.
//
// execute_code: idle workers are pooled and reused (a fresh goja VM per
// run inside them, prepared while the worker waits: warm.go), so the
// common case pays a pipe round trip, not a process start nor a VM set-up.
// A worker that was killed or failed is never reused. The first worker
// starts with the runtime, while the upstreams are discovered.
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
// pool is empty or a bash session begins, and a round trip per call and
// per tool call; measured numbers are in the package benchmarks and in
// cmd/justbash's TestMCPMeasure.

// The worker protocol (workerproc's framing): the daemon calls "run"
// (runMsg, answered by a doneMsg), "bash" (bashMsg as JSON, answered by a
// doneMsg) and notifies "warm" (runMsg with the servers and memory cap to
// prepare for); the worker calls "tool" back (path, a NUL, the JSON
// arguments; jsmcp.memory operations too) and gets the raw JSON result.
// runMsg and doneMsg travel in workermsg.go's binary form.
const (
	methodRun  = "run"
	methodBash = "bash"
	methodWarm = "warm"
	methodTool = "tool"
	// methodRefill notifies a worker that the response of its last run
	// has been written (runMsg.Notify): the moment to prepare the next
	// runtime.
	methodRefill = "refill"
)

// runMsg is one execute_code run.
type runMsg struct {
	Code      string          `json:"code,omitempty"`
	Data      json.RawMessage `json:"data,omitempty"`
	TimeoutMs int64           `json:"timeoutMs,omitempty"`
	MemBytes  uint64          `json:"memBytes,omitempty"`
	Servers   []string        `json:"servers,omitempty"`
	// Notify, when not 0, numbers the run: the daemon sends methodRefill
	// with that number once the run's response is written, and the worker
	// refills then rather than on its timer.
	Notify uint64 `json:"notify,omitempty"`
}

// bashMsg is one bash run: the script, the shell's limits, and the
// profile's tools when they changed since the worker last saw them.
type bashMsg struct {
	Script    string        `json:"script,omitempty"`
	Limits    *shell.Limits `json:"limits,omitempty"`
	SyncTools bool          `json:"syncTools,omitempty"`
	Tools     []workerTool  `json:"tools,omitempty"`
	// Shared store (shared.go): replace the shell by a snapshot, or by a
	// fresh one; send the shell's snapshot back.
	Restore  []byte `json:"restore,omitempty"`
	Reset    bool   `json:"reset,omitempty"`
	Snapshot bool   `json:"snapshot,omitempty"`
}

// doneMsg is a run's outcome.
type doneMsg struct {
	Value    json.RawMessage `json:"value,omitempty"`
	Error    string          `json:"error,omitempty"`
	Logs     []CodeLog       `json:"logs,omitempty"`
	Stdout   string          `json:"stdout,omitempty"`
	Stderr   string          `json:"stderr,omitempty"`
	ExitCode int             `json:"exitCode,omitempty"`
	Snapshot []byte          `json:"snapshot,omitempty"`
}

// WorkerRunner runs execute_code in pooled worker processes.
type WorkerRunner struct {
	// Command starts a worker (e.g. the binary and "mcp", "__worker").
	Command []string
	// Env is the worker's whole environment (nil means empty), but for
	// the Go runtime's settings (workerGODEBUG) when it sets no GODEBUG.
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
	// warm is the server set and memory cap of the latest run (a
	// runMsg): a new worker prepares a runtime for it as soon as it starts.
	warm []byte
	// warmKey is warm's server set and memory cap, to see a change.
	warmKey string
	// watch keeps the runs' deadlines.
	watch watchdog
}

type worker struct {
	proc *workerproc.Process
	// answer and runCtx serve the calls the worker makes during the run
	// in progress (a worker runs one at a time).
	mu     sync.Mutex
	answer callFunc
	// begin starts a call without a goroutine waiting (startFunc), on
	// the goroutine that read it (wk.begin); nil for bash runs.
	begin  startFunc
	runCtx context.Context
	// relay: an upstream may answer a tool call straight to the worker
	// (replyLater); set for execute_code runs, whose calls go to
	// Upstream.Call with the call's context unchanged.
	relay bool
	// runs numbers the execute_code runs (runMsg.Notify); only the caller
	// that holds the worker touches it.
	runs uint64
	// answered is set once the worker has answered a call: until then its
	// process may still be starting (grace).
	answered atomic.Bool
}

// runGrace is how long past a run's own timeout the daemon waits for a
// worker's answer before presuming it stuck and killing it: the time to
// report. workerStartGrace is added while the worker has never answered,
// for its process's start, which a loaded host (or a -race binary)
// stretches to seconds: the run's clock starts when the call is sent,
// and a script that kept its timeout must not lose its session to a
// slow start.
const (
	runGrace         = 2 * time.Second
	workerStartGrace = 10 * time.Second
)

// grace is the wait past a run's timeout for this worker's answer.
func (wk *worker) grace() time.Duration {
	if wk.answered.Load() {
		return runGrace
	}
	return runGrace + workerStartGrace
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
		if w.warming {
			// A worker is starting for the pool (the first call often
			// comes while the early one starts): it is ready sooner than
			// one started now, and two starts at once share the CPU.
			idleNow := w.idleNowLocked()
			w.mu.Unlock()
			select {
			case <-idleNow:
				continue
			case <-ctx.Done():
				return nil, fmt.Errorf("waiting for a worker to start: %w", context.Cause(ctx))
			}
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
		idleNow := w.idleNowLocked()
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

// idleNowLocked is closed when a worker joins the idle pool, or a
// pool worker's start ends without one.
func (w *WorkerRunner) idleNowLocked() chan struct{} {
	if w.idleNow == nil {
		w.idleNow = make(chan struct{})
	}
	return w.idleNow
}

// wakeIdleLocked wakes the callers waiting on idleNowLocked.
func (w *WorkerRunner) wakeIdleLocked() {
	if w.idleNow != nil {
		close(w.idleNow)
		w.idleNow = nil
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
func (w *WorkerRunner) start() (*worker, error) {
	w.mu.Lock()
	slots := w.slotsLocked()
	w.mu.Unlock()
	wk := &worker{}
	endSpan := traceSpan("wstart")
	proc, err := workerproc.Start(w.Command, workerEnv(w.Env), wk.serve)
	endSpan()
	if err != nil {
		<-slots
		return nil, err
	}
	wk.proc = proc
	proc.SetStarter(wk.start)
	go func() {
		// The slot is free once the process is reaped, however it ended.
		<-proc.Dead()
		<-slots
	}()
	return wk, nil
}

// workerGODEBUG is the Go runtime setting a worker starts with.
// madvdontneed=0 returns the memory the scavenger gives back with
// MADV_FREE rather than MADV_DONTNEED: the kernel takes those pages only
// under memory pressure, so the next run's runtime set-up (Prepare) reuses
// them without a page fault each, where it took 5-9 per call. It cannot be
// set from inside the binary once the runtime has started; the worker's
// environment is the daemon's to choose.
const workerGODEBUG = "GODEBUG=madvdontneed=0"

// workerEnv is env with workerGODEBUG, unless env sets GODEBUG itself.
func workerEnv(env []string) []string {
	extra := debugEnv()
	for _, e := range env {
		if strings.HasPrefix(e, "GODEBUG=") {
			return append(env[:len(env):len(env)], extra...)
		}
	}
	return append(append(append(make([]string, 0, len(env)+1+len(extra)), env...), workerGODEBUG), extra...)
}

// serve answers a call the worker makes back: a tool or jsmcp.memory
// call of the run in progress, with that run's context (its session and
// consent asker), ended early when the worker gives up on it.
func (wk *worker) serve(ctx context.Context, method string, body []byte) ([]byte, error) {
	if method != methodTool {
		return nil, fmt.Errorf("unknown method %q", method)
	}
	wk.mu.Lock()
	answer, runCtx, relay := wk.answer, wk.runCtx, wk.relay
	wk.mu.Unlock()
	if answer == nil {
		return nil, errors.New("no run in progress")
	}
	callCtx, cancel := context.WithCancel(runCtx)
	stop := context.AfterFunc(ctx, cancel)
	later := false
	if relay && relayAnswers {
		callCtx = context.WithValue(callCtx, replyLaterKey{}, &replyLater{take: func() func(json.RawMessage, error) {
			later = true
			reply := workerproc.Later(ctx)
			return func(res json.RawMessage, err error) {
				// stop first: the reply ends the handler's context, and
				// an AfterFunc that fires runs on a goroutine of its own
				// (a thread woken for nothing, per call).
				stop()
				reply(res, err)
				cancel()
			}
		}})
	}
	path, args := splitToolFrame(body)
	res, err := answer(callCtx, path, args)
	if later {
		return nil, nil // the upstream answers the worker (replyLater)
	}
	stop()
	cancel()
	return res, err
}

// start is the worker pipe's Starter: a tool call the run's begin takes
// goes from the frame just read to the upstream, and its answer back to
// the worker from the goroutine that read it, with no serving goroutine
// handed the call (worker.serve serves the others).
func (wk *worker) start(ctx context.Context, method string, body []byte, reply func([]byte, error)) bool {
	if method != methodTool || !relayAnswers {
		return false
	}
	wk.mu.Lock()
	begin, runCtx := wk.begin, wk.runCtx
	wk.mu.Unlock()
	if begin == nil {
		return false
	}
	path, args := splitToolFrame(body)
	callCtx, cancel := context.WithCancel(runCtx)
	stop := context.AfterFunc(ctx, cancel) // the worker's cancel of the call
	took := begin(callCtx, path, args, func(res json.RawMessage, err error) {
		stop()
		reply(res, err)
		cancel()
	})
	if !took {
		stop()
		cancel()
	}
	return took
}

// Prewarm starts a worker into the idle pool that prepares a runtime for
// servers, so that the first execute_code finds one ready.
func (w *WorkerRunner) Prewarm(servers []string, mem uint64) {
	// Workers started before the servers were known (StartEarly) prepare
	// now; an empty pool gets one. The same set again (the runtime's call
	// after discovery, when every server started) tells them nothing new:
	// sent anyway, it woke the idle worker as the first call came.
	if w.noteWarm(servers, mem) {
		w.mu.Lock()
		warm, idle := w.warm, append([]*worker(nil), w.idle...)
		w.mu.Unlock()
		for _, wk := range idle {
			_ = wk.proc.Notify(methodWarm, warm)
		}
	}
	if w.reserveWarm() {
		go w.finishWarm()
	}
}

// StartEarly starts a worker into the idle pool before anything is known
// about the servers: a process start (the Go runtime, this binary's
// package initialisation) is the slowest part of a first call, and it
// overlaps the upstreams' discovery this way.
func (w *WorkerRunner) StartEarly() {
	if w.reserveWarm() {
		go w.finishWarm()
	}
}

// noteWarm remembers the server set new workers should prepare for and
// reports whether it changed.
func (w *WorkerRunner) noteWarm(servers []string, mem uint64) bool {
	key := warmKeyOf(servers, mem)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.warm != nil && w.warmKey == key {
		return false
	}
	w.warm = encodeRun(runMsg{Servers: servers, MemBytes: mem})
	w.warmKey = key
	return true
}

func (w *WorkerRunner) put(wk *worker) {
	w.mu.Lock()
	max := w.MaxIdle
	if max <= 0 {
		max = 4
	}
	if len(w.idle) < max && !w.closed {
		w.idle = append(w.idle, wk)
		w.wakeIdleLocked()
		w.mu.Unlock()
		return
	}
	w.mu.Unlock()
	wk.kill()
}

func (wk *worker) kill() { wk.proc.Kill("") }

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
	// The call waits on the worker's answer directly: a kill ends it.
	// The deadline is the watchdog's (worker_watch.go), not a timer's.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	watch := w.watch.watch(req.Timeout+wk.grace(), cancel)
	stop := context.AfterFunc(ctx, wk.kill)
	// The worker prepares the next runtime once the response is out: the
	// preparation is ~2 ms of CPU, and started earlier (on a timer) it
	// took a core while the reply was still on its way whenever the call
	// was slow for another reason (bench/execute_code.md, session 8). A
	// worker taken by another run meanwhile ignores the notification.
	wk.runs++
	seq := wk.runs
	if !afterReply(ctx, func() { _ = wk.proc.Notify(methodRefill, binary.AppendUvarint(nil, seq)) }) {
		seq = 0 // the transport says nothing: the worker's timer decides
	}
	res, err, ok := wk.run(ctx, req, seq)
	w.watch.unwatch(watch)
	if !stop() {
		wk.kill() // the AfterFunc is killing it, or did: wait for that
		if ok {
			return res, err // the answer came just before the kill
		}
		return CodeResult{}, fmt.Errorf("execute_code: timed out after %v (worker stopped)", req.Timeout)
	}
	if ok {
		w.put(wk)
	} else {
		wk.kill()
	}
	return res, err
}

// run drives one run: it answers the worker's tool calls until it is done.
func (wk *worker) run(ctx context.Context, req CodeRequest, notify uint64) (CodeResult, error, bool) {
	body := encodeRun(runMsg{Code: req.Code, Data: req.Data, TimeoutMs: req.Timeout.Milliseconds(),
		MemBytes: req.MaxMemoryBytes, Servers: req.Servers, Notify: notify})
	answer := func(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
		if op, ok := strings.CutPrefix(path, memoryGlobal+"."); ok {
			return memoryOp(req.Memory, op, args)
		}
		return req.Invoke(ctx, path, args)
	}
	var begin startFunc
	if req.Start != nil {
		begin = func(ctx context.Context, path string, args json.RawMessage, done func(json.RawMessage, error)) bool {
			return !isMemoryCall(path) && req.Start(ctx, path, args, done)
		}
	}
	m, err := wk.exchange(ctx, methodRun, body, true, answer, begin)
	if err != nil {
		return CodeResult{}, wk.died("execute_code", "the script", err), false
	}
	res := CodeResult{Value: m.Value, Logs: m.Logs}
	if m.Error != "" {
		return res, errors.New(m.Error), true
	}
	return res, nil, true
}

// relayAnswers turns replyLater on; the benchmarks turn it off to
// compare the two paths in the same minutes.
var relayAnswers = true

// callFunc answers one call a worker makes back to the daemon.
type callFunc func(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error)

// errBadMessage is a worker that broke the protocol; it is not reused.
var errBadMessage = errors.New("bad message from worker")

// exchange calls method on the worker and answers its calls (concurrently,
// as a script may await several at once) until it is done; relay lets an
// upstream answer them directly (replyLater). An error
// means the worker is unusable: it died or broke the protocol.
func (wk *worker) exchange(ctx context.Context, method string, body []byte, relay bool, answer callFunc, begin startFunc) (doneMsg, error) {
	wk.mu.Lock()
	wk.answer, wk.begin, wk.runCtx, wk.relay = answer, begin, ctx, relay
	wk.mu.Unlock()
	defer func() {
		wk.mu.Lock()
		wk.answer, wk.begin, wk.runCtx, wk.relay = nil, nil, nil, false
		wk.mu.Unlock()
	}()
	span("s.call")
	out, err := wk.proc.Call(ctx, method, body)
	span("s.reply")
	if err == nil {
		wk.answered.Store(true)
	}
	if err != nil {
		var re *workerproc.RemoteError
		if errors.As(err, &re) {
			return doneMsg{}, fmt.Errorf("%w: %s", errBadMessage, re.Message)
		}
		return doneMsg{}, err
	}
	m, err := decodeDone(out)
	if err != nil {
		return doneMsg{}, errBadMessage
	}
	return m, nil
}

// died explains why a worker stopped answering; what names the tool and
// who the run, for the message.
func (wk *worker) died(tool, who string, err error) error {
	if errors.Is(err, errBadMessage) {
		return fmt.Errorf("%s: %v", tool, err)
	}
	<-wk.proc.Dead()
	if wk.proc.OutOfMemory() {
		return fmt.Errorf("%s: %s exceeded the memory limit (worker killed)", tool, who)
	}
	return fmt.Errorf("%s: worker failed: %v %s", tool, err, wk.proc.FirstLine())
}

// ServeWorker is the worker process's main loop: it caps its own address
// space at memBytes (plus room for the Go runtime), then runs one script
// per "run" call with JSRunner, or one bash script per "bash" call in the
// shell it keeps between them, forwarding tool calls to the daemon.
func ServeWorker(stdin io.Reader, stdout io.Writer, memBytes uint64) int {
	startTraceRole("worker")
	traceMark("serve")
	if memBytes > 0 {
		// The Go runtime reserves much address space up front (over 1 GiB
		// of virtual size at an RSS of ~30 MB), so the cap is this
		// baseline plus the script's budget, not the budget alone.
		_ = workerproc.LimitAddressSpace(workerproc.VMSize() + memBytes + 64<<20)
		debug.SetMemoryLimit(int64(memBytes))
	}
	// No collection until the first runtime is ready (startgc.go): the
	// warm-up, the first run or a bash script ends the pause.
	pauseStartGC()
	// The floor (prewarm.go) once the collector is paused: at a heap this
	// young, 4 MB more started a collection at once (2 ms, traced).
	keepHeapFloor(workerHeapFloorBytes)
	// A worker serves either pooled execute_code runs or the one bash
	// session it is pinned to; the shell lives here between runs. The
	// daemon sends one run at a time.
	//
	// One P: a run is one goroutine at a time (the VM, or the shell)
	// waiting on the daemon in turns, and with a second P every goroutine
	// made runnable — by a reply to a tool call, a new run — woke a
	// second thread to look for work (the runtime's spinning M), which
	// found none and slept again. Measured (interleaved A/B, server-
	// everything, return 1 + 10 sequential + 10 parallel calls): the
	// workers' CPU per round fell 20% (20.1 -> 16.1 ms), latency the same
	// or lower. The reader's blocking read of stdin does not keep the P
	// from other goroutines: the runtime's monitor takes it back from a
	// thread blocked in a syscall once other work waits. The switch comes
	// after the start-up's warm-up (or the first run's reply): a first
	// call that arrives while the warm-up compiles and collects runs
	// beside it on the second P instead of waiting for it to yield.
	var oneP sync.Once
	useOneP := func() { oneP.Do(func() { runtime.GOMAXPROCS(1) }) }
	runtimes.mu.Lock()
	runtimes.depth = 1
	runtimes.mu.Unlock()
	if spans != nil {
		spanWorker()
		workerproc.OnCallRead = func(method string) { span("w.frame." + method) }
	}
	var bash workerShell
	var bashOnly atomic.Bool
	var lastRefill atomic.Pointer[runRefill]
	handle := func(ctx context.Context, method string, body []byte) ([]byte, error) {
		parent := workerproc.Peer(ctx)
		// invoke asks the daemon to run a call and waits for its answer.
		invoke := func(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
			return toolAnswer(parent.Call(ctx, methodTool, toolFrame(path, args)))
		}
		// start asks it without waiting: the answer goes to the script
		// from the goroutine that read it (jsexec.StartFunc).
		start := func(ctx context.Context, path string, args json.RawMessage, done func(json.RawMessage, error)) bool {
			parent.CallAsync(ctx, methodTool, toolFrame(path, args), func(out []byte, err error) { done(toolAnswer(out, err)) })
			return true
		}
		switch method {
		case methodRun:
			return serveRun(ctx, body, invoke, start, useOneP, &lastRefill)
		case methodBash:
			var m bashMsg
			if err := json.Unmarshal(body, &m); err != nil {
				return nil, err
			}
			// A worker pinned to a bash session runs no JavaScript: the
			// runtimes it prepared while idle only cost memory and CPU.
			bashOnly.Store(true)
			resumeStartGC()
			runtimes.dropAll()
			if !workerproc.AfterReply(ctx, useOneP) {
				useOneP()
			}
			return encodeDone(bash.exec(m, invoke)), nil
		case methodRefill:
			// For the last run only: one that has begun since waits for
			// a notification of its own.
			if r := lastRefill.Load(); r != nil {
				r.notice(body)
			}
			return nil, nil
		case methodWarm:
			traceMark("warmmsg")
			m, err := decodeRun(body)
			if err != nil {
				return nil, err
			}
			// A worker that a bash session takes right away (its message
			// is often already in the pipe) should not spend its first
			// moments preparing JavaScript it will never run.
			time.AfterFunc(warmDelay, func() {
				if !bashOnly.Load() {
					warmUp(m.Servers, m.MemBytes, func() bool { return !jsRan.Load() && !bashOnly.Load() })
				}
				useOneP()
			})
			return nil, nil
		}
		return nil, fmt.Errorf("unknown method %q", method)
	}
	<-workerproc.ServeConn(stdin, stdout, handle).Done()
	return 0
}

// toolFrame is a tool call's body on the worker pipe: the path, a NUL,
// the arguments' JSON (worker.serve splits it).
func toolFrame(path string, args json.RawMessage) []byte {
	body := make([]byte, 0, len(path)+1+len(args))
	return append(append(append(body, path...), 0), args...)
}

// splitToolFrame is toolFrame's inverse. The arguments are the frame's own
// bytes (workerproc allocates each frame): no copy.
func splitToolFrame(body []byte) (path string, args json.RawMessage) {
	if i := bytes.IndexByte(body, 0); i >= 0 {
		return string(body[:i]), body[i+1:]
	}
	return string(body), nil
}

// toolAnswer is the daemon's reply to a tool call as the script sees it:
// its error message without the protocol's wrapping.
func toolAnswer(out []byte, err error) (json.RawMessage, error) {
	var re *workerproc.RemoteError
	if errors.As(err, &re) {
		return nil, errors.New(re.Message)
	}
	return out, err
}

// warmDelay is how long a new worker waits before preparing runtimes:
// long enough for a bash message already in the pipe to be read first,
// short enough that the first execute_code after start-up finds its
// runtime ready.
const warmDelay = 2 * time.Millisecond

// serveRun is a worker's "run" call: the script, then its reply; after
// the reply, oneP (ServeWorker) and the refill's pacing. last keeps the
// run's refill for the daemon's notification.
func serveRun(ctx context.Context, body []byte, invoke callFunc, start startFunc, oneP func(), last *atomic.Pointer[runRefill]) ([]byte, error) {
	span("w.handler")
	traceMark("runmsg")
	m, err := decodeRun(body)
	if err != nil {
		return nil, err
	}
	// The next run's runtime is prepared once the daemon's response is
	// out (or a moment after this reply), not while the daemon forwards
	// it and the client reads it: the refill and its collection took a
	// core from both (worker_refill.go).
	refill := armRefill(m.Servers, m.MemBytes, m.Notify)
	last.Store(refill)
	req := CodeRequest{Code: m.Code, Data: m.Data, Timeout: time.Duration(m.TimeoutMs) * time.Millisecond,
		MaxMemoryBytes: m.MemBytes, Servers: m.Servers, Invoke: invoke, Start: start}
	res, err := runInWorker(req)
	span("w.ran")
	replied := func() {
		span("w.sent")
		resumeStartGC() // startgc.go: after the first reply at the latest
		oneP()
		refill.replied()
		traceFirstReplied()
	}
	if !workerproc.AfterReply(ctx, replied) {
		replied()
	}
	done := doneMsg{Value: res.Value, Logs: res.Logs}
	if err != nil {
		done.Error = err.Error()
	}
	return encodeDone(done), nil
}

// runInWorker runs with JSRunner, routing jsmcp.memory to the daemon too.
func runInWorker(req CodeRequest) (CodeResult, error) {
	return JSRunner{inWorker: true}.RunCode(context.Background(), req)
}
