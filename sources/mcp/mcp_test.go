package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/justbash/justbash/toolcmd"
	"github.com/mark3labs/mcp-go/server"
)

func stdioConfig(name string) Config {
	return Config{Name: name, Command: os.Args[0], Args: []string{"-test.run=^$"}, Env: map[string]string{serverEnv: "1"}, ConnectTimeout: 20 * time.Second}
}

func addSource(t *testing.T, cfg Config) (*toolcmd.Registry, *Source) {
	t.Helper()
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, cfg)
	if err != nil {
		t.Fatalf("Add: %v", err)
	}
	t.Cleanup(func() { src.Close() })
	return reg, src
}

func invoke(t *testing.T, inv *toolcmd.Invoker, path, args string) (string, error) {
	t.Helper()
	out, err := inv.Invoke(context.Background(), path, json.RawMessage(args))
	return string(out), err
}

var fixturePaths = []string{"fx.add", "fx.ask", "fx.crash", "fx.dotted_name", "fx.echo", "fx.fail", "fx.grow", "fx.mixed", "fx.slow", "fx.two_texts", "fx.wipe"}

func TestStdioDiscoveryAndUnwrapping(t *testing.T) {
	reg, src := addSource(t, stdioConfig("fx"))
	// Eleven tools with a page size of three: all pages were followed.
	if got := strings.Join(src.Paths(), " "); got != strings.Join(fixturePaths, " ") {
		t.Fatalf("paths = %s", got)
	}
	add, _ := reg.Get("fx.add")
	if !strings.Contains(string(add.InputSchema), `"a"`) || !strings.Contains(string(add.OutputSchema), `"sum"`) {
		t.Errorf("schemas not kept: in=%s out=%s", add.InputSchema, add.OutputSchema)
	}
	if add.Source != (toolcmd.Source{Kind: toolcmd.SourceMCP, Name: "fx"}) {
		t.Errorf("source = %+v", add.Source)
	}
	inv := toolcmd.NewInvoker(reg)
	tests := []struct{ path, args, want, wantErr string }{
		{"fx.echo", `{"message":"hi"}`, `"echo: hi"`, ""},
		{"fx.add", `{"a":2,"b":3}`, `{"sum":5}`, ""},
		{"fx.two_texts", ``, `"line one\n{\"x\":1}"`, ""},
		{"fx.fail", `{}`, "", "boom happened"},
		{"fx.dotted_name", `{}`, `"called dotted.name"`, ""},
		{"fx.echo", `{}`, "", "message"},
	}
	for _, tc := range tests {
		got, err := invoke(t, inv, tc.path, tc.args)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s(%s): err = %v, want %q", tc.path, tc.args, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s(%s) = %s, %v; want %s", tc.path, tc.args, got, err, tc.want)
		}
	}
	got, err := invoke(t, inv, "fx.mixed", "")
	if err != nil {
		t.Fatal(err)
	}
	var mixed struct {
		Text    string           `json:"text"`
		Content []map[string]any `json:"content"`
		Meta    any              `json:"meta"`
	}
	if err := json.Unmarshal([]byte(got), &mixed); err != nil || mixed.Text != "a pixel" || len(mixed.Content) != 2 || mixed.Content[1]["type"] != "image" || mixed.Content[1]["mimeType"] != "image/png" {
		t.Errorf("mixed = %s (%v)", got, err)
	}
	if !strings.Contains(src.Stderr(), "test server starting") {
		t.Errorf("stderr not captured: %q", src.Stderr())
	}
}

func TestStdioTimeout(t *testing.T) {
	cfg := stdioConfig("fx")
	cfg.CallTimeout = 200 * time.Millisecond
	reg, _ := addSource(t, cfg)
	inv := toolcmd.NewInvoker(reg)
	start := time.Now()
	_, err := invoke(t, inv, "fx.slow", `{"ms":5000}`)
	if err == nil || !strings.Contains(err.Error(), "timed out after 200ms") {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("timeout took %v", d)
	}
	// The connection survives a timed-out call.
	if got, err := invoke(t, inv, "fx.slow", `{"ms":1}`); err != nil || got != `"done"` {
		t.Errorf("after timeout: %s, %v", got, err)
	}
}

func TestDestructiveNeedsApproval(t *testing.T) {
	reg, _ := addSource(t, stdioConfig("fx"))
	wipe, _ := reg.Get("fx.wipe")
	if !wipe.Annotations.RequiresApproval || !wipe.Annotations.Destructive {
		t.Fatalf("annotations = %+v", wipe.Annotations)
	}
	if echo, _ := reg.Get("fx.echo"); echo.Annotations.RequiresApproval {
		t.Errorf("echo requires approval")
	}
	inv := toolcmd.NewInvoker(reg)
	var denied *toolcmd.DeniedError
	if _, err := invoke(t, inv, "fx.wipe", ""); !errors.As(err, &denied) {
		t.Errorf("default policy: err = %v, want denial", err)
	}
	inv.Elicit = toolcmd.AcceptAll
	if got, err := invoke(t, inv, "fx.wipe", ""); err != nil || got != `"wiped"` {
		t.Errorf("approved: %s, %v", got, err)
	}
}

// answerName accepts elicitations with the given name and records them.
func answerName(name string, seen *[]toolcmd.ElicitContext, mu *sync.Mutex) toolcmd.ElicitFunc {
	return func(_ context.Context, ec toolcmd.ElicitContext) (toolcmd.ElicitResponse, error) {
		mu.Lock()
		*seen = append(*seen, ec)
		mu.Unlock()
		if name == "" {
			return toolcmd.ElicitResponse{Action: toolcmd.ActionDecline}, nil
		}
		return toolcmd.ElicitResponse{Action: toolcmd.ActionAccept, Content: map[string]any{"name": name}}, nil
	}
}

func testElicitation(t *testing.T, cfg Config) {
	reg, _ := addSource(t, cfg)
	inv := toolcmd.NewInvoker(reg)
	var seen []toolcmd.ElicitContext
	var mu sync.Mutex
	inv.Elicit = answerName("Ada", &seen, &mu)
	if got, err := invoke(t, inv, "fx.ask", `{}`); err != nil || got != `"hello Ada"` {
		t.Fatalf("accepted: %s, %v", got, err)
	}
	mu.Lock()
	if len(seen) != 1 || seen[0].ToolPath != "fx.ask" || seen[0].Request.Message != "What is your name?" || !strings.Contains(string(seen[0].Request.RequestedSchema), `"name"`) {
		t.Errorf("elicitation seen = %+v", seen)
	}
	mu.Unlock()
	inv.Elicit = nil // default: decline
	if got, err := invoke(t, inv, "fx.ask", `{}`); err != nil || got != `"nobody (decline)"` {
		t.Errorf("declined: %s, %v", got, err)
	}
}

// The fixture asks in the multi round-trip style of 2026-07-28; to a
// client on an initialize-handshake revision (ours) mcp-go sends it as
// elicitation/create on the transport.
func TestElicitationDefault(t *testing.T) { testElicitation(t, stdioConfig("fx")) }

// 2025-06-18, the first revision with elicitation, and a pinned revision
// newer than the client speaks (it asks for its latest instead).
func TestElicitationOtherRevisions(t *testing.T) {
	for _, v := range []string{"2025-06-18", "2026-07-28"} {
		t.Run(v, func(t *testing.T) {
			cfg := stdioConfig("fx")
			cfg.ProtocolVersion = v
			testElicitation(t, cfg)
		})
	}
}

func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func testListChanged(t *testing.T, reg *toolcmd.Registry) {
	inv := toolcmd.NewInvoker(reg)
	if _, ok := reg.Get("fx.late"); ok {
		t.Fatal("late tool present before grow")
	}
	if _, err := invoke(t, inv, "fx.grow", ""); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "fx.late", func() bool { _, ok := reg.Get("fx.late"); return ok })
	if got, err := invoke(t, inv, "fx.late", ""); err != nil || got != `"late tool"` {
		t.Errorf("late: %s, %v", got, err)
	}
}

func TestListChangedStdio(t *testing.T) {
	reg, _ := addSource(t, stdioConfig("fx"))
	testListChanged(t, reg)
}

func TestListChangedStdioLegacy(t *testing.T) {
	cfg := stdioConfig("fx")
	cfg.ProtocolVersion = "2025-06-18"
	reg, _ := addSource(t, cfg)
	testListChanged(t, reg)
}

func TestServerDiesThenReconnects(t *testing.T) {
	reg, src := addSource(t, stdioConfig("fx"))
	inv := toolcmd.NewInvoker(reg)
	_, err := invoke(t, inv, "fx.crash", "")
	if err == nil || !strings.Contains(err.Error(), `connection to MCP server "fx" lost`) || !strings.Contains(err.Error(), "fatal: disk on fire") {
		t.Fatalf("crash err = %v", err)
	}
	if got, err := invoke(t, inv, "fx.echo", `{"message":"again"}`); err != nil || got != `"echo: again"` {
		t.Errorf("after reconnect: %s, %v", got, err)
	}
	if !strings.Contains(src.Stderr(), "disk on fire") {
		t.Errorf("stderr lost: %q", src.Stderr())
	}
}

func TestServerDiesNoReconnect(t *testing.T) {
	cfg := stdioConfig("fx")
	cfg.NoReconnect = true
	reg, _ := addSource(t, cfg)
	inv := toolcmd.NewInvoker(reg)
	if _, err := invoke(t, inv, "fx.crash", ""); err == nil {
		t.Fatal("crash succeeded")
	}
	_, err := invoke(t, inv, "fx.echo", `{"message":"x"}`)
	if err == nil || !strings.Contains(err.Error(), `MCP server "fx" is not connected`) {
		t.Errorf("err = %v", err)
	}
}

func TestStreamableHTTP(t *testing.T) {
	var mu sync.Mutex
	var auths []string
	mcpHandler := server.NewStreamableHTTPServer(newTestServer())
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auths = append(auths, r.Header.Get("Authorization")+"|"+r.Header.Get("X-Team"))
		mu.Unlock()
		mcpHandler.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close) // runs after the source's Close: cleanups are LIFO
	tokens := 0
	cfg := Config{Name: "fx", Type: "http", URL: ts.URL + "/mcp", Headers: map[string]string{"X-Team": "blue"},
		TokenSource: func(context.Context) (string, error) { mu.Lock(); defer mu.Unlock(); tokens++; return "tok-1", nil }}
	reg, src := addSource(t, cfg)
	if len(src.Paths()) != len(fixturePaths) {
		t.Fatalf("paths = %v", src.Paths())
	}
	inv := toolcmd.NewInvoker(reg)
	if got, err := invoke(t, inv, "fx.add", `{"a":1.5,"b":2}`); err != nil || got != `{"sum":3.5}` {
		t.Errorf("add = %s, %v", got, err)
	}
	if _, err := invoke(t, inv, "fx.fail", ""); err == nil || err.Error() != "boom happened" {
		t.Errorf("fail: %v", err)
	}
	testListChanged(t, reg)
	mu.Lock()
	defer mu.Unlock()
	if tokens == 0 || len(auths) == 0 {
		t.Fatal("no requests seen")
	}
	for _, a := range auths {
		if a != "Bearer tok-1|blue" {
			t.Errorf("request headers = %q", a)
			break
		}
	}
}

func TestSSE(t *testing.T) {
	sseSrv := server.NewSSEServer(newTestServer())
	sse := httptest.NewServer(sseSrv)
	t.Cleanup(sse.Close)
	reg, _ := addSource(t, Config{Name: "fx", Type: "sse", URL: sse.URL + "/sse"})
	inv := toolcmd.NewInvoker(reg)
	if got, err := invoke(t, inv, "fx.echo", `{"message":"over sse"}`); err != nil || got != `"echo: over sse"` {
		t.Errorf("echo = %s, %v", got, err)
	}
}

func TestBadSources(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{Name: "nocmd", Command: "/nonexistent/mcp-server-binary"}, `mcp source "nocmd": start:`},
		{Config{Name: "gone", Type: "http", URL: deadURL + "/mcp", ConnectTimeout: 5 * time.Second}, `mcp source "gone": initialize:`},
		{Config{Name: "weird", Type: "carrier-pigeon", URL: "x"}, `mcp source "weird": unknown server type "carrier-pigeon"`},
		{Config{Name: "empty"}, `mcp source "empty": neither command nor url given`},
		{Config{Name: "exits", Command: os.Args[0], Args: []string{"-test.run=^$"}, ConnectTimeout: 10 * time.Second}, `mcp source "exits": initialize:`},
	}
	for _, tc := range tests {
		reg := toolcmd.NewRegistry()
		_, err := Add(context.Background(), reg, tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.cfg.Name, err, tc.want)
		}
		if reg.Len() != 0 {
			t.Errorf("%s: %d tools left registered", tc.cfg.Name, reg.Len())
		}
	}
}

func TestCloseUnregisters(t *testing.T) {
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, stdioConfig("fx"))
	if err != nil {
		t.Fatal(err)
	}
	if err := src.Close(); err != nil {
		t.Logf("close: %v", err)
	}
	if reg.Len() != 0 {
		t.Errorf("%d tools left after Close", reg.Len())
	}
}
