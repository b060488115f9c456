package shell

import (
	"fmt"
	"sync"
	"time"
)

// The heap watchdog samples the process heap every few milliseconds while
// any run with a MaxHeapBytes limit is active, and trips those runs when
// the heap passes their limit. A sampling goroutine catches a string that
// doubles within a single statement, which the per-step check cannot.
// The heap is process-wide, so this is a safety valve for the host, not a
// per-sandbox quota (DESIGN.md: a hard cap needs a worker process).

const watchdogPeriod = 5 * time.Millisecond

var watchdog struct {
	mu      sync.Mutex
	guards  map[*guard]struct{}
	running bool
}

func watch(g *guard) (stop func()) {
	if g.limits.MaxHeapBytes <= 0 && g.limits.MaxStringBytes <= 0 {
		return func() {}
	}
	watchdog.mu.Lock()
	if watchdog.guards == nil {
		watchdog.guards = map[*guard]struct{}{}
	}
	watchdog.guards[g] = struct{}{}
	if !watchdog.running {
		watchdog.running = true
		go watchLoop()
	}
	watchdog.mu.Unlock()
	return func() {
		watchdog.mu.Lock()
		delete(watchdog.guards, g)
		watchdog.mu.Unlock()
	}
}

func watchLoop() {
	t := time.NewTicker(watchdogPeriod)
	defer t.Stop()
	for range t.C {
		watchdog.mu.Lock()
		if len(watchdog.guards) == 0 {
			watchdog.running = false
			watchdog.mu.Unlock()
			return
		}
		heap := heapBytes()
		var trip []*guard
		for g := range watchdog.guards {
			if g.limits.MaxHeapBytes > 0 && heap > g.limits.MaxHeapBytes {
				trip = append(trip, g)
			}
			// A heap this large may hold an oversized variable: ask the
			// call handler to look (see checkCall).
			if ms := g.limits.MaxStringBytes; ms > 0 {
				g.scanVars.Store(heap > 2*ms)
			}
		}
		watchdog.mu.Unlock()
		for _, g := range trip {
			g.trip("max heap bytes", fmt.Sprint(g.limits.MaxHeapBytes))
		}
	}
}
