package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/justbash/justbash/toolcmd"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// fakeUpstream is an in-memory tool server. Its tools behave like the
// jsmcp test fixtures: add, repeat, fail, echo_env and naming fixtures.
type fakeUpstream struct {
	names  []string
	stderr string
}

func (f *fakeUpstream) Tools() []UpstreamTool {
	var out []UpstreamTool
	for _, n := range f.names {
		t := UpstreamTool{Name: n, Description: "tool " + n}
		if strings.HasPrefix(n, "write") {
			// A write: needs consent, as an OpenAPI POST does.
			t.Annotations = toolcmd.Annotations{RequiresApproval: true, ApprovalLabel: "POST /things"}
		}
		if strings.HasSuffix(n, "add") {
			t.InputSchema = json.RawMessage(`{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}`)
			t.OutputSchema = json.RawMessage(`{"type":"object","properties":{"sum":{"type":"number"}},"required":["sum"]}`)
		}
		out = append(out, t)
	}
	return out
}

func (f *fakeUpstream) Call(ctx context.Context, tool string, args json.RawMessage) (json.RawMessage, error) {
	var a map[string]any
	_ = json.Unmarshal(args, &a)
	switch {
	case strings.HasSuffix(tool, "add"):
		x, _ := a["a"].(float64)
		y, _ := a["b"].(float64)
		return json.Marshal(map[string]any{"sum": x + y})
	case strings.HasSuffix(tool, "fail"):
		return nil, errors.New("upstream says no")
	}
	return json.Marshal(fmt.Sprintf("%s called with %s", tool, string(args)))
}

func (f *fakeUpstream) Stderr() string { return f.stderr }
func (f *fakeUpstream) Close() error   { return nil }

// fakeStarter starts servers by their first command word: "ok:<tools,…>"
// or "broken".
func fakeStarter(ctx context.Context, def *ServerDef) (Upstream, error) {
	spec := ""
	if len(def.Command) > 0 {
		spec = def.Command[0]
	}
	switch {
	case strings.HasPrefix(spec, "ok:"):
		return &fakeUpstream{names: strings.Split(strings.TrimPrefix(spec, "ok:"), ",")}, nil
	case spec == "hang":
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return nil, &StartError{Message: "process exited with status 1", Stderr: "boom: missing token\n"}
}

const testConfig = `{
  "servers": {
    "math": {"type": "stdio", "command": "ok:add,mul_two,mul_three,div,tool-name,fail", "description": "Basic arithmetic tools"},
    "pref": {"type": "local", "command": ["ok:tool__readValue", "x"], "args": ["y"], "strip_tool_prefix": "tool__", "normalize_tool_names": true},
    "blk": {"type": "stdio", "command": "ok:safe,rm_all,drop", "blocked_tools": ["drop", {"glob": "rm_*"}]},
    "broken": {"type": "stdio", "command": "broken"},
    "off": {"type": "stdio", "command": "ok:x", "enabled": false}
  },
  "presets": {
    "default": {"math": ["add", {"glob": "mul_*"}, "tool-name", "fail"], "blk": true},
    "work": {"math": false, "blk": ["rm_all", "safe"], "off": true},
    "regex": {"math": [{"regex": "d"}], "pref": false, "blk": false, "broken": false}
  }
}`

func newTestRuntime(t testing.TB, cfgText string, runner CodeRunner) *Runtime {
	t.Helper()
	cfg := mustParse(t, "config.json", cfgText, LoadOptions{})
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close() })
	return rt
}

// inProcess connects an mcp-go client to rt with a scope.
func inProcess(t *testing.T, rt *Runtime, profile, session string) *client.Client {
	t.Helper()
	ctx := WithScope(context.Background(), Scope{Profile: profile, Session: rt.Session(session)})
	c := pipeClient(t, ctx, rt)
	initialize(t, ctx, c)
	return c
}

// pipeClient connects an mcp-go client to rt's MCP server over a pair of
// in-memory pipes (the stdio transport without a process); the server
// serves with ctx's scope. The client is started, not initialized.
func pipeClient(t *testing.T, ctx context.Context, rt *Runtime, opts ...client.ClientOption) *client.Client {
	t.Helper()
	toServerR, toServerW := io.Pipe()
	toClientR, toClientW := io.Pipe()
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = NewMCPServer(rt).ServeLines(sctx, toServerR, toClientW, io.Discard)
		toClientW.Close()
	}()
	c := client.NewClient(transport.NewIO(toClientR, toServerW, io.NopCloser(strings.NewReader(""))), opts...)
	t.Cleanup(func() {
		c.Close()
		cancel()
		toServerW.Close()
		toClientR.Close()
		<-done
	})
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return c
}

func initialize(t *testing.T, ctx context.Context, c *client.Client) {
	t.Helper()
	req := mcp.InitializeRequest{}
	req.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatal(err)
	}
}

// callTool calls a tool through a real MCP client (mcp-go's) and returns
// what it decoded in the server's own result type, so tests read results
// of Runtime.Call and of a client the same way.
func callTool(t *testing.T, ctx context.Context, c *client.Client, name string, args map[string]any) *CallToolResult {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return fromClient(res)
}

// fromClient converts a result mcp-go's client decoded; blocks that are
// not text are dropped (the meta tools write none).
func fromClient(res *mcp.CallToolResult) *CallToolResult {
	out := &CallToolResult{IsError: res.IsError, StructuredContent: res.StructuredContent}
	for _, c := range res.Content {
		if tc, ok := mcp.AsTextContent(c); ok {
			out.Content = append(out.Content, textContent(tc.Text))
		}
	}
	return out
}

func texts(res *CallToolResult) []string {
	var out []string
	for _, c := range res.Content {
		out = append(out, c.Text)
	}
	return out
}

// structured returns structuredContent as generic JSON.
func structured(t testing.TB, res *CallToolResult) map[string]any {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("structuredContent %s: %v", b, err)
	}
	return m
}

func toJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// structuredValue is the "value" field of a result's structured content
// (a map or JSON already), as compact JSON.
func structuredValue(res *CallToolResult) string {
	var m map[string]json.RawMessage
	_ = json.Unmarshal([]byte(toJSON(res.StructuredContent)), &m)
	var b bytes.Buffer
	_ = json.Compact(&b, m["value"])
	return b.String()
}
