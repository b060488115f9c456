package mcpserver

import (
	"runtime"
	"sync"
)

// The runtimes a finished call's refill prepares are for the next call,
// which is seconds away for an agent; the call in progress — its reply
// still to be encoded and written, the client to be woken — is now. On a
// machine of two cores a refill at the same priority takes one core from
// the reply path half the time. So refills run on one goroutine locked to
// an OS thread of lowered priority (nice +10 on Linux): the kernel runs
// them when the call path leaves a core free, which on an idle machine is
// at once. Start-up preparation is not demoted: the first call waits for
// it (warm.go), and a demoted fill it waited for would be an inversion.

// lowPrioNice is how much lower than the process the background thread runs.
const lowPrioNice = 10

var lowPrio struct {
	once sync.Once
	jobs chan func()
}

// inBackground runs f on the low-priority goroutine, after the jobs
// queued before it. A full queue (it holds one job per warm key, so only
// misuse fills it) runs f on a goroutine of its own instead.
func inBackground(f func()) {
	lowPrio.once.Do(func() {
		lowPrio.jobs = make(chan func(), 4*warmKeys)
		go lowPrioLoop(lowPrio.jobs)
	})
	select {
	case lowPrio.jobs <- f:
	default:
		go f()
	}
}

func lowPrioLoop(jobs <-chan func()) {
	// Never unlocked: the thread keeps its priority for this goroutine
	// alone, and the Go runtime never hands it other goroutines.
	runtime.LockOSThread()
	lowerThreadPriority(lowPrioNice)
	for f := range jobs {
		runJob(f)
	}
}

// runJob runs f; a panic (a bug) must not end the loop or the process.
func runJob(f func()) {
	defer func() { _ = recover() }()
	f()
}
