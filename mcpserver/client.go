package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// ClientOptions configure RunClient.
type ClientOptions struct {
	URL    string      // ws://host:port/mcp?profile=…&sessionId=…
	Header http.Header // carries the API key
	Log    io.Writer   // connection notices; nil discards them
	// KeyHint tells the user where the API key came from and how to give
	// another; it ends the message when the daemon refuses the key.
	KeyHint string
	// RefusedGrace is how long a refused client still waits for its MCP
	// host's first request, to answer it with the error rather than
	// leave it unanswered (default 10s).
	RefusedGrace time.Duration
}

// JSON-RPC error codes of the client proxy.
const (
	CodeDisconnected = -32001 // the daemon went away while a request was in flight
	CodeSendFailed   = -32002 // the request could not be sent
	// CodeDiscoveryChanged answers requests after a reconnect found the
	// daemon offering other capabilities or tools than the MCP client
	// discovered: the client must initialize again (restart) to see them.
	CodeDiscoveryChanged = -32003
	// CodeRefused answers requests when the daemon refused the connection
	// (a wrong API key, an unknown profile): retrying cannot help.
	CodeRefused = -32004
)

// RefusedError is RunClient's error when the daemon answers the WebSocket
// handshake with a client error (401, 403, 404...): the client stops, it
// does not retry.
type RefusedError struct {
	Status int    // the HTTP status
	Msg    string // what the user should read
}

func (e *RefusedError) Error() string { return e.Msg }

// refused builds the error for a handshake the daemon answered with
// resp; nil when the status may pass (a restart, a timeout, rate limits).
func refused(resp *http.Response, keyHint string) error {
	if resp == nil || resp.StatusCode < 400 || resp.StatusCode >= 500 ||
		resp.StatusCode == http.StatusRequestTimeout || resp.StatusCode == http.StatusTooManyRequests {
		return nil
	}
	var body struct{ Error string }
	if resp.Body != nil {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
		_ = json.Unmarshal(b, &body)
	}
	msg := fmt.Sprintf("the daemon refused the connection (HTTP %s)", resp.Status)
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		msg = fmt.Sprintf("the daemon refused the API key (HTTP %s)", resp.Status)
		if keyHint != "" {
			msg += "; " + keyHint
		}
	} else if body.Error != "" {
		msg += ": " + body.Error
	}
	return &RefusedError{Status: resp.StatusCode, Msg: msg}
}

// RunClient is `justbash mcp client`: a stdio MCP server that forwards raw
// JSON-RPC lines to the daemon's WebSocket and back. It reconnects when
// the daemon goes away (replaying initialize so the daemon-side
// connection is ready again), and answers requests that were in flight
// with an error, since they may or may not have run.
func RunClient(ctx context.Context, o ClientOptions, stdin io.Reader, stdout io.Writer) error {
	if o.Log == nil {
		o.Log = io.Discard
	}
	p := &proxy{o: o, out: stdout, pending: map[string]string{}}
	lines := make(chan []byte)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		for sc.Scan() {
			b := append([]byte(nil), sc.Bytes()...)
			select {
			case lines <- b:
			case <-ctx.Done():
				return
			}
		}
	}()
	return p.loop(ctx, lines)
}

type proxy struct {
	o   ClientOptions
	out io.Writer

	outMu    sync.Mutex
	mu       sync.Mutex
	pending  map[string]string // id → method
	initReq  []byte
	initNote []byte
	replayID string
	// Discovery as the MCP client saw it (digests of the initialize
	// capabilities and of the tools/list result), the id of our own
	// tools/list probe after a reconnect, and whether they differ now.
	capsSig, toolsSig string
	probeID           string
	changed           bool
}

func (p *proxy) write(b []byte) {
	p.outMu.Lock()
	defer p.outMu.Unlock()
	p.out.Write(append(append([]byte(nil), b...), '\n'))
}

type rpcProbe struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func (p *proxy) loop(ctx context.Context, lines <-chan []byte) error {
	var conn *websocket.Conn
	var lost chan struct{}
	backoff := 100 * time.Millisecond
	for {
		if conn == nil {
			c, err := p.dial(ctx)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				var re *RefusedError
				if errors.As(err, &re) {
					p.refuse(ctx, lines, re)
					return err
				}
				fmt.Fprintf(p.o.Log, "justbash mcp client: %v; retrying\n", err)
				select {
				case <-time.After(backoff):
				case <-ctx.Done():
					return ctx.Err()
				}
				backoff = min(backoff*2, 5*time.Second)
				continue
			}
			backoff = 100 * time.Millisecond
			conn, lost = c, make(chan struct{})
			go p.readLoop(ctx, c, lost)
		}
		select {
		case <-ctx.Done():
			conn.Close(websocket.StatusNormalClosure, "")
			return ctx.Err()
		case <-lost:
			p.failPending()
			conn = nil
		case line, ok := <-lines:
			if !ok {
				conn.Close(websocket.StatusNormalClosure, "")
				return nil
			}
			if err := p.send(ctx, conn, line); err != nil {
				conn.Close(websocket.StatusGoingAway, "")
				<-lost
				p.failPending()
				conn = nil
			}
		}
	}
}

func (p *proxy) dial(ctx context.Context) (*websocket.Conn, error) {
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(dctx, p.o.URL, &websocket.DialOptions{HTTPHeader: p.o.Header, Subprotocols: []string{WSSubprotocol}})
	if err != nil {
		if rerr := refused(resp, p.o.KeyHint); rerr != nil {
			return nil, rerr
		}
		if resp != nil {
			return nil, fmt.Errorf("connecting to the daemon: %s", resp.Status)
		}
		return nil, fmt.Errorf("connecting to the daemon: %v", err)
	}
	c.SetReadLimit(64 << 20)
	p.mu.Lock()
	initReq, initNote := p.initReq, p.initNote
	p.mu.Unlock()
	if initReq != nil {
		// Replay the handshake under an id of our own; its answer is ours.
		var m map[string]any
		_ = json.Unmarshal(initReq, &m)
		id := "justbash-replay-" + RandomID()
		m["id"] = id
		b, _ := json.Marshal(m)
		p.mu.Lock()
		p.replayID = `"` + id + `"`
		p.mu.Unlock()
		if err := c.Write(ctx, websocket.MessageText, b); err != nil {
			c.Close(websocket.StatusGoingAway, "")
			return nil, err
		}
		if initNote != nil {
			_ = c.Write(ctx, websocket.MessageText, initNote)
		}
		p.mu.Lock()
		probe := p.toolsSig != ""
		p.probeID = ""
		if probe {
			p.probeID = `"justbash-tools-` + RandomID() + `"`
		}
		pid := p.probeID
		p.mu.Unlock()
		if probe {
			b := []byte(`{"jsonrpc":"2.0","id":` + pid + `,"method":"tools/list","params":{}}`)
			if err := c.Write(ctx, websocket.MessageText, b); err != nil {
				c.Close(websocket.StatusGoingAway, "")
				return nil, err
			}
		}
	}
	return c, nil
}

func (p *proxy) readLoop(ctx context.Context, c *websocket.Conn, lost chan struct{}) {
	defer close(lost)
	for {
		_, msg, err := c.Read(ctx)
		if err != nil {
			return
		}
		var pr rpcProbe
		if json.Unmarshal(msg, &pr) == nil && len(pr.ID) > 0 && pr.Method == "" {
			if p.observe(string(pr.ID), msg) {
				continue
			}
		} else if batch := []rpcProbe{}; json.Unmarshal(msg, &batch) == nil {
			p.mu.Lock()
			for _, b := range batch {
				delete(p.pending, string(b.ID))
			}
			p.mu.Unlock()
		}
		p.write(msg)
	}
}

// observe notes discovery answers. It reports whether the message was
// the answer to one of our own replayed requests, which the MCP client
// must not see.
func (p *proxy) observe(id string, msg []byte) bool {
	var r struct {
		Result json.RawMessage `json:"result"`
	}
	_ = json.Unmarshal(msg, &r)
	p.mu.Lock()
	defer p.mu.Unlock()
	method := p.pending[id]
	delete(p.pending, id)
	switch {
	case id == p.replayID:
		if p.capsSig != "" && capsDigest(r.Result) != p.capsSig {
			p.changed = true
		}
		return true
	case id == p.probeID:
		if p.toolsSig != "" && digest(r.Result) != p.toolsSig {
			p.changed = true
		}
		return true
	case method == "initialize" && r.Result != nil:
		p.capsSig = capsDigest(r.Result)
	case method == "tools/list" && r.Result != nil:
		p.toolsSig = digest(r.Result)
	}
	return false
}

// capsDigest digests what an initialize result promises: capabilities and
// the protocol version (not serverInfo, whose version may change freely).
func capsDigest(result json.RawMessage) string {
	var r struct {
		ProtocolVersion string          `json:"protocolVersion"`
		Capabilities    json.RawMessage `json:"capabilities"`
	}
	_ = json.Unmarshal(result, &r)
	return r.ProtocolVersion + "\x00" + digest(r.Capabilities)
}

// digest is a canonical form of a JSON value (object keys sorted).
func digest(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	b, _ := json.Marshal(v) // encoding/json sorts map keys
	return string(b)
}

func (p *proxy) send(ctx context.Context, c *websocket.Conn, line []byte) error {
	var pr rpcProbe
	if json.Unmarshal(line, &pr) != nil {
		// A batch: track its requests so a lost connection answers them;
		// anything else malformed gets the daemon's parse error.
		var batch []rpcProbe
		if json.Unmarshal(line, &batch) == nil {
			p.mu.Lock()
			for _, b := range batch {
				if len(b.ID) > 0 && b.Method != "" {
					p.pending[string(b.ID)] = b.Method
				}
			}
			p.mu.Unlock()
		}
		return c.Write(ctx, websocket.MessageText, line)
	}
	p.mu.Lock()
	if p.changed && pr.Method != "initialize" && len(pr.ID) > 0 && pr.Method != "" {
		p.mu.Unlock()
		p.writeError(pr.ID, CodeDiscoveryChanged, "the daemon's capabilities or tools changed while reconnecting; restart the MCP client (initialize again) to use them")
		return nil
	}
	switch pr.Method {
	case "initialize":
		// A fresh handshake: the client will discover everything again.
		p.changed, p.capsSig, p.toolsSig = false, "", ""
		p.initReq = append([]byte(nil), line...)
	case "notifications/initialized":
		p.initNote = append([]byte(nil), line...)
	}
	if len(pr.ID) > 0 && pr.Method != "" {
		p.pending[string(pr.ID)] = pr.Method
	}
	p.mu.Unlock()
	if err := c.Write(ctx, websocket.MessageText, line); err != nil {
		if len(pr.ID) > 0 && pr.Method != "" {
			p.mu.Lock()
			delete(p.pending, string(pr.ID))
			p.mu.Unlock()
			p.writeError(pr.ID, CodeSendFailed, "could not send the request to the daemon: "+err.Error())
		}
		return err
	}
	return nil
}

func (p *proxy) failPending() {
	p.mu.Lock()
	pend := p.pending
	p.pending = map[string]string{}
	p.mu.Unlock()
	for id, method := range pend {
		msg := "the connection to the daemon was lost before it answered"
		if method == "tools/call" {
			msg += "; the call may or may not have run (check before repeating side effects)"
		}
		p.writeError(json.RawMessage(id), CodeDisconnected, msg)
	}
	fmt.Fprintln(p.o.Log, "justbash mcp client: connection to the daemon lost; reconnecting")
}

// refuse answers the MCP host after the daemon refused us: every request
// it sends gets a CodeRefused error. It returns once one request was
// answered (the host has its reason), when stdin ends, or after the grace
// period when the host sends nothing.
func (p *proxy) refuse(ctx context.Context, lines <-chan []byte, re *RefusedError) {
	grace := p.o.RefusedGrace
	if grace <= 0 {
		grace = 10 * time.Second
	}
	timer := time.NewTimer(grace)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
			return
		case line, ok := <-lines:
			if !ok {
				return
			}
			if ids := requestIDs(line); len(ids) > 0 {
				for _, id := range ids {
					p.writeError(id, CodeRefused, "justbash mcp client: "+re.Msg)
				}
				return
			}
		}
	}
}

// requestIDs lists the ids of the requests in one JSON-RPC line (a single
// message or a batch); notifications and responses have none.
func requestIDs(line []byte) []json.RawMessage {
	var one rpcProbe
	if json.Unmarshal(line, &one) == nil {
		if len(one.ID) > 0 && one.Method != "" {
			return []json.RawMessage{one.ID}
		}
		return nil
	}
	var batch []rpcProbe
	if json.Unmarshal(line, &batch) != nil {
		return nil
	}
	var ids []json.RawMessage
	for _, b := range batch {
		if len(b.ID) > 0 && b.Method != "" {
			ids = append(ids, b.ID)
		}
	}
	return ids
}

func (p *proxy) writeError(id json.RawMessage, code int, msg string) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	p.write(b)
}
