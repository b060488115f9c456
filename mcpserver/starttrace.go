package mcpserver

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime/debug"
	rtrace "runtime/trace"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// The start-up trace (debugrec.go): what a server and its workers do from
// the process's start to the end of the first execute_code, to find what
// the first call after start waits for or shares the CPU with. With
// JUSTBASH_START_TRACE=DIR the server writes DIR/server-PID.txt and each
// worker DIR/worker-PID.txt: its events, then one "gc" line per
// collection (at its pause's end, its cpu field the pause's length). With
// JUSTBASH_START_TRACE_RT=1 the same processes also write a runtime/trace
// (DIR/rt-PID.trace) for `go tool trace`. The files are written a moment
// after the process's first execute_code reply (startTraceLinger), when
// the first call is over.

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

type startTracer struct {
	dir, role string
	rt        bool
	mu        sync.Mutex
	events    []procEvent
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
	e := sampleEvent(name)
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
	var line []byte
	for i := range t.events {
		line = t.events[i].appendLine(line[:0])
		w.Write(line)
	}
	for i := range gc.PauseEnd {
		e := procEvent{name: "gc", at: gc.PauseEnd[i].UnixNano(), cpuNs: gc.Pause[i].Nanoseconds()}
		line = e.appendLine(line[:0])
		w.Write(line)
	}
	w.Flush()
	f.Close()
}
