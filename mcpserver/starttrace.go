package mcpserver

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	rtrace "runtime/trace"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// The start-up trace: what a server (and its workers) do from the
// process's start to the end of the first execute_code, to find what the
// first call after start waits for or shares the CPU with. A debug
// switch of the server process, read by Go from its environment (never a
// name a script can see):
//
//	JUSTBASH_START_TRACE=DIR
//
// makes the server write DIR/server-PID.txt and each worker it starts
// DIR/worker-PID.txt (the daemon passes the switch on to its workers,
// whose environment is otherwise empty): one line per event, "wall-clock
// ns, event, minor page faults so far, CPU ns so far (user+system)" of
// the process, then the collections' pause ends and lengths. With
// JUSTBASH_START_TRACE_RT=1 the same processes also write a runtime/trace
// (DIR/rt-PID.trace) for `go tool trace`. The
// files are written a moment after the process's first execute_code
// reply (startTraceLinger), when the first call is over. Off, each
// event point costs one atomic load.

const (
	startTraceEnv   = "JUSTBASH_START_TRACE"
	startTraceRTEnv = "JUSTBASH_START_TRACE_RT"
	// startTraceMax bounds the events kept.
	startTraceMax = 4096
	// startTraceLinger is how long after the first reply the trace
	// goes on: the fill and warm-up that follow it, which the next call
	// meets.
	startTraceLinger = 30 * time.Millisecond
)

type startEvent struct {
	at     int64 // wall clock, ns
	name   string
	minflt int64
	cpu    int64 // ns
}

type startTracer struct {
	dir, role string
	rt        bool
	mu        sync.Mutex
	events    []startEvent
	done      sync.Once
}

// tracer is the process's start-up tracer, nil when off.
var tracer atomic.Pointer[startTracer]

func init() {
	dir := os.Getenv(startTraceEnv)
	if dir == "" {
		return
	}
	// The worker's role is set by ServeWorker (startTraceRole) before its
	// first event; until then, and in the server, "server".
	t := &startTracer{dir: dir, role: "server", rt: os.Getenv(startTraceRTEnv) != ""}
	tracer.Store(t)
	traceMark("init")
	if t.rt {
		t.startRuntimeTrace()
	}
}

// startTraceRole renames this process's trace (a worker's).
func startTraceRole(role string) {
	if t := tracer.Load(); t != nil {
		t.mu.Lock()
		t.role = role
		t.mu.Unlock()
	}
}

// startTraceEnvOf is the trace switch to hand to a worker ("" when off).
func startTraceEnvOf() []string {
	t := tracer.Load()
	if t == nil {
		return nil
	}
	out := []string{startTraceEnv + "=" + t.dir}
	if t.rt {
		out = append(out, startTraceRTEnv+"=1")
	}
	return out
}

var rtraceFile *os.File

func (t *startTracer) startRuntimeTrace() {
	f, err := os.Create(filepath.Join(t.dir, "rt-"+strconv.Itoa(os.Getpid())+".trace"))
	if err != nil {
		return
	}
	if rtrace.Start(f) != nil {
		f.Close()
		return
	}
	rtraceFile = f
}

// traceMark records an event when the start-up trace is on.
func traceMark(name string) {
	t := tracer.Load()
	if t == nil {
		return
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	e := startEvent{at: time.Now().UnixNano(), name: name, minflt: ru.Minflt,
		cpu: ru.Utime.Nano() + ru.Stime.Nano()}
	t.mu.Lock()
	if len(t.events) < startTraceMax {
		t.events = append(t.events, e)
	}
	t.mu.Unlock()
}

// traceSpan marks name's start and returns what marks its end.
func traceSpan(name string) func() {
	if tracer.Load() == nil {
		return func() {}
	}
	traceMark(name + "+")
	return func() { traceMark(name + "-") }
}

// traceFirstReplied is called after each execute_code reply; the first
// one schedules the trace's writing.
func traceFirstReplied() {
	t := tracer.Load()
	if t == nil {
		return
	}
	traceMark("reply")
	t.done.Do(func() { time.AfterFunc(startTraceLinger, t.write) })
}

// write writes the trace file (once).
func (t *startTracer) write() {
	traceMark("end")
	if rtraceFile != nil {
		rtrace.Stop()
		rtraceFile.Close()
	}
	var gc debug.GCStats
	debug.ReadGCStats(&gc)
	t.mu.Lock()
	defer t.mu.Unlock()
	f, err := os.Create(filepath.Join(t.dir, t.role+"-"+strconv.Itoa(os.Getpid())+".txt"))
	if err != nil {
		return
	}
	w := bufio.NewWriter(f)
	for _, e := range t.events {
		fmt.Fprintf(w, "%d %s %d %d\n", e.at, e.name, e.minflt, e.cpu)
	}
	for i := range gc.PauseEnd {
		fmt.Fprintf(w, "%d gc %d 0\n", gc.PauseEnd[i].UnixNano(), gc.Pause[i].Nanoseconds())
	}
	w.Flush()
	f.Close()
}
