package eval

import (
	"bytes"
	"io"
	"sync"
)

// pipeCapacity is how much a pipeline's pipe holds before a writer has to
// wait for the reader: the Linux default pipe capacity.
const pipeCapacity = 64 << 10

// bufPipe is a pipeline's pipe, buffered as a kernel pipe is. Under bash a
// small writer nearly always fills the kernel buffer before the reader
// has even started, so `{ echo hi; exit 55; } | false` ends with 55 and
// `{ echo a; echo b; } | grep -q a` never sees SIGPIPE. Goroutines start
// in no such order, so the reader going away breaks the pipe only for a
// writer that would have to wait: while the buffer has room, writes land
// in it as they would have under bash. A writer that keeps writing
// (yes | head -1) fills the buffer and then fails with io.ErrClosedPipe.
type bufPipe struct {
	mu         sync.Mutex
	cond       sync.Cond
	buf        bytes.Buffer
	readerGone bool
	writerErr  error // set when the writer closed: io.EOF or its error
}

// newBufPipe makes a buffered pipe and returns its two ends.
func newBufPipe() (*bufPipeReader, *bufPipeWriter) {
	p := &bufPipe{}
	p.cond.L = &p.mu
	return &bufPipeReader{p}, &bufPipeWriter{p}
}

type bufPipeReader struct{ p *bufPipe }

type bufPipeWriter struct{ p *bufPipe }

// Read returns buffered bytes, waiting for some while the writer is open.
func (r *bufPipeReader) Read(b []byte) (int, error) {
	p := r.p
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.buf.Len() == 0 {
		if p.readerGone {
			return 0, io.ErrClosedPipe
		}
		if p.writerErr != nil {
			return 0, p.writerErr
		}
		if len(b) == 0 {
			return 0, nil
		}
		p.cond.Wait()
	}
	n, _ := p.buf.Read(b)
	if p.buf.Len() == 0 {
		p.buf.Reset()
	}
	p.cond.Broadcast()
	return n, nil
}

// Close is the reader going away; buffered bytes are dropped.
func (r *bufPipeReader) Close() error {
	p := r.p
	p.mu.Lock()
	defer p.mu.Unlock()
	p.readerGone = true
	p.cond.Broadcast()
	return nil
}

// Write buffers b, waiting while the buffer is full and the reader is
// there to empty it.
func (w *bufPipeWriter) Write(b []byte) (int, error) {
	p := w.p
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for len(b) > 0 {
		if p.writerErr != nil {
			return n, io.ErrClosedPipe
		}
		room := pipeCapacity - p.buf.Len()
		if room > 0 {
			k := min(room, len(b))
			p.buf.Write(b[:k])
			n += k
			b = b[k:]
			p.cond.Broadcast()
			continue
		}
		if p.readerGone {
			return n, io.ErrClosedPipe
		}
		p.cond.Wait()
	}
	return n, nil
}

// Close ends the stream: the reader sees EOF after the buffered bytes.
func (w *bufPipeWriter) Close() error {
	p := w.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.writerErr == nil {
		p.writerErr = io.EOF
	}
	p.cond.Broadcast()
	return nil
}
