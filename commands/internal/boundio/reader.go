package boundio

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Reader makes every Read return once its context is done, even when the
// underlying Read blocks (a pipe nobody writes or closes).
//
// How: a Read that may block runs in its own goroutine, into a buffer the
// Reader owns, and the caller waits for either the result or ctx.Done.
// The trade-off, which is why this is not done for readers known never to
// block: when the context wins, that goroutine stays parked in the
// underlying Read until the data arrives or the writer closes — it is not
// leaked past that read, but it lives as long as the read does, and
// whatever it reads then is dropped (the run is over; nothing may consume
// it). Only one such read is ever outstanding per Reader: after
// cancellation every later Read fails at once with the context's error.
// A Read that finishes normally costs one goroutine start and a channel
// hand-off, small next to a pipe read.
type Reader struct {
	ctx context.Context
	r   io.Reader

	mu      sync.Mutex
	buf     []byte // owned by the reading goroutine while one runs
	pending chan result
}

type result struct {
	n   int
	err error
}

// maxBuf caps the private buffer of one Read; callers asking for more get
// at most this much per call, as io.Reader allows.
const maxBuf = 64 << 10

// NewReader wraps r so its reads honour ctx. Readers that cannot block —
// in-memory readers, nil, and Readers already bound to the same context —
// are returned as they are behind a cheap context check.
func NewReader(ctx context.Context, r io.Reader) io.Reader {
	if r == nil {
		return eof{}
	}
	switch v := r.(type) {
	case *Reader:
		if v.ctx == ctx {
			return v
		}
	case *bytes.Reader, *strings.Reader, *bytes.Buffer, eof:
		return ctxReader{ctx, r}
	case *fileReader:
		if v.ctx == ctx {
			return v
		}
	}
	if ctx.Done() == nil {
		return r // never cancelled: nothing to race against
	}
	if f, ok := r.(*os.File); ok && f.SetReadDeadline(time.Time{}) == nil {
		return &fileReader{ctx: ctx, f: f}
	}
	return &Reader{ctx: ctx, r: r}
}

// fileReader is the cheaper way for OS pipes (what the shell connects a
// pipeline with): they take read deadlines, so a blocked Read is woken by
// setting a deadline in the past when the context ends — no goroutine, no
// copy. The deadline is cleared again before Read returns, so the file is
// left as it was found for anyone who reads it later.
type fileReader struct {
	ctx context.Context
	f   *os.File
}

// past is a deadline that has always expired.
var past = time.Unix(1, 0)

func (r *fileReader) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	fired := make(chan struct{})
	stop := context.AfterFunc(r.ctx, func() {
		r.f.SetReadDeadline(past)
		close(fired)
	})
	n, err := r.f.Read(p)
	if !stop() {
		// The context ended during the read: wait for the deadline to be
		// set, then clear it, so it cannot outlive this call.
		<-fired
		r.f.SetReadDeadline(time.Time{})
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return n, r.ctx.Err()
		}
	}
	return n, err
}

// Read implements io.Reader.
func (cr *Reader) Read(p []byte) (int, error) {
	if err := cr.ctx.Err(); err != nil {
		return 0, err
	}
	if len(p) == 0 {
		return 0, nil
	}
	cr.mu.Lock()
	defer cr.mu.Unlock()
	if cr.pending != nil {
		// An abandoned read is still parked; its context is done, so this
		// cannot happen unless ctx was replaced — refuse rather than race.
		return 0, context.Canceled
	}
	want := min(len(p), maxBuf)
	if cap(cr.buf) < want {
		cr.buf = make([]byte, want)
	}
	buf := cr.buf[:want]
	ch := make(chan result, 1)
	go func() {
		n, err := cr.r.Read(buf)
		ch <- result{n, err}
	}()
	select {
	case res := <-ch:
		copy(p, buf[:res.n])
		return res.n, res.err
	case <-cr.ctx.Done():
		// The goroutine owns buf now; give the Reader a fresh one should it
		// ever be read again, and remember the parked read.
		cr.buf = nil
		cr.pending = ch
		return 0, cr.ctx.Err()
	}
}

// ctxReader checks the context before each read of a reader that never
// blocks, so a loop over endless in-memory data still ends.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (r ctxReader) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	return r.r.Read(p)
}

type eof struct{}

func (eof) Read([]byte) (int, error) { return 0, io.EOF }
