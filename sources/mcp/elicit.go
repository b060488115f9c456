package mcp

import (
	"bytes"
	"container/list"
	"context"
	"encoding/json"
	"sync"

	"github.com/justbash/justbash/mcpclient"
	"github.com/justbash/justbash/toolcmd"
)

// tracker remembers the contexts of calls in flight. Over Streamable HTTP
// a server's elicitation/create comes in the answer to the call that
// caused it, and mcpclient hands over that call's context. On stdio, SSE
// and WebSocket it arrives on the transport, not on a call; it is then
// answered in the context of the most recent call still running on this
// source, which is the one that asked whenever calls are not concurrent.
type tracker struct {
	mu     sync.Mutex
	active list.List // of *callCtx, the most recent last
}

type callCtx struct{ ctx context.Context }

type callKey struct{}

// enter records a call in flight until the returned func is called; both
// take constant time, however many calls a busy daemon has in flight.
func (t *tracker) enter(ctx context.Context) (context.Context, func()) {
	c := &callCtx{}
	ctx = context.WithValue(ctx, callKey{}, c)
	c.ctx = ctx
	t.mu.Lock()
	e := t.active.PushBack(c)
	t.mu.Unlock()
	return ctx, func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		t.active.Remove(e) // a no-op the second time
	}
}

// pick returns the call context an elicitation belongs to, or nil.
func (t *tracker) pick(ctx context.Context) context.Context {
	if c, ok := ctx.Value(callKey{}).(*callCtx); ok {
		return c.ctx
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if e := t.active.Back(); e != nil {
		return e.Value.(*callCtx).ctx
	}
	return nil
}

// elicit routes the server's elicitation requests to the Invoker's
// elicitation hook via toolcmd.Elicit.
func (s *Source) elicit(ctx context.Context, p *mcpclient.ElicitParams) (*mcpclient.ElicitResult, error) {
	decline := &mcpclient.ElicitResult{Action: string(toolcmd.ActionDecline)}
	callCtx := s.calls.pick(ctx)
	if callCtx == nil || p == nil {
		return decline, nil
	}
	er := toolcmd.ElicitRequest{Message: p.Message, URL: p.URL, ElicitationID: p.ElicitationID}
	if rs := bytes.TrimSpace(p.RequestedSchema); len(rs) > 0 && string(rs) != "null" {
		er.RequestedSchema = json.RawMessage(rs)
	}
	resp, err := toolcmd.Elicit(callCtx, er)
	action := resp.Action
	if action == "" {
		action = toolcmd.ActionDecline
	}
	if err != nil && action == toolcmd.ActionAccept {
		action = toolcmd.ActionCancel
	}
	out := &mcpclient.ElicitResult{Action: string(action)}
	if action == toolcmd.ActionAccept {
		content := resp.Content
		if content == nil {
			content = map[string]any{}
		}
		out.Content = content
	}
	return out, nil
}
