package toolcmd

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func policyRegistry(t testing.TB) *Registry {
	reg := NewRegistry()
	ok := func(context.Context, json.RawMessage) (json.RawMessage, error) { return json.RawMessage(`"ran"`), nil }
	must(t, reg.Add(Tool{Path: "ops.restart", Description: "Restart a service", Source: Source{Kind: SourceMCP, Name: "ops"}, Invoke: ok}))
	must(t, reg.Add(Tool{Path: "math.add", Description: "Add two numbers", Invoke: ok}))
	must(t, reg.Add(Tool{Path: "pets.create", Description: "Create a pet", Source: Source{Kind: SourceOpenAPI, Name: "pets"},
		Annotations: Annotations{RequiresApproval: true, ApprovalLabel: "POST /pets"}, Invoke: ok}))
	return reg
}

// The README's approval example: ops.* is refused with a reason.
func TestApprovalPolicies(t *testing.T) {
	reg := policyRegistry(t)
	var seen ApprovalRequest
	readmeHook := func(_ context.Context, req ApprovalRequest) (ApprovalDecision, error) {
		seen = req
		if strings.HasPrefix(req.ToolPath, "ops.") {
			return ApprovalDecision{Approved: false, Reason: "ops tools need manual review"}, nil
		}
		return ApprovalDecision{Approved: true}, nil
	}
	tests := []struct {
		name    string
		approve ApprovalFunc
		path    string
		want    string
	}{
		{"default allows", nil, "math.add", `"ran"`},
		{"allow-all", AllowAll, "ops.restart", `"ran"`},
		{"deny-all", DenyAll, "math.add", "error: Tool invocation denied: math.add"},
		{"callback denies ops", readmeHook, "ops.restart", "error: Tool invocation denied: ops.restart (ops tools need manual review)"},
		{"callback allows others", readmeHook, "math.add", `"ran"`},
		{"callback error", func(context.Context, ApprovalRequest) (ApprovalDecision, error) {
			return ApprovalDecision{Approved: true}, errors.New("no reviewer")
		}, "math.add", "error: Tool invocation denied: math.add (no reviewer)"},
		{"callback panic", func(context.Context, ApprovalRequest) (ApprovalDecision, error) { panic("boom") },
			"math.add", "error: Tool invocation denied: math.add (approval callback panicked: boom)"},
	}
	for _, tc := range tests {
		inv := &Invoker{Registry: reg, Approve: tc.approve}
		out, err := inv.Invoke(context.Background(), tc.path, json.RawMessage(`{"x":1}`))
		got := string(out)
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
	inv := &Invoker{Registry: reg, Approve: readmeHook}
	inv.Invoke(context.Background(), "ops.restart", json.RawMessage(`{"x":1}`))
	if seen.ToolPath != "ops.restart" || seen.Source != (Source{Kind: SourceMCP, Name: "ops"}) || string(seen.Args) != `{"x":1}` || seen.ApprovalLabel != "Restart a service" {
		t.Errorf("approval request: %+v", seen)
	}
	// The bash surface prints the denial as the tool's error.
	r := run(t, Commands(&Invoker{Registry: reg, Approve: DenyAll}), nil, "math", "add")
	if r.stderr != "math: add: Tool invocation denied: math.add\n" || r.code != 1 {
		t.Errorf("bash denial: %q %d", r.stderr, r.code)
	}
}

// Tools annotated RequiresApproval ask the elicitation handler, which
// declines by default.
func TestRequiresApprovalGoesThroughElicitation(t *testing.T) {
	reg := policyRegistry(t)
	var msg string
	tests := []struct {
		name   string
		elicit ElicitFunc
		want   string
	}{
		{"default declines", nil, "error: Tool invocation denied: pets.create (approval declined)"},
		{"accept-all", AcceptAll, `"ran"`},
		{"callback cancel", func(_ context.Context, ec ElicitContext) (ElicitResponse, error) {
			msg = ec.Request.Message
			return ElicitResponse{Action: ActionCancel}, nil
		}, "error: Tool invocation denied: pets.create (approval cancelled)"},
	}
	for _, tc := range tests {
		inv := &Invoker{Registry: reg, Elicit: tc.elicit}
		out, err := inv.Invoke(context.Background(), "pets.create", json.RawMessage(`{"name":"rex"}`))
		got := string(out)
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
	if want := "Approve pets.create (POST /pets)?\n\nArguments:\n{\n  \"name\": \"rex\"\n}"; msg != want {
		t.Errorf("prompt %q, want %q", msg, want)
	}
}

// A tool asks for input mid-call through Elicit.
func TestElicitFromTool(t *testing.T) {
	reg := NewRegistry()
	must(t, reg.AddInline(map[string]Tool{
		"acct.pick": Untyped("Pick an account", func(ctx context.Context, _ map[string]any) (any, error) {
			resp, err := Elicit(ctx, ElicitRequest{Message: "Which account?", RequestedSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}}}`)})
			if err != nil {
				return nil, err
			}
			return map[string]any{"picked": resp.Content["id"]}, nil
		}),
	}))
	var got ElicitContext
	tests := []struct {
		name   string
		elicit ElicitFunc
		want   string
	}{
		{"default declines", nil, "error: elicitation declined: Which account?"},
		{"accept-all", AcceptAll, `{"picked":null}`},
		{"callback", func(_ context.Context, ec ElicitContext) (ElicitResponse, error) {
			got = ec
			return ElicitResponse{Action: ActionAccept, Content: map[string]any{"id": "acc-7"}}, nil
		}, `{"picked":"acc-7"}`},
		{"callback error", func(context.Context, ElicitContext) (ElicitResponse, error) {
			return ElicitResponse{}, errors.New("no terminal")
		}, "error: elicitation cancelled: no terminal"},
	}
	for _, tc := range tests {
		inv := &Invoker{Registry: reg, Elicit: tc.elicit}
		out, err := inv.Invoke(context.Background(), "acct.pick", json.RawMessage(`{"q":1}`))
		s := string(out)
		if err != nil {
			s = "error: " + err.Error()
		}
		if s != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, s, tc.want)
		}
	}
	if got.ToolPath != "acct.pick" || string(got.Args) != `{"q":1}` || got.Request.Message != "Which account?" {
		t.Errorf("elicit context: %+v", got)
	}
	r := run(t, Commands(NewInvoker(reg)), nil, "acct", "pick")
	if r.stderr != "acct: pick: elicitation declined: Which account?\n" || r.code != 1 {
		t.Errorf("bash decline: %q %d", r.stderr, r.code)
	}
	if _, err := Elicit(context.Background(), ElicitRequest{Message: "m"}); err == nil {
		t.Error("Elicit outside a call should decline")
	}
}

func TestPanicAndCancellation(t *testing.T) {
	reg := NewRegistry()
	var released atomic.Bool
	block := make(chan struct{})
	must(t, reg.AddInline(map[string]Tool{
		"bad.panic": Untyped("Panics", func(context.Context, map[string]any) (any, error) { panic("kaboom") }),
		"bad.ignore": Untyped("Ignores ctx", func(context.Context, map[string]any) (any, error) {
			<-block
			released.Store(true)
			return nil, nil
		}),
		"bad.polite": Untyped("Honours ctx", func(ctx context.Context, _ map[string]any) (any, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}),
		"bad.json": {Description: "Bad JSON", Invoke: func(context.Context, json.RawMessage) (json.RawMessage, error) {
			return json.RawMessage(`{nope`), nil
		}},
	}))
	defer close(block)
	inv := NewInvoker(reg)
	_, err := inv.Invoke(context.Background(), "bad.panic", nil)
	var pe *PanicError
	if !errors.As(err, &pe) || err.Error() != "tool bad.panic panicked: kaboom" || len(pe.Stack) == 0 {
		t.Errorf("panic: %v", err)
	}
	r := run(t, Commands(inv), nil, "bad", "panic")
	if r.stderr != "bad: panic: tool bad.panic panicked: kaboom\n" || r.code != 1 {
		t.Errorf("bash panic: %q %d", r.stderr, r.code)
	}
	if _, err := inv.Invoke(context.Background(), "bad.json", nil); err == nil || err.Error() != "tool bad.json returned invalid JSON" {
		t.Errorf("bad json: %v", err)
	}
	for _, p := range []string{"bad.ignore", "bad.polite"} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		start := time.Now()
		_, err := inv.Invoke(ctx, p, nil)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 2*time.Second {
			t.Errorf("%s: err %v after %v", p, err, time.Since(start))
		}
	}
	if released.Load() {
		t.Error("the blocking tool should still be blocked")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := inv.Invoke(ctx, "bad.panic", nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before start: %v", err)
	}
}

func TestRegistryErrors(t *testing.T) {
	ok := func(context.Context, json.RawMessage) (json.RawMessage, error) { return nil, nil }
	tests := []struct {
		tool Tool
		want string
	}{
		{Tool{Path: "", Invoke: ok}, "empty tool path"},
		{Tool{Path: "a..b", Invoke: ok}, `tool path "a..b": empty segment`},
		{Tool{Path: "a.b c", Invoke: ok}, `tool path "a.b c": invalid character ' '`},
		{Tool{Path: "a.b;rm", Invoke: ok}, `tool path "a.b;rm": invalid character ';'`},
		{Tool{Path: "tools.x", Invoke: ok}, `tool path "tools.x": namespace "tools" is reserved for the discovery command`},
		{Tool{Path: "-x.y", Invoke: ok}, `tool path "-x.y": must not start with '-'`},
		{Tool{Path: "a.b"}, `tool "a.b": no Invoke function`},
		{Tool{Path: "a.b", Invoke: ok, InputSchema: json.RawMessage(`{"type":`)}, `tool "a.b": input schema: unexpected end of JSON input`},
	}
	for _, tc := range tests {
		err := NewRegistry().Add(tc.tool)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Add(%q): %v, want %s", tc.tool.Path, err, tc.want)
		}
	}
	reg := NewRegistry()
	must(t, reg.Add(Tool{Path: "single", Invoke: ok}))
	must(t, reg.Add(Tool{Path: "z.one", Invoke: ok}))
	if ns := reg.Namespaces(); len(ns) != 1 || ns[0] != "z" {
		t.Errorf("Namespaces: %v (a path without a dot has no command)", ns)
	}
	if _, ok := Commands(NewInvoker(reg))["single"]; ok {
		t.Error("dotless tool got a command")
	}
	if _, err := NewInvoker(reg).Invoke(context.Background(), "single", nil); err != nil {
		t.Errorf("dotless tool not invokable: %v", err)
	}
	if l := reg.List(); len(l) != 2 || l[0].Path != "single" || reg.Len() != 2 {
		t.Errorf("List: %v", l)
	}
}

func TestPolicyNames(t *testing.T) {
	for _, n := range []string{"allow-all", "deny-all", ""} {
		if _, err := ApprovalPolicy(n); err != nil {
			t.Error(err)
		}
	}
	for _, n := range []string{"accept-all", "decline", ""} {
		if _, err := ElicitationPolicy(n); err != nil {
			t.Error(err)
		}
	}
	if _, err := ApprovalPolicy("maybe"); err == nil {
		t.Error("bad approval policy accepted")
	}
	if _, err := ElicitationPolicy("maybe"); err == nil {
		t.Error("bad elicitation policy accepted")
	}
}
