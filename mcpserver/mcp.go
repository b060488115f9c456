package mcpserver

import (
	"context"
	"errors"
	"io"
	"log"

	"github.com/justbash/justbash/toolcmd"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
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

// NewMCPServer returns an mcp-go server exposing rt's meta tools. The
// caller's profile and session come from the context (WithScope).
func NewMCPServer(rt *Runtime) *server.MCPServer {
	s := server.NewMCPServer("justbash-mcp", Version, server.WithToolCapabilities(false), server.WithRecovery())
	ask := elicitAsker(s)
	add := func(t mcp.Tool) {
		name := t.Name
		s.AddTool(t, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return rt.Call(WithAsker(ctx, ask), name, req.GetArguments()), nil
		})
	}
	// execute_code and bash change nothing by themselves: every tool call
	// they make passes this server's consent policy. Saying so keeps a
	// justbash nested in another from asking twice (mcp-go marks a tool
	// destructive unless told otherwise).
	policed := func(t *mcp.Tool) { t.Annotations.DestructiveHint = mcp.ToBoolPtr(false) }
	readOnly := func(title string) mcp.ToolOption {
		return func(t *mcp.Tool) {
			t.Annotations.Title = title
			t.Annotations.ReadOnlyHint = mcp.ToBoolPtr(true)
		}
	}
	add(mcp.NewTool(ToolListServers, mcp.WithDescription(descListServers), readOnly("List servers")))
	add(mcp.NewTool(ToolListTools, mcp.WithDescription(descListTools), readOnly("List tools"),
		mcp.WithString("server", mcp.Required(), mcp.Description("Server name from list_servers"))))
	add(mcp.NewTool(ToolExecuteCode, mcp.WithDescription(descExecuteCode),
		mcp.WithString("code", mcp.Required(), mcp.Description("JavaScript: the body of an async function")),
		mcp.WithAny("data", mcp.Description("Any JSON value, exposed to the script as the global `data`")),
		mcp.WithInteger("timeoutMs", mcp.Description("Timeout in milliseconds (1–300000, default 30000)")),
		mcp.WithBoolean("rawText", mcp.Description("Show a string result verbatim in the first text block (default true)")), policed))
	add(mcp.NewTool(ToolFetchLogs, mcp.WithDescription(descFetchLogs), policed))
	add(mcp.NewTool(ToolClearLogs, mcp.WithDescription(descClearLogs), policed))
	add(mcp.NewTool(ToolBash, mcp.WithDescription(descBash),
		mcp.WithString("script", mcp.Required(), mcp.Description("The bash script to run")), policed))
	return s
}

// ServeStdio serves the meta tools over newline-delimited JSON-RPC on in
// and out until in ends or ctx is cancelled, as the given profile and a
// session of its own.
func ServeStdio(ctx context.Context, rt *Runtime, profile string, in io.Reader, out io.Writer, errLog io.Writer) error {
	if _, err := rt.view(profile); err != nil {
		return err
	}
	s := server.NewStdioServer(NewMCPServer(rt))
	s.SetErrorLogger(log.New(errLog, "justbash mcp: ", 0))
	sess := rt.Session(RandomID())
	s.SetContextFunc(func(ctx context.Context) context.Context {
		return WithScope(ctx, Scope{Profile: profile, Session: sess})
	})
	return s.Listen(ctx, in, out)
}

// elicitAsker asks the user of the calling MCP client through elicitation
// (an approval: a form with no fields, accepted or declined). A client
// that did not declare the elicitation capability, or a transport
// without a session to send the request on, cannot be asked.
func elicitAsker(s *server.MCPServer) AskFunc {
	return func(ctx context.Context, message string) (toolcmd.ElicitAction, error) {
		ci, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
		if !ok || ci.GetClientCapabilities().Elicitation == nil {
			return "", ErrCannotAsk
		}
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         message,
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}})
		switch {
		case errors.Is(err, server.ErrElicitationNotSupported), errors.Is(err, server.ErrNoActiveSession),
			errors.Is(err, server.ErrServerInitiatedRequestUnsupported):
			return "", ErrCannotAsk
		case err != nil:
			return "", err
		case res == nil:
			return toolcmd.ActionCancel, nil
		}
		return toolcmd.ElicitAction(res.Action), nil
	}
}
