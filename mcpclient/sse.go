package mcpclient

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// event is one server-sent event.
type event struct {
	name string
	data []byte
	id   string
}

// readEvents reads server-sent events from body and calls f for each
// until the stream ends (nil) or f returns false. An event's data is
// bounded by max.
func readEvents(body io.Reader, max int, f func(event) bool) error {
	br := bufio.NewReaderSize(body, 32<<10)
	var ev event
	var data []byte
	hasData := false
	for {
		line, err := readLine(br, max)
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if len(line) == 0 {
			if hasData {
				ev.data = data
				if !f(ev) {
					return nil
				}
			}
			ev, data, hasData = event{}, nil, false
			continue
		}
		if line[0] == ':' {
			continue // a comment, used as keep-alive
		}
		field, value, _ := strings.Cut(string(line), ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			ev.name = value
		case "id":
			ev.id = value
		case "data":
			if len(data)+len(value)+1 > max {
				return fmt.Errorf("event larger than %d bytes", max)
			}
			if hasData {
				data = append(data, '\n')
			}
			data = append(data, value...)
			hasData = true
		}
	}
}

func mediaType(resp *http.Response) string {
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	return mt
}

// statusError describes an HTTP answer that was not expected, with the
// start of its body.
func statusError(resp *http.Response) error {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if s := strings.TrimSpace(string(b)); s != "" {
		return fmt.Errorf("HTTP %s: %s", resp.Status, s)
	}
	return fmt.Errorf("HTTP %s", resp.Status)
}

// drain reads a little of a body we do not need, so the connection can be
// reused, then closes it.
func drain(body io.ReadCloser) {
	_, _ = io.Copy(io.Discard, io.LimitReader(body, 64<<10))
	body.Close()
}

// SSETransport is the HTTP+SSE transport of the 2024-11-05 revision: a GET
// stream carries the server's messages, and its first event names the URL
// the client POSTs its messages to.
type SSETransport struct {
	URL        string
	HTTPClient *http.Client
	MaxMessage int
}

// Connect opens the stream and waits for the endpoint event. The stream
// is not tied to ctx once Connect returns; it is abandoned if ctx ends
// before then.
func (t *SSETransport) Connect(ctx context.Context, r Receiver) (Conn, error) {
	hc := t.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	max := t.MaxMessage
	if max <= 0 {
		max = DefaultMaxMessage
	}
	life, cancel := context.WithCancel(context.Background())
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	req, err := http.NewRequestWithContext(life, http.MethodGet, t.URL, nil)
	if err != nil {
		cancel()
		return nil, err
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := hc.Do(req)
	if err != nil {
		cancel()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	if resp.StatusCode != http.StatusOK || mediaType(resp) != "text/event-stream" {
		err := statusError(resp)
		resp.Body.Close()
		cancel()
		return nil, err
	}
	base, _ := url.Parse(t.URL)
	c := &sseConn{hc: hc, cancel: cancel}
	endpoint := make(chan string, 1)
	go func() {
		defer resp.Body.Close()
		got := false
		err := readEvents(resp.Body, max, func(ev event) bool {
			switch {
			case !got && ev.name == "endpoint":
				got = true
				endpoint <- string(ev.data)
			case got && (ev.name == "" || ev.name == "message"):
				r.Receive(context.Background(), ev.data)
			}
			return true
		})
		if !got {
			close(endpoint)
		}
		if err == nil {
			err = errors.New("the server closed the event stream")
		}
		r.Lost(err)
	}()
	select {
	case e, ok := <-endpoint:
		if !ok {
			cancel()
			return nil, errors.New("the event stream ended before naming its endpoint")
		}
		u, err := base.Parse(e)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host != base.Host {
			cancel()
			return nil, fmt.Errorf("bad endpoint %q", e)
		}
		c.post = u.String()
		return c, nil
	case <-ctx.Done():
		cancel()
		return nil, ctx.Err()
	}
}

type sseConn struct {
	hc     *http.Client
	post   string
	cancel context.CancelFunc
	once   sync.Once
}

// Send POSTs one message; the answer comes on the stream.
func (c *sseConn) Send(ctx context.Context, msg []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.post, bytes.NewReader(msg))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer drain(resp.Body)
	if resp.StatusCode/100 != 2 {
		return statusError(resp)
	}
	return nil
}

// Close drops the stream.
func (c *sseConn) Close() error {
	c.once.Do(c.cancel)
	return nil
}
