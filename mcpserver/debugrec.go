package mcpserver

import (
	"runtime/metrics"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// The server's debug recorders, for profiling where execute_code's time
// goes (bench/execute_code.md). Two switches of the server process's own
// environment, read by Go at start-up (never a name a script can see) and
// handed on to the workers it starts, whose environment is otherwise
// empty:
//
//	JUSTBASH_MCP_SPANS=FILE   every call's hops, across server and workers (spans.go)
//	JUSTBASH_START_TRACE=DIR  each process's start, up to its first reply (starttrace.go)
//
// Both write the same line per event (procEvent):
//
//	name unix-nanoseconds gc-cycles involuntary-switches voluntary-switches minor-faults cpu-nanoseconds
//
// the counters being the process's so far. Off (the default), an event
// point costs a nil check or an atomic load.

// procEvent is one recorded point of this process.
type procEvent struct {
	name          string
	at            int64  // wall clock, ns
	gc            uint64 // collections so far
	inv, vol      int64  // involuntary and voluntary context switches
	minflt, cpuNs int64  // minor page faults, user+system CPU
}

// gcCycles reads the collections so far (metrics.Read wants its sample
// slice to itself).
var gcCycles = struct {
	sync.Mutex
	s []metrics.Sample
}{s: []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}}

// sampleEvent records name now.
func sampleEvent(name string) procEvent {
	e := procEvent{name: name, at: time.Now().UnixNano()}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	e.inv, e.vol, e.minflt = ru.Nivcsw, ru.Nvcsw, ru.Minflt
	e.cpuNs = ru.Utime.Nano() + ru.Stime.Nano()
	gcCycles.Lock()
	metrics.Read(gcCycles.s)
	if v := gcCycles.s[0].Value; v.Kind() == metrics.KindUint64 {
		e.gc = v.Uint64()
	}
	gcCycles.Unlock()
	return e
}

// appendLine appends e's line.
func (e *procEvent) appendLine(b []byte) []byte {
	b = append(b, e.name...)
	for _, n := range [...]int64{e.at, int64(e.gc), e.inv, e.vol, e.minflt, e.cpuNs} {
		b = strconv.AppendInt(append(b, ' '), n, 10)
	}
	return append(b, '\n')
}

// debugEnv is what a worker's environment gets of the recorders' switches
// (nothing when both are off).
func debugEnv() []string {
	return slices.Concat(spanEnv(), startTraceEnvOf())
}
