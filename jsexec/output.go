package jsexec

import (
	"bytes"
	"io"
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// output counts what a script prints against the output limit and keeps a
// copy of each console line for Result.Logs.
type output struct {
	mu       sync.Mutex
	stdout   io.Writer
	stderr   io.Writer
	outBuf   *bytes.Buffer
	errBuf   *bytes.Buffer
	written  int64
	limit    int64
	tripped  bool
	onLimit  func(error)
	logs     []LogEntry
	logBytes int64
}

func newOutput(stdout, stderr io.Writer, limit int64, onLimit func(error)) *output {
	o := &output{stdout: stdout, stderr: stderr, limit: limit, onLimit: onLimit}
	if o.stdout == nil {
		o.outBuf = &bytes.Buffer{}
		o.stdout = o.outBuf
	}
	if o.stderr == nil {
		o.errBuf = &bytes.Buffer{}
		o.stderr = o.errBuf
	}
	return o
}

// write sends s to stdout (fd 1) or stderr (fd 2). Past the limit the rest
// is dropped and the run is cancelled with a message naming the limit.
func (o *output) write(fd int, s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.tripped {
		return
	}
	w := o.stdout
	if fd == 2 {
		w = o.stderr
	}
	room := o.limit - o.written
	if int64(len(s)) > room {
		s = s[:max(room, 0)]
		o.tripped = true
	}
	o.written += int64(len(s))
	_, _ = io.WriteString(w, s)
	if o.tripped {
		o.onLimit(newLimitError("output", "%d bytes", o.limit))
	}
}

func (o *output) log(level, text string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	// Logs are a copy of the output: bounded by the same limit.
	if o.logBytes+int64(len(text)) > o.limit {
		return
	}
	o.logBytes += int64(len(text))
	o.logs = append(o.logs, LogEntry{Level: level, Text: text})
}

// heapSample reads the live-object heap size. It is process-wide: the
// watchdog below measures growth from the run's start, not ownership.
func heapSample(s []metrics.Sample) uint64 {
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// startMemoryWatch polls the heap every few milliseconds and cancels the
// run once growth passes limit (after a GC confirms it is live data, so a
// script that only makes garbage is not stopped). Precision: a poll
// interval of allocation can happen before it trips, and one huge single
// allocation is only seen once it is done. The polls are timer callbacks,
// not a goroutine of the run's own: most runs end before the first one,
// and starting (and waking) a goroutine per run was a cost on every call.
func startMemoryWatch(limit uint64, cancel func(error), done <-chan struct{}) func() bool {
	w := &memoryWatch{limit: limit, cancel: cancel, done: done,
		s: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}}
	w.base = heapSample(w.s)
	w.mu.Lock()
	w.t = time.AfterFunc(memoryPoll, w.poll)
	w.mu.Unlock()
	return w.stop
}

// memoryPoll is the interval of startMemoryWatch's polls.
const memoryPoll = 5 * time.Millisecond

type memoryWatch struct {
	limit  uint64
	cancel func(error)
	done   <-chan struct{}
	s      []metrics.Sample // used by one poll at a time: each re-arms the next
	base   uint64

	mu      sync.Mutex
	t       *time.Timer
	stopped bool
}

func (w *memoryWatch) stop() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = true
	w.t.Stop()
	return true
}

// poll is one check; it re-arms the timer unless the run is over or
// has been cancelled.
func (w *memoryWatch) poll() {
	select {
	case <-w.done:
		return
	default:
	}
	if cur := heapSample(w.s); cur > w.base && cur-w.base > w.limit {
		runtime.GC()
		if cur = heapSample(w.s); cur > w.base && cur-w.base > w.limit {
			w.cancel(newLimitError("memory", "heap grew by %d MiB, limit %d MiB", (cur-w.base)>>20, w.limit>>20))
			return
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.stopped {
		w.t.Reset(memoryPoll)
	}
}
