package mcp

import "sync"

// stderrLimit bounds the captured stderr of a stdio server: enough for a
// stack trace or a startup error, small enough to keep per source.
const stderrLimit = 32 << 10

// ring keeps the last stderrLimit bytes written to it. Writes never block,
// so a chatty server cannot stall on a full pipe.
type ring struct {
	mu  sync.Mutex
	buf []byte
}

func (r *ring) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(p)
	if len(p) >= stderrLimit {
		r.buf = append(r.buf[:0], p[len(p)-stderrLimit:]...)
		return n, nil
	}
	if over := len(r.buf) + len(p) - stderrLimit; over > 0 {
		r.buf = append(r.buf[:0], r.buf[over:]...)
	}
	r.buf = append(r.buf, p...)
	return n, nil
}

// String returns the captured text.
func (r *ring) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return string(r.buf)
}

// tail returns at most the last n bytes, for error messages.
func (r *ring) tail(n int) string {
	s := r.String()
	if len(s) > n {
		s = "…" + s[len(s)-n:]
	}
	return s
}
