package mcpserver

import (
	"os"
	"runtime/metrics"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// Span recording: a debugging switch for profiling a call's hops across
// the server and its worker processes (bench/execute_code.md, session 8).
// With JUSTBASH_MCP_SPANS=FILE in the server's own environment (read by
// Go at start-up, never visible to a script), the server appends one line
// per event to FILE and each worker (which gets the variable from the
// server, its environment being otherwise empty) to FILE.w<pid>:
//
//	event unix-nanoseconds gc-cycles involuntary-switches voluntary-switches minor-faults
//
// cmd/justbash's TestMCPSpans joins them with the client's own send and
// receive times. Off (the default) a span is one nil check.

// spansEnv names the switch in the server's environment.
const spansEnv = "JUSTBASH_MCP_SPANS"

// spans is nil when recording is off.
var spans = newSpanLog(os.Getenv(spansEnv))

type spanLog struct {
	mu     sync.Mutex
	path   string
	buf    []byte
	sample []metrics.Sample
	once   sync.Once
}

func newSpanLog(path string) *spanLog {
	if path == "" {
		return nil
	}
	return &spanLog{path: path, sample: []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}}
}

// span records event ev now, when recording is on.
func span(ev string) {
	if spans != nil {
		spans.add(ev)
	}
}

// spanWorker makes this process's spans go to the worker's own file.
func spanWorker() {
	if spans != nil {
		spans.mu.Lock()
		spans.path += ".w" + strconv.Itoa(os.Getpid())
		spans.mu.Unlock()
	}
}

func (l *spanLog) add(ev string) {
	now := time.Now().UnixNano()
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	l.mu.Lock()
	metrics.Read(l.sample)
	var gc uint64
	if l.sample[0].Value.Kind() == metrics.KindUint64 {
		gc = l.sample[0].Value.Uint64()
	}
	b := append(l.buf, ev...)
	for _, n := range []int64{now, int64(gc), ru.Nivcsw, ru.Nvcsw, ru.Minflt} {
		b = strconv.AppendInt(append(b, ' '), n, 10)
	}
	l.buf = append(b, '\n')
	l.mu.Unlock()
	// Written out twice a second by a goroutine of its own, not on the
	// call's path.
	l.once.Do(func() { go l.flushLoop() })
}

func (l *spanLog) flushLoop() {
	for range time.Tick(500 * time.Millisecond) {
		l.mu.Lock()
		buf, path := l.buf, l.path
		l.buf = nil
		l.mu.Unlock()
		if len(buf) == 0 {
			continue
		}
		f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
		if err != nil {
			continue
		}
		_, _ = f.Write(buf)
		_ = f.Close()
	}
}

// spanEnv is the worker's environment entry that turns its recording on.
func spanEnv() []string {
	if spans == nil {
		return nil
	}
	return []string{spansEnv + "=" + spans.path}
}
