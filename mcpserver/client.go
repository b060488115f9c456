package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
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
}

// JSON-RPC error codes of the client proxy.
const (
	CodeDisconnected = -32001 // the daemon went away while a request was in flight
	CodeSendFailed   = -32002 // the request could not be sent
)

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
			p.mu.Lock()
			replay := string(pr.ID) == p.replayID
			delete(p.pending, string(pr.ID))
			p.mu.Unlock()
			if replay {
				continue
			}
		}
		p.write(msg)
	}
}

func (p *proxy) send(ctx context.Context, c *websocket.Conn, line []byte) error {
	var pr rpcProbe
	if json.Unmarshal(line, &pr) != nil {
		// Let the daemon answer malformed input with a proper parse error.
		return c.Write(ctx, websocket.MessageText, line)
	}
	p.mu.Lock()
	switch pr.Method {
	case "initialize":
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

func (p *proxy) writeError(id json.RawMessage, code int, msg string) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	p.write(b)
}
