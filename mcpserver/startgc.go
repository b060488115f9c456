package mcpserver

import (
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// The collector during a process's start-up warm-up.
//
// A fresh process's first runtime (jsexec.Prepare) allocates ~4.4 MB at
// a heap of a few MB, so the collector ran two or three times during it
// — each the first collections of the process, which start its workers
// and fault in their bitmaps: measured on a fresh process alone
// (interleaved, 6 each, load ~2), 38 ms of CPU for the first Prepare with
// the collector paused against 53 with it on. And the first call after
// start waits for that Prepare. So the collector is paused from the
// warm-up's start (pauseStartGC) until the first fill is done (warmUp),
// or the first run's reply is written, or a bash script begins
// (resumeStartGC). Resumed at a run's start instead, the collection of
// the start-up's garbage came inside that first run. The pause is not
// free: garbage that is not collected lands on fresh pages, and a page
// fault cost 15-25 µs on the machine measured (more pages touched, not
// fewer).
// A first run that lasts past startGCRunGrace resumes it (JSRunner), and
// while paused a soft memory limit (startGCLimit) bounds the heap: past
// it the collector runs anyway.

// startGCLimit bounds the Go memory while the collector is paused: a
// start-up is ~15-20 MB (the binary's own data, discovery, the first
// runtime).
const startGCLimit = 64 << 20

// startGCRunGrace is how long a run may go on with the collector paused:
// a first `return 1` takes 0.5-3 ms.
const startGCRunGrace = 10 * time.Millisecond

var startGC struct {
	mu       sync.Mutex
	paused   atomic.Bool // read without mu by every run
	done     bool        // resumed once: never paused again
	percent  int
	memLimit int64
}

// pauseStartGC pauses the collector for the start-up warm-up (once per
// process).
func pauseStartGC() {
	startGC.mu.Lock()
	defer startGC.mu.Unlock()
	if startGC.paused.Load() || startGC.done {
		return
	}
	startGC.paused.Store(true)
	startGC.memLimit = debug.SetMemoryLimit(-1)
	if startGC.memLimit > startGCLimit {
		debug.SetMemoryLimit(startGCLimit)
	}
	startGC.percent = debug.SetGCPercent(-1)
	traceMark("gcpause")
}

// resumeStartGC undoes pauseStartGC; a no-op when the collector is not
// paused, so every run may call it.
func resumeStartGC() {
	if !startGC.paused.Load() {
		return
	}
	startGC.mu.Lock()
	defer startGC.mu.Unlock()
	if !startGC.paused.Load() {
		return
	}
	startGC.paused.Store(false)
	startGC.done = true
	debug.SetGCPercent(startGC.percent)
	debug.SetMemoryLimit(startGC.memLimit)
	traceMark("gcresume")
}

// startGCPaused reports whether the collector is paused (tests).
func startGCPaused() bool { return startGC.paused.Load() }
