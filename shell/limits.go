package shell

import (
	"errors"
	"fmt"
	"io"
	"runtime/metrics"
	"sync"
	"time"

	"github.com/justbash/justbash/shell/eval"
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

// evalLimits is what the evaluator enforces of l.
func (l Limits) evalLimits() eval.Limits {
	elems := int64(0)
	if l.MaxStringBytes > 0 {
		// An array or word list costs at least a string header per
		// element: bound elements by the string budget.
		elems = max(l.MaxStringBytes/16, 1<<16)
	}
	return eval.Limits{
		Timeout:        l.Timeout,
		MaxSteps:       l.MaxSteps,
		MaxCallDepth:   l.MaxCallDepth,
		MaxStringBytes: l.MaxStringBytes,
		MaxArrayElems:  elems,
		MaxHeapBytes:   l.MaxHeapBytes,
		MaxJobs:        l.MaxBackgroundJobs,
	}
}

// limitError converts the evaluator's limit error to ours.
func limitError(err error) (*LimitError, bool) {
	var le *eval.LimitError
	if errors.As(err, &le) {
		return &LimitError{Name: le.Name, Value: le.Value}, true
	}
	return nil, false
}

// limitWriter passes writes to w until max bytes were written, then stops
// the run. It serialises writes, since pipelines write from several
// goroutines.
type limitWriter struct {
	mu   sync.Mutex
	w    io.Writer
	n    int64
	max  int64
	name string
	trip func(name string, value any)
}

var errOutputLimit = errors.New("output limit exceeded")

func (lw *limitWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.max > 0 && lw.n+int64(len(p)) > lw.max {
		room := lw.max - lw.n
		if room > 0 {
			lw.w.Write(p[:room])
			lw.n += room
		}
		lw.trip(lw.name, lw.max)
		return int(max(room, 0)), errOutputLimit
	}
	n, err := lw.w.Write(p)
	lw.n += int64(n)
	return n, err
}

func heapBytes() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}
