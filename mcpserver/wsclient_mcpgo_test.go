package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/coder/websocket"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// wsMCPGo is an mcp-go client transport over the daemon's WebSocket, so
// the tests written against mcp-go's client can reach /mcp. Programs use
// WSTransport, over our own mcpclient, which keeps mcp-go's client
// packages out of the binary.
type wsMCPGo struct {
	url    string
	header http.Header

	mu      sync.Mutex
	conn    *websocket.Conn
	pending map[string]chan *transport.JSONRPCResponse
	onNote  func(mcp.JSONRPCNotification)
	cancel  context.CancelFunc
	done    chan struct{}
	err     error
}

// newWSMCPGo returns a transport for url (ws://host:port/mcp?...)
// sending header (the API key) on the upgrade.
func newWSMCPGo(url string, header http.Header) *wsMCPGo {
	return &wsMCPGo{url: url, header: header, pending: map[string]chan *transport.JSONRPCResponse{}, done: make(chan struct{})}
}

// Start dials the daemon.
func (t *wsMCPGo) Start(ctx context.Context) error {
	c, resp, err := websocket.Dial(ctx, t.url, &websocket.DialOptions{HTTPHeader: t.header, Subprotocols: []string{WSSubprotocol}})
	if err != nil {
		if resp != nil {
			return fmt.Errorf("websocket dial: %s: %w", resp.Status, err)
		}
		return err
	}
	c.SetReadLimit(64 << 20)
	rctx, cancel := context.WithCancel(context.Background())
	t.mu.Lock()
	t.conn, t.cancel = c, cancel
	t.mu.Unlock()
	go t.readLoop(rctx)
	return nil
}

func (t *wsMCPGo) readLoop(ctx context.Context) {
	defer close(t.done)
	for {
		_, msg, err := t.conn.Read(ctx)
		if err != nil {
			t.mu.Lock()
			t.err = err
			for id, ch := range t.pending {
				close(ch)
				delete(t.pending, id)
			}
			t.mu.Unlock()
			return
		}
		var probe struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(msg, &probe) != nil {
			continue
		}
		if len(probe.ID) == 0 || string(probe.ID) == "null" {
			var n mcp.JSONRPCNotification
			if json.Unmarshal(msg, &n) == nil {
				t.mu.Lock()
				h := t.onNote
				t.mu.Unlock()
				if h != nil {
					h(n)
				}
			}
			continue
		}
		var resp transport.JSONRPCResponse
		if json.Unmarshal(msg, &resp) != nil {
			continue
		}
		t.mu.Lock()
		ch := t.pending[string(probe.ID)]
		delete(t.pending, string(probe.ID))
		t.mu.Unlock()
		if ch != nil {
			ch <- &resp
		}
	}
}

// SendRequest sends a request and waits for its response.
func (t *wsMCPGo) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	idJSON, err := json.Marshal(req.ID)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	ch := make(chan *transport.JSONRPCResponse, 1)
	t.mu.Lock()
	if t.conn == nil || t.err != nil {
		t.mu.Unlock()
		return nil, errors.New("websocket transport is not connected")
	}
	t.pending[string(idJSON)] = ch
	t.mu.Unlock()
	if err := t.conn.Write(ctx, websocket.MessageText, body); err != nil {
		t.mu.Lock()
		delete(t.pending, string(idJSON))
		t.mu.Unlock()
		return nil, err
	}
	select {
	case resp, ok := <-ch:
		if !ok {
			return nil, fmt.Errorf("connection lost: %v", t.err)
		}
		return resp, nil
	case <-ctx.Done():
		t.mu.Lock()
		delete(t.pending, string(idJSON))
		t.mu.Unlock()
		return nil, ctx.Err()
	}
}

// SendNotification sends a notification.
func (t *wsMCPGo) SendNotification(ctx context.Context, n mcp.JSONRPCNotification) error {
	body, err := json.Marshal(n)
	if err != nil {
		return err
	}
	t.mu.Lock()
	c := t.conn
	t.mu.Unlock()
	if c == nil {
		return errors.New("websocket transport is not connected")
	}
	return c.Write(ctx, websocket.MessageText, body)
}

// SetNotificationHandler sets the handler of server notifications.
func (t *wsMCPGo) SetNotificationHandler(h func(mcp.JSONRPCNotification)) {
	t.mu.Lock()
	t.onNote = h
	t.mu.Unlock()
}

// Close closes the connection.
func (t *wsMCPGo) Close() error {
	t.mu.Lock()
	c, cancel := t.conn, t.cancel
	t.mu.Unlock()
	if c == nil {
		return nil
	}
	err := c.Close(websocket.StatusNormalClosure, "")
	cancel()
	<-t.done
	return err
}

// GetSessionId is empty: the daemon keys sessions by the sessionId query.
func (t *wsMCPGo) GetSessionId() string { return "" }
