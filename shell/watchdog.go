package shell

import (
	"runtime"
	"sync"
	"time"
)

// The heap watchdog samples the process heap every few milliseconds while
// any run with a MaxHeapBytes limit is active, and stops those runs when
// the heap passes their limit. A sampling goroutine catches a string that
// doubles within a single statement, which the evaluator's per-step check
// cannot. The heap is process-wide, so this is a safety valve for the
// host, not a per-sandbox quota (DESIGN.md: a hard cap needs a worker
// process).

const watchdogPeriod = 5 * time.Millisecond

type watched struct {
	max  int64
	trip func(name string, value any)
}

var watchdog struct {
	mu      sync.Mutex
	runs    map[*watched]struct{}
	running bool
}

// watchHeap registers a run's trip function; the returned func removes it.
func watchHeap(maxHeap int64, trip func(name string, value any)) (stop func()) {
	if maxHeap <= 0 {
		return func() {}
	}
	w := &watched{max: maxHeap, trip: trip}
	watchdog.mu.Lock()
	if watchdog.runs == nil {
		watchdog.runs = map[*watched]struct{}{}
	}
	watchdog.runs[w] = struct{}{}
	if !watchdog.running {
		watchdog.running = true
		go watchLoop()
	}
	watchdog.mu.Unlock()
	return func() {
		watchdog.mu.Lock()
		delete(watchdog.runs, w)
		watchdog.mu.Unlock()
	}
}

func watchLoop() {
	t := time.NewTicker(watchdogPeriod)
	defer t.Stop()
	for range t.C {
		watchdog.mu.Lock()
		if len(watchdog.runs) == 0 {
			watchdog.running = false
			watchdog.mu.Unlock()
			return
		}
		heap := heapBytes()
		if heap > minWatched() {
			// The sample counts garbage not yet collected (another
			// run's, the host's): only the heap a collection leaves
			// trips a run.
			watchdog.mu.Unlock()
			runtime.GC()
			heap = heapBytes()
			watchdog.mu.Lock()
		}
		var trip []*watched
		for w := range watchdog.runs {
			if heap > w.max {
				trip = append(trip, w)
			}
		}
		watchdog.mu.Unlock()
		for _, w := range trip {
			w.trip("max heap bytes", w.max)
		}
	}
}

// minWatched is the lowest limit of the registered runs; the caller holds
// watchdog.mu.
func minWatched() int64 {
	m := int64(-1)
	for w := range watchdog.runs {
		if m < 0 || w.max < m {
			m = w.max
		}
	}
	return m
}
