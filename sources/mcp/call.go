package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/justbash/justbash/mcpclient"
)

func (s *Source) callTimeout() time.Duration {
	if s.cfg.CallTimeout > 0 {
		return s.cfg.CallTimeout
	}
	return DefaultCallTimeout
}

// call runs one tool on the server and unwraps the result. The
// arguments go out as the caller's JSON and the result comes back as the
// server's: no decoding into maps and encoding again on the way.
func (s *Source) call(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error) {
	cl, err := s.client(ctx)
	if err != nil {
		return nil, err
	}
	timeout := s.callTimeout()
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cctx, leave := s.calls.enter(cctx)
	defer leave()

	res, err := cl.CallTool(cctx, name, args)
	if err != nil {
		return nil, s.callError(ctx, cctx, cl, timeout, err)
	}
	return unwrap(res)
}

// callError explains a failed call: the caller's context ended, the
// call's timeout passed, the connection is gone (marked dead), or the
// server answered with an error. It may ask the server for a ping.
func (s *Source) callError(ctx, cctx context.Context, cl *mcpclient.Client, timeout time.Duration, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(cctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("timed out after %s", timeout)
	}
	if s.lost(cl, err) {
		return s.withStderr(fmt.Errorf("connection to MCP server %q lost: %v", s.cfg.Name, err))
	}
	return err
}

// CallAsync calls the tool registered at path (`<name>.<segment>`) as
// its Invoke does, but returns at once: done gets the unwrapped result or
// the error exactly once. A successful answer is unwrapped and handed to
// done on the goroutine that read it from the server (mcpclient's
// CallAsync), so done must not block; errors are explained on a goroutine
// of their own (that may take a ping of the server). Connecting again to
// a server that died happens before CallAsync returns.
//
// Over Streamable HTTP the answer comes in the response to the request,
// on the caller's goroutine anyway: there the call is made as Invoke
// makes it and done runs before CallAsync returns, so that the response
// is read to its end before the call's context is let go (ending it
// while the response stream is open would cost the keep-alive
// connection).
func (s *Source) CallAsync(ctx context.Context, path string, args json.RawMessage, done func(json.RawMessage, error)) {
	if s.TryCallAsync(ctx, path, args, done) {
		return
	}
	s.toolsMu.RLock()
	name, ok := s.names[path]
	s.toolsMu.RUnlock()
	if !ok {
		done(nil, fmt.Errorf("%s: the server no longer offers this tool", path))
		return
	}
	if kind, _ := s.kind(); kind == "http" {
		done(s.call(ctx, name, args))
		return
	}
	cl, err := s.client(ctx)
	if err != nil {
		done(nil, err)
		return
	}
	s.startCall(ctx, cl, name, args, done)
}

// TryCallAsync is CallAsync when it would not block: a tool the server
// offers, over a live stdio connection. It returns false, having done
// nothing, for the calls that need a connection made, an HTTP request
// or an error explained; CallAsync (or Invoke) answers those.
func (s *Source) TryCallAsync(ctx context.Context, path string, args json.RawMessage, done func(json.RawMessage, error)) bool {
	s.toolsMu.RLock()
	name, ok := s.names[path]
	s.toolsMu.RUnlock()
	if !ok {
		return false
	}
	if kind, _ := s.kind(); kind != "stdio" {
		return false // an HTTP request is made on the caller's goroutine
	}
	s.mu.Lock()
	cl := s.cl
	live := cl != nil && s.dead == nil && !s.closed
	s.mu.Unlock()
	if !live {
		return false
	}
	s.startCall(ctx, cl, name, args, done)
	return true
}

// startCall sends the call on cl and answers done from the goroutine that
// reads the answer.
func (s *Source) startCall(ctx context.Context, cl *mcpclient.Client, name string, args json.RawMessage, done func(json.RawMessage, error)) {
	timeout := s.callTimeout()
	cctx, cancel := context.WithTimeout(ctx, timeout)
	cctx, leave := s.calls.enter(cctx)
	cl.CallToolAsync(cctx, name, args, func(res *mcpclient.CallToolResult, err error) {
		if err == nil {
			leave()
			cancel()
			done(unwrap(res))
			return
		}
		go func() {
			err := s.callError(ctx, cctx, cl, timeout, err)
			leave()
			cancel()
			done(nil, err)
		}()
	})
}

// client returns the live connection, reconnecting when the last one died.
func (s *Source) client(ctx context.Context) (*mcpclient.Client, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, fmt.Errorf("MCP source %q is closed", s.cfg.Name)
	}
	if s.cl != nil && s.dead == nil {
		return s.cl, nil
	}
	if s.cfg.NoReconnect {
		return nil, s.withStderr(fmt.Errorf("MCP server %q is not connected: %v", s.cfg.Name, s.dead))
	}
	if s.cl != nil {
		go s.cl.Close()
		s.cl = nil
	}
	cl, err := s.connect(ctx)
	if err != nil {
		return nil, fmt.Errorf("reconnect failed: %w", err)
	}
	s.cl, s.dead = cl, nil
	// The restarted server may offer different tools.
	go s.onListChanged(cl)
	return cl, nil
}

// markDead records that cl stopped working, so the next call reconnects.
func (s *Source) markDead(cl *mcpclient.Client, err error) {
	if err == nil {
		err = errors.New("connection lost")
	}
	s.mu.Lock()
	if s.cl == cl && s.dead == nil {
		s.dead = err
	}
	s.mu.Unlock()
}

// lost reports whether a failed call means the connection is gone (rather
// than the server answering with a protocol error), marking it dead.
func (s *Source) lost(cl *mcpclient.Client, callErr error) bool {
	var rpcErr *mcpclient.RPCError
	if errors.As(callErr, &rpcErr) || errors.Is(callErr, mcpclient.ErrBadArguments) {
		return false // the server answered, or was not asked
	}
	if !errors.Is(callErr, mcpclient.ErrConnectionClosed) {
		pctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		err := cl.Ping(pctx)
		cancel()
		if err == nil {
			return false
		}
	}
	s.markDead(cl, callErr)
	return true
}

// unwrap applies jsmcp's rules for connected tool results:
// structuredContent → that object, as the server wrote it; text-only → the
// joined text (JSON is not parsed); anything else → {text, content, meta};
// isError → an error carrying the text.
func unwrap(res *mcpclient.CallToolResult) (json.RawMessage, error) {
	if res == nil {
		return nil, errors.New("empty result")
	}
	var texts []string
	textOnly := true
	for _, c := range res.Content {
		if c.Type == "text" {
			texts = append(texts, c.Text)
			continue
		}
		textOnly = false
	}
	text := strings.Join(texts, "\n")
	if res.IsError {
		if text == "" {
			text = "tool reported an error"
		}
		return nil, errors.New(text)
	}
	if sc := res.StructuredContent; len(sc) > 0 && string(sc) != "null" {
		return sc, nil
	}
	if textOnly {
		return json.Marshal(text)
	}
	content := res.Content
	if content == nil {
		content = []mcpclient.Content{}
	}
	meta := res.Meta
	if len(meta) == 0 {
		meta = json.RawMessage("null")
	}
	return json.Marshal(struct {
		Text    string              `json:"text"`
		Content []mcpclient.Content `json:"content"`
		Meta    json.RawMessage     `json:"meta"`
	}{text, content, meta})
}
