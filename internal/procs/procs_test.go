package procs

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// fake stands for runtime.GOMAXPROCS and time.AfterFunc: it starts at
// max, records every change and keeps the armed shrink for the test to
// fire.
type fake struct {
	cur     int
	changes []int
	pending []func()
}

func (f *fake) set(n int) int {
	old := f.cur
	if n > 0 {
		f.cur = n
		f.changes = append(f.changes, n)
	}
	return old
}

func (f *fake) after(d time.Duration, fn func()) {
	if d != Quiet {
		panic("shrink armed with another delay")
	}
	f.pending = append(f.pending, fn)
}

// fire runs the armed shrinks as their timers would.
func (f *fake) fire() {
	p := f.pending
	f.pending = nil
	for _, fn := range p {
		fn()
	}
}

func newBudget(max int) (*Budget, *fake) {
	f := &fake{cur: max}
	return &Budget{set: f.set, after: f.after}, f
}

func TestBudgetRules(t *testing.T) {
	b, f := newBudget(4)
	check := func(what string, want int) {
		t.Helper()
		if f.cur != want {
			t.Fatalf("%s: %d processors, want %d", what, f.cur, want)
		}
	}
	b.Enable()
	check("just enabled, before Quiet", 4)
	f.fire()
	check("idle for Quiet after Enable", 1)

	run := b.Narrow()
	check("one run", 1)
	second := b.Narrow()
	check("two runs: at once", 4)
	second()
	second() // a second release does nothing
	check("a run ended beside another, before Quiet", 4)
	f.fire()
	check("the other run alone for Quiet", 1)

	fill := b.Wide()
	check("a run and a refill", 4)
	run()
	fill()
	check("the refill ended, before Quiet", 4)
	f.fire()
	check("Quiet with nothing in hand", 1)

	// Holds taken or released within Quiet put the shrink off: a run
	// that starts right after a refill ends keeps every processor until
	// nothing has changed for Quiet.
	b.Wide()()
	run = b.Narrow()
	f.fire()
	check("a run started within Quiet", 4)
	f.fire()
	check("then Quiet with the run alone", 1)
	run()
	f.fire()
	check("nothing armed at one processor", 1)
	if len(f.pending) != 0 {
		t.Fatalf("%d shrinks armed with nothing to take away", len(f.pending))
	}

	want := []int{1, 4, 1, 4, 1, 4, 1}
	if len(f.changes) != len(want) {
		t.Fatalf("changes %v, want %v", f.changes, want)
	}
	for i := range want {
		if f.changes[i] != want[i] {
			t.Fatalf("changes %v, want %v", f.changes, want)
		}
	}
	b.Disable()
	check("after Disable", 4)
	b.Wide()()
	f.fire()
	check("off again", 4)
}

func TestBudgetOffChangesNothing(t *testing.T) {
	b, f := newBudget(4)
	b.Narrow()()
	w := b.Wide()
	f.fire()
	if len(f.changes) != 0 || len(f.pending) != 0 {
		t.Fatalf("a budget never enabled changed GOMAXPROCS: %v", f.changes)
	}
	// Holds taken while off count once it is on.
	b.Enable()
	f.fire()
	if f.cur != 4 {
		t.Fatalf("enabled with a refill in hand: %d, want 4", f.cur)
	}
	w()
	f.fire()
	if f.cur != 1 {
		t.Fatalf("refill done: %d, want 1", f.cur)
	}
}

func TestBudgetOneProcessor(t *testing.T) {
	b, f := newBudget(1)
	b.Enable()
	b.Narrow()()
	b.Wide()()
	f.fire()
	if len(f.changes) != 0 {
		t.Fatalf("a one-processor machine saw changes: %v", f.changes)
	}
}

// TestProcessBudget drives the real GOMAXPROCS and timer.
func TestProcessBudget(t *testing.T) {
	max := runtime.GOMAXPROCS(0)
	if max < 2 {
		t.Skip("one processor: nothing to narrow")
	}
	Enable()
	defer Disable()
	release := Narrow()
	w := Wide()
	if n := runtime.GOMAXPROCS(0); n != max {
		t.Errorf("with a wide hold: GOMAXPROCS %d, want %d", n, max)
	}
	w()
	release()
	// The shrink comes from a timer: wait for it (a minute at most).
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if !WaitFor(ctx, 1) {
		t.Fatalf("GOMAXPROCS still %d a minute after the last release", runtime.GOMAXPROCS(0))
	}
	Disable()
	if n := runtime.GOMAXPROCS(0); n != max {
		t.Errorf("after Disable: GOMAXPROCS %d, want %d", n, max)
	}
}
