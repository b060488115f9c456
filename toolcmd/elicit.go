package toolcmd

import (
	"context"
	"encoding/json"
	"fmt"
)

// ElicitAction is the user's answer to an elicitation.
type ElicitAction string

// The actions, as in MCP's elicitation/create.
const (
	ActionAccept  ElicitAction = "accept"
	ActionDecline ElicitAction = "decline"
	ActionCancel  ElicitAction = "cancel"
)

func (a ElicitAction) past() string {
	switch a {
	case ActionDecline:
		return "declined"
	case ActionCancel:
		return "cancelled"
	case ActionAccept:
		return "accepted"
	}
	return string(a)
}

// ElicitRequest asks the user for input during a call: either a form
// (Message plus RequestedSchema describing the fields) or a URL to visit.
type ElicitRequest struct {
	Message         string
	RequestedSchema json.RawMessage
	URL             string
	ElicitationID   string
}

// ElicitResponse is the user's answer; Content holds the form values.
type ElicitResponse struct {
	Action  ElicitAction
	Content map[string]any
}

// ElicitContext is what an elicitation handler receives.
type ElicitContext struct {
	ToolPath string
	Args     json.RawMessage
	Request  ElicitRequest
}

// ElicitFunc is an elicitation policy.
type ElicitFunc func(ctx context.Context, ec ElicitContext) (ElicitResponse, error)

// DeclineAll declines every request (the default).
func DeclineAll(context.Context, ElicitContext) (ElicitResponse, error) {
	return ElicitResponse{Action: ActionDecline}, nil
}

// AcceptAll accepts every request with empty content. Use it only for
// non-interactive flows you trust.
func AcceptAll(context.Context, ElicitContext) (ElicitResponse, error) {
	return ElicitResponse{Action: ActionAccept, Content: map[string]any{}}, nil
}

// ElicitationPolicy returns the named policy: "decline" or "accept-all".
func ElicitationPolicy(name string) (ElicitFunc, error) {
	switch name {
	case "", "decline", "decline-all":
		return DeclineAll, nil
	case "accept-all":
		return AcceptAll, nil
	}
	return nil, fmt.Errorf("unknown elicitation policy %q (want decline or accept-all)", name)
}

// ElicitationError is returned by Elicit when the user did not accept;
// a tool that returns it reports the decline as its error.
type ElicitationError struct {
	Path    string
	Action  ElicitAction
	Message string
}

func (e *ElicitationError) Error() string {
	s := "elicitation " + e.Action.past()
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

func (inv *Invoker) elicitFunc() ElicitFunc {
	if inv.Elicit == nil {
		return DeclineAll
	}
	return inv.Elicit
}

// call runs the handler, turning a panic into an error.
func (f ElicitFunc) call(ctx context.Context, ec ElicitContext) (resp ElicitResponse, err error) {
	defer func() {
		if p := recover(); p != nil {
			resp, err = ElicitResponse{}, fmt.Errorf("elicitation handler panicked: %v", p)
		}
	}()
	resp, err = f(ctx, ec)
	if err == nil && resp.Action == "" {
		resp.Action = ActionDecline
	}
	return resp, err
}

type elicitKey struct{}

type elicitor struct {
	f    ElicitFunc
	path string
	args json.RawMessage
}

func withElicitor(ctx context.Context, f ElicitFunc, path string, args json.RawMessage) context.Context {
	return context.WithValue(ctx, elicitKey{}, &elicitor{f: f, path: path, args: args})
}

// Elicit asks the user for input from inside a running tool, through the
// Invoker's elicitation handler. It returns an *ElicitationError unless the
// user accepted; outside an Invoker call every request is declined.
func Elicit(ctx context.Context, req ElicitRequest) (ElicitResponse, error) {
	el, _ := ctx.Value(elicitKey{}).(*elicitor)
	if el == nil {
		return ElicitResponse{Action: ActionDecline}, &ElicitationError{Action: ActionDecline, Message: req.Message}
	}
	resp, err := el.f.call(ctx, ElicitContext{ToolPath: el.path, Args: el.args, Request: req})
	if err != nil {
		return ElicitResponse{Action: ActionCancel}, &ElicitationError{Path: el.path, Action: ActionCancel, Message: err.Error()}
	}
	if resp.Action != ActionAccept {
		return resp, &ElicitationError{Path: el.path, Action: resp.Action, Message: req.Message}
	}
	return resp, nil
}
