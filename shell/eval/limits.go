package eval

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// Limits bound one run. Zero means unlimited for that field. They live in
// Go state only: nothing a script can read or write changes them.
type Limits struct {
	Timeout      time.Duration
	MaxSteps     int64
	MaxCallDepth int // functions, eval, source and nested shells share it
	// MaxStringBytes bounds any one string the shell builds (a variable
	// value, an expansion, a command substitution's output) and is
	// checked before the string is allocated.
	MaxStringBytes int64
	// MaxArrayElems bounds the elements of one array and the words of one
	// expansion (brace sequences, "${a[@]}" of a huge array).
	MaxArrayElems int64
	MaxHeapBytes  int64
	MaxJobs       int
}

// LimitError reports which limit stopped a run.
type LimitError struct {
	Name  string // e.g. "max steps"
	Value string // the configured bound
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("justbash: %s exceeded (%s)", e.Name, e.Value)
}

// Status is 124 for the timeout (as GNU timeout) and 125 for the others.
func (e *LimitError) Status() int {
	if e.Name == "timeout" {
		return 124
	}
	return 125
}

// guard is the limit state of one run, shared with its subshells,
// pipelines and nested shells. Safe for concurrent use.
type guard struct {
	limits Limits
	ctx    context.Context
	cancel context.CancelFunc
	steps  atomic.Int64
	jobs   atomic.Int64

	mu      sync.Mutex
	tripped *LimitError

	procs procTable // every running job of the run, by pid (kill PID)
}

func newGuard(parent context.Context, l Limits) *guard {
	g := &guard{limits: l}
	if l.Timeout > 0 {
		g.ctx, g.cancel = context.WithTimeout(parent, l.Timeout)
	} else {
		g.ctx, g.cancel = context.WithCancel(parent)
	}
	return g
}

// trip records the first limit exceeded and cancels the run.
func (g *guard) trip(name string, value any) *LimitError {
	g.mu.Lock()
	if g.tripped == nil {
		g.tripped = &LimitError{Name: name, Value: fmt.Sprint(value)}
	}
	e := g.tripped
	g.mu.Unlock()
	g.cancel()
	return e
}

func (g *guard) err() *LimitError {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.tripped
}

const heapSampleEvery = 1024

// step counts one unit of work and reports whether the run must stop.
func (g *guard) step() error {
	if e := g.err(); e != nil {
		return e
	}
	n := g.steps.Add(1)
	l := &g.limits
	if l.MaxSteps > 0 && n > l.MaxSteps {
		return g.trip("max steps", l.MaxSteps)
	}
	if l.MaxHeapBytes > 0 && n%heapSampleEvery == 0 && heapBytes() > l.MaxHeapBytes {
		// The sample counts garbage not yet collected (another run's,
		// the host's): only the heap a collection leaves trips the run.
		runtime.GC()
		if heapBytes() > l.MaxHeapBytes {
			return g.trip("max heap bytes", l.MaxHeapBytes)
		}
	}
	if err := g.ctx.Err(); err != nil {
		return g.ctxErr()
	}
	return nil
}

// ctxErr turns the run context's end into a limit error when it was the
// timeout, else the context's own error.
func (g *guard) ctxErr() error {
	if e := g.err(); e != nil {
		return e
	}
	err := g.ctx.Err()
	if err == context.DeadlineExceeded && g.limits.Timeout > 0 {
		return g.trip("timeout", g.limits.Timeout)
	}
	return err
}

// checkString refuses a string of n bytes before it is built.
func (g *guard) checkString(n int64) error {
	if m := g.limits.MaxStringBytes; m > 0 && n > m {
		return g.trip("max string bytes", m)
	}
	return nil
}

// checkElems refuses an array or word list of n elements.
func (g *guard) checkElems(n int64) error {
	if m := g.limits.MaxArrayElems; m > 0 && n > m {
		return g.trip("max array elements", m)
	}
	return nil
}

func heapBytes() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}
