package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// Tool is one tool as tools/list describes it. The schemas stay raw JSON:
// the caller compiles them once, if at all.
type Tool struct {
	Name         string           `json:"name"`
	Title        string           `json:"title,omitempty"`
	Description  string           `json:"description,omitempty"`
	InputSchema  json.RawMessage  `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage  `json:"outputSchema,omitempty"`
	Annotations  *ToolAnnotations `json:"annotations,omitempty"`
}

// ToolAnnotations are the hints a server gives about a tool. The pointer
// hints default to true when absent, as the specification says.
type ToolAnnotations struct {
	Title           string `json:"title,omitempty"`
	ReadOnlyHint    bool   `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool  `json:"destructiveHint,omitempty"`
	IdempotentHint  bool   `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool  `json:"openWorldHint,omitempty"`
}

// ListToolsResult is one page of tools/list.
type ListToolsResult struct {
	Tools      []Tool `json:"tools"`
	NextCursor string `json:"nextCursor,omitempty"`
}

// ListTools asks for one page; cursor "" is the first.
func (c *Client) ListTools(ctx context.Context, cursor string) (*ListToolsResult, error) {
	var params json.RawMessage
	if cursor != "" {
		params = []byte(`{"cursor":` + strconv.Quote(cursor) + `}`)
	}
	raw, err := c.Call(ctx, "tools/list", params)
	if err != nil {
		return nil, err
	}
	var res ListToolsResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, fmt.Errorf("bad tools/list result: %v", err)
	}
	return &res, nil
}

// maxPages bounds the pages AllTools follows, so that a server handing out
// cursors forever cannot keep it busy.
const maxPages = 10000

// AllTools lists every tool, following nextCursor page by page.
func (c *Client) AllTools(ctx context.Context) ([]Tool, error) {
	var all []Tool
	cursor := ""
	for range maxPages {
		res, err := c.ListTools(ctx, cursor)
		if err != nil {
			return nil, err
		}
		all = append(all, res.Tools...)
		if res.NextCursor == "" {
			return all, nil
		}
		if res.NextCursor == cursor {
			return nil, errors.New("tools/list: the server repeated its cursor")
		}
		cursor = res.NextCursor
	}
	return nil, fmt.Errorf("tools/list: more than %d pages", maxPages)
}

// Content is one content block of a tool result: its type and text are
// decoded, the block itself stays as the server sent it.
type Content struct {
	Type string
	Text string
	Raw  json.RawMessage
}

// UnmarshalJSON keeps the raw block and reads its type and text.
func (c *Content) UnmarshalJSON(b []byte) error {
	var head struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return err
	}
	c.Type, c.Text, c.Raw = head.Type, head.Text, append(json.RawMessage(nil), b...)
	return nil
}

// MarshalJSON writes the block as received.
func (c Content) MarshalJSON() ([]byte, error) {
	if len(c.Raw) == 0 {
		return []byte("null"), nil
	}
	return c.Raw, nil
}

// CallToolResult is the result of tools/call. StructuredContent and Meta
// are the server's bytes, untouched.
type CallToolResult struct {
	Content           []Content       `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent,omitempty"`
	IsError           bool            `json:"isError,omitempty"`
	Meta              json.RawMessage `json:"_meta,omitempty"`
}

// ErrBadArguments is CallTool's answer to arguments that are not a JSON
// object; nothing was sent.
var ErrBadArguments = errors.New("arguments must be a JSON object")

// CallTool calls a tool. args is the arguments object as JSON (nil or
// "null" for none); it is sent as given, so it must be a JSON object.
func (c *Client) CallTool(ctx context.Context, name string, args json.RawMessage) (*CallToolResult, error) {
	params, err := toolCallParams(name, args)
	if err != nil {
		return nil, err
	}
	raw, err := c.Call(ctx, "tools/call", params)
	if err != nil {
		return nil, err
	}
	var res CallToolResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, fmt.Errorf("bad tools/call result: %v", err)
	}
	return &res, nil
}

// toolCallParams encodes tools/call's params around args, which must be
// a JSON object (or empty or null, for none).
func toolCallParams(name string, args json.RawMessage) (json.RawMessage, error) {
	args = bytes.TrimSpace(args)
	if len(args) == 0 || string(args) == "null" {
		args = []byte("{}")
	} else if args[0] != '{' || !json.Valid(args) {
		return nil, ErrBadArguments
	}
	params := make([]byte, 0, len(name)+len(args)+24)
	params = append(params, `{"name":`...)
	params = strconv.AppendQuote(params, name)
	params = append(params, `,"arguments":`...)
	params = append(params, args...)
	return append(params, '}'), nil
}

// ElicitParams is a server's elicitation/create request.
type ElicitParams struct {
	Mode            string          `json:"mode,omitempty"`
	Message         string          `json:"message"`
	RequestedSchema json.RawMessage `json:"requestedSchema,omitempty"`
	URL             string          `json:"url,omitempty"`
	ElicitationID   string          `json:"elicitationId,omitempty"`
}

// ElicitResult is the answer: "accept" (with Content), "decline" or
// "cancel".
type ElicitResult struct {
	Action  string         `json:"action"`
	Content map[string]any `json:"content,omitempty"`
}

func (c *Client) elicit(ctx context.Context, params json.RawMessage) (any, *RPCError) {
	if c.opts.Elicit == nil {
		return nil, &RPCError{Code: -32601, Message: "elicitation is not supported"}
	}
	var p ElicitParams
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, &RPCError{Code: -32602, Message: "invalid elicitation params: " + err.Error()}
	}
	res, err := c.opts.Elicit(ctx, &p)
	if err != nil {
		return nil, &RPCError{Code: -32603, Message: err.Error()}
	}
	if res == nil {
		res = &ElicitResult{Action: "decline"}
	}
	return res, nil
}
