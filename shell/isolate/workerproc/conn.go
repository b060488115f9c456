// Package workerproc is the machinery shared by every worker process of
// justbash: the MCP server's execute_code and bash workers
// (mcpserver.WorkerRunner) and the embedder's isolated shells (package
// isolate). It starts a worker — a process of the same binary, with an
// environment of the caller's choosing — caps the worker's own memory
// (RLIMIT_AS and the Go memory limit), keeps the head and tail of its
// stderr to explain its death, and speaks a compact framed protocol with
// it over the stdin/stdout pipes.
//
// The protocol is symmetric: either side calls a method on the other and
// waits for its reply, any number at once, and a call whose context ends
// sends a cancel that ends the handler's context on the other side. A
// frame is a 4-byte big-endian length, then a kind byte, the call id and
// the method name (uvarint-prefixed), then the body as raw bytes — tool
// arguments and results travel as the JSON they already are, with no
// re-encoding or escaping, and no per-message JSON envelope is parsed to
// find out what a frame is.
package workerproc

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
)

// Frame kinds.
const (
	kindCall   = 1
	kindReply  = 2
	kindError  = 3 // a reply carrying an error message
	kindCancel = 4
)

// MaxFrame bounds one frame (a script, a stdin, a result, a file set).
const MaxFrame = 256 << 20

// Handler answers a call from the other side. Its context ends when the
// caller cancels or the connection closes. A nil reply is an empty body.
type Handler func(ctx context.Context, method string, body []byte) ([]byte, error)

// RemoteError is an error the other side's handler returned.
type RemoteError struct{ Message string }

func (e *RemoteError) Error() string { return e.Message }

// ErrClosed is returned by calls on a connection whose peer is gone.
var ErrClosed = errors.New("workerproc: connection closed")

// Conn is one end of the protocol. Its methods are safe for concurrent use.
//
// The read side has one owner at a time. A Conn made by NewConn keeps a
// reader goroutine on it, as a worker must: its parent may call at any
// moment. The parent's end of a worker (Start) reads only while one of
// its calls waits for a reply — a worker speaks only within a call — and
// then the caller reads the frames itself (leader/follower): a reply read
// by the goroutine that waits for it needs no hand-off, where a reader
// goroutine had to make the caller runnable, and the Go scheduler woke a
// spare thread for it that found nothing to do and slept again. One
// caller leads; the others wait on their channels, and the leader
// delivers their replies and, once it has its own, hands the read side
// to one of them.
type Conn struct {
	w       io.Writer
	wmu     sync.Mutex
	handler Handler
	r       *bufio.Reader
	// onDemand: nobody reads while no call waits (the parent's end).
	onDemand bool

	mu       sync.Mutex
	nextID   uint64
	pending  map[uint64]*waiter
	inflight map[uint64]context.CancelFunc
	reading  bool // a goroutine owns r: a leading caller or the reader goroutine
	done     chan struct{}
	err      error
	ctx      context.Context // the handlers' base: cancelled at close
	cancel   context.CancelFunc

	// jobs hands a call to a serving goroutine that waits for one
	// (servers.go); idle counts those.
	jobs chan job
	idle atomic.Int32
	// starter is offered each call on the reading goroutine (SetStarter).
	starter Starter
}

// waiter is a call waiting for its reply: a Call's channels, or a
// CallAsync's callback (async.go).
type waiter struct {
	reply chan frame    // buffered: the reader never blocks on it
	lead  chan struct{} // buffered: the read side was handed to this caller
	// done answers a CallAsync; stop releases its context's AfterFunc.
	done func([]byte, error)
	stop func() bool
}

type frame struct {
	kind   byte
	id     uint64
	method string
	body   []byte
}

// NewConn starts serving r (frames from the peer) and returns the end that
// writes to w. Calls from the peer go to h (nil refuses them).
func NewConn(r io.Reader, w io.Writer, h Handler) *Conn {
	c := newConn(r, w, h)
	c.reading = true
	go c.readFrames(toEnd)
	return c
}

// newOnDemandConn is NewConn for a peer that speaks only within a call:
// frames are read by the callers waiting for replies, and by nobody in
// between. The peer's end of stream is seen by the next reader; peerGone
// starts one at once.
func newOnDemandConn(r io.Reader, w io.Writer, h Handler) *Conn {
	c := newConn(r, w, h)
	c.onDemand = true
	return c
}

func newConn(r io.Reader, w io.Writer, h Handler) *Conn {
	ctx, cancel := context.WithCancel(context.Background())
	return &Conn{w: w, handler: h, r: bufio.NewReaderSize(r, 64<<10), pending: map[uint64]*waiter{},
		inflight: map[uint64]context.CancelFunc{}, done: make(chan struct{}), ctx: ctx, cancel: cancel,
		jobs: make(chan job)}
}

// peerGone reads what the peer left in the stream up to its end, when
// no caller is reading it: the peer process exited, and Done must close.
func (c *Conn) peerGone() {
	c.mu.Lock()
	idle := !c.reading && c.err == nil
	if idle {
		c.reading = true
	}
	c.mu.Unlock()
	if idle {
		c.readFrames(toEnd)
	}
}

type peerKey struct{}

// callInfo is what a handler's context knows of its call.
type callInfo struct {
	c     *Conn
	mu    sync.Mutex
	after []func()
	// later: the handler took its reply over (Later); serve leaves the
	// call open.
	later  bool
	id     uint64
	cancel context.CancelFunc
}

// Peer is the connection a handler's call came in on, for calling back.
func Peer(ctx context.Context) *Conn {
	if ci, _ := ctx.Value(peerKey{}).(*callInfo); ci != nil {
		return ci.c
	}
	return nil
}

// AfterReply makes f run once the reply to the handler's call (ctx is
// the handler's) has been written, so that work for later — preparing for
// the next call — does not delay this one's answer. For a notification,
// f runs when the handler returns. It reports false, and does nothing,
// for a ctx that is not a handler's.
func AfterReply(ctx context.Context, f func()) bool {
	ci, _ := ctx.Value(peerKey{}).(*callInfo)
	if ci == nil {
		return false
	}
	ci.mu.Lock()
	ci.after = append(ci.after, f)
	ci.mu.Unlock()
	return true
}

// runAfter runs the functions AfterReply registered; a panic in one
// must not take the connection down.
func (ci *callInfo) runAfter() {
	ci.mu.Lock()
	after := ci.after
	ci.after = nil
	ci.mu.Unlock()
	for _, f := range after {
		func() {
			defer func() { _ = recover() }()
			f()
		}()
	}
}

// Done is closed when the peer's stream ends.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err is why the connection ended (io.EOF for a clean end).
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Call invokes method on the peer and waits for its reply. When ctx ends
// first, the peer is asked to cancel and Call keeps waiting for the reply
// (the handler decides how it ends) or the connection's end; callers that
// cannot wait bound it by killing the process.
func (c *Conn) Call(ctx context.Context, method string, body []byte) ([]byte, error) {
	wt := &waiter{reply: make(chan frame, 1), lead: make(chan struct{}, 1)}
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return nil, ErrClosed
	}
	c.nextID++
	id := c.nextID
	c.pending[id] = wt
	c.mu.Unlock()
	if err := c.send(frame{kind: kindCall, id: id, method: method, body: body}); err != nil {
		c.forget(id)
		return nil, err
	}
	if ctx.Done() != nil {
		// A leading caller sits in a read, not in a select: the cancel
		// goes out from the context's own callback.
		stop := context.AfterFunc(ctx, func() { _ = c.send(frame{kind: kindCancel, id: id}) })
		defer stop()
	}
	return c.await(id, wt)
}

// await waits for the reply to call id, reading the stream itself
// whenever nobody else does.
func (c *Conn) await(id uint64, wt *waiter) ([]byte, error) {
	for {
		select {
		case f := <-wt.reply:
			return f.result()
		default:
		}
		c.mu.Lock()
		lead := !c.reading && c.err == nil
		if lead {
			c.reading = true
		}
		c.mu.Unlock()
		if !lead {
			select {
			case f := <-wt.reply:
				return f.result()
			case <-wt.lead:
			case <-c.done:
				c.forget(id)
				// A reply may have raced the end.
				select {
				case f := <-wt.reply:
					return f.result()
				default:
				}
				return nil, ErrClosed
			}
		}
		// This caller owns the read side until its reply is in.
		c.readFrames(id)
	}
}

// result is a reply frame as Call returns it.
func (f frame) result() ([]byte, error) {
	if f.kind == kindError {
		return nil, &RemoteError{Message: string(f.body)}
	}
	return f.body, nil
}

// Notify calls method on the peer without waiting: no reply comes back.
func (c *Conn) Notify(method string, body []byte) error {
	return c.send(frame{kind: kindCall, id: 0, method: method, body: body})
}

// forget drops a call that no longer waits; when the read side had been
// handed to it meanwhile, it goes on to another caller (or to nobody).
func (c *Conn) forget(id uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	wt := c.pending[id]
	delete(c.pending, id)
	if wt == nil {
		return
	}
	select {
	case <-wt.lead:
		c.passReadLocked()
	default:
	}
}

// send writes one frame in a single Write.
func (c *Conn) send(f frame) error {
	buf, err := encodeFrame(f)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err = c.w.Write(buf)
	return err
}

// encodeFrame lays out one frame in one buffer.
func encodeFrame(f frame) ([]byte, error) {
	var hdr [4 + 1 + 2*binary.MaxVarintLen64]byte
	n := 4
	hdr[n] = f.kind
	n++
	n += binary.PutUvarint(hdr[n:], f.id)
	n += binary.PutUvarint(hdr[n:], uint64(len(f.method)))
	size := n - 4 + len(f.method) + len(f.body)
	if size > MaxFrame {
		return nil, fmt.Errorf("workerproc: message of %d bytes is over the %d-byte limit", size, MaxFrame)
	}
	binary.BigEndian.PutUint32(hdr[:4], uint32(size))
	buf := make([]byte, 0, 4+size)
	return append(append(append(buf, hdr[:n]...), f.method...), f.body...), nil
}

// OnCallRead, when set (before any Conn is made), is called by the reader
// as soon as a call frame has been read, before it is dispatched: span
// recording for profiling (mcpserver's JUSTBASH_MCP_SPANS).
var OnCallRead func(method string)

// toEnd is readFrames' self for a reader that reads to the stream's end.
const toEnd = ^uint64(0)

// readFrames dispatches the peer's frames, owning the read side: for the
// caller of call self until that call's reply is in, or to the stream's
// end (self toEnd).
func (c *Conn) readFrames(self uint64) {
	for {
		f, err := readFrame(c.r)
		if err != nil {
			c.end(err)
			return
		}
		switch f.kind {
		case kindReply, kindError:
			c.mu.Lock()
			wt := c.pending[f.id]
			delete(c.pending, f.id)
			var async *waiter
			if wt != nil {
				if wt.done != nil {
					async = wt
				} else {
					wt.reply <- f
				}
			}
			stop := f.id == self
			if stop {
				c.passReadLocked()
			}
			c.mu.Unlock()
			if async != nil {
				async.answer(f.result())
			}
			if stop {
				return
			}
			if wt != nil {
				handOff()
			}
		case kindCancel:
			c.mu.Lock()
			if cancel := c.inflight[f.id]; cancel != nil {
				cancel()
			}
			c.mu.Unlock()
		case kindCall:
			if OnCallRead != nil {
				OnCallRead(f.method)
			}
			ci := &callInfo{c: c, id: f.id}
			ctx, cancel := context.WithCancel(context.WithValue(c.ctx, peerKey{}, ci))
			ci.cancel = cancel
			var starter Starter // for calls only: a notification has no reply
			if f.id != 0 {
				c.mu.Lock()
				c.inflight[f.id] = cancel
				starter = c.starter
				c.mu.Unlock()
			}
			if starter != nil && starter(ctx, f.method, f.body, ci.replyOnce()) {
				continue
			}
			c.dispatch(job{ctx, cancel, ci, f})
			handOff()
		}
	}
}

// passReadLocked gives up the read side: to a caller still waiting for
// its reply, or to a new reader goroutine (a NewConn's peer may call at
// any time), or to nobody.
func (c *Conn) passReadLocked() {
	if c.err != nil { // the stream ended: nothing is left to read
		c.reading = false
		return
	}
	for _, wt := range c.pending {
		if wt.lead == nil {
			continue // a CallAsync: it does not read
		}
		wt.lead <- struct{}{}
		return
	}
	if !c.onDemand {
		go c.readFrames(toEnd)
		return
	}
	c.reading = false
}

// end records why the stream ended and releases everyone waiting on it.
func (c *Conn) end(err error) {
	c.mu.Lock()
	c.err = err
	var orphans []*waiter
	for id, wt := range c.pending {
		if wt.done != nil {
			orphans = append(orphans, wt)
			delete(c.pending, id)
		}
	}
	c.mu.Unlock()
	c.cancel()
	close(c.done)
	for _, wt := range orphans {
		wt.answer(nil, ErrClosed)
	}
}

// handOff lets the goroutine the reader just made runnable (a handler,
// or a caller waiting for its reply) run on this thread at once, before
// the reader goes back to its pipe. A worker's stdin is a blocking file:
// the reader's next read parks the thread in the kernel together with its
// run queue, and the goroutine would wait for another thread to wake up
// and steal it — on a busy machine, or a worker idle long enough for the
// Go scheduler to slow its polling down, that took milliseconds (it was
// most of a worker's first call). The reader runs again as soon as a
// thread is free, which is before the next frame can matter.
func handOff() { runtime.Gosched() }

// serve runs one call from the peer and sends its reply.
func (c *Conn) serve(ctx context.Context, cancel context.CancelFunc, ci *callInfo, f frame) {
	out, err := c.handle(ctx, f)
	ci.mu.Lock()
	later := ci.later
	ci.mu.Unlock()
	if later {
		return // the reply function Later gave ends the call
	}
	if f.id != 0 { // not a notification
		c.sendReply(f.id, out, err, c.send)
	}
	c.finish(f.id, cancel, ci)
}

// sendReply answers call id with out, or err, through send.
func (c *Conn) sendReply(id uint64, out []byte, err error, send func(frame) error) {
	reply := frame{kind: kindReply, id: id, body: out}
	if err != nil {
		reply = frame{kind: kindError, id: id, body: []byte(err.Error())}
	}
	if err := send(reply); err != nil && reply.kind == kindReply {
		// Too large to send: the caller still gets an answer.
		_ = send(frame{kind: kindError, id: id, body: []byte(err.Error())})
	}
}

// finish ends a served call once its reply is out: its context, and the
// work AfterReply left for then.
func (c *Conn) finish(id uint64, cancel context.CancelFunc, ci *callInfo) {
	if id != 0 {
		c.mu.Lock()
		delete(c.inflight, id)
		c.mu.Unlock()
	}
	cancel()
	ci.runAfter()
}

func (c *Conn) handle(ctx context.Context, f frame) (out []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	if c.handler == nil {
		return nil, fmt.Errorf("no handler for %q", f.method)
	}
	return c.handler(ctx, f.method, f.body)
}

// readFrame reads one frame, checking its size before allocating.
func readFrame(r *bufio.Reader) (frame, error) {
	var lenb [4]byte
	if _, err := io.ReadFull(r, lenb[:]); err != nil {
		return frame{}, err
	}
	size := binary.BigEndian.Uint32(lenb[:])
	if size < 3 || size > MaxFrame {
		return frame{}, fmt.Errorf("workerproc: bad frame size %d", size)
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(r, data); err != nil {
		return frame{}, err
	}
	f := frame{kind: data[0]}
	rest := data[1:]
	id, n := binary.Uvarint(rest)
	if n <= 0 {
		return frame{}, errors.New("workerproc: bad frame id")
	}
	rest = rest[n:]
	ml, n := binary.Uvarint(rest)
	if n <= 0 || ml > uint64(len(rest)-n) {
		return frame{}, errors.New("workerproc: bad frame method")
	}
	rest = rest[n:]
	f.id, f.method, f.body = id, string(rest[:ml]), rest[ml:]
	return f, nil
}
