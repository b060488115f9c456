package workerproc

import (
	"context"
	"errors"
	"sync"
	"syscall"
)

// Later takes over the reply to the handler's call (ctx is the
// handler's): the handler's own return is then ignored, and the call
// stays open — its context live, a cancel from the caller still ending
// it — until reply is called, once (later calls do nothing). It returns
// nil for a ctx that is not a handler's.
//
// It exists for answers that come from elsewhere: the MCP server relays
// an upstream server's answer to a worker's tool call from the goroutine
// that read it, instead of waking the handler's goroutine to write it.
// reply never blocks its caller (that goroutine serves every call to that
// upstream): a frame the pipe cannot take at once, or that must wait for
// another frame being written, is finished by a goroutine of its own.
func Later(ctx context.Context) (reply func(out []byte, err error)) {
	ci, _ := ctx.Value(peerKey{}).(*callInfo)
	if ci == nil {
		return nil
	}
	ci.mu.Lock()
	ci.later = true
	ci.mu.Unlock()
	return ci.replyOnce()
}

// replyOnce is the function that answers ci's call, once, without waiting
// (Later's, and a Starter's reply).
func (ci *callInfo) replyOnce() func(out []byte, err error) {
	var once sync.Once
	return func(out []byte, err error) {
		once.Do(func() {
			c := ci.c
			if ci.id != 0 {
				c.sendReply(ci.id, out, err, c.sendNoWait)
			}
			c.finish(ci.id, ci.cancel, ci)
		})
	}
}

// sendNoWait is send for a caller that must not wait: on the writer lock,
// nor on a pipe the peer does not drain (a worker that stopped reading
// must not stall its parent's goroutine). What cannot be written at once
// is written by a goroutine, which keeps the lock until the frame is out.
func (c *Conn) sendNoWait(f frame) error {
	buf, err := encodeFrame(f)
	if err != nil {
		return err
	}
	if !c.wmu.TryLock() {
		go c.writeLocked(buf, true)
		return nil
	}
	n := c.writeNow(buf)
	if n == len(buf) {
		c.wmu.Unlock()
		return nil
	}
	go c.writeLocked(buf[n:], false)
	return nil
}

// writeLocked writes buf, taking the writer lock first unless the caller
// holds it, and releases it.
func (c *Conn) writeLocked(buf []byte, lock bool) {
	if lock {
		c.wmu.Lock()
	}
	defer c.wmu.Unlock()
	_, _ = c.w.Write(buf)
}

// rawConner is a writer whose descriptor can be written without waiting
// (an *os.File on Go's poller, as a worker's pipes are).
type rawConner interface {
	SyscallConn() (syscall.RawConn, error)
}

// writeNow writes what the pipe takes without waiting and returns how
// much that was; a writer that cannot be written that way is written in
// full. The caller holds wmu.
func (c *Conn) writeNow(buf []byte) int {
	rc, ok := c.w.(rawConner)
	if !ok {
		_, _ = c.w.Write(buf)
		return len(buf)
	}
	raw, err := rc.SyscallConn()
	if err != nil {
		return 0
	}
	written := 0
	_ = raw.Write(func(fd uintptr) bool {
		for written < len(buf) {
			n, err := syscall.Write(int(fd), buf[written:])
			if n > 0 {
				written += n
			}
			if errors.Is(err, syscall.EINTR) {
				continue
			}
			if err != nil || n <= 0 {
				break
			}
		}
		return true // never wait for the pipe: the rest goes to a goroutine
	})
	return written
}
