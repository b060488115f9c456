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
// allocation is only seen once it is done.
func startMemoryWatch(limit uint64, cancel func(error), done <-chan struct{}) func() bool {
	stop := make(chan struct{})
	var once sync.Once
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		base := heapSample(s)
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-stop:
				return
			case <-tick.C:
			}
			cur := heapSample(s)
			if cur <= base || cur-base <= limit {
				continue
			}
			runtime.GC()
			if cur = heapSample(s); cur > base && cur-base > limit {
				cancel(newLimitError("memory", "heap grew by %d MiB, limit %d MiB", (cur-base)>>20, limit>>20))
				return
			}
		}
	}()
	return func() bool { once.Do(func() { close(stop) }); return true }
}
