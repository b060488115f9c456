package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/mcpclient"
)

// Our client over the WebSocket transport against the daemon: the
// handshake, tools/list and tools/call over /mcp, and the upgrade's
// refusals surfacing as errors.
func TestWSTransportClient(t *testing.T) {
	_, srv := newTestDaemon(t, nil)
	base := "ws" + strings.TrimPrefix(srv.URL, "http") + "/mcp"
	connect := func(query, key string) (*mcpclient.Client, error) {
		h := http.Header{}
		h.Set(APIKeyHeader, key)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return mcpclient.Connect(ctx, NewWSTransport(base+query, h), &mcpclient.Options{Name: "t", Version: "1"})
	}
	if _, err := connect("", "wrong"); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("bad key: %v", err)
	}
	if _, err := connect("?profile=zzz", testKey); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("unknown profile: %v", err)
	}
	cs, err := connect("?sessionId=sdk-1", testKey)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	tools, err := cs.AllTools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools {
		names = append(names, tool.Name)
	}
	if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+ToolExecuteCode+" ") {
		t.Errorf("tools = %v", names)
	}
	// Two calls at once: responses are matched to their requests.
	type out struct {
		text string
		err  error
	}
	results := make(chan out, 2)
	for _, v := range []string{"a", "b"} {
		go func() {
			res, err := cs.CallTool(ctx, ToolExecuteCode, json.RawMessage(`{"code":"return '`+v+`'.repeat(3)"}`))
			if err != nil {
				results <- out{err: err}
				return
			}
			if len(res.Content) > 0 && res.Content[0].Type == "text" && !res.IsError {
				results <- out{text: v + "=" + res.Content[0].Text}
				return
			}
			results <- out{text: v + "=?"}
		}()
	}
	got := map[string]bool{}
	for range 2 {
		r := <-results
		if r.err != nil {
			t.Fatal(r.err)
		}
		got[r.text] = true
	}
	if !got["a=aaa"] || !got["b=bbb"] {
		t.Errorf("results = %v", got)
	}
	if err := cs.Close(); err != nil {
		t.Logf("close: %v", err)
	}
	if _, err := cs.CallTool(ctx, ToolListServers, nil); !errors.Is(err, mcpclient.ErrConnectionClosed) {
		t.Errorf("call after Close: %v", err)
	}
}
