package toolcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"
)

// ApprovalRequest is what an approval policy decides on.
type ApprovalRequest struct {
	ToolPath    string
	Source      Source
	Args        json.RawMessage // empty when the caller passed no arguments
	Annotations Annotations
	// ApprovalLabel is a short text for a prompt: the annotation's label,
	// else the description's first line, else the path.
	ApprovalLabel string
}

// ApprovalDecision is a policy's answer; Reason is shown on denial.
type ApprovalDecision struct {
	Approved bool
	Reason   string
}

// ApprovalFunc is an approval policy. An error counts as a denial.
type ApprovalFunc func(ctx context.Context, req ApprovalRequest) (ApprovalDecision, error)

// AllowAll approves every call (the default).
func AllowAll(context.Context, ApprovalRequest) (ApprovalDecision, error) {
	return ApprovalDecision{Approved: true}, nil
}

// DenyAll refuses every call.
func DenyAll(context.Context, ApprovalRequest) (ApprovalDecision, error) {
	return ApprovalDecision{}, nil
}

// ApprovalPolicy returns the named policy: "allow-all" or "deny-all".
func ApprovalPolicy(name string) (ApprovalFunc, error) {
	switch name {
	case "", "allow-all":
		return AllowAll, nil
	case "deny-all":
		return DenyAll, nil
	}
	return nil, fmt.Errorf("unknown approval policy %q (want allow-all or deny-all)", name)
}

// Invoker is the one path every surface (bash commands, js-exec, the MCP
// server) calls tools through: look up → validate → approve → invoke (with
// elicitation available to the tool) → result. Its fields are read-only
// after first use; it is safe for concurrent use.
type Invoker struct {
	Registry *Registry
	// Approve gates each call; nil means AllowAll.
	Approve ApprovalFunc
	// Elicit answers mid-call user-input requests and approval prompts of
	// tools annotated RequiresApproval; nil means DeclineAll.
	Elicit ElicitFunc
}

// NewInvoker returns an Invoker over reg with the default policies.
func NewInvoker(reg *Registry) *Invoker { return &Invoker{Registry: reg} }

// DeniedError is returned when the approval policy refuses a call.
type DeniedError struct {
	Path   string
	Reason string
}

func (e *DeniedError) Error() string {
	if e.Reason == "" {
		return "Tool invocation denied: " + e.Path
	}
	return "Tool invocation denied: " + e.Path + " (" + e.Reason + ")"
}

// PanicError reports a tool that panicked; the stack is kept for logs.
type PanicError struct {
	Path  string
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("tool %s panicked: %v", e.Path, e.Value) }

// Invoke calls the tool at path with argsJSON (a JSON object, or empty for
// no arguments) and returns its JSON result (empty for "undefined").
func (inv *Invoker) Invoke(ctx context.Context, path string, argsJSON json.RawMessage) (json.RawMessage, error) {
	if inv == nil || inv.Registry == nil {
		return nil, fmt.Errorf("%w: %s", ErrUnknownTool, path)
	}
	e := inv.Registry.get(path)
	if e == nil {
		return nil, fmt.Errorf("%w: %s", ErrUnknownTool, path)
	}
	return inv.invokeEntry(ctx, e, argsJSON)
}

func (inv *Invoker) invokeEntry(ctx context.Context, e *entry, args json.RawMessage) (json.RawMessage, error) {
	path := e.tool.Path
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	args = bytes.TrimSpace(args)
	if len(args) > 0 && !json.Valid(args) {
		return nil, &ArgError{Tool: path, Msg: "invalid arguments: not valid JSON"}
	}
	if stripped, ok := takeInclude(args); ok {
		args = stripped
		ctx = WithResponse(ctx)
	}
	// Validate first: a human should not be asked to approve a call that
	// cannot run.
	if err := validateArgs(path, e.in(), args); err != nil {
		return nil, err
	}
	if err := inv.approve(ctx, e, args); err != nil {
		return nil, err
	}
	ctx = withElicitor(ctx, inv.elicitFunc(), path, args)
	return callTool(ctx, e, args)
}

func (inv *Invoker) approve(ctx context.Context, e *entry, args json.RawMessage) error {
	t := &e.tool
	req := ApprovalRequest{ToolPath: t.Path, Source: t.Source, Args: args, Annotations: t.Annotations, ApprovalLabel: approvalLabel(t)}
	approve := inv.Approve
	if approve == nil {
		approve = AllowAll
	}
	dec, err := safeApprove(ctx, approve, req)
	if err != nil {
		return &DeniedError{Path: t.Path, Reason: err.Error()}
	}
	if !dec.Approved {
		return &DeniedError{Path: t.Path, Reason: dec.Reason}
	}
	if !t.Annotations.RequiresApproval {
		return nil
	}
	// Tools that declare they need consent ask through the elicitation
	// handler, as the executor SDK does; declined by default.
	msg := fmt.Sprintf("Approve %s (%s)?\n\nArguments:\n%s", t.Path, req.ApprovalLabel, argsPreview(args))
	resp, err := inv.elicitFunc().call(ctx, ElicitContext{ToolPath: t.Path, Args: args, Request: ElicitRequest{Message: msg}})
	if err != nil {
		return &DeniedError{Path: t.Path, Reason: err.Error()}
	}
	if resp.Action != ActionAccept {
		return &DeniedError{Path: t.Path, Reason: "approval " + resp.Action.past()}
	}
	return nil
}

func safeApprove(ctx context.Context, f ApprovalFunc, req ApprovalRequest) (dec ApprovalDecision, err error) {
	defer func() {
		if p := recover(); p != nil {
			dec, err = ApprovalDecision{}, fmt.Errorf("approval callback panicked: %v", p)
		}
	}()
	return f(ctx, req)
}

func approvalLabel(t *Tool) string {
	switch {
	case t.Annotations.ApprovalLabel != "":
		return t.Annotations.ApprovalLabel
	case firstLine(t.Description) != "":
		return firstLine(t.Description)
	}
	return t.Path
}

func argsPreview(args json.RawMessage) string {
	if len(args) == 0 {
		return "{}"
	}
	var buf bytes.Buffer
	if json.Indent(&buf, args, "", "  ") != nil {
		return string(args)
	}
	s := buf.String()
	if len(s) > 2000 {
		s = s[:2000] + "\n…"
	}
	return s
}

// callTool runs the tool, turning a panic into an error. When ctx can be
// cancelled the tool runs on its own goroutine so a tool that ignores ctx
// still cannot hold the caller past its deadline (it is abandoned; its
// result is dropped).
func callTool(ctx context.Context, e *entry, args json.RawMessage) (json.RawMessage, error) {
	if ctx.Done() == nil {
		return runGuarded(ctx, e, args)
	}
	type result struct {
		out json.RawMessage
		err error
	}
	ch := make(chan result, 1)
	go func() {
		out, err := runGuarded(ctx, e, args)
		ch <- result{out, err}
	}()
	select {
	case r := <-ch:
		return r.out, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func runGuarded(ctx context.Context, e *entry, args json.RawMessage) (out json.RawMessage, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, &PanicError{Path: e.tool.Path, Value: p, Stack: debug.Stack()}
		}
	}()
	out, err = e.tool.Invoke(ctx, args)
	if err != nil {
		return nil, err
	}
	out = bytes.TrimSpace(out)
	if len(out) > 0 && !json.Valid(out) {
		return nil, fmt.Errorf("tool %s returned invalid JSON", e.tool.Path)
	}
	return out, nil
}

// compactLine makes a result fit on one line (a discovered tool may return
// indented JSON); results already compact are returned as they are.
func compactLine(out json.RawMessage) []byte {
	if !bytes.ContainsAny(out, "\n\r\t") && !bytes.Contains(out, []byte(": ")) && !bytes.Contains(out, []byte(", ")) {
		return out
	}
	var buf bytes.Buffer
	if json.Compact(&buf, out) != nil {
		return out
	}
	return buf.Bytes()
}

// errText is the message printed for a failed call, without the tool name
// when the error carries it separately.
func errText(err error) string {
	if ae, ok := err.(*ArgError); ok {
		return ae.Msg
	}
	return strings.TrimSpace(err.Error())
}

// IncludeKey is the argument with which a JavaScript or MCP caller asks
// for the whole response ({status, headers, body, next, …}) instead of
// its body: `await tools.gh.repos.listForOrg({org: "x", $include: true})`.
const IncludeKey = "$include"

// takeInclude removes a true IncludeKey from an arguments object.
func takeInclude(args json.RawMessage) (json.RawMessage, bool) {
	if !bytes.Contains(args, []byte(`"`+IncludeKey+`"`)) {
		return args, false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(args, &m) != nil {
		return args, false
	}
	v, ok := m[IncludeKey]
	if !ok {
		return args, false
	}
	delete(m, IncludeKey)
	out, err := json.Marshal(m)
	if err != nil {
		return args, false
	}
	return out, string(bytes.TrimSpace(v)) == "true"
}
