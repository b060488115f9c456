package eval

import (
	"io"
	"sync"
)

// pipeBufSize is the capacity of a pipeline's pipe, as a Linux pipe's.
// Writers do not wait for their reader while it has room, so
// `echo a | cat | false` ends with every stage's status as in bash, and a
// writer only meets a broken pipe when its reader is gone and the buffer
// cannot take the write.
const pipeBufSize = 64 << 10

// bufPipe is an in-memory pipe with a kernel pipe's buffer.
type bufPipe struct {
	mu      sync.Mutex
	cond    *sync.Cond
	buf     []byte
	wclosed bool // writer done: reads drain, then EOF
	rclosed bool // reader gone: writes fail
}

func newBufPipe() *bufPipe {
	p := &bufPipe{}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// pipeReader and pipeWriter are a bufPipe's two ends.
type pipeReader struct{ p *bufPipe }
type pipeWriter struct{ p *bufPipe }

func (r pipeReader) Read(b []byte) (int, error) {
	p := r.p
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.buf) == 0 {
		if p.wclosed || p.rclosed {
			return 0, io.EOF
		}
		p.cond.Wait()
	}
	n := copy(b, p.buf)
	p.buf = p.buf[n:]
	if len(p.buf) == 0 {
		p.buf = nil
	}
	p.cond.Broadcast()
	return n, nil
}

// Close is the reader going away: pending and later writes fail.
func (r pipeReader) Close() error {
	p := r.p
	p.mu.Lock()
	p.rclosed = true
	p.buf = nil
	p.cond.Broadcast()
	p.mu.Unlock()
	return nil
}

func (w pipeWriter) Write(b []byte) (int, error) {
	p := w.p
	p.mu.Lock()
	defer p.mu.Unlock()
	written := 0
	for len(b) > 0 {
		if p.wclosed {
			return written, io.ErrClosedPipe
		}
		room := pipeBufSize - len(p.buf)
		if room <= 0 {
			// The reader going away breaks the pipe for a writer that
			// would have to wait: small writes land in the buffer as
			// they would under bash, whose writer nearly always runs
			// before its reader has even started (goroutines start in
			// no such order), so `{ echo hi; exit 55; } | false` ends
			// with 55; an endless writer (yes | head -1) still fills
			// the buffer and fails.
			if p.rclosed {
				return written, io.ErrClosedPipe
			}
			p.cond.Wait()
			continue
		}
		n := min(room, len(b))
		p.buf = append(p.buf, b[:n]...)
		b = b[n:]
		written += n
		p.cond.Broadcast()
	}
	return written, nil
}

// Close is the writer finishing: the reader sees EOF after the buffer.
func (w pipeWriter) Close() error {
	p := w.p
	p.mu.Lock()
	p.wclosed = true
	p.cond.Broadcast()
	p.mu.Unlock()
	return nil
}
