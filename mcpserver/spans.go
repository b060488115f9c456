package mcpserver

import (
	"os"
	"strconv"
	"sync"
	"time"
)

// Span recording (debugrec.go): with JUSTBASH_MCP_SPANS=FILE the server
// appends its events to FILE and each worker to FILE.w<pid>; cmd/justbash's
// TestMCPSpans joins them with the client's own send and receive times.

// spansEnv names the switch in the server's environment.
const spansEnv = "JUSTBASH_MCP_SPANS"

// spans is nil when recording is off.
var spans = newSpanLog(os.Getenv(spansEnv))

type spanLog struct {
	mu   sync.Mutex
	path string
	buf  []byte
	once sync.Once
}

func newSpanLog(path string) *spanLog {
	if path == "" {
		return nil
	}
	return &spanLog{path: path}
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
	e := sampleEvent(ev)
	l.mu.Lock()
	l.buf = e.appendLine(l.buf)
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
