package mcpserver

import (
	"context"
	"encoding/json"
	"io"
	"slices"
	"strings"

	"github.com/justbash/justbash/toolcmd"
)

// Version is reported in the MCP handshake.
var Version = "0.1.0"

const (
	descListServers = "List the servers available in this profile, with their description and health (a failed server shows its error and stderr). Call this first."
	descListTools   = "List the tools of one server: exact names, identifier aliases, descriptions, JSON schemas and a TypeScript signature. Call it before using a server in execute_code."
	descExecuteCode = "Run JavaScript as the body of an async function. Each allowed server is a global whose tools are async functions (`await math.add({a: 2, b: 5})`; use the alias or `math[\"tool-name\"]` for names that are not identifiers). `data` holds the optional data argument; `jsmcp.memory` (get, set, has, delete, keys, entries, clear, update) keeps JSON values across calls of this session; console output goes to fetch_logs. Prefer it whenever the work needs more than one tool call. Returns {value, executionMs}."
	descFetchLogs   = "Return and drain the console output captured by execute_code in this session."
	descClearLogs   = "Discard the captured console output of this session; returns how many entries were cleared."
	descBash        = "Run a bash script in this session's sandboxed shell (in-memory filesystem kept across calls). The allowed tools are commands: `<server> <tool> key=value` with the tool name in kebab-case (`math add a=2 b=3 | jq .sum`); `tools list`, `tools search WORD`, `tools describe SERVER.TOOL` and `SERVER --help` show them; tools that change things may be declined by the approval policy (exit 1). SKILL.md in the justbash repository has the full rules."
)

// metaTools describes the meta tools for tools/list, sorted by name.
func metaTools() []toolDef {
	// execute_code and bash change nothing by themselves: every tool call
	// they make passes this server's consent policy. Saying so keeps a
	// justbash nested in another from asking twice (clients take a tool
	// for destructive unless told otherwise).
	policed := toolAnnotations{OpenWorldHint: true}
	readOnly := func(title string) toolAnnotations {
		return toolAnnotations{Title: title, ReadOnlyHint: true, DestructiveHint: true, OpenWorldHint: true}
	}
	str := func(desc string) schemaProp { return schemaProp{Type: "string", Description: desc} }
	tools := []toolDef{
		newTool(ToolListServers, descListServers, readOnly("List servers"), nil),
		newTool(ToolListTools, descListTools, readOnly("List tools"), []string{"server"},
			"server", str("Server name from list_servers")),
		newTool(ToolExecuteCode, descExecuteCode, policed, []string{"code"},
			"code", str("JavaScript: the body of an async function"),
			"data", schemaProp{Description: "Any JSON value, exposed to the script as the global `data`"},
			"timeoutMs", schemaProp{Type: "integer", Description: "Timeout in milliseconds (1–300000, default 30000)"},
			"rawText", schemaProp{Type: "boolean", Description: "Show a string result verbatim in the first text block (default true)"}),
		newTool(ToolFetchLogs, descFetchLogs, policed, nil),
		newTool(ToolClearLogs, descClearLogs, policed, nil),
		newTool(ToolBash, descBash, policed, []string{"script"},
			"script", str("The bash script to run")),
	}
	slices.SortFunc(tools, func(a, b toolDef) int { return strings.Compare(a.Name, b.Name) })
	return tools
}

// ServeStdio serves the meta tools over newline-delimited JSON-RPC on in
// and out until in ends or ctx is cancelled, as the given profile and a
// session of its own.
func ServeStdio(ctx context.Context, rt *Runtime, profile string, in io.Reader, out io.Writer, errLog io.Writer) error {
	if _, err := rt.view(profile); err != nil {
		return err
	}
	ctx = WithScope(ctx, Scope{Profile: profile, Session: rt.Session(RandomID())})
	return NewMCPServer(rt).ServeLines(ctx, in, out, errLog)
}

// peerAsk asks the user of the calling MCP client through elicitation (an
// approval: a form with no fields, accepted or declined). A client that
// did not declare the elicitation capability, or a transport without a
// connection to send the request on, cannot be asked.
func peerAsk(ctx context.Context, message string) (toolcmd.ElicitAction, error) {
	p, _ := ctx.Value(peerKey{}).(*peer)
	if p == nil || !p.canElicit.Load() {
		return "", ErrCannotAsk
	}
	raw, err := p.request(ctx, "elicitation/create", map[string]any{
		"message":         message,
		"requestedSchema": map[string]any{"type": "object", "properties": map[string]any{}},
	})
	if err != nil {
		return "", err
	}
	var res struct {
		Action string `json:"action"`
	}
	if json.Unmarshal(raw, &res) != nil || res.Action == "" {
		return toolcmd.ActionCancel, nil
	}
	return toolcmd.ElicitAction(res.Action), nil
}
