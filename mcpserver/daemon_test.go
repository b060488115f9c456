package mcpserver

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
)

const testKey = "test-key-123"

func newTestDaemon(t *testing.T, restart func()) (*Runtime, *httptest.Server) {
	t.Helper()
	rt := newTestRuntime(t, testConfig, JSRunner{})
	d, err := NewDaemon(rt, DaemonOptions{APIKey: testKey, Restart: restart})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close)
	return rt, srv
}

func post(t *testing.T, url, key, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if key != "" {
		req.Header.Set(APIKeyHeader, key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	b, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: body %q is not JSON", url, b)
	}
	return resp.StatusCode, m
}

func TestHTTPAPI(t *testing.T) {
	var restarted atomic.Int32
	_, srv := newTestDaemon(t, func() { restarted.Add(1) })
	u := srv.URL
	cases := []struct {
		name, method, path, key, body string
		code                          int
		want                          string // substring of the JSON body
	}{
		{"no key", "POST", "/api/call?tool=list_servers", "", "{}", 401, "X-JSMCP-API-Key"},
		{"bad key", "POST", "/api/call?tool=list_servers", "test-key-12", "{}", 401, "invalid"},
		{"list", "POST", "/api/call?tool=list_servers", testKey, "", 200, `"name":"math"`},
		{"profile", "POST", "/api/call?tool=list_servers&profile=regex", testKey, "{}", 200, `"toolCount":2`},
		{"unknown profile", "POST", "/api/call?tool=list_servers&profile=zzz", testKey, "{}", 404, `unknown preset \"zzz\"`},
		{"unknown tool", "POST", "/api/call?tool=rm", testKey, "{}", 404, `unknown tool \"rm\"`},
		{"bad json", "POST", "/api/call?tool=list_tools", testKey, "{", 400, "JSON object"},
		{"array body", "POST", "/api/call?tool=list_tools", testKey, "[1]", 400, "JSON object"},
		{"bad session", "POST", "/api/call?tool=fetch_logs&sessionId=a%20b", testKey, "{}", 400, "invalid sessionId"},
		{"list_tools", "POST", "/api/call?tool=list_tools", testKey, `{"server":"math"}`, 200, `"alias":"tool_name"`},
		{"tool error", "POST", "/api/call?tool=list_tools", testKey, `{"server":"zz"}`, 200, `"isError":true`},
		{"execute", "POST", "/api/call?tool=execute_code&sessionId=h1", testKey, `{"code":"console.log('hi'); return data.m","data":{"m":"x\ny"}}`, 200, `"text":"x\ny"`},
		{"logs", "POST", "/api/call?tool=fetch_logs&sessionId=h1", testKey, ``, 200, `"message":"hi"`},
		{"logs drained", "POST", "/api/call?tool=fetch_logs&sessionId=h1", testKey, ``, 200, `"logs":[]`},
		{"get call", "GET", "/api/call?tool=list_servers", testKey, "", 405, "use POST"},
		{"get restart", "GET", "/api/restart", testKey, "", 405, "use POST"},
		{"other path", "POST", "/nope", testKey, "", 404, "not found"},
		{"mcp plain get", "GET", "/mcp", testKey, "", 426, "Upgrade"},
		{"mcp put", "PUT", "/mcp", testKey, "", 405, "WebSocket"},
		{"mcp post not json", "POST", "/mcp", testKey, "", 400, "application/json"},
		{"mcp post no key", "POST", "/mcp", "", "{}", 401, "X-JSMCP-API-Key"},
		{"restart", "POST", "/api/restart", testKey, "", 202, `"restarting":true`},
	}
	for _, tc := range cases {
		req, _ := http.NewRequest(tc.method, u+tc.path, strings.NewReader(tc.body))
		if tc.key != "" {
			req.Header.Set(APIKeyHeader, tc.key)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code || !strings.Contains(string(b), tc.want) {
			t.Errorf("%s: %d %s, want %d containing %s", tc.name, resp.StatusCode, b, tc.code, tc.want)
		}
	}
	big := `{"code":"` + strings.Repeat("a", MaxBodyBytes) + `"}`
	if code, m := post(t, u+"/api/call?tool=execute_code", testKey, big); code != 413 || !strings.Contains(m["error"].(string), "1 MiB") {
		t.Errorf("oversized body: %d %v", code, m)
	}
	deadline := time.Now().Add(30 * time.Second)
	for restarted.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if restarted.Load() != 1 {
		t.Errorf("restart callback ran %d times", restarted.Load())
	}
}

func dialWS(t *testing.T, srv *httptest.Server, query, key string) (*client.Client, error) {
	t.Helper()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/mcp" + query
	h := http.Header{}
	if key != "" {
		h.Set(APIKeyHeader, key)
	}
	c := client.NewClient(newWSMCPGo(url, h))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		return nil, err
	}
	t.Cleanup(func() { c.Close() })
	initialize(t, ctx, c)
	return c, nil
}

func TestWebSocket(t *testing.T) {
	_, srv := newTestDaemon(t, nil)
	if _, err := dialWS(t, srv, "", "wrong"); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("bad key: %v", err)
	}
	if _, err := dialWS(t, srv, "?profile=zzz", testKey); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("unknown profile: %v", err)
	}
	ctx := context.Background()
	c1, err := dialWS(t, srv, "?profile=work&sessionId=ws-1", testKey)
	if err != nil {
		t.Fatal(err)
	}
	res := callTool(t, ctx, c1, ToolListServers, nil)
	if s := toJSON(res.StructuredContent); strings.Contains(s, `"math"`) || !strings.Contains(s, `"blk"`) {
		t.Errorf("work profile over WS: %s", s)
	}
	res = callTool(t, ctx, c1, ToolExecuteCode, map[string]any{"code": "console.log('kept'); await jsmcp.memory.set('m', 5); return 'ok'"})
	if res.IsError || texts(res)[0] != "ok" {
		t.Fatalf("execute over WS: %v", texts(res))
	}
	c1.Close()
	// A reconnect with the same session id sees the logs and memory.
	c2, err := dialWS(t, srv, "?profile=work&sessionId=ws-1", testKey)
	if err != nil {
		t.Fatal(err)
	}
	res = callTool(t, ctx, c2, ToolFetchLogs, nil)
	if !strings.Contains(toJSON(res.StructuredContent), `"message":"kept"`) {
		t.Errorf("logs across reconnect: %s", toJSON(res.StructuredContent))
	}
	res = callTool(t, ctx, c2, ToolExecuteCode, map[string]any{"code": "return await jsmcp.memory.get('m')", "rawText": false})
	if structuredValue(res) != "5" {
		t.Errorf("memory across reconnect: %v", texts(res))
	}
	// The same session over HTTP with the default profile has no memory
	// (memory is per profile) but shares the log buffer.
	callTool(t, ctx, c2, ToolExecuteCode, map[string]any{"code": "console.log('again')"})
	_, m := post(t, srv.URL+"/api/call?tool=fetch_logs&sessionId=ws-1", testKey, "")
	if !strings.Contains(toJSON(m), `"again"`) {
		t.Errorf("HTTP fetch_logs for the WS session: %v", m)
	}
}

func TestAPIKeyFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cfg")
	k1, created, err := EnsureAPIKey(dir)
	if err != nil || !created || len(k1) < 40 {
		t.Fatalf("first: %q %v %v", k1, created, err)
	}
	st, err := os.Stat(filepath.Join(dir, APIKeyFile))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v %v", st.Mode(), err)
	}
	k2, created, err := EnsureAPIKey(dir)
	if err != nil || created || k2 != k1 {
		t.Errorf("second: %q %v %v", k2, created, err)
	}
	os.WriteFile(filepath.Join(dir, APIKeyFile), []byte("\n"), 0o600)
	if _, _, err := EnsureAPIKey(dir); err == nil || !strings.Contains(err.Error(), "empty API key file") {
		t.Errorf("empty file: %v", err)
	}
	if _, err := NewDaemon(nil, DaemonOptions{}); err == nil {
		t.Error("daemon without a key accepted")
	}
}
