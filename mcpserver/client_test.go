package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// fakeDaemon speaks just enough MCP over WebSocket: connection n (from 1)
// offers tools(n); a tools/call drops the connection unanswered, as a
// daemon restart would.
func fakeDaemon(t *testing.T, tools func(conn int) string) *httptest.Server {
	var conns atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{WSSubprotocol}})
		if err != nil {
			return
		}
		n := int(conns.Add(1))
		ctx := r.Context()
		for {
			_, msg, err := c.Read(ctx)
			if err != nil {
				return
			}
			if strings.HasPrefix(string(msg), "[") && strings.Contains(string(msg), "tools/call") {
				c.Close(websocket.StatusGoingAway, "restarting")
				return
			}
			var req struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			_ = json.Unmarshal(msg, &req)
			var result string
			switch req.Method {
			case "initialize":
				result = `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"` + fmt.Sprint(n) + `"}}`
			case "tools/list":
				result = `{"tools":[` + tools(n) + `]}`
			case "ping":
				result = `{}`
			case "tools/call":
				c.Close(websocket.StatusGoingAway, "restarting")
				return
			default:
				continue
			}
			_ = c.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","id":`+string(req.ID)+`,"result":`+result+`}`))
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

type stdioPeer struct {
	t   *testing.T
	in  *io.PipeWriter
	out *bufio.Scanner
}

func (p *stdioPeer) send(s string) { fmt.Fprintln(p.in, s) }

func (p *stdioPeer) recv() map[string]any {
	p.t.Helper()
	if !p.out.Scan() {
		p.t.Fatal("client proxy closed stdout")
	}
	var m map[string]any
	if err := json.Unmarshal(p.out.Bytes(), &m); err != nil {
		p.t.Fatalf("bad line %q", p.out.Text())
	}
	return m
}

func startProxy(t *testing.T, srv *httptest.Server) *stdioPeer {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = RunClient(ctx, ClientOptions{URL: "ws" + strings.TrimPrefix(srv.URL, "http") + "/mcp"}, inR, outW)
		outW.Close()
	}()
	t.Cleanup(func() { cancel(); inW.Close(); <-done })
	return &stdioPeer{t: t, in: inW, out: bufio.NewScanner(outR)}
}

func errCode(m map[string]any) float64 {
	e, _ := m["error"].(map[string]any)
	c, _ := e["code"].(float64)
	return c
}

// After a reconnect the client compares the daemon's discovery with what
// the MCP client saw: a changed tool list answers requests with -32003
// until the client initializes again; an unchanged one goes on quietly.
func TestClientDiscoveryChange(t *testing.T) {
	for _, tc := range []struct {
		name    string
		tools   func(int) string
		changed bool
	}{
		{"same tools", func(int) string { return `{"name":"a","inputSchema":{"type":"object"}}` }, false},
		{"new tool", func(n int) string {
			if n == 1 {
				return `{"name":"a","inputSchema":{"type":"object"}}`
			}
			return `{"name":"a","inputSchema":{"type":"object"}},{"name":"b","inputSchema":{"type":"object"}}`
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := startProxy(t, fakeDaemon(t, tc.tools))
			p.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
			if m := p.recv(); m["result"] == nil {
				t.Fatalf("initialize: %v", m)
			}
			p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			p.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
			if m := p.recv(); m["result"] == nil {
				t.Fatalf("tools/list: %v", m)
			}
			p.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"a"}}`)
			if m := p.recv(); errCode(m) != CodeDisconnected || !strings.Contains(fmt.Sprint(m), "may or may not have run") {
				t.Fatalf("in-flight call on disconnect: %v", m)
			}
			// Pings until the reconnect's probe has been answered.
			var last map[string]any
			deadline := time.Now().Add(5 * time.Second)
			for id := 10; time.Now().Before(deadline); id++ {
				time.Sleep(50 * time.Millisecond)
				p.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, id))
				last = p.recv()
				if errCode(last) == CodeDiscoveryChanged || (!tc.changed && id > 15) {
					break
				}
			}
			if tc.changed != (errCode(last) == CodeDiscoveryChanged) {
				t.Fatalf("after reconnect: %v (want changed=%v)", last, tc.changed)
			}
			if !tc.changed && last["result"] == nil {
				t.Fatalf("ping after reconnect: %v", last)
			}
			// A new handshake clears it.
			p.send(`{"jsonrpc":"2.0","id":100,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
			if m := p.recv(); m["result"] == nil {
				t.Fatalf("re-initialize: %v", m)
			}
			p.send(`{"jsonrpc":"2.0","id":101,"method":"tools/list"}`)
			if m := p.recv(); m["result"] == nil {
				t.Fatalf("tools/list after re-initialize: %v", m)
			}
			// Requests in a batch that the lost connection never answered
			// each get the disconnect error.
			p.send(`[{"jsonrpc":"2.0","id":200,"method":"ping"},{"jsonrpc":"2.0","id":201,"method":"tools/call","params":{"name":"a"}}]`)
			got := map[float64]float64{}
			for range 2 {
				m := p.recv()
				id, _ := m["id"].(float64)
				got[id] = errCode(m)
			}
			if got[200] != CodeDisconnected || got[201] != CodeDisconnected {
				t.Errorf("batch on disconnect: %v", got)
			}
		})
	}
}
