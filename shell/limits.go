package shell

import (
	"context"
	"fmt"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// Limits bound what one Exec may consume. A zero field means "no limit" for
// that resource, except where Normal documents otherwise.
type Limits struct {
	// Timeout ends the run after this long (exit status 124).
	Timeout time.Duration
	// MaxSteps bounds statements, commands and loop iterations executed.
	MaxSteps int64
	// MaxCallDepth bounds nested shell function calls.
	MaxCallDepth int
	// MaxOutputBytes bounds each of stdout and stderr of the run.
	MaxOutputBytes int64
	// MaxStringBytes bounds a command substitution's output and any single
	// argument or variable value seen by a command.
	MaxStringBytes int64
	// MaxHeapBytes is a process-wide safety valve: the run stops when the Go
	// heap grows past it. It cannot stop one huge allocation; see DESIGN.md.
	MaxHeapBytes int64
	// MaxFileSize and MaxTotalBytes are quotas for the default in-memory FS.
	MaxFileSize   int64
	MaxTotalBytes int64
	// MaxBackgroundJobs bounds jobs started with & in one run.
	MaxBackgroundJobs int
}

// Normal is the default profile: generous for real scripts, still bounded.
var Normal = Limits{
	Timeout:           60 * time.Second,
	MaxSteps:          10_000_000,
	MaxCallDepth:      1000,
	MaxOutputBytes:    64 << 20,
	MaxStringBytes:    64 << 20,
	MaxHeapBytes:      1 << 30,
	MaxFileSize:       256 << 20,
	MaxTotalBytes:     1 << 30,
	MaxBackgroundJobs: 256,
}

// Hardened is for untrusted scripts: tight bounds everywhere.
var Hardened = Limits{
	Timeout:           10 * time.Second,
	MaxSteps:          1_000_000,
	MaxCallDepth:      200,
	MaxOutputBytes:    4 << 20,
	MaxStringBytes:    4 << 20,
	MaxHeapBytes:      512 << 20,
	MaxFileSize:       16 << 20,
	MaxTotalBytes:     64 << 20,
	MaxBackgroundJobs: 32,
}

// Exit statuses of a run that a limit stopped.
const (
	// StatusTimeout is the exit status when Limits.Timeout trips, as GNU timeout uses.
	StatusTimeout = 124
	// StatusLimit is the exit status when any other limit trips.
	StatusLimit = 125
)

// LimitError reports which limit stopped a run.
type LimitError struct {
	Name  string // e.g. "max steps"
	Value string // the configured bound, e.g. "10000"
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("justbash: %s exceeded (%s)", e.Name, e.Value)
}

// Status is the exit status a run ends with when e trips.
func (e *LimitError) Status() int {
	if e.Name == "timeout" {
		return StatusTimeout
	}
	return StatusLimit
}

// guard is the per-run limit state shared by the runner, its subshells and
// the commands. It is safe for concurrent use.
type guard struct {
	limits Limits
	cancel context.CancelFunc
	steps  atomic.Int64
	bgJobs atomic.Int64
	// scanVars is set by the heap watchdog when variables may be too big.
	scanVars atomic.Bool

	mu      sync.Mutex
	tripped *LimitError
}

// trip records the first limit that was exceeded and cancels the run.
func (g *guard) trip(name, value string) *LimitError {
	g.mu.Lock()
	if g.tripped == nil {
		g.tripped = &LimitError{Name: name, Value: value}
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

// heapSampleEvery is how many steps pass between heap checks: a read of
// runtime/metrics costs about half a microsecond.
const heapSampleEvery = 1024

func heapBytes() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// stepCtx counts steps: interp calls Err before every statement and loop
// iteration, which makes Err the one hook that sees all of them.
type stepCtx struct {
	context.Context
	g *guard
}

func (c stepCtx) Err() error {
	if e := c.g.err(); e != nil {
		return e
	}
	n := c.g.steps.Add(1)
	l := &c.g.limits
	if l.MaxSteps > 0 && n > l.MaxSteps {
		return c.g.trip("max steps", fmt.Sprint(l.MaxSteps))
	}
	if l.MaxHeapBytes > 0 && n%heapSampleEvery == 0 && heapBytes() > l.MaxHeapBytes {
		return c.g.trip("max heap bytes", fmt.Sprint(l.MaxHeapBytes))
	}
	if err := c.Context.Err(); err != nil {
		if err == context.DeadlineExceeded && l.Timeout > 0 {
			return c.g.trip("timeout", l.Timeout.String())
		}
		return err
	}
	return nil
}

// limitWriter passes writes to w until max bytes were written, then trips
// the guard. It serialises writes, since pipelines write from several
// goroutines.
type limitWriter struct {
	mu   sync.Mutex
	w    interface{ Write([]byte) (int, error) }
	n    int64
	max  int64
	name string
	g    *guard
}

func (lw *limitWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.max > 0 && lw.n+int64(len(p)) > lw.max {
		room := lw.max - lw.n
		if room > 0 {
			lw.w.Write(p[:room])
			lw.n += room
		}
		return int(max(room, 0)), lw.g.trip(lw.name, fmt.Sprint(lw.max))
	}
	n, err := lw.w.Write(p)
	lw.n += int64(n)
	return n, err
}
