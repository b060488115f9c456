package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/justbash/justbash/toolcmd"
)

// The consent policies, the same four as the CLI's --approve. A tool
// needs consent when its annotations say so (RequiresApproval: OpenAPI
// writes, GraphQL mutations, destructive MCP tools, js and command tools
// with an approval label) — one rule on every surface: execute_code, the
// bash meta tool, and the CLI.
const (
	// ApprovePrompt asks the MCP client's user through elicitation, and
	// declines when the client cannot be asked. The default.
	ApprovePrompt = "prompt"
	// ApproveAllowAll runs every call that needs no consent and declines
	// the ones that do, without asking.
	ApproveAllowAll = "allow-all"
	// ApproveDenyAll refuses every upstream tool call.
	ApproveDenyAll = "deny-all"
	// ApproveAcceptAll runs everything without asking.
	ApproveAcceptAll = "accept-all"
)

// CheckApprove validates a policy name ("" is the default, prompt).
func CheckApprove(name string) error {
	switch name {
	case "", ApprovePrompt, ApproveAllowAll, ApproveDenyAll, ApproveAcceptAll:
		return nil
	}
	return fmt.Errorf("unknown policy %q (want prompt, allow-all, deny-all or accept-all)", name)
}

// AskFunc asks the user of the MCP client to approve a call (MCP
// elicitation). It returns ErrCannotAsk when the client cannot be asked.
type AskFunc func(ctx context.Context, message string) (toolcmd.ElicitAction, error)

// ErrCannotAsk is AskFunc's answer for a client without elicitation.
var ErrCannotAsk = errors.New("the MCP client does not support elicitation")

type askKey struct{}

// WithAsker attaches the connection's way of asking its user to ctx; the
// MCP handlers do it for every tool call.
func WithAsker(ctx context.Context, ask AskFunc) context.Context {
	return context.WithValue(ctx, askKey{}, ask)
}

// policy is the effective policy: Options.Approve, else the config's
// settings, else prompt.
func (rt *Runtime) policy() string {
	if rt.opts.Approve != "" {
		return rt.opts.Approve
	}
	if rt.cfg.Settings.Approve != "" {
		return rt.cfg.Settings.Approve
	}
	return ApprovePrompt
}

// consentFree says that a call of t runs without asking anyone: consent
// would allow it at once.
func (rt *Runtime) consentFree(t *ExposedTool) bool {
	pol := rt.policy()
	return pol != ApproveDenyAll && (!t.Annotations.RequiresApproval || pol == ApproveAcceptAll)
}

// consent decides whether the call of t with args may run; the error is a
// *toolcmd.DeniedError, as the CLI's Invoker reports it.
func (rt *Runtime) consent(ctx context.Context, t *ExposedTool, args json.RawMessage) error {
	if rt.consentFree(t) {
		return nil
	}
	path := t.Server + "." + t.Name
	pol := rt.policy()
	if pol == ApproveDenyAll {
		return &toolcmd.DeniedError{Path: path, Reason: "policy deny-all"}
	}
	if pol == ApproveAllowAll {
		return &toolcmd.DeniedError{Path: path, Reason: "approval declined: policy allow-all runs no writes"}
	}
	ask, _ := ctx.Value(askKey{}).(AskFunc)
	if ask == nil {
		return &toolcmd.DeniedError{Path: path, Reason: cannotAsk}
	}
	action, err := ask(ctx, approvalMessage(path, t.Annotations.ApprovalLabel, args))
	switch {
	case errors.Is(err, ErrCannotAsk):
		return &toolcmd.DeniedError{Path: path, Reason: cannotAsk}
	case err != nil:
		return &toolcmd.DeniedError{Path: path, Reason: "approval failed: " + err.Error()}
	case action == toolcmd.ActionCancel:
		return &toolcmd.DeniedError{Path: path, Reason: "approval cancelled"}
	case action != toolcmd.ActionAccept:
		return &toolcmd.DeniedError{Path: path, Reason: "approval declined"}
	}
	return nil
}

// cannotAsk tells the user what to change when the client cannot ask.
const cannotAsk = "approval needed, and this MCP client cannot be asked (no elicitation); " +
	`set "approve": "accept-all" in the config's justbash settings (or --approve accept-all) to allow writes`

// approvalMessage is the question, worded as the CLI's prompt.
func approvalMessage(path, label string, args json.RawMessage) string {
	if label == "" {
		label = path
	}
	pretty := "{}"
	if a := bytes.TrimSpace(args); len(a) > 0 {
		var buf bytes.Buffer
		if json.Indent(&buf, a, "", "  ") == nil {
			pretty = buf.String()
		} else {
			pretty = string(a)
		}
	}
	if len(pretty) > 4000 {
		pretty = pretty[:4000] + "…"
	}
	return fmt.Sprintf("Approve %s (%s)?\n\nArguments:\n%s", path, label, pretty)
}
