package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// CallAsync is Call without the wait: it sends the request and returns,
// and done gets the raw result or the error, exactly once.
//
// It exists for callers that only pass the answer on (the MCP server
// relays an upstream's answer to a worker process): done runs on the
// goroutine that read the answer — the transport's reader — so the answer
// goes on from the thread it woke, where Call's channel made the caller
// runnable and the Go scheduler woke a spare thread to run it. done must
// therefore not block, nor call this client synchronously (its answer
// could only be read by the goroutine done is holding up). It may also
// run on CallAsync's own goroutine (a failed send, a synchronous
// transport's answer, a connection already gone) or on ctx's AfterFunc
// goroutine when ctx ends first, after the server is told with
// notifications/cancelled, as Call does.
func (c *Client) CallAsync(ctx context.Context, method string, params json.RawMessage, done func(json.RawMessage, error)) {
	if err := ctx.Err(); err != nil {
		done(nil, err)
		return
	}
	id := c.nextID.Add(1)
	w := &waiter{done: done}
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		done(nil, err)
		return
	}
	c.pending[id] = w
	c.mu.Unlock()
	if ctx.Done() != nil {
		stop := context.AfterFunc(ctx, func() {
			if c.forget(id) != nil {
				c.cancelled(ctx, id, method)
				done(nil, ctx.Err())
			}
		})
		// The answer may be in already; then nobody else calls stop.
		c.mu.Lock()
		still := c.pending[id] == w
		if still {
			w.stop = stop
		}
		c.mu.Unlock()
		if !still {
			stop()
		}
	}

	msg := encodeRequest(id, method, params)
	if err := c.conn.Send(ctx, msg); err != nil {
		w := c.forget(id)
		if w == nil {
			return // answered before the stream broke, or cancelled
		}
		if w.stop != nil {
			w.stop()
		}
		switch {
		case ctx.Err() != nil:
			c.cancelled(ctx, id, method)
			err = ctx.Err()
		case c.closedErr() != nil:
			err = c.closedErr()
		}
		done(nil, err)
		return
	}
	if c.sync {
		// The answer, if any, came in Send.
		if w := c.forget(id); w != nil {
			err := c.closedErr()
			if err == nil {
				err = errors.New("the server ended its response without answering")
			}
			w.answer(response{err: err})
		}
	}
}

// CallToolAsync is CallTool with CallAsync's way of answering: done gets
// the decoded result or the error exactly once, on the goroutine that
// read the answer (see CallAsync for what done must not do).
func (c *Client) CallToolAsync(ctx context.Context, name string, args json.RawMessage, done func(*CallToolResult, error)) {
	params, err := toolCallParams(name, args)
	if err != nil {
		done(nil, err)
		return
	}
	c.CallAsync(ctx, "tools/call", params, func(raw json.RawMessage, err error) {
		if err != nil {
			done(nil, err)
			return
		}
		var res CallToolResult
		if err := json.Unmarshal(raw, &res); err != nil {
			done(nil, fmt.Errorf("bad tools/call result: %v", err))
			return
		}
		done(&res, nil)
	})
}
