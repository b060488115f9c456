package mcpserver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// MCP Streamable HTTP on /mcp: an mcp-go client with the API key reaches
// the meta tools, with its profile and its own session.
func TestStreamableHTTP(t *testing.T) {
	_, srv := newTestDaemon(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dial := func(query, key string) (*client.Client, error) {
		tr, err := transport.NewStreamableHTTP(srv.URL+"/mcp"+query, transport.WithHTTPHeaders(map[string]string{APIKeyHeader: key}))
		if err != nil {
			return nil, err
		}
		c := client.NewClient(tr)
		t.Cleanup(func() { c.Close() })
		if err := c.Start(ctx); err != nil {
			return nil, err
		}
		return c, nil
	}
	bad, err := dial("", "nope")
	if err == nil {
		err = tryInitialize(ctx, bad)
	}
	if err == nil || !strings.Contains(err.Error(), "authorization required") {
		t.Errorf("bad key over streamable HTTP: %v", err)
	}
	// Modern MCP revisions have no transport session, so the sessionId
	// query keeps logs and memory across requests.
	c, err := dial("?profile=work&sessionId=st-1", testKey)
	if err != nil {
		t.Fatal(err)
	}
	initialize(t, ctx, c)
	res := callTool(t, ctx, c, ToolListServers, nil)
	if s := toJSON(res.StructuredContent); strings.Contains(s, `"math"`) || !strings.Contains(s, `"blk"`) {
		t.Errorf("work profile over streamable HTTP: %s", s)
	}
	callTool(t, ctx, c, ToolExecuteCode, map[string]any{"code": "console.log('stream')"})
	res = callTool(t, ctx, c, ToolFetchLogs, nil)
	if !strings.Contains(toJSON(res.StructuredContent), `"message":"stream"`) {
		t.Errorf("logs within one MCP session: %s", toJSON(res.StructuredContent))
	}
}

func tryInitialize(ctx context.Context, c *client.Client) error {
	req := mcp.InitializeRequest{}
	req.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1"}
	_, err := c.Initialize(ctx, req)
	return err
}

// JSON-RPC batches over the WebSocket get one array of responses, without
// entries for notifications.
func TestWebSocketBatch(t *testing.T) {
	_, srv := newTestDaemon(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/mcp"
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: map[string][]string{APIKeyHeader: {testKey}}, Subprotocols: []string{WSSubprotocol}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(websocket.StatusNormalClosure, "")
	roundTrip := func(msg string) string {
		t.Helper()
		if err := conn.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			t.Fatal(err)
		}
		_, b, err := conn.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	if got := roundTrip(init); !strings.Contains(got, `"serverInfo"`) {
		t.Fatalf("initialize: %s", got)
	}
	got := roundTrip(`[{"jsonrpc":"2.0","method":"notifications/initialized"},
	  {"jsonrpc":"2.0","id":2,"method":"ping"},
	  {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return 6*7"}}},
	  {"jsonrpc":"2.0","id":4,"method":"no/such"}]`)
	var resps []map[string]any
	if err := json.Unmarshal([]byte(got), &resps); err != nil || len(resps) != 3 {
		t.Fatalf("batch answer %s (%v)", got, err)
	}
	byID := map[float64]map[string]any{}
	for _, r := range resps {
		byID[r["id"].(float64)] = r
	}
	if _, ok := byID[2]["result"]; !ok {
		t.Errorf("ping in batch: %v", byID[2])
	}
	if v := toJSON(byID[3]["result"].(map[string]any)["structuredContent"].(map[string]any)["value"]); v != "42" {
		t.Errorf("tools/call in batch: %v", byID[3])
	}
	if e, _ := byID[4]["error"].(map[string]any); e == nil || e["code"].(float64) != -32601 {
		t.Errorf("unknown method in batch: %v", byID[4])
	}
	if got := roundTrip(`[]`); !strings.Contains(got, `-32600`) {
		t.Errorf("empty batch: %s", got)
	}
	// A batch of notifications only gets no answer: the next answer is
	// the ping's.
	if err := conn.Write(ctx, websocket.MessageText, []byte(`[{"jsonrpc":"2.0","method":"notifications/initialized"}]`)); err != nil {
		t.Fatal(err)
	}
	if got := roundTrip(`{"jsonrpc":"2.0","id":9,"method":"ping"}`); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":9,`) {
		t.Errorf("after a notification-only batch: %s", got)
	}
}
