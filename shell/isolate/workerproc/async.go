package workerproc

import "context"

// CallAsync is Call without the wait: done gets the reply, the handler's
// error (a *RemoteError) or ErrClosed, exactly once. On a Conn that reads
// on its own (NewConn: a worker's end), done runs on the reader's
// goroutine, so it must not block; the answer goes on from the thread the
// reply woke, where Call's channel had to make the caller runnable first.
// It runs on the caller's goroutine when the call cannot go out. When ctx
// ends first, the peer is asked to cancel, as with Call, and done still
// waits for the handler's reply or the connection's end. On a parent's
// end (Start), which reads only while a caller waits, the call waits on a
// goroutine of its own.
func (c *Conn) CallAsync(ctx context.Context, method string, body []byte, done func([]byte, error)) {
	if c.onDemand {
		go func() { done(c.Call(ctx, method, body)) }()
		return
	}
	wt := &waiter{done: done}
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		done(nil, ErrClosed)
		return
	}
	c.nextID++
	id := c.nextID
	c.pending[id] = wt
	c.mu.Unlock()
	if err := c.send(frame{kind: kindCall, id: id, method: method, body: body}); err != nil {
		if c.take(id) {
			done(nil, err)
		}
		return
	}
	if ctx.Done() == nil {
		return
	}
	stop := context.AfterFunc(ctx, func() { _ = c.send(frame{kind: kindCancel, id: id}) })
	// The reply may be in already; then its reader could not stop the
	// AfterFunc, and this goroutine does.
	c.mu.Lock()
	still := c.pending[id] == wt
	if still {
		wt.stop = stop
	}
	c.mu.Unlock()
	if !still {
		stop()
	}
}

// take removes call id from the pending calls and reports whether it was
// still there (nobody has answered it).
func (c *Conn) take(id uint64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.pending[id]
	delete(c.pending, id)
	return ok
}

// answer ends a CallAsync: its context's AfterFunc, then done. The caller
// took w out of the pending calls under c.mu, which also orders w.stop's
// write before this read.
func (w *waiter) answer(out []byte, err error) {
	if w.stop != nil {
		w.stop()
	}
	w.done(out, err)
}
