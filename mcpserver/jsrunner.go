package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/justbash/justbash/internal/procs"
	"github.com/justbash/justbash/jsexec"
)

// memoryGlobal is the hidden tool proxy behind jsmcp.memory. The proxy
// passes one JSON argument, so the JavaScript wrapper below adapts the
// documented signatures (get(key, default), update(key, fn), …) to it.
const memoryGlobal = "__jsmcp_memory"

// The code of a run is the caller's, wrapped as the body of a nested
// async function so that its own declarations may shadow jsmcp:
//
//	const jsmcp = __jsmcp_init(); return await (async () => {
//	CODE
//	})(); function __jsmcp_init() { ... }
//
// The definition comes last (a function declaration is hoisted) so that
// the first line stays short: jsexec maps the columns of line 1 back to
// the caller's with a source map of one entry per token, built and
// parsed on every run, and a long line 1 made that a fifth of a short
// run's cost. Line numbers in errors are off by one because of the first
// line. Code that cannot name jsmcp (the sandbox has no eval, so a name
// is the identifier itself or one spelled with \u escapes) gets only an
// empty first line, which keeps its line numbers the same.
const (
	jsmcpPrefix = "const jsmcp = __jsmcp_init(); return await (async () => {\n"
	jsmcpSuffix = "\n})(); function __jsmcp_init() { const m = " + memoryGlobal + "; " +
		`const get = async (key, def) => { const r = await m.get({ key: String(key) }); return r.found ? r.value : def; }; ` +
		`const set = async (key, value) => { await m.set({ key: String(key), value: value === undefined ? null : value }); }; ` +
		`const update = async (key, fn) => { const next = await fn(await get(key)); await set(key, next); return next; }; ` +
		`return Object.freeze({ memory: Object.freeze({ get, set, update, ` +
		`has: async (key) => m.has({ key: String(key) }), delete: async (key) => m.delete({ key: String(key) }), ` +
		`keys: async () => m.keys({}), entries: async () => m.entries({}), clear: async () => { await m.clear({}); } }) }); }`
)

// wrapCode is the source of a run of code (see jsmcpPrefix).
func wrapCode(code string) string {
	if strings.Contains(code, "jsmcp") || strings.Contains(code, `\u`) {
		return jsmcpPrefix + code + jsmcpSuffix
	}
	return "\n" + code
}

// JSRunner runs execute_code in-process with jsexec (goja): a fresh VM per
// run, no host objects, interrupted at the timeout. The memory cap is
// process-wide and best effort; WorkerRunner adds a hard one. The VMs
// come prepared from the process's warm pool (warm.go): each runs once.
type JSRunner struct {
	// inWorker is set in a worker process: jsmcp.memory calls go through
	// req.Invoke to the daemon, where the memory lives, and the worker
	// refills its pool once its reply is written (ServeWorker).
	inWorker bool
}

// RunCode implements CodeRunner.
func (j JSRunner) RunCode(ctx context.Context, req CodeRequest) (CodeResult, error) {
	jsRan.Store(true)
	if !j.inWorker {
		// A lone run gets one processor when the program turned the
		// budget on (internal/procs; a worker has one all the time).
		defer procs.Narrow()()
	}
	pr, waited := runtimes.take(ctx, req.Servers, req.MaxMemoryBytes)
	span("took")
	if !j.inWorker {
		// The next call should find one ready too, prepared once this
		// call's reply is out (warm_pace.go) — or now, when this call
		// took the last one: calls that come back to back would
		// otherwise wait for it. Not when it waited for the fill: that
		// is the first call after start, which the fill stopped for
		// (warmPool.fillOne).
		if !waited && runtimes.readyFor(req.Servers, req.MaxMemoryBytes) == 0 {
			runtimes.refill(req.Servers, req.MaxMemoryBytes)
		}
		// The collector's start-up pause (startgc.go) ends after the
		// first reply at the latest: resumed now, the collection of the
		// start-up's garbage would come inside this run.
		refill := func() {
			resumeStartGC()
			runtimes.refillAfterCall(req.Servers, req.MaxMemoryBytes)
		}
		if !afterReply(ctx, refill) {
			defer refill()
		}
	}
	// A run that goes on past startGCRunGrace gets the collector back
	// (startgc.go): a quick first script runs without the start-up's
	// collection, a long one is not left to the soft limit's.
	if startGCPaused() {
		t := time.AfterFunc(startGCRunGrace, resumeStartGC)
		defer t.Stop()
	}
	run := jsexec.PreparedRun{
		Invoke: func(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
			if op, ok := strings.CutPrefix(path, memoryGlobal+"."); ok && !j.inWorker {
				return memoryOp(req.Memory, op, args)
			}
			return req.Invoke(ctx, path, args)
		},
		Timeout: req.Timeout,
	}
	if req.Start != nil {
		run.Start = func(ctx context.Context, path string, args json.RawMessage, done func(json.RawMessage, error)) bool {
			if isMemoryCall(path) && !j.inWorker {
				return false // the session's memory (maybe a store's): Invoke
			}
			return req.Start(ctx, path, args, done)
		}
	}
	if req.Data != nil {
		run.Globals = map[string]json.RawMessage{"data": req.Data}
	}
	endSpan := traceSpan("run")
	res, err := pr.Run(ctx, wrapCode(req.Code), run)
	endSpan()
	out := CodeResult{Value: res.Value}
	for _, l := range res.Logs {
		out.Logs = append(out.Logs, CodeLog{Level: l.Level, Message: l.Text})
	}
	return out, err
}

// Prewarm prepares runtimes for a profile's servers before the first
// call, then the rest of the process's one-time work (warmUp). The
// runtime calls it twice, before and after the upstreams' discovery: the
// second call only refills the key, here and now (a no-op when the first
// one's fill is done and the set is the same). It used to start a second
// warm-up goroutine, which often ran only once the first call had taken
// a runtime, and then filled beside that call's reply (start-up trace:
// 4 of 20 starts, 1-7 ms between the reply's write and its read).
func (j JSRunner) Prewarm(servers []string, mem uint64) {
	first := warmStarted.CompareAndSwap(false, true)
	if first {
		// The heap floor (prewarm.go) before the warm-up, while the heap
		// is young: its pages come fresh from the kernel and stay
		// untouched. Taken after the warm-up, it could reuse the spans the
		// warm-up's collection had freed — cleared, hence resident (peak
		// RSS 49-50 MB in one start of three, 41-42 now). After the pause:
		// at a heap this young it would start a collection at once.
		pauseStartGC() // until warmUp is done (startgc.go)
		traceMark("floor")
		keepHeapFloor(heapFloorBytes)
	}
	runtimes.refill(servers, mem)
	if !first {
		return
	}
	go warmUp(servers, mem, func() bool { return !jsRan.Load() })
}

// StartEarly does nothing: Prewarm, called as the runtime starts, before
// the upstreams' discovery, compiles the prelude with its first runtime.
func (j JSRunner) StartEarly() {}

// jsRan is set by the process's first run.
var jsRan atomic.Bool

// warmStarted is set by the first Prewarm, which starts the warm-up.
var warmStarted atomic.Bool

// warmedUp is set by the first warmUp past its fill.
var warmedUp atomic.Bool

// warmUp readies a process for its first run, in order: the runtimes for
// servers (the run waits for them), then — once per process, and only
// while idle() holds, i.e. no run has come meanwhile — the rest of a first
// run's one-time work (jsexec.Precompile: the script patterns, the first
// parse with a source map) and a collection of the start-up's garbage,
// which the first run's allocations would otherwise pay for. Started side
// by side, the three shared the cores with a first call that came early.
// A run that came before the warm-up (a worker's first run often comes
// within its warmDelay) has prepared its own runtime, and its reply
// refills: a fill started now ran beside that first preparation, two
// first Prepares of a fresh process sharing its CPU (start-up trace,
// HTTP upstream: 12 of 15 worker starts). The collector's start-up pause
// ends once the fill is done, or after the first run's reply (RunCode,
// serveRun; startgc.go).
func warmUp(servers []string, mem uint64, idle func() bool) {
	if !idle() {
		return
	}
	// The first call may come during it (internal/procs).
	defer procs.Wide()()
	runtimes.refill(servers, mem)
	runtimes.settle(servers, mem)
	if !idle() || !warmedUp.CompareAndSwap(false, true) {
		return
	}
	// The first runtimes are ready: the collector's pause ends before
	// Precompile, whose garbage would otherwise land on fresh pages too
	// (paused until the end of the warm-up, a worker's start faulted in
	// ~390 more pages, ~15 µs each here).
	resumeStartGC()
	endSpan := traceSpan("precompile")
	jsexec.Precompile()
	endSpan()
	if idle() {
		endSpan = traceSpan("gc")
		runtime.GC()
		endSpan()
	}
}

// memoryOp serves one jsmcp.memory call.
func memoryOp(m *Memory, op string, args json.RawMessage) (json.RawMessage, error) {
	if m == nil {
		return nil, fmt.Errorf("jsmcp.memory is not available")
	}
	var a struct {
		Key   string          `json:"key"`
		Value json.RawMessage `json:"value"`
	}
	if len(args) > 0 {
		if err := json.Unmarshal(args, &a); err != nil {
			return nil, fmt.Errorf("jsmcp.memory.%s: bad arguments: %v", op, err)
		}
	}
	var out any
	switch op {
	case "get":
		v, ok := m.Get(a.Key)
		out = map[string]any{"found": ok, "value": v}
		if !ok {
			out = map[string]any{"found": false}
		}
	case "set":
		if err := m.Set(a.Key, a.Value); err != nil {
			return nil, err
		}
		return nil, nil
	case "has":
		_, out = m.Get(a.Key)
	case "delete":
		out = m.Delete(a.Key)
	case "keys":
		out = m.Keys()
	case "entries":
		entries := [][2]any{}
		for _, k := range m.Keys() {
			if v, ok := m.Get(k); ok {
				entries = append(entries, [2]any{k, v})
			}
		}
		out = entries
	case "clear":
		out = m.Clear()
	default:
		return nil, fmt.Errorf("jsmcp.memory.%s is not a function", op)
	}
	return json.Marshal(out)
}
