package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The official Go SDK's server, a third party, is the other end here: it
// is linked into this test binary only, never into justbash.

const sdkServerEnv = "MCPCLIENT_TEST_SDK_SERVER"

func TestMain(m *testing.M) {
	if os.Getenv(sdkServerEnv) == "1" {
		fmt.Fprintln(os.Stderr, "sdk server starting")
		if err := newSDKServer(func(s string) { fmt.Fprintln(os.Stderr, s) }).Run(context.Background(), &sdk.StdioTransport{}); err != nil {
			fmt.Fprintln(os.Stderr, "serve:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// bigStructured is what the "big" tool returns as structuredContent: keys
// out of order and an integer beyond 2^53.
const bigStructured = `{"z":9007199254740993,"a":[1,2],"m":{"y":1,"b":2}}`

// newSDKServer builds the fixture: one tool per behaviour. note reports
// what the server saw (a cancelled call, an answered ping).
func newSDKServer(note func(string)) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "sdk-fixture", Version: "1.0.0"}, &sdk.ServerOptions{PageSize: 2})
	obj := map[string]any{"type": "object"}
	text := func(s string) *sdk.CallToolResult {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: s}}}
	}
	s.AddTool(&sdk.Tool{Name: "big", InputSchema: obj}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "big"}}, StructuredContent: json.RawMessage(bigStructured)}, nil
	})
	s.AddTool(&sdk.Tool{Name: "echo", InputSchema: obj}, func(_ context.Context, r *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return text(string(r.Params.Arguments)), nil
	})
	s.AddTool(&sdk.Tool{Name: "fail", InputSchema: obj}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "it broke"}}}, nil
	})
	s.AddTool(&sdk.Tool{Name: "ask", InputSchema: obj}, func(ctx context.Context, r *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		res, err := r.Session.Elicit(ctx, &sdk.ElicitParams{Message: "Name?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}})
		if err != nil {
			return nil, err
		}
		return text(res.Action + " " + fmt.Sprint(res.Content["name"])), nil
	})
	s.AddTool(&sdk.Tool{Name: "pingback", InputSchema: obj}, func(ctx context.Context, r *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		if err := r.Session.Ping(ctx, nil); err != nil {
			return nil, err
		}
		return text("pong"), nil
	})
	s.AddTool(&sdk.Tool{Name: "slow", InputSchema: obj}, func(ctx context.Context, r *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		note("slow: started")
		select {
		case <-ctx.Done():
			note("slow: cancelled")
			return nil, ctx.Err()
		case <-time.After(time.Minute):
			return text("done"), nil
		}
	})
	s.AddTool(&sdk.Tool{Name: "grow", InputSchema: obj}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		s.AddTool(&sdk.Tool{Name: "late", InputSchema: obj}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return text("late"), nil
		})
		return text("grown"), nil
	})
	return s
}

// notes collects what a server reported, safely across goroutines.
type notes struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (n *notes) Write(p []byte) (int, error) { n.mu.Lock(); defer n.mu.Unlock(); return n.buf.Write(p) }
func (n *notes) add(s string)                { n.Write([]byte(s + "\n")) }
func (n *notes) has(s string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return strings.Contains(n.buf.String(), s)
}

// checkSDKServer runs the whole fixture over one transport.
func checkSDKServer(t *testing.T, tr Transport, seen *notes) {
	changed := make(chan struct{}, 4)
	opts := &Options{Name: "interop", Version: "1", ToolsChanged: func(*Client) { changed <- struct{}{} },
		Elicit: func(_ context.Context, p *ElicitParams) (*ElicitResult, error) {
			if p.Message != "Name?" {
				return &ElicitResult{Action: "decline"}, nil
			}
			return &ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, nil
		}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := Connect(ctx, tr, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r := c.InitializeResult(); r.ServerInfo.Name != "sdk-fixture" || r.ProtocolVersion != LatestVersion {
		t.Errorf("initialize: %+v", r)
	}
	tools, err := c.AllTools(ctx) // seven tools, two to a page
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools {
		names = append(names, tl.Name)
	}
	if got := strings.Join(names, " "); got != "ask big echo fail grow pingback slow" {
		t.Errorf("tools = %s", got)
	}
	res, err := c.CallTool(ctx, "big", nil)
	if err != nil {
		t.Fatal(err)
	}
	if string(res.StructuredContent) != bigStructured {
		t.Errorf("structuredContent = %s, want %s", res.StructuredContent, bigStructured)
	}
	args := `{"n":12345678901234567890,"k":"v"}`
	if res, err := c.CallTool(ctx, "echo", json.RawMessage(args)); err != nil || len(res.Content) != 1 || res.Content[0].Text != args {
		t.Errorf("echo = %+v, %v", res, err)
	}
	if res, err := c.CallTool(ctx, "fail", nil); err != nil || !res.IsError || res.Content[0].Text != "it broke" {
		t.Errorf("fail = %+v, %v", res, err)
	}
	var rpc *RPCError
	if _, err := c.CallTool(ctx, "no-such-tool", nil); !errors.As(err, &rpc) {
		t.Errorf("unknown tool: %v", err)
	}
	if res, err := c.CallTool(ctx, "pingback", nil); err != nil || res.Content[0].Text != "pong" {
		t.Errorf("pingback = %+v, %v", res, err)
	}
	if res, err := c.CallTool(ctx, "ask", nil); err != nil || res.Content[0].Text != "accept Ada" {
		t.Errorf("ask = %+v, %v", res, err)
	}
	// The server's handler sees a call we give up on end.
	cctx, ccancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { _, err := c.CallTool(cctx, "slow", nil); done <- err }()
	waitFor(t, "the slow call to start", func() bool { return seen.has("slow: started") })
	ccancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("slow: %v", err)
	}
	waitFor(t, "the server to see the cancellation", func() bool { return seen.has("slow: cancelled") })
	// tools/list_changed arrives and the new tool is there.
	if _, err := c.CallTool(ctx, "grow", nil); err != nil {
		t.Fatal(err)
	}
	select {
	case <-changed:
	case <-ctx.Done():
		t.Fatal("no tools/list_changed")
	}
	if res, err := c.CallTool(ctx, "late", nil); err != nil || res.Content[0].Text != "late" {
		t.Errorf("late = %+v, %v", res, err)
	}
	if err := c.Ping(ctx); err != nil {
		t.Errorf("ping: %v", err)
	}
}

func sdkStdio(stderr *notes) *CommandTransport {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), sdkServerEnv+"=1")
	cmd.Stderr = stderr
	cmd.WaitDelay = time.Second
	return &CommandTransport{Cmd: cmd}
}

func TestSDKServerStdio(t *testing.T) {
	seen := &notes{}
	checkSDKServer(t, sdkStdio(seen), seen)
}

func TestSDKServerStreamable(t *testing.T) {
	seen := &notes{}
	srv := newSDKServer(seen.add)
	ts := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil))
	defer ts.Close()
	checkSDKServer(t, &StreamableTransport{URL: ts.URL}, seen)
}

// Answers as application/json rather than an event stream.
func TestSDKServerStreamableJSON(t *testing.T) {
	seen := &notes{}
	srv := newSDKServer(seen.add)
	ts := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, &sdk.StreamableHTTPOptions{JSONResponse: true}))
	defer ts.Close()
	checkSDKServer(t, &StreamableTransport{URL: ts.URL}, seen)
}

func TestSDKServerSSE(t *testing.T) {
	seen := &notes{}
	srv := newSDKServer(seen.add)
	ts := httptest.NewServer(sdk.NewSSEHandler(func(*http.Request) *sdk.Server { return srv }, nil))
	defer ts.Close()
	checkSDKServer(t, &SSETransport{URL: ts.URL}, seen)
}

// Connecting over each HTTP transport and closing leaves no goroutine of
// ours behind (the GET stream, the SSE reader), once the test's own HTTP
// connections are closed.
func TestHTTPNoGoroutineLeak(t *testing.T) {
	srv := newSDKServer(func(string) {})
	streamable := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil))
	sse := httptest.NewServer(sdk.NewSSEHandler(func(*http.Request) *sdk.Server { return srv }, nil))
	hc := &http.Client{Transport: &http.Transport{}}
	before := runtime.NumGoroutine()
	for range 3 {
		for _, tr := range []Transport{&StreamableTransport{URL: streamable.URL, HTTPClient: hc}, &SSETransport{URL: sse.URL, HTTPClient: hc}} {
			c, err := Connect(context.Background(), tr, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.CallTool(context.Background(), "big", nil); err != nil {
				t.Fatal(err)
			}
			c.Close()
		}
	}
	hc.CloseIdleConnections()
	streamable.CloseClientConnections()
	sse.CloseClientConnections()
	goroutinesSettle(t, before)
	streamable.Close()
	sse.Close()
}

type ctxKey struct{}

// Over Streamable HTTP an elicitation comes in the answer to the call that
// caused it, so the handler gets that call's context: concurrent calls
// each see their own.
func TestElicitGetsCallContext(t *testing.T) {
	srv := newSDKServer(func(string) {})
	ts := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil))
	defer ts.Close()
	c, err := Connect(context.Background(), &StreamableTransport{URL: ts.URL}, &Options{
		Elicit: func(ctx context.Context, _ *ElicitParams) (*ElicitResult, error) {
			who, _ := ctx.Value(ctxKey{}).(string)
			return &ElicitResult{Action: "accept", Content: map[string]any{"name": who}}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var wg sync.WaitGroup
	for _, who := range []string{"first", "second", "third"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.WithValue(context.Background(), ctxKey{}, who), 30*time.Second)
			defer cancel()
			res, err := c.CallTool(ctx, "ask", nil)
			if err != nil || res.Content[0].Text != "accept "+who {
				t.Errorf("%s: %+v, %v", who, res, err)
			}
		}()
	}
	wg.Wait()
}
