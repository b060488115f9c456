package mcpserver

import (
	"encoding/json"

	"github.com/justbash/justbash/mcpclient"
)

// The MCP protocol objects this server writes. It serves six meta tools
// whose results are text blocks, optional structured content and the
// error flag, so it needs no general content model; keeping these few
// types here keeps an MCP SDK's type package (and what it imports: text
// and HTML templates, URI templates) out of every justbash process.

// handshakeVersions are the protocol revisions the initialize handshake
// negotiates, newest first: a client asking for one of them gets it, any
// other gets the first. (Revisions from 2026-07-28 on have no handshake.)
// They are the ones justbash's own client speaks.
var handshakeVersions = mcpclient.Versions

// CallToolResult is a tools/call result as this server sends it.
type CallToolResult struct {
	Content           []TextContent
	StructuredContent any
	IsError           bool
}

// TextContent is a text block of a result.
type TextContent struct{ Text string }

func textContent(s string) TextContent { return TextContent{Text: s} }

// MarshalJSON writes the result as MCP's CallToolResult.
func (r *CallToolResult) MarshalJSON() ([]byte, error) { return encodeToolResult(r), nil }

// toolDef is a tool as tools/list describes it.
type toolDef struct {
	Annotations toolAnnotations `json:"annotations"`
	Description string          `json:"description"`
	InputSchema inputSchema     `json:"inputSchema"`
	Name        string          `json:"name"`
}

// toolAnnotations are MCP's behaviour hints; every hint is written, as
// clients assume a missing one means the worst case.
type toolAnnotations struct {
	Title           string `json:"title,omitempty"`
	ReadOnlyHint    bool   `json:"readOnlyHint"`
	DestructiveHint bool   `json:"destructiveHint"`
	IdempotentHint  bool   `json:"idempotentHint"`
	OpenWorldHint   bool   `json:"openWorldHint"`
}

// inputSchema is the JSON Schema of a meta tool's arguments: an object of
// named properties, some required.
type inputSchema struct {
	Properties map[string]schemaProp `json:"properties"`
	Required   []string              `json:"required"`
	Type       string                `json:"type"`
}

// schemaProp is one argument; no type means any JSON value.
type schemaProp struct {
	Description string `json:"description,omitempty"`
	Type        string `json:"type,omitempty"`
}

// newTool describes a tool; props alternate a property name and its
// schemaProp.
func newTool(name, desc string, ann toolAnnotations, required []string, props ...any) toolDef {
	t := toolDef{Name: name, Description: desc, Annotations: ann,
		InputSchema: inputSchema{Type: "object", Properties: map[string]schemaProp{}, Required: required}}
	if t.InputSchema.Required == nil {
		t.InputSchema.Required = []string{}
	}
	for i := 0; i+1 < len(props); i += 2 {
		t.InputSchema.Properties[props[i].(string)] = props[i+1].(schemaProp)
	}
	return t
}

var _ json.Marshaler = (*CallToolResult)(nil)
