package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/coder/websocket"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// WSTransport is a client transport of the official MCP Go SDK over the
// daemon's WebSocket, so Go programs can connect an sdk Client to /mcp:
//
//	cs, err := sdk.NewClient(impl, nil).Connect(ctx, mcpserver.NewWSTransport(url, header), nil)
//
// Each WebSocket text message is one JSON-RPC message.
type WSTransport struct {
	url    string
	header http.Header
}

// NewWSTransport returns a transport for url (ws://host:port/mcp?...)
// sending header (the API key) on the upgrade.
func NewWSTransport(url string, header http.Header) *WSTransport {
	return &WSTransport{url: url, header: header}
}

var _ sdk.Transport = (*WSTransport)(nil)

// wsReadLimit bounds one message from the daemon.
const wsReadLimit = 64 << 20

// Connect dials the daemon. The connection does not depend on ctx after
// the dial: it lives until Close.
func (t *WSTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	c, resp, err := websocket.Dial(ctx, t.url, &websocket.DialOptions{HTTPHeader: t.header, Subprotocols: []string{WSSubprotocol}})
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("websocket dial: %s: %w", resp.Status, err)
		}
		return nil, err
	}
	c.SetReadLimit(wsReadLimit)
	life, cancel := context.WithCancel(context.Background())
	w := &wsConn{c: c, life: life, cancel: cancel, in: make(chan wsFrame)}
	go w.readLoop()
	return w, nil
}

// wsConn is one dialled WebSocket. One goroutine reads it, because
// cancelling the context of a websocket Read closes the connection: a
// Read whose caller gave up must not.
type wsConn struct {
	c      *websocket.Conn
	life   context.Context // cancelled by Close
	cancel context.CancelFunc
	in     chan wsFrame

	once sync.Once
	err  error
}

type wsFrame struct {
	b   []byte
	err error
}

func (w *wsConn) readLoop() {
	for {
		typ, b, err := w.c.Read(w.life)
		if err == nil && typ != websocket.MessageText {
			continue // the protocol is text frames; anything else is noise
		}
		select {
		case w.in <- wsFrame{b, err}:
		case <-w.life.Done():
			return
		}
		if err != nil {
			return
		}
	}
}

// Read returns the next message; ctx or Close ends the wait.
func (w *wsConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case f := <-w.in:
		if f.err != nil {
			w.Close()
			return nil, f.err
		}
		return jsonrpc.DecodeMessage(f.b)
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-w.life.Done():
		return nil, errors.New("websocket transport closed")
	}
}

// Write sends one message.
func (w *wsConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	b, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	return w.c.Write(ctx, websocket.MessageText, b)
}

// Close closes the WebSocket with a normal closure; later calls return
// the first call's result.
func (w *wsConn) Close() error {
	w.once.Do(func() {
		w.cancel()
		w.err = w.c.Close(websocket.StatusNormalClosure, "")
	})
	return w.err
}

// SessionID is empty: the daemon keys sessions by the sessionId query.
func (w *wsConn) SessionID() string { return "" }
