package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The MCP server of the meta tools, written here rather than taken from
// mcp-go's server package: that package links a JSON Schema compiler
// whose package initialisation alone costs 11–17 ms on every start of the
// binary (every `justbash -c`, not only the MCP server), and its per-call
// path decodes each message twice through generic maps and hooks. (The
// upstream side is ours too: package mcpclient, used by sources/mcp, the
// OAuth flow and WSTransport.) This one
// speaks the MCP revisions that use the initialize handshake (2024-11-05
// to 2025-11-25) over JSON-RPC 2.0: initialize, ping, tools/list,
// tools/call, notifications, and elicitation requests to the client. A
// client that probes for the stateless revision with server/discover gets
// "method not found" and falls back to initialize, as the specification
// asks of it.

// JSON-RPC 2.0 error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
)

// MCPServer answers MCP messages for rt's meta tools. The caller's profile
// and session come from the context (WithScope).
type MCPServer struct {
	rt *Runtime
	// toolsResult is the tools/list result, encoded once: the tools never
	// change.
	toolsResult []byte
}

// NewMCPServer returns the MCP server of rt's meta tools.
func NewMCPServer(rt *Runtime) *MCPServer {
	b, err := json.Marshal(map[string]any{"tools": metaTools()})
	if err != nil {
		panic("mcpserver: encoding the meta tools: " + err.Error()) // static data
	}
	return &MCPServer{rt: rt, toolsResult: b}
}

// callParams are the params of tools/call.
type callParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// arguments decodes the call's arguments. execute_code's data is kept as
// the client sent it (a json.RawMessage): the run parses it once, in the
// VM, as JSON.parse would; decoded into Go values and encoded again it
// cost two passes and an allocation per element (50,000 numbers: ~40 ms).
func (p *callParams) arguments() (map[string]any, error) {
	if len(p.Arguments) == 0 || string(p.Arguments) == "null" {
		return nil, nil
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(p.Arguments, &raw); err != nil {
		return nil, err
	}
	args := make(map[string]any, len(raw))
	for k, v := range raw {
		if k == "data" && p.Name == ToolExecuteCode {
			args[k] = v
			continue
		}
		var x any
		if err := json.Unmarshal(v, &x); err != nil {
			return nil, err
		}
		args[k] = x
	}
	return args, nil
}

// warmCodecs decodes and encodes, once per process and off any call's
// path, what a tools/call of execute_code does, so that encoding/json
// builds its codecs for these types (reflection over each, cached for the
// process) before the first call rather than during it: that was a
// millisecond of the first call, on a busy machine several. NewRuntime
// starts it before the upstreams: started from NewMCPServer, as
// initialize was answered, it often ran during initialize or the first
// call (start-up trace: 0.1-3 ms beside them at load ~14).
var warmCodecs = sync.OnceFunc(func() {
	defer traceSpan("codecs")()
	var m rpcMsg
	_ = json.Unmarshal([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return 1","data":{"a":[1,"b",true,null]}}}}`), &m)
	var p callParams
	_ = json.Unmarshal(m.Params, &p)
	args, _ := p.arguments()
	_, _ = parseExecuteArgs(args)
	encodeToolResult(renderExec(ExecResult{Value: json.RawMessage(`{"a":1}`)}, true))
	encodeToolResult(renderExec(ExecResult{Value: json.RawMessage(`"s"`)}, true))
})

// rpcMsg is any JSON-RPC message: a request or notification (method set)
// or a response to one of our requests (result or error set).
type rpcMsg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   *rpcError       `json:"error"`
}

type rpcError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%s (JSON-RPC error %d)", e.Message, e.Code) }

// hasID tells a request from a notification: a missing or null id is a
// notification.
func (m *rpcMsg) hasID() bool { return len(m.ID) > 0 && !bytes.Equal(m.ID, []byte("null")) }

// HandleMessage answers one JSON-RPC message (not a batch) and returns the
// encoded response, or nil when none is due (notifications, responses). A
// tool cannot ask the client anything on this path; transports that can
// carry requests to the client use handle with their peer.
func (s *MCPServer) HandleMessage(ctx context.Context, msg []byte) []byte {
	return s.handle(ctx, nil, msg)
}

// handle answers msg for a client reachable through p (nil: none).
func (s *MCPServer) handle(ctx context.Context, p *peer, msg []byte) (out []byte) {
	var m rpcMsg
	if err := json.Unmarshal(msg, &m); err != nil {
		return errorResponse(nil, codeParseError, "Failed to parse message")
	}
	if m.JSONRPC != "2.0" {
		return errorResponse(m.ID, codeInvalidRequest, "Invalid JSON-RPC version")
	}
	if m.Method == "" {
		if m.Result != nil || m.Error != nil {
			if p != nil {
				p.deliver(m.ID, m.Result, m.Error)
			}
			return nil
		}
		if m.hasID() {
			return errorResponse(m.ID, codeInvalidRequest, "Invalid Request: no method")
		}
		return nil
	}
	if !m.hasID() {
		if m.Method == "notifications/cancelled" && p != nil {
			p.cancelRequest(m.Params)
		}
		return nil // other notifications ask for nothing we keep
	}
	if p != nil && m.Method == "tools/call" {
		// notifications/cancelled can end this call.
		var done func()
		ctx, done = p.track(ctx, m.ID)
		defer done()
	}
	defer func() {
		// A tool's panic answers its request, not the connection.
		if r := recover(); r != nil {
			out = errorResponse(m.ID, codeInternalError, fmt.Sprintf("Internal error: %v", r))
		}
	}()
	switch m.Method {
	case "initialize":
		return s.initialize(p, &m)
	case "ping":
		return resultResponse(m.ID, []byte("{}"))
	case "tools/list":
		return resultResponse(m.ID, s.toolsResult)
	case "tools/call":
		return s.callTool(ctx, p, &m)
	}
	return errorResponse(m.ID, codeMethodNotFound, "Method not found: "+m.Method)
}

// initialize answers the handshake: the client's protocol revision if we
// speak it, else the newest we do; it notes whether the client can be
// asked through elicitation.
func (s *MCPServer) initialize(p *peer, m *rpcMsg) []byte {
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
		Capabilities    struct {
			Elicitation json.RawMessage `json:"elicitation"`
		} `json:"capabilities"`
	}
	if len(m.Params) > 0 && json.Unmarshal(m.Params, &params) != nil {
		return errorResponse(m.ID, codeInvalidParams, "Invalid params for initialize")
	}
	version := params.ProtocolVersion
	if !slices.Contains(handshakeVersions, version) {
		version = handshakeVersions[0]
	}
	if p != nil {
		e := params.Capabilities.Elicitation
		p.canElicit.Store(len(e) > 0 && !bytes.Equal(e, []byte("null")))
	}
	res, _ := json.Marshal(map[string]any{
		"protocolVersion": version,
		"capabilities":    map[string]any{"tools": map[string]any{"listChanged": false}},
		"serverInfo":      map[string]any{"name": "justbash-mcp", "version": Version},
	})
	return resultResponse(m.ID, res)
}

// callTool runs a meta tool. A tool that is not one of ours is a protocol
// error (-32602), as the specification lists it; everything a tool itself
// fails at is a result with isError.
func (s *MCPServer) callTool(ctx context.Context, p *peer, m *rpcMsg) []byte {
	var params callParams
	if err := json.Unmarshal(m.Params, &params); err != nil || params.Name == "" {
		return errorResponse(m.ID, codeInvalidParams, "Invalid params for tools/call: want {name, arguments}")
	}
	args, err := params.arguments()
	if err != nil {
		return errorResponse(m.ID, codeInvalidParams, "Invalid params for tools/call: want {name, arguments}")
	}
	if !isMetaTool(params.Name) {
		return errorResponse(m.ID, codeInvalidParams, fmt.Sprintf("unknown tool %q (available tools: %s)", params.Name, strings.Join(MetaToolNames, ", ")))
	}
	if p != nil {
		ctx = withPeer(ctx, p)
	}
	res := s.rt.Call(WithAsker(ctx, peerAsk), params.Name, args)
	// One buffer for the response, with room for the line's end: a large
	// result is copied into it once (ServeLines appends the newline).
	b := make([]byte, 0, toolResultSize(res)+len(m.ID)+48)
	b = appendResponseHead(b, m.ID)
	b = appendToolResult(b, res)
	return append(b, '}')
}

// resultResponse and errorResponse encode a response by hand: the id is
// echoed byte for byte and the result is already JSON.
func resultResponse(id json.RawMessage, result []byte) []byte {
	b := appendResponseHead(make([]byte, 0, len(result)+len(id)+40), id)
	b = append(b, result...)
	return append(b, '}')
}

// appendResponseHead appends a response's start, up to its result.
func appendResponseHead(b []byte, id json.RawMessage) []byte {
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = append(b, id...)
	return append(b, `,"result":`...)
}

func errorResponse(id json.RawMessage, code int, msg string) []byte {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	b := make([]byte, 0, len(msg)+len(id)+64)
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = append(b, id...)
	b = append(b, `,"error":{"code":`...)
	b = strconv.AppendInt(b, int64(code), 10)
	b = append(b, `,"message":`...)
	b = appendJSONString(b, msg)
	return append(b, "}}"...)
}

// peer is the client end of one connection, for the requests the server
// sends it (elicitation): it numbers them and routes the answers back.
type peer struct {
	// send writes one message to the client. A transport may replace it
	// per request through withSender (streamable HTTP answers on the
	// request's own stream).
	send      func(ctx context.Context, msg []byte) error
	canElicit atomic.Bool

	mu      sync.Mutex
	nextID  int64
	pending map[int64]chan rpcReply
	closed  bool
	// inflight cancels the client's requests in progress, by their id.
	inflight map[string]context.CancelFunc
	// early holds cancellations that came before their request started:
	// each message runs on its own goroutine, so a notification sent
	// right after its request may be read first.
	early map[string]time.Time
}

// earlyCancelTTL bounds how long a cancellation waits for its request,
// and maxEarlyCancels how many wait.
const (
	earlyCancelTTL  = 5 * time.Second
	maxEarlyCancels = 32
)

// track makes ctx cancellable by a notifications/cancelled naming id;
// done forgets it.
func (p *peer) track(ctx context.Context, id json.RawMessage) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	key := string(id)
	p.mu.Lock()
	if p.inflight == nil {
		p.inflight = map[string]context.CancelFunc{}
	}
	p.inflight[key] = cancel
	if at, ok := p.early[key]; ok {
		delete(p.early, key)
		if time.Since(at) < earlyCancelTTL {
			cancel()
		}
	}
	p.mu.Unlock()
	return ctx, func() {
		p.mu.Lock()
		delete(p.inflight, key)
		p.mu.Unlock()
		cancel()
	}
}

// cancelRequest ends the request a notifications/cancelled names.
func (p *peer) cancelRequest(params json.RawMessage) {
	var c struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(params, &c) != nil || len(c.RequestID) == 0 {
		return
	}
	key := string(c.RequestID)
	p.mu.Lock()
	cancel := p.inflight[key]
	if cancel == nil {
		if p.early == nil {
			p.early = map[string]time.Time{}
		}
		for k, at := range p.early {
			if len(p.early) < maxEarlyCancels && time.Since(at) < earlyCancelTTL {
				break
			}
			delete(p.early, k) // a stale one, or any to make room
		}
		p.early[key] = time.Now()
	}
	p.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

type rpcReply struct {
	result json.RawMessage
	err    *rpcError
}

func newPeer(send func(ctx context.Context, msg []byte) error) *peer {
	return &peer{send: send, pending: map[int64]chan rpcReply{}}
}

// errPeerClosed answers requests pending when the connection ends.
var errPeerClosed = errors.New("the MCP client's connection closed")

// request sends method to the client and waits for its answer.
func (p *peer) request(ctx context.Context, method string, params any) (json.RawMessage, error) {
	send := p.send
	if s, ok := ctx.Value(senderKey{}).(func(context.Context, []byte) error); ok {
		send = s
	}
	if send == nil {
		return nil, ErrCannotAsk
	}
	pb, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	ch := make(chan rpcReply, 1)
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, errPeerClosed
	}
	p.nextID++
	id := p.nextID
	p.pending[id] = ch
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		delete(p.pending, id)
		p.mu.Unlock()
	}()
	msg := append([]byte(`{"jsonrpc":"2.0","id":`), strconv.AppendInt(nil, id, 10)...)
	msg = append(append(append(msg, `,"method":`...), strconv.Quote(method)...), `,"params":`...)
	msg = append(append(msg, pb...), '}')
	if err := send(ctx, msg); err != nil {
		return nil, err
	}
	select {
	case r, ok := <-ch:
		if !ok {
			return nil, errPeerClosed
		}
		if r.err != nil {
			return nil, r.err
		}
		return r.result, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// deliver hands a response from the client to the request waiting for it;
// answers to nothing we asked are dropped.
func (p *peer) deliver(rawID json.RawMessage, result json.RawMessage, e *rpcError) {
	id, err := strconv.ParseInt(string(bytes.Trim(rawID, `"`)), 10, 64)
	if err != nil {
		return
	}
	p.mu.Lock()
	ch := p.pending[id]
	delete(p.pending, id)
	p.mu.Unlock()
	if ch != nil {
		ch <- rpcReply{result: result, err: e}
	}
}

// close fails every pending request.
func (p *peer) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	for id, ch := range p.pending {
		close(ch)
		delete(p.pending, id)
	}
}

type peerKey struct{}
type senderKey struct{}

func withPeer(ctx context.Context, p *peer) context.Context {
	return context.WithValue(ctx, peerKey{}, p)
}

// withSender makes requests to the client made under ctx go out through
// send instead of the peer's own writer.
func withSender(ctx context.Context, send func(context.Context, []byte) error) context.Context {
	return context.WithValue(ctx, senderKey{}, send)
}

// afterReplyKey carries, in a request's context, the work to do once its
// response is written (afterReply).
type afterReplyKey struct{}

// afterReplies collects what a request's handler leaves for after its
// response.
type afterReplies struct {
	mu  sync.Mutex
	fns []func()
}

// withAfterReply makes afterReply under ctx collect into the returned
// list; the transport runs it once the response is written.
func withAfterReply(ctx context.Context) (context.Context, *afterReplies) {
	a := &afterReplies{}
	return context.WithValue(ctx, afterReplyKey{}, a), a
}

// afterReply makes f run once the response to the request of ctx has been
// written, so that work for later calls (preparing the next runtime) does
// not take the CPU while this one's answer goes out and the client wakes
// to read it. It reports false, and does nothing, when the transport of
// ctx does not run such work; the caller then does it itself.
func afterReply(ctx context.Context, f func()) bool {
	a, _ := ctx.Value(afterReplyKey{}).(*afterReplies)
	if a == nil {
		return false
	}
	a.mu.Lock()
	a.fns = append(a.fns, f)
	a.mu.Unlock()
	return true
}

// run runs the collected functions; a panic in one is the function's
// bug, not the connection's end.
func (a *afterReplies) run() {
	a.mu.Lock()
	fns := a.fns
	a.fns = nil
	a.mu.Unlock()
	for _, f := range fns {
		func() {
			defer func() { _ = recover() }()
			f()
		}()
	}
}
