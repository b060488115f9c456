package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/justbash/justbash/toolcmd"
	"github.com/mark3labs/mcp-go/client"
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

func newTestRuntime(t *testing.T, cfgText string, runner CodeRunner) *Runtime {
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
	srv := NewMCPServer(rt)
	c, err := client.NewInProcessClient(srv)
	if err != nil {
		t.Fatal(err)
	}
	sess := rt.Session(session)
	// The in-process transport hands our context to the handlers, so the
	// scope travels with every call made through this wrapper.
	t.Cleanup(func() { c.Close() })
	ctx := WithScope(context.Background(), Scope{Profile: profile, Session: sess})
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	initialize(t, ctx, c)
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

func callTool(t *testing.T, ctx context.Context, c *client.Client, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func texts(res *mcp.CallToolResult) []string {
	var out []string
	for _, c := range res.Content {
		if tc, ok := mcp.AsTextContent(c); ok {
			out = append(out, tc.Text)
		}
	}
	return out
}

// structured returns structuredContent as generic JSON.
func structured(t testing.TB, res *mcp.CallToolResult) map[string]any {
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
