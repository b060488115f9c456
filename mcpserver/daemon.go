package mcpserver

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/coder/websocket"
)

// Daemon defaults.
const (
	DefaultPort     = 41528
	DefaultBind     = "127.0.0.1"
	APIKeyHeader    = "X-JSMCP-API-Key"
	MaxBodyBytes    = 1 << 20
	WSSubprotocol   = "mcp"
	RestartExitCode = 75 // EX_TEMPFAIL: the supervisor should start us again
	// maxInflightPerConn bounds concurrent requests on one WebSocket.
	maxInflightPerConn = 16
)

// DaemonOptions configure the daemon's HTTP handler.
type DaemonOptions struct {
	// APIKey is required in the X-JSMCP-API-Key header of every request.
	// It must not be empty.
	APIKey string
	// Restart is called after POST /api/restart has been answered.
	Restart func()
}

// Daemon serves the meta tools over WebSocket (/mcp) and the HTTP JSON API
// (/api/call, /api/restart).
type Daemon struct {
	rt         *Runtime
	opts       DaemonOptions
	mcp        *MCPServer
	streamable *streamableHTTP
}

// NewDaemon returns the daemon's http.Handler.
func NewDaemon(rt *Runtime, opts DaemonOptions) (*Daemon, error) {
	if opts.APIKey == "" {
		return nil, errors.New("mcpserver: the daemon needs an API key")
	}
	d := &Daemon{rt: rt, opts: opts, mcp: NewMCPServer(rt)}
	d.streamable = newStreamableHTTP(d.mcp, d.streamableScope)
	if rt.opts.Store != nil {
		// Replicas accept each other's session ids (health.go).
		d.streamable.ids = &sharedSessionIDs{}
	}
	return d, nil
}

// streamableScope gives a Streamable HTTP request its profile and session:
// the sessionId query parameter if given, else the MCP session id, so one
// MCP session keeps its logs and memory across requests.
func (d *Daemon) streamableScope(ctx context.Context, r *http.Request) context.Context {
	q := r.URL.Query()
	id := q.Get("sessionId")
	if id == "" || !SessionIDRe().MatchString(id) {
		id = r.Header.Get("Mcp-Session-Id")
	}
	if !SessionIDRe().MatchString(id) {
		id = ""
	}
	return WithScope(ctx, Scope{Profile: q.Get("profile"), Session: d.rt.Session(id)})
}

func (d *Daemon) authorized(r *http.Request) bool {
	got := r.Header.Get(APIKeyHeader)
	// ConstantTimeCompare leaks only the length, which is fixed anyway.
	return subtle.ConstantTimeCompare([]byte(got), []byte(d.opts.APIKey)) == 1
}

func (d *Daemon) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if p := recover(); p != nil {
			httpError(w, http.StatusInternalServerError, "internal error")
		}
	}()
	switch r.URL.Path {
	case "/mcp", "/api/call", "/api/restart":
	case "/healthz", "/readyz":
		d.serveHealth(w, r) // health.go
		return
	default:
		httpError(w, http.StatusNotFound, "not found: "+r.URL.Path)
		return
	}
	if !d.authorized(r) {
		httpError(w, http.StatusUnauthorized, "missing or invalid "+APIKeyHeader+" header")
		return
	}
	switch r.URL.Path {
	case "/mcp":
		if d.isStreamable(r) {
			d.serveStreamable(w, r)
			return
		}
		d.serveWS(w, r)
	case "/api/call":
		if !allowPost(w, r) {
			return
		}
		d.serveCall(w, r)
	case "/api/restart":
		if !allowPost(w, r) {
			return
		}
		writeJSON(w, http.StatusAccepted, map[string]any{"ok": true, "restarting": true})
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		if d.opts.Restart != nil {
			go d.opts.Restart()
		}
	}
}

func allowPost(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodPost {
		return true
	}
	w.Header().Set("Allow", http.MethodPost)
	httpError(w, http.StatusMethodNotAllowed, "method "+r.Method+" not allowed; use POST")
	return false
}

func httpError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]any{"error": msg})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// scopeFromQuery validates the profile and session id of a request.
func (d *Daemon) scopeFromQuery(r *http.Request) (Scope, int, error) {
	q := r.URL.Query()
	profile := q.Get("profile")
	if _, err := d.rt.view(profile); err != nil {
		return Scope{}, http.StatusNotFound, err
	}
	id := q.Get("sessionId")
	if id != "" && !SessionIDRe().MatchString(id) {
		return Scope{}, http.StatusBadRequest, errors.New("invalid sessionId (want 1-128 of A-Z a-z 0-9 . _ ~ -)")
	}
	return Scope{Profile: profile, Session: d.rt.Session(id)}, 0, nil
}

func (d *Daemon) serveCall(w http.ResponseWriter, r *http.Request) {
	tool := r.URL.Query().Get("tool")
	if !isMetaTool(tool) {
		httpError(w, http.StatusNotFound, "unknown tool "+quote(tool)+" (available tools: "+strings.Join(MetaToolNames, ", ")+")")
		return
	}
	sc, code, err := d.scopeFromQuery(r)
	if err != nil {
		httpError(w, code, err.Error())
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			httpError(w, http.StatusRequestEntityTooLarge, "request body is larger than 1 MiB")
			return
		}
		httpError(w, http.StatusBadRequest, "reading request body: "+err.Error())
		return
	}
	args := map[string]any{}
	if len(strings.TrimSpace(string(body))) > 0 {
		if err := json.Unmarshal(body, &args); err != nil || args == nil {
			httpError(w, http.StatusBadRequest, "request body must be a JSON object of the tool's arguments")
			return
		}
	}
	res := d.rt.Call(WithScope(r.Context(), sc), tool, args)
	writeJSON(w, http.StatusOK, res)
}

func isMetaTool(name string) bool {
	for _, n := range MetaToolNames {
		if n == name {
			return true
		}
	}
	return false
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// isStreamable tells MCP Streamable HTTP requests (POST, DELETE, or a GET
// asking for an event stream) from WebSocket upgrades on /mcp.
func (d *Daemon) isStreamable(r *http.Request) bool {
	if strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		return false
	}
	switch r.Method {
	case http.MethodPost, http.MethodDelete:
		return true
	case http.MethodGet:
		return strings.Contains(r.Header.Get("Accept"), "text/event-stream")
	}
	return false
}

// serveStreamable serves MCP's Streamable HTTP transport on /mcp, with the
// same 1 MiB body cap as the rest of the API.
func (d *Daemon) serveStreamable(w http.ResponseWriter, r *http.Request) {
	if _, code, err := d.scopeFromQuery(r); err != nil {
		httpError(w, code, err.Error())
		return
	}
	if r.Body != nil {
		r.Body = http.MaxBytesReader(w, r.Body, MaxBodyBytes)
	}
	d.streamable.ServeHTTP(w, r)
}

// serveWS runs one MCP connection over a WebSocket: every text message is
// a JSON-RPC message handled by the shared MCP server with this
// connection's profile and session.
func (d *Daemon) serveWS(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", "GET, POST, DELETE")
		httpError(w, http.StatusMethodNotAllowed, "/mcp takes a WebSocket upgrade (GET) or MCP Streamable HTTP (POST)")
		return
	}
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		w.Header().Set("Upgrade", "websocket")
		httpError(w, http.StatusUpgradeRequired, "/mcp speaks MCP over WebSocket (send an Upgrade: websocket request) or Streamable HTTP (POST)")
		return
	}
	sc, code, err := d.scopeFromQuery(r)
	if err != nil {
		httpError(w, code, err.Error())
		return
	}
	if r.URL.Query().Get("sessionId") == "" {
		// A connection without an id still keeps one session for its life.
		sc.Session = d.rt.Session(RandomID())
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{WSSubprotocol}})
	if err != nil {
		return // Accept has answered the client
	}
	c.SetReadLimit(MaxBodyBytes)
	ctx, cancel := context.WithCancel(WithScope(r.Context(), sc))
	defer cancel()
	var wg sync.WaitGroup
	defer wg.Wait()
	// The peer carries elicitation requests to the client over the same
	// socket; its answers come back as messages like any other.
	p := newPeer(func(ctx context.Context, msg []byte) error { return c.Write(ctx, websocket.MessageText, msg) })
	defer p.close()
	sem := make(chan struct{}, maxInflightPerConn)
	for {
		typ, msg, err := c.Read(ctx)
		if err != nil {
			status := websocket.CloseStatus(err)
			if status == -1 {
				c.Close(websocket.StatusMessageTooBig, "message too big or connection error")
			}
			return
		}
		if typ != websocket.MessageText && typ != websocket.MessageBinary {
			continue
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			d.handleWSMessage(ctx, c, p, msg)
		}()
	}
}

func (d *Daemon) handleWSMessage(ctx context.Context, c *websocket.Conn, p *peer, msg []byte) {
	defer func() { _ = recover() }()
	if out := d.mcp.serveMessage(ctx, p, msg); len(out) > 0 {
		_ = c.Write(ctx, websocket.MessageText, out)
	}
}

// asBatch splits a JSON-RPC batch (a JSON array) into its messages.
func asBatch(msg []byte) ([]json.RawMessage, bool) {
	trimmed := bytes.TrimLeft(msg, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '[' {
		return nil, false
	}
	var batch []json.RawMessage
	if json.Unmarshal(trimmed, &batch) != nil {
		return nil, false // let handle answer the parse error
	}
	return batch, true
}

// maxBatch bounds the messages of one JSON-RPC batch.
const maxBatch = 100

// handleBatch answers a JSON-RPC 2.0 batch: the messages run concurrently
// and the responses come back as one array, without entries for
// notifications; a batch of only notifications gets no answer at all.
func (s *MCPServer) handleBatch(ctx context.Context, p *peer, batch []json.RawMessage) []byte {
	if len(batch) == 0 || len(batch) > maxBatch {
		msg := "Invalid Request: empty batch"
		if len(batch) > maxBatch {
			msg = fmt.Sprintf("Invalid Request: a batch may hold at most %d messages", maxBatch)
		}
		out, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": -32600, "message": msg}})
		return out
	}
	resps := make([][]byte, len(batch))
	var wg sync.WaitGroup
	for i, m := range batch {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if recover() != nil {
					resps[i] = nil
				}
			}()
			resps[i] = s.handle(ctx, p, m)
		}()
	}
	wg.Wait()
	var out []byte
	for _, r := range resps {
		if r != nil {
			if out == nil {
				out = append(out, '[')
			} else {
				out = append(out, ',')
			}
			out = append(out, r...)
		}
	}
	if out == nil {
		return nil
	}
	return append(out, ']')
}
