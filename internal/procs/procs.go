// Package procs sizes GOMAXPROCS to the work a server has in hand.
//
// A lone execute_code run is one goroutine at a time — the script's loop,
// the reader that hands it an upstream's answer — and mostly waits. With a
// second processor idle beside it, every goroutine made runnable (an
// answer for the loop, the next request) wakes a second thread to look
// for work (the runtime's spinning M), which finds none and sleeps again:
// a cross-core wake-up per hop, paid in CPU and in latency on a shared
// machine. Measured in process (server-everything over stdio, ten
// sequential upstream calls per run, 600 runs, three interleaved pairs):
// one processor ran them in 3.1-3.4 ms against 4.3-4.8 with two, at
// 3.1-3.3 ms of CPU against 4.2-4.8. A worker process has run on one
// processor since session 8 for the same reason (mcpserver/worker.go).
//
// One processor all the time is not the answer in process: a refill
// (preparing the next runtime, 1-3 ms of CPU) would hold it when the next
// request arrives, which then waits until the runtime preempts the refill
// (`return 1` 1 ms apart: p99 2.7 → 7.5 ms). So the budget gives one
// processor only while at most one narrow unit of work is in hand and no
// wide one: a refill, a shell run (its pipeline stages run in parallel),
// or a second run at once gets every processor back.
//
// Changing GOMAXPROCS stops the world (~25 µs a change here), so
// processors are added the moment work needs them but taken away only
// once no hold has been taken or released for Quiet: never right before a
// run's reply or as the next run starts, and a run that began beside a
// refill gets one once the refill has been over for Quiet. Requests about
// 1 ms apart, which find the previous run's refill under way or just
// ended, mostly keep every processor (one change per ten calls; shrinking
// at each refill's end instead made `return 1` sent 1 ms apart 0.30 → 0.51
// ms at the median, this rule 0.25 → 0.29); requests further apart, as an
// agent's are, find one.
//
// The budget is off until the program that owns the process turns it on
// (the CLI's in-process MCP server): a library must not change a process
// setting behind its embedder's back.
package procs

import (
	"context"
	"runtime"
	"sync"
	"time"
)

// Quiet is how long no hold may have been taken or released before the
// processors are taken down to what the holds in hand want.
const Quiet = time.Millisecond

// Budget decides GOMAXPROCS from the holds on it.
type Budget struct {
	mu     sync.Mutex
	on     bool
	max    int // the processors when not narrowed
	cur    int // what set was last asked for
	narrow int
	wide   int
	// changes counts holds taken and released: an armed shrink happens
	// only if there was none since it was armed.
	changes uint64
	armed   bool
	// changed is closed (and dropped) when GOMAXPROCS is set: Changed's
	// wake-up for whoever waits for a shrink.
	changed chan struct{}
	// set changes GOMAXPROCS (runtime.GOMAXPROCS); after runs f after d
	// (time.AfterFunc). Tests record instead.
	set   func(int) int
	after func(d time.Duration, f func())
}

// process is the process's budget: GOMAXPROCS is the process's setting.
var process = &Budget{set: runtime.GOMAXPROCS, after: func(d time.Duration, f func()) { time.AfterFunc(d, f) }}

// Enable turns the process's budget on with the processors it has now as
// its maximum. Calling it again does nothing.
func Enable() { process.Enable() }

// Disable turns the process's budget off and gives every processor back.
func Disable() { process.Disable() }

// Narrow holds one unit of work that runs one goroutine at a time and
// mostly waits (an execute_code run). Call release once when it ends.
func Narrow() (release func()) { return process.Narrow() }

// Wide holds work that can use every processor (a refill, a shell run).
func Wide() (release func()) { return process.Wide() }

// Changed returns a channel closed the next time the process's budget
// changes GOMAXPROCS: a wait for the shrink, which a timer makes, takes it
// before reading runtime.GOMAXPROCS(0) and waits on it while the value is
// not yet the one wanted.
func Changed() <-chan struct{} { return process.Changed() }

// WaitFor waits until GOMAXPROCS is n or ctx ends, and reports whether
// it is n.
func WaitFor(ctx context.Context, n int) bool {
	for {
		changed := Changed()
		if runtime.GOMAXPROCS(0) == n {
			return true
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return runtime.GOMAXPROCS(0) == n
		}
	}
}

// Changed is the package's Changed for b.
func (b *Budget) Changed() <-chan struct{} {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.changed == nil {
		b.changed = make(chan struct{})
	}
	return b.changed
}

// setLocked sets GOMAXPROCS to n and wakes Changed's waiters.
func (b *Budget) setLocked(n int) {
	b.set(n)
	b.cur = n
	if b.changed != nil {
		close(b.changed)
		b.changed = nil
	}
}

// Enable turns b on; see the package's Enable.
func (b *Budget) Enable() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.on {
		return
	}
	b.on = true
	b.max = b.set(0)
	b.cur = b.max
	b.armLocked()
}

// Disable turns b off, setting the maximum back.
func (b *Budget) Disable() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.on {
		return
	}
	b.on = false
	if b.cur != b.max {
		b.setLocked(b.max)
	}
}

// Narrow holds a narrow unit; see the package's Narrow.
func (b *Budget) Narrow() func() { return b.hold(&b.narrow) }

// Wide holds a wide unit; see the package's Wide.
func (b *Budget) Wide() func() { return b.hold(&b.wide) }

func (b *Budget) hold(count *int) func() {
	b.mu.Lock()
	*count++
	b.changes++
	if b.on && b.cur < b.wantLocked() {
		b.setLocked(b.max)
	}
	b.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			b.mu.Lock()
			*count--
			b.changes++
			b.armLocked()
			b.mu.Unlock()
		})
	}
}

// wantLocked is the processors for the holds now in hand.
func (b *Budget) wantLocked() int {
	if b.wide == 0 && b.narrow <= 1 {
		return 1
	}
	return b.max
}

// armLocked arms the shrink when fewer processors are wanted than set:
// it happens after Quiet with no hold taken or released meanwhile, else
// it is armed again. Holds are counted while the budget is off too, so
// turning it on while work is in hand is right.
func (b *Budget) armLocked() {
	if !b.on || b.armed || b.cur <= b.wantLocked() {
		return
	}
	b.armed = true
	changes := b.changes
	b.after(Quiet, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.armed = false
		if b.changes != changes {
			b.armLocked() // not quiet for all of Quiet
			return
		}
		if b.on && b.wantLocked() < b.cur {
			b.setLocked(b.wantLocked())
		}
	})
}
