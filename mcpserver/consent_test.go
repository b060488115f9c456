package mcpserver

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

const consentConfig = `{"servers": {"w": {"type": "stdio", "command": "ok:write_thing,read_thing"}}%s}`

// answerer is an MCP client's elicitation handler: it records the
// questions and gives one answer.
type answerer struct {
	mu      sync.Mutex
	asked   []string
	answer  mcp.ElicitationResponseAction
	schemas []any
}

func (a *answerer) Elicit(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asked = append(a.asked, req.Params.Message)
	a.schemas = append(a.schemas, req.Params.RequestedSchema)
	return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: a.answer}}, nil
}

func (a *answerer) questions() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.asked...)
}

// consentClient connects an in-process client; with a non-nil answerer it
// declares the elicitation capability.
func consentClient(t *testing.T, rt *Runtime, a *answerer) (*client.Client, context.Context) {
	t.Helper()
	var opts []client.ClientOption
	if a != nil {
		opts = append(opts, client.WithElicitationHandler(a))
	}
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("consent")})
	c := pipeClient(t, ctx, rt, opts...)
	initialize(t, ctx, c)
	return c, ctx
}

func joined(res *CallToolResult) string { return strings.Join(texts(res), "\n") }

// The same rule on both paths into the tools: execute_code and bash.
var consentCalls = []struct {
	tool string
	args map[string]any
}{
	{ToolExecuteCode, map[string]any{"code": `return await w.write_thing({n: 1})`}},
	{ToolBash, map[string]any{"script": `w write-thing n=1`}},
}

func TestConsentElicitsWhenTheClientCan(t *testing.T) {
	for _, answer := range []mcp.ElicitationResponseAction{mcp.ElicitationResponseActionAccept, mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel} {
		for _, call := range consentCalls {
			rt := newTestRuntime(t, strings.Replace(consentConfig, "%s", "", 1), JSRunner{})
			a := &answerer{answer: answer}
			c, ctx := consentClient(t, rt, a)
			res := callTool(t, ctx, c, call.tool, call.args)
			out := joined(res)
			q := a.questions()
			if len(q) != 1 || !strings.HasPrefix(q[0], "Approve w.write_thing (POST /things)?\n\nArguments:\n") || !strings.Contains(q[0], `"n": 1`) {
				t.Fatalf("%s/%s: questions %q", call.tool, answer, q)
			}
			switch answer {
			case mcp.ElicitationResponseActionAccept:
				if res.IsError || !strings.Contains(out, `write_thing called with {\"n\":1}`) && !strings.Contains(out, `write_thing called with {"n":1}`) {
					t.Errorf("%s accepted: %v %s", call.tool, res.IsError, out)
				}
			case mcp.ElicitationResponseActionDecline:
				if !strings.Contains(out, "Tool invocation denied: w.write_thing (approval declined)") || strings.Contains(out, "called with") {
					t.Errorf("%s declined: %s", call.tool, out)
				}
			case mcp.ElicitationResponseActionCancel:
				if !strings.Contains(out, "Tool invocation denied: w.write_thing (approval cancelled)") {
					t.Errorf("%s cancelled: %s", call.tool, out)
				}
			}
			// Reads are never asked about.
			before := len(a.questions())
			if res := callTool(t, ctx, c, ToolBash, map[string]any{"script": "w read-thing"}); res.IsError || !strings.Contains(joined(res), "read_thing called") {
				t.Errorf("read: %s", joined(res))
			}
			if len(a.questions()) != before {
				t.Errorf("a read was asked about")
			}
		}
	}
}

// A client without elicitation gets the configured policy: prompt (the
// default) and allow-all decline writes and say how to allow them;
// accept-all runs them; deny-all refuses every call.
func TestConsentPolicyWithoutElicitation(t *testing.T) {
	for _, tc := range []struct {
		settings, write, read string
	}{
		{``, "approval needed, and this MCP client cannot be asked (no elicitation)", "read_thing called"},
		{`,"justbash":{"approve":"prompt"}`, "cannot be asked", "read_thing called"},
		{`,"justbash":{"approve":"allow-all"}`, "Tool invocation denied: w.write_thing (approval declined: policy allow-all runs no writes)", "read_thing called"},
		{`,"justbash":{"approve":"accept-all"}`, "write_thing called with", "read_thing called"},
		{`,"justbash":{"approve":"deny-all"}`, "Tool invocation denied: w.write_thing (policy deny-all)", "Tool invocation denied: w.read_thing (policy deny-all)"},
	} {
		rt := newTestRuntime(t, strings.Replace(consentConfig, "%s", tc.settings, 1), JSRunner{})
		c, ctx := consentClient(t, rt, nil)
		for _, call := range consentCalls {
			if out := joined(callTool(t, ctx, c, call.tool, call.args)); !strings.Contains(out, tc.write) {
				t.Errorf("%q %s write: %s", tc.settings, call.tool, out)
			}
		}
		if out := joined(callTool(t, ctx, c, ToolExecuteCode, map[string]any{"code": `return await w.read_thing({})`})); !strings.Contains(out, tc.read) {
			t.Errorf("%q read: %s", tc.settings, out)
		}
	}
}

// A client that can be asked is not asked under a policy that answers by
// itself; Options.Approve (the --approve flag) wins over the settings.
func TestConsentPolicyOverrides(t *testing.T) {
	cfg := mustParse(t, "config.json", strings.Replace(consentConfig, "%s", `,"justbash":{"approve":"deny-all"}`, 1), LoadOptions{})
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: JSRunner{}, Approve: ApproveAcceptAll})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	a := &answerer{answer: mcp.ElicitationResponseActionDecline}
	c, ctx := consentClient(t, rt, a)
	if out := joined(callTool(t, ctx, c, ToolBash, map[string]any{"script": "w write-thing n=2"})); !strings.Contains(out, "write_thing called") {
		t.Errorf("accept-all: %s", out)
	}
	if len(a.questions()) != 0 {
		t.Errorf("asked under accept-all: %q", a.questions())
	}
	if _, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Approve: "sometimes"}); err == nil || !strings.Contains(err.Error(), `unknown policy "sometimes"`) {
		t.Errorf("bad policy: %v", err)
	}
	if _, err := ParseConfig("c.json", []byte(`{"servers":{},"justbash":{"approve":"maybe"}}`), LoadOptions{}); err == nil || !strings.Contains(err.Error(), "justbash.approve: unknown policy") {
		t.Errorf("bad setting: %v", err)
	}
}

// Over stdio (justbash mcp run), the question goes out on the same
// stream while the tool call waits for it. The server speaks the
// revisions with the initialize handshake only (2026-07-28 removed
// requests from the server in the middle of a call), so a client that
// would prefer 2026-07-28 settles on 2025-11-25 and is asked as well.
func TestConsentOverStdio(t *testing.T) {
	for _, version := range []string{"2025-06-18", mcp.LATEST_PROTOCOL_VERSION} {
		a := &answerer{answer: mcp.ElicitationResponseActionAccept}
		out := stdioConsent(t, version, a)
		if !strings.Contains(out, "write_thing called") || len(a.questions()) != 1 {
			t.Errorf("%s: %s, asked %q", version, out, a.questions())
		}
	}
}

func stdioConsent(t *testing.T, version string, a *answerer) string {
	rt := newTestRuntime(t, strings.Replace(consentConfig, "%s", "", 1), JSRunner{})
	toServerR, toServerW := io.Pipe()
	toClientR, toClientW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = ServeStdio(ctx, rt, "", toServerR, toClientW, io.Discard)
		toClientW.Close()
	}()
	defer func() { cancel(); toServerW.Close(); toClientR.Close(); <-done }()
	c := client.NewClient(transport.NewIO(toClientR, toServerW, io.NopCloser(strings.NewReader(""))), client.WithElicitationHandler(a))
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	req := mcp.InitializeRequest{}
	req.Params.ProtocolVersion = version
	req.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatal(err)
	}
	return joined(callTool(t, ctx, c, ToolBash, map[string]any{"script": "w write-thing n=3"}))
}
