package mcp

import (
	"bytes"
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
	active []*callCtx
}

type callCtx struct{ ctx context.Context }

type callKey struct{}

func (t *tracker) enter(ctx context.Context) (context.Context, func()) {
	c := &callCtx{}
	ctx = context.WithValue(ctx, callKey{}, c)
	c.ctx = ctx
	t.mu.Lock()
	t.active = append(t.active, c)
	t.mu.Unlock()
	return ctx, func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		for i, a := range t.active {
			if a == c {
				t.active = append(t.active[:i], t.active[i+1:]...)
				return
			}
		}
	}
}

// pick returns the call context an elicitation belongs to, or nil.
func (t *tracker) pick(ctx context.Context) context.Context {
	if c, ok := ctx.Value(callKey{}).(*callCtx); ok {
		return c.ctx
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if n := len(t.active); n > 0 {
		return t.active[n-1].ctx
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
