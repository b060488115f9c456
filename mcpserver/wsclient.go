package mcpserver

import (
	"context"
	"fmt"
	"net/http"
	"sync"

	"github.com/coder/websocket"
	"github.com/justbash/justbash/mcpclient"
)

// WSTransport is an mcpclient transport over the daemon's WebSocket, so Go
// programs can connect an MCP client to /mcp:
//
//	cl, err := mcpclient.Connect(ctx, mcpserver.NewWSTransport(url, header), nil)
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

var _ mcpclient.Transport = (*WSTransport)(nil)

// wsReadLimit bounds one message from the daemon.
const wsReadLimit = 64 << 20

// Connect dials the daemon. The connection does not depend on ctx after
// the dial: it lives until Close.
func (t *WSTransport) Connect(ctx context.Context, r mcpclient.Receiver) (mcpclient.Conn, error) {
	c, resp, err := websocket.Dial(ctx, t.url, &websocket.DialOptions{HTTPHeader: t.header, Subprotocols: []string{WSSubprotocol}})
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("websocket dial: %s: %w", resp.Status, err)
		}
		return nil, err
	}
	c.SetReadLimit(wsReadLimit)
	life, cancel := context.WithCancel(context.Background())
	w := &wsConn{c: c, cancel: cancel}
	go w.readLoop(life, r)
	return w, nil
}

// wsConn is one dialled WebSocket. One goroutine reads it, handing each
// message to the client, because cancelling the context of a websocket
// Read closes the connection: a read whose caller gave up must not.
type wsConn struct {
	c      *websocket.Conn
	cancel context.CancelFunc

	once sync.Once
	err  error
}

func (w *wsConn) readLoop(life context.Context, r mcpclient.Receiver) {
	for {
		typ, b, err := w.c.Read(life)
		if err != nil {
			r.Lost(err)
			return
		}
		if typ == websocket.MessageText {
			r.Receive(context.Background(), b) // the protocol is text frames; anything else is noise
		}
	}
}

// Send sends one message.
func (w *wsConn) Send(ctx context.Context, msg []byte) error {
	return w.c.Write(ctx, websocket.MessageText, msg)
}

// Close closes the WebSocket with a normal closure; later calls return
// the first call's result.
func (w *wsConn) Close() error {
	w.once.Do(func() {
		w.err = w.c.Close(websocket.StatusNormalClosure, "")
		w.cancel()
	})
	return w.err
}
