// Package mcpclient is justbash's own client for MCP servers: JSON-RPC 2.0
// over a spawned process's stdio, Streamable HTTP, the legacy HTTP+SSE
// transport, or any message transport (the daemon's WebSocket).
//
// It exists so that the binary does not link a full MCP SDK only to call
// upstream tools: the official Go SDK brings encoding/gob, a JSON Schema
// package, segmentio's JSON and a rate limiter whose package inits run at
// every start of `justbash -c`. It is also the fast path of an upstream
// tool call: the arguments go out as the raw JSON the caller gave, and the
// result comes back as raw JSON (structuredContent keeps the server's key
// order and every digit of its integers), with no re-encoding through
// generic maps.
//
// It speaks the revisions that use the initialize handshake, 2024-11-05 to
// 2025-11-25. Servers that also speak the stateless 2026-07-28 revision
// accept that handshake as its specification asks of them.
package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Versions are the MCP revisions with the initialize handshake, newest
// first: the ones this client speaks (and justbash's server answers in).
var Versions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// LatestVersion is the revision asked for when none is configured.
const LatestVersion = "2025-11-25"

// DefaultMaxMessage bounds one incoming message on every transport.
const DefaultMaxMessage = 32 << 20

// ErrConnectionClosed is wrapped by the errors of calls that failed because
// the connection is gone (closed, or the server went away).
var ErrConnectionClosed = errors.New("connection closed")

// StartError is returned by Connect when the transport itself could not be
// started (the command did not run, the stream could not be opened), as
// opposed to a failed handshake.
type StartError struct{ Err error }

func (e *StartError) Error() string { return e.Err.Error() }
func (e *StartError) Unwrap() error { return e.Err }

// RPCError is a JSON-RPC error answered by the server.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *RPCError) Error() string {
	if len(e.Data) > 0 && len(e.Data) < 500 {
		return fmt.Sprintf("%s (code %d, data %s)", e.Message, e.Code, e.Data)
	}
	return fmt.Sprintf("%s (code %d)", e.Message, e.Code)
}

// Receiver takes what a connection reads. Receive gets one JSON-RPC
// message (or batch) whose bytes it may keep, with the context of the
// request whose answer carried it (Streamable HTTP) or a background one;
// Lost is called once when the connection has ended for good, after the
// last Receive.
type Receiver interface {
	Receive(ctx context.Context, msg []byte)
	Lost(err error)
}

// Conn is the sending half of a connection.
type Conn interface {
	// Send writes one JSON-RPC message. A transport whose requests are
	// answered in the response to the sending call (Streamable HTTP) hands
	// the answer to Receive before Send returns.
	Send(ctx context.Context, msg []byte) error
	// Close ends the connection (and stops a spawned server). It is safe
	// to call more than once.
	Close() error
}

// Transport opens connections.
type Transport interface {
	Connect(ctx context.Context, r Receiver) (Conn, error)
}

// synchronous is implemented by a Conn whose Send returns only once the
// response to a request has been received (or never will be).
type synchronous interface{ answersInSend() bool }

// negotiated is implemented by a Conn that needs the negotiated revision
// (Streamable HTTP sends it as a header, then opens its GET stream).
type negotiated interface{ initialized(version string) }

// Options configure a client.
type Options struct {
	// Name and Version are the clientInfo sent in the handshake.
	Name, Version string
	// ProtocolVersion is the revision to ask for; empty (or one newer than
	// this client speaks) asks for LatestVersion.
	ProtocolVersion string
	// Elicit answers the server's elicitation/create requests; without it
	// the capability is not announced and such requests are refused. Its
	// context is the asking call's when the transport knows it (a request
	// that came in the answer to that call's POST), else a background one.
	Elicit func(ctx context.Context, p *ElicitParams) (*ElicitResult, error)
	// ToolsChanged is called (on its own goroutine) when the server says
	// its tool list changed.
	ToolsChanged func(c *Client)
}

// InitializeResult is the server's answer to the handshake.
type InitializeResult struct {
	ProtocolVersion string          `json:"protocolVersion"`
	Capabilities    json.RawMessage `json:"capabilities"`
	ServerInfo      struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"serverInfo"`
	Instructions string `json:"instructions,omitempty"`
}

// Client is one initialized connection to an MCP server. Its methods are
// safe for concurrent use.
type Client struct {
	opts   Options
	conn   Conn
	sync   bool
	nextID atomic.Int64
	init   InitializeResult

	// serving bounds the server's requests answered at once, so that a
	// flood of them cannot pile up goroutines; past it they are dropped.
	serving chan struct{}
	// changeQueued and changeRun coalesce tools/list_changed: at most one
	// ToolsChanged runs and one waits, however many notifications come.
	changeQueued atomic.Bool
	changeRun    sync.Mutex

	mu      sync.Mutex
	pending map[int64]*waiter
	err     error // set once the connection is gone
	done    chan struct{}
	ready   chan struct{} // closed once conn is set
}

type response struct {
	result json.RawMessage
	err    error
}

// waiter is a request waiting for its answer: a synchronous Call's
// channel, or a CallAsync's callback (with the release of its context's
// AfterFunc, set once registered).
type waiter struct {
	ch   chan response
	done func(json.RawMessage, error)
	stop func() bool
}

// answer hands r to whoever waits. The caller has taken w out of pending,
// so this happens once.
func (w *waiter) answer(r response) {
	if w.done == nil {
		w.ch <- r
		return
	}
	if w.stop != nil {
		w.stop()
	}
	w.done(r.result, r.err)
}

// Connect opens a connection with t and runs the initialize handshake. A
// failure to start the transport is a *StartError. The connection does not
// depend on ctx once Connect has returned: it lives until Close.
func Connect(ctx context.Context, t Transport, opts *Options) (*Client, error) {
	c := &Client{pending: map[int64]*waiter{}, done: make(chan struct{}), ready: make(chan struct{}),
		serving: make(chan struct{}, maxServing)}
	if opts != nil {
		c.opts = *opts
	}
	conn, err := t.Connect(ctx, c)
	if err != nil {
		close(c.ready)
		return nil, &StartError{err}
	}
	c.conn = conn
	if s, ok := conn.(synchronous); ok {
		c.sync = s.answersInSend()
	}
	close(c.ready)
	if err := c.initialize(ctx); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func (c *Client) initialize(ctx context.Context) error {
	version := c.opts.ProtocolVersion
	if !slices.Contains(Versions, version) {
		version = LatestVersion
	}
	name, ver := c.opts.Name, c.opts.Version
	if name == "" {
		name, ver = "justbash", "0"
	}
	caps := map[string]any{}
	if c.opts.Elicit != nil {
		el := map[string]any{}
		if version >= "2025-11-25" {
			el["form"] = map[string]any{}
		}
		caps["elicitation"] = el
	}
	params, err := json.Marshal(map[string]any{
		"protocolVersion": version,
		"capabilities":    caps,
		"clientInfo":      map[string]string{"name": name, "version": ver},
	})
	if err != nil {
		return err
	}
	raw, err := c.Call(ctx, "initialize", params)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &c.init); err != nil {
		return fmt.Errorf("bad initialize result: %v", err)
	}
	if !slices.Contains(Versions, c.init.ProtocolVersion) {
		return fmt.Errorf("server chose protocol version %q, which this client does not speak", c.init.ProtocolVersion)
	}
	if n, ok := c.conn.(negotiated); ok {
		n.initialized(c.init.ProtocolVersion)
	}
	return c.Notify(ctx, "notifications/initialized", nil)
}

// InitializeResult is what the server said in the handshake.
func (c *Client) InitializeResult() InitializeResult { return c.init }

// Call sends a request whose params are already encoded (nil for none)
// and returns the raw result. When ctx ends first the server is told with
// notifications/cancelled.
func (c *Client) Call(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
	id := c.nextID.Add(1)
	ch := make(chan response, 1)
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return nil, err
	}
	c.pending[id] = &waiter{ch: ch}
	c.mu.Unlock()

	msg := encodeRequest(id, method, params)
	if err := c.conn.Send(ctx, msg); err != nil {
		select {
		case r := <-ch: // answered before the stream broke
			return r.result, r.err
		default:
		}
		c.forget(id)
		if ctx.Err() != nil {
			c.cancelled(ctx, id, method)
			return nil, ctx.Err()
		}
		if c.closedErr() != nil {
			return nil, c.closedErr()
		}
		return nil, err
	}
	if c.sync {
		// The answer, if any, is already in ch.
		select {
		case r := <-ch:
			return r.result, r.err
		default:
			c.forget(id)
			if err := c.closedErr(); err != nil {
				return nil, err
			}
			return nil, errors.New("the server ended its response without answering")
		}
	}
	select {
	case r := <-ch:
		return r.result, r.err
	case <-ctx.Done():
		c.forget(id)
		c.cancelled(ctx, id, method)
		return nil, ctx.Err()
	}
}

// forget drops request id and returns its waiter, or nil when it was
// answered (or forgotten) already.
func (c *Client) forget(id int64) *waiter {
	c.mu.Lock()
	w := c.pending[id]
	delete(c.pending, id)
	c.mu.Unlock()
	return w
}

func (c *Client) closedErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// cancelled tells the server that the caller gave up on request id. It is
// sent on its own goroutine: the caller has already left. The handshake is
// never cancelled (the specification forbids it); the connection is
// closed instead.
func (c *Client) cancelled(ctx context.Context, id int64, method string) {
	if method == "initialize" {
		return
	}
	reason := "cancelled"
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		reason = "timed out"
	}
	params := []byte(`{"requestId":` + strconv.FormatInt(id, 10) + `,"reason":` + strconv.Quote(reason) + `}`)
	go func() {
		nctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = c.Notify(nctx, "notifications/cancelled", params)
	}()
}

// Notify sends a notification.
func (c *Client) Notify(ctx context.Context, method string, params json.RawMessage) error {
	if err := c.closedErr(); err != nil {
		return err
	}
	return c.conn.Send(ctx, encodeNotification(method, params))
}

// Ping asks the server for an empty answer.
func (c *Client) Ping(ctx context.Context) error {
	_, err := c.Call(ctx, "ping", nil)
	return err
}

// Close ends the connection; calls in flight fail with ErrConnectionClosed.
func (c *Client) Close() error {
	c.shut(nil)
	return c.conn.Close()
}

// Wait blocks until the connection is gone and returns why.
func (c *Client) Wait() error {
	<-c.done
	return c.closedErr()
}

// Done is closed when the connection is gone.
func (c *Client) Done() <-chan struct{} { return c.done }

// shut records that the connection is gone (once) and fails every call
// still waiting.
func (c *Client) shut(cause error) {
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	if cause == nil {
		c.err = ErrConnectionClosed
	} else {
		c.err = fmt.Errorf("%w: %v", ErrConnectionClosed, cause)
	}
	pending := c.pending
	c.pending = map[int64]*waiter{}
	err := c.err
	c.mu.Unlock()
	for _, w := range pending {
		w.answer(response{err: err})
	}
	close(c.done)
}

// Lost is the transport telling that the connection ended.
func (c *Client) Lost(err error) {
	c.shut(err)
	// Reap a server process that closed its output without exiting.
	go func() {
		<-c.ready
		if c.conn != nil {
			c.conn.Close()
		}
	}()
}

func encodeRequest(id int64, method string, params json.RawMessage) []byte {
	b := make([]byte, 0, 64+len(method)+len(params))
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, `,"method":`...)
	b = strconv.AppendQuote(b, method)
	if len(params) > 0 {
		b = append(b, `,"params":`...)
		b = append(b, params...)
	}
	return append(b, '}')
}

func encodeNotification(method string, params json.RawMessage) []byte {
	b := make([]byte, 0, 48+len(method)+len(params))
	b = append(b, `{"jsonrpc":"2.0","method":`...)
	b = strconv.AppendQuote(b, method)
	if len(params) > 0 {
		b = append(b, `,"params":`...)
		b = append(b, params...)
	}
	return append(b, '}')
}

// envelope is any JSON-RPC message.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *RPCError       `json:"error"`
}

// maxBatch bounds the messages taken from one batch.
const maxBatch = 1000

// Receive dispatches one incoming message: a response goes to its caller,
// a request from the server is answered, a notification is handled or
// dropped. Malformed messages are dropped: a server's mistake must not
// take the connection down.
func (c *Client) Receive(ctx context.Context, msg []byte) {
	msg = bytes.TrimSpace(msg)
	if len(msg) > 0 && msg[0] == '[' {
		var batch []json.RawMessage
		if json.Unmarshal(msg, &batch) != nil {
			return
		}
		for i, m := range batch {
			if i == maxBatch {
				break
			}
			c.Receive(ctx, m)
		}
		return
	}
	var env envelope
	if json.Unmarshal(msg, &env) != nil {
		return
	}
	hasID := len(env.ID) > 0 && string(env.ID) != "null"
	switch {
	case env.Method == "" && hasID:
		c.deliver(env)
	case env.Method != "" && hasID:
		select {
		case c.serving <- struct{}{}:
			go func() {
				defer func() { <-c.serving }()
				c.serve(ctx, env)
			}()
		default:
		}
	case env.Method == "notifications/tools/list_changed":
		c.toolsChanged()
	}
}

// maxServing bounds the server's requests in progress at once.
const maxServing = 64

func (c *Client) toolsChanged() {
	f := c.opts.ToolsChanged
	if f == nil || c.changeQueued.Swap(true) {
		return // a run is already waiting; it will see this change too
	}
	go func() {
		c.changeRun.Lock()
		defer c.changeRun.Unlock()
		c.changeQueued.Store(false)
		f(c)
	}()
}

func (c *Client) deliver(env envelope) {
	id, err := strconv.ParseInt(string(env.ID), 10, 64)
	if err != nil {
		return // not an id of ours
	}
	w := c.forget(id)
	if w == nil {
		return // answered after its caller gave up
	}
	if env.Error != nil {
		w.answer(response{err: env.Error})
		return
	}
	w.answer(response{result: env.Result})
}

// serve answers a request from the server.
func (c *Client) serve(ctx context.Context, env envelope) {
	<-c.ready
	if c.conn == nil {
		return
	}
	var result any
	var rpcErr *RPCError
	switch env.Method {
	case "ping":
		result = struct{}{}
	case "elicitation/create":
		result, rpcErr = c.elicit(ctx, env.Params)
	default:
		rpcErr = &RPCError{Code: -32601, Message: "method not found: " + env.Method}
	}
	body := map[string]any{"jsonrpc": "2.0", "id": env.ID}
	if rpcErr != nil {
		body["error"] = rpcErr
	} else {
		body["result"] = result
	}
	b, err := json.Marshal(body)
	if err != nil {
		return
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = c.conn.Send(sctx, b)
}
