package mcpclient

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// StreamableTransport is the Streamable HTTP transport (2025-03-26 on):
// every message is a POST to one endpoint, answered with JSON or with an
// event stream that carries the response (and any requests the server
// makes meanwhile); a GET stream, when the server offers one, carries
// what the server sends outside of requests.
type StreamableTransport struct {
	URL        string
	HTTPClient *http.Client
	MaxMessage int
}

// Connect makes no request: the handshake's POST is the first.
func (t *StreamableTransport) Connect(_ context.Context, r Receiver) (Conn, error) {
	hc := t.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	max := t.MaxMessage
	if max <= 0 {
		max = DefaultMaxMessage
	}
	life, cancel := context.WithCancel(context.Background())
	return &streamConn{url: t.URL, hc: hc, max: max, r: r, life: life, cancel: cancel}, nil
}

type streamConn struct {
	url    string
	hc     *http.Client
	max    int
	r      Receiver
	life   context.Context // ends with Close: the GET stream's context
	cancel context.CancelFunc

	mu      sync.Mutex
	session string
	version string
	once    sync.Once
}

func (c *streamConn) answersInSend() bool { return true }

func (c *streamConn) headers(h http.Header) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.session != "" {
		h.Set("Mcp-Session-Id", c.session)
	}
	if c.version != "" {
		h.Set("Mcp-Protocol-Version", c.version)
	}
}

// Send POSTs msg and hands what the answer carries to the Receiver.
func (c *streamConn) Send(ctx context.Context, msg []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(msg))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	c.headers(req.Header)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
		c.mu.Lock()
		if c.session == "" {
			c.session = id
		}
		c.mu.Unlock()
	}
	switch {
	case resp.StatusCode == http.StatusAccepted:
		drain(resp.Body)
		return nil
	case resp.StatusCode == http.StatusNotFound && c.hasSession():
		// The server forgot the session: this connection is over.
		err := fmt.Errorf("%w: the server ended the session (HTTP 404)", ErrConnectionClosed)
		c.r.Lost(err)
		return err
	case resp.StatusCode/100 != 2:
		return statusError(resp)
	}
	switch mediaType(resp) {
	case "text/event-stream":
		return readEvents(resp.Body, c.max, func(ev event) bool {
			if ev.name == "" || ev.name == "message" {
				c.r.Receive(ctx, ev.data)
			}
			return true
		})
	case "application/json":
		b, err := io.ReadAll(io.LimitReader(resp.Body, int64(c.max)+1))
		if err != nil {
			return err
		}
		if len(b) > c.max {
			return fmt.Errorf("response larger than %d bytes", c.max)
		}
		c.r.Receive(ctx, b)
		return nil
	}
	drain(resp.Body)
	return nil
}

func (c *streamConn) hasSession() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.session != ""
}

// initialized records the revision for the header and opens the GET
// stream.
func (c *streamConn) initialized(version string) {
	c.mu.Lock()
	c.version = version
	c.mu.Unlock()
	go c.listen()
}

// listen keeps the GET stream open while the connection lives. A server
// that refuses it (405) has none; one that ends it is asked again, a few
// times in a row at most when it ends at once.
func (c *streamConn) listen() {
	quick := 0
	for c.life.Err() == nil && quick < 3 {
		start := time.Now()
		ok := c.listenOnce()
		if !ok {
			return
		}
		if time.Since(start) < time.Second {
			quick++
		} else {
			quick = 0
		}
		select {
		case <-c.life.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// listenOnce reads one GET stream; false means the server has none.
func (c *streamConn) listenOnce() bool {
	req, err := http.NewRequestWithContext(c.life, http.MethodGet, c.url, nil)
	if err != nil {
		return false
	}
	req.Header.Set("Accept", "text/event-stream")
	c.headers(req.Header)
	resp, err := c.hc.Do(req)
	if err != nil {
		return c.life.Err() == nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || mediaType(resp) != "text/event-stream" {
		drain(resp.Body)
		return false
	}
	_ = readEvents(resp.Body, c.max, func(ev event) bool {
		if ev.name == "" || ev.name == "message" {
			c.r.Receive(context.Background(), ev.data)
		}
		return true
	})
	return true
}

// Close stops the GET stream and ends the session on the server (DELETE,
// briefly, best effort).
func (c *streamConn) Close() error {
	c.once.Do(func() {
		c.cancel()
		if !c.hasSession() {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodDelete, c.url, nil)
		if err != nil {
			return
		}
		c.headers(req.Header)
		if resp, err := c.hc.Do(req); err == nil {
			drain(resp.Body)
		}
	})
	return nil
}
