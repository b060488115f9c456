package mcpserver

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/justbash/justbash/mcpserver/store"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
)

// replicaDaemons are n daemons on one store behind a round-robin handler:
// each request goes to the next one.
func replicaDaemons(t *testing.T, open func() store.Store, n int) *httptest.Server {
	t.Helper()
	var ds []http.Handler
	for i := 0; i < n; i++ {
		d, err := NewDaemon(replica(t, open(), false), DaemonOptions{APIKey: testKey})
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, d)
	}
	var next atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ds[int(next.Add(1))%len(ds)].ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// Streamable HTTP through replicas taking turns: the session's memory and
// logs follow it.
func TestSharedStreamableHTTP(t *testing.T) {
	sharedStores(t, func(t *testing.T, open func() store.Store) {
		srv := replicaDaemons(t, open, 3)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		// Current MCP revisions have no transport session: the sessionId
		// query names the session.
		tr, err := transport.NewStreamableHTTP(srv.URL+"/mcp?sessionId=stream-1", transport.WithHTTPHeaders(map[string]string{APIKeyHeader: testKey}))
		if err != nil {
			t.Fatal(err)
		}
		c := client.NewClient(tr)
		defer c.Close()
		if err := c.Start(ctx); err != nil {
			t.Fatal(err)
		}
		initialize(t, ctx, c)
		for i := 0; i < 6; i++ {
			res := callTool(t, ctx, c, ToolExecuteCode, map[string]any{"code": `const n = (await jsmcp.memory.get("n")) ?? 0; await jsmcp.memory.set("n", n + 1); console.log("call " + n); return n`})
			if res.IsError || toJSON(structured(t, res)["value"]) != toJSON(i) {
				t.Fatalf("call %d over streamable HTTP: %v", i, texts(res))
			}
		}
		res := callTool(t, ctx, c, ToolFetchLogs, nil)
		if s := toJSON(res.StructuredContent); !strings.Contains(s, `"call 0"`) || !strings.Contains(s, `"call 5"`) {
			t.Errorf("logs over the replicas: %s", s)
		}
	})
}

// A WebSocket client that reconnects, landing on another replica, keeps
// its session (memory and bash files).
func TestSharedWebSocketReconnect(t *testing.T) {
	sharedStores(t, func(t *testing.T, open func() store.Store) {
		srv := replicaDaemons(t, open, 2)
		ctx := context.Background()
		c1, err := dialWS(t, srv, "?sessionId=ws-keep", testKey)
		if err != nil {
			t.Fatal(err)
		}
		callTool(t, ctx, c1, ToolExecuteCode, map[string]any{"code": `await jsmcp.memory.set("who", "first"); return 1`})
		callTool(t, ctx, c1, ToolBash, map[string]any{"script": "echo kept > /tmp/k"})
		c1.Close()
		c2, err := dialWS(t, srv, "?sessionId=ws-keep", testKey)
		if err != nil {
			t.Fatal(err)
		}
		res := callTool(t, ctx, c2, ToolExecuteCode, map[string]any{"code": `return await jsmcp.memory.get("who")`})
		if toJSON(structured(t, res)["value"]) != `"first"` {
			t.Errorf("memory after reconnecting: %v", texts(res))
		}
		res = callTool(t, ctx, c2, ToolBash, map[string]any{"script": "cat /tmp/k"})
		if structured(t, res)["stdout"] != "kept\n" {
			t.Errorf("file after reconnecting: %v", texts(res))
		}
	})
}

func getStatus(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// /healthz and /readyz need no key; /readyz fails while the store does
// not answer.
func TestHealthAndReady(t *testing.T) {
	_, plain := newTestDaemon(t, nil)
	for _, p := range []string{"/healthz", "/readyz"} {
		if code := getStatus(t, plain.URL+p); code != http.StatusOK {
			t.Errorf("%s without a store: %d", p, code)
		}
	}
	url, proc := testRedisProc(t)
	st, err := store.Open(context.Background(), url, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d, err := NewDaemon(replica(t, st, false), DaemonOptions{APIKey: testKey})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(d)
	defer srv.Close()
	if code := getStatus(t, srv.URL+"/readyz"); code != http.StatusOK {
		t.Fatalf("/readyz with Redis up: %d", code)
	}
	proc.Process.Kill()
	proc.Wait()
	if code := getStatus(t, srv.URL+"/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz with Redis down: %d", code)
	}
	if code := getStatus(t, srv.URL+"/healthz"); code != http.StatusOK {
		t.Errorf("/healthz with Redis down: %d", code)
	}
	// A call on a stored session says the store is gone; one-request
	// calls still run.
	code, res := post(t, srv.URL+"/api/call?tool=execute_code&sessionId=down", testKey, `{"code":"return 1"}`)
	if code != http.StatusOK || res["isError"] != true || !strings.Contains(toJSON(res["content"]), "the session store is unavailable") {
		t.Errorf("call with Redis down: %d %v", code, res)
	}
	code, res = post(t, srv.URL+"/api/call?tool=execute_code", testKey, `{"code":"return 1"}`)
	if code != http.StatusOK || res["isError"] == true {
		t.Errorf("one-request call with Redis down: %d %v", code, res)
	}
}

// Streamable HTTP session ids of one replica are valid on every other
// (nothing is kept per id); an ended one is refused where it was ended.
func TestSharedSessionIDs(t *testing.T) {
	a, b := &sharedSessionIDs{}, &sharedSessionIDs{}
	id := a.Generate()
	if id2 := a.Generate(); id2 == id || !SessionIDRe().MatchString(id) {
		t.Fatalf("ids %q %q", id, id2)
	}
	if ended, err := b.Validate(id); ended || err != nil {
		t.Fatalf("another replica's id: %v %v", ended, err)
	}
	for _, bad := range []string{"", "other-prefix", streamIDPrefix + "has space", streamIDPrefix + strings.Repeat("x", 200)} {
		if _, err := b.Validate(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	if _, err := b.Terminate(id); err != nil {
		t.Fatal(err)
	}
	if ended, _ := b.Validate(id); !ended {
		t.Error("an ended id is still valid where it was ended")
	}
}
