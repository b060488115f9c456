package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/justbash/justbash/internal/procs"
	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/toolcmd"
)

// Meta tool names.
const (
	ToolListServers = "list_servers"
	ToolListTools   = "list_tools"
	ToolExecuteCode = "execute_code"
	ToolFetchLogs   = "fetch_logs"
	ToolClearLogs   = "clear_logs"
	ToolBash        = "bash"
)

// MetaToolNames lists the meta tools in the order they are advertised.
var MetaToolNames = []string{ToolListServers, ToolListTools, ToolExecuteCode, ToolFetchLogs, ToolClearLogs, ToolBash}

// Scope is who is calling: the profile and the session.
type Scope struct {
	Profile string
	Session *Session
}

type scopeKey struct{}

// WithScope attaches a caller scope to ctx for the meta-tool handlers.
func WithScope(ctx context.Context, s Scope) context.Context {
	return context.WithValue(ctx, scopeKey{}, s)
}

func (rt *Runtime) scope(ctx context.Context) Scope {
	s, _ := ctx.Value(scopeKey{}).(Scope)
	if s.Session == nil {
		s.Session = rt.sessions.get("")
	}
	return s
}

// Call runs a meta tool by name with decoded JSON arguments. Every outcome,
// including unknown tools and bad arguments, is a result (isError for
// failures), so all transports render errors the same way.
func (rt *Runtime) Call(ctx context.Context, tool string, args map[string]any) (res *CallToolResult) {
	sc := rt.scope(ctx)
	defer rt.logCall(ctx, sc, tool, time.Now(), &res) // shared.go
	if args == nil {
		args = map[string]any{}
	}
	if rt.useStore(ctx, sc, tool) {
		return rt.callShared(ctx, sc, tool, args) // shared.go
	}
	switch tool {
	case ToolListServers:
		servers, err := rt.Servers(sc.Profile)
		if err != nil {
			return errorResult(err.Error())
		}
		return jsonResult(map[string]any{"servers": servers, "limits": rt.Limits()})
	case ToolExecuteCode, ToolBash:
		// Calls that can add session state pass the shared budget first.
		sc.Session.enter()
		defer sc.Session.leave()
		if err := rt.sessions.admit(sc.Session, rt.opts.MaxSessionBytes); err != nil {
			return errorResult(tool + ": " + err.Error())
		}
	}
	switch tool {
	case ToolListTools:
		return rt.listTools(sc, args)
	case ToolExecuteCode:
		ea, err := parseExecuteArgs(args)
		if err != nil {
			return errorResult(err.Error())
		}
		return renderExec(rt.Execute(ctx, sc.Profile, sc.Session, ea), ea.RawText)
	case ToolFetchLogs:
		logs, dropped := sc.Session.DrainLogs()
		if logs == nil {
			logs = []LogEntry{}
		}
		out := map[string]any{"logs": logs}
		if dropped > 0 {
			out["dropped"] = dropped
		}
		return jsonResult(out)
	case ToolClearLogs:
		return jsonResult(map[string]any{"cleared": sc.Session.ClearLogs()})
	case ToolBash:
		return rt.bash(ctx, sc, args)
	}
	return errorResult(fmt.Sprintf("unknown tool %q (available tools: %s)", tool, strings.Join(MetaToolNames, ", ")))
}

// ToolInfo is one entry of list_tools.
type ToolInfo struct {
	Name         string          `json:"name"`
	Alias        string          `json:"alias"`
	Title        string          `json:"title,omitempty"`
	Description  string          `json:"description"`
	InputSchema  json.RawMessage `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	TypeScript   string          `json:"typescript"`
}

func (rt *Runtime) listTools(sc Scope, args map[string]any) *CallToolResult {
	server, ok := args["server"].(string)
	if !ok || server == "" {
		return errorResult("list_tools: server must be a non-empty string")
	}
	tools, err := rt.Tools(sc.Profile, server)
	if err != nil {
		return errorResult(err.Error())
	}
	infos := make([]ToolInfo, 0, len(tools))
	for _, t := range tools {
		infos = append(infos, ToolInfo{Name: t.Name, Alias: t.Alias, Title: t.Title, Description: t.Description,
			InputSchema: validOrNil(t.InputSchema), OutputSchema: validOrNil(t.OutputSchema), TypeScript: t.TypeScript()})
	}
	return jsonResult(map[string]any{"server": server, "tools": infos})
}

func validOrNil(b json.RawMessage) json.RawMessage {
	if len(b) == 0 || !json.Valid(b) {
		return nil
	}
	return b
}

// renderExec builds execute_code's response: structuredContent is always
// {value, executionMs} (or {error, executionMs}); the first text block is
// a string result verbatim when rawText is on, else the envelope as JSON;
// a second block reports the time.
func renderExec(r ExecResult, rawText bool) *CallToolResult {
	timing := textContent(fmt.Sprintf("Execution time: %dms", r.ExecutionMs))
	if r.Err != "" {
		return &CallToolResult{IsError: true,
			Content:           []TextContent{textContent(r.Err), timing},
			StructuredContent: map[string]any{"error": r.Err, "executionMs": r.ExecutionMs}}
	}
	// The envelope is written by hand around the value, which is JSON
	// already: through a map and encoding/json, a value crossed the
	// encoder four times (validated, compacted, indented, validated and
	// compacted again for structuredContent) — 19 ms for a 1 MB string,
	// 12 ms for 10,000 small objects. It is checked once, in the pass that
	// reads it anyway (the indentation, or the string's decoding), and
	// copied once more, into the response (execEnvelope).
	env := execEnvelope{ms: r.ExecutionMs, value: r.Value}
	if len(env.value) == 0 {
		env.value = json.RawMessage("null")
	}
	var text string
	var s string
	if rawText && plainJSONString(env.value) {
		text = string(env.value[1 : len(env.value)-1])
	} else if rawText && env.value[0] == '"' && json.Unmarshal(env.value, &s) == nil {
		text = s
	} else {
		// MarshalIndent's text of the envelope, the value indented in
		// place.
		var b bytes.Buffer
		b.Grow(len(env.value) + len(env.value)/4 + 48)
		b.WriteString("{\n  \"executionMs\": ")
		b.WriteString(strconv.FormatInt(env.ms, 10))
		b.WriteString(",\n  \"value\": ")
		head := b.Len()
		if json.Indent(&b, env.value, "  ", "  ") != nil { // a value that is not JSON
			env.value = json.RawMessage("null")
			b.Truncate(head)
			b.WriteString("null")
		}
		b.WriteString("\n}")
		text = b.String()
	}
	return &CallToolResult{Content: []TextContent{textContent(text), timing}, StructuredContent: env}
}

// plainJSONString reports whether v is a JSON string without escapes:
// its text is the bytes between the quotes (a 1 MB string: 5 ms less than
// decoding it).
func plainJSONString(v json.RawMessage) bool {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return false
	}
	for _, c := range v[1 : len(v)-1] {
		if c < 0x20 || c == '"' || c == '\\' {
			return false
		}
	}
	return utf8.Valid(v)
}

// execEnvelope is execute_code's structured result,
// {"executionMs":ms,"value":value}, with value as it is: encoded in place
// by appendToolResult, by MarshalJSON elsewhere.
type execEnvelope struct {
	ms    int64
	value json.RawMessage
}

func (e execEnvelope) appendJSON(b []byte) []byte {
	b = append(b, `{"executionMs":`...)
	b = strconv.AppendInt(b, e.ms, 10)
	b = append(b, `,"value":`...)
	b = append(b, e.value...)
	return append(b, '}')
}

// MarshalJSON implements json.Marshaler.
func (e execEnvelope) MarshalJSON() ([]byte, error) { return e.appendJSON(nil), nil }

// jsonResult is v as a tool result: its JSON indented as the text, and
// compact as the structured content. Encoded once (MarshalIndent is
// Marshal then Indent); the structured content used to be decoded into Go
// values and encoded again (fetch_logs of 10,000 entries: 70-130 ms).
func jsonResult(v any) *CallToolResult {
	b, err := json.Marshal(v)
	if err != nil {
		return errorResult("internal error: " + err.Error())
	}
	var text bytes.Buffer
	text.Grow(len(b) + len(b)/4)
	_ = json.Indent(&text, b, "", "  ")
	return &CallToolResult{Content: []TextContent{textContent(text.String())}, StructuredContent: json.RawMessage(b)}
}

func errorResult(msg string) *CallToolResult {
	return &CallToolResult{IsError: true, Content: []TextContent{textContent(msg)}}
}

// bash runs a script in the session's shell for the profile: the allowed
// tools are commands (`math add a=1 b=2`), and the filesystem persists
// across calls of the same session and profile.
func (rt *Runtime) bash(ctx context.Context, sc Scope, args map[string]any) *CallToolResult {
	script, ok := args["script"].(string)
	if !ok {
		return errorResult("bash: script must be a string")
	}
	v, err := rt.view(sc.Profile)
	if err != nil {
		return errorResult(err.Error())
	}
	lim := shell.Normal
	if rt.opts.ShellLimits != nil {
		lim = *rt.opts.ShellLimits
	}
	ss := sc.Session.shellFor(v.profile)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.reg == nil {
		ss.reg, ss.regSig = v.registry(), v.toolsSig()
	} else if sig := v.toolsSig(); sig != ss.regSig {
		v.syncRegistry(ss.reg)
		ss.regSig = sig
	}
	var res shell.Result
	var note string
	if wr, ok := rt.opts.Runner.(*WorkerRunner); ok {
		res, note, err = bashInWorker(ctx, wr, sc.Session, ss, bashRun{script: script, limits: lim, reg: ss.reg, sig: ss.regSig})
	} else {
		res, err = ss.execInProcess(ctx, script, lim)
	}
	if err != nil && res.ExitCode == 0 {
		return errorResult(err.Error())
	}
	return renderBash(res, note)
}

// bashInWorker runs the script in the worker pinned to the session shell,
// pinning one first if need be. One-request sessions free it at once.
func bashInWorker(ctx context.Context, wr *WorkerRunner, sess *Session, ss *sessionShell, run bashRun) (shell.Result, string, error) {
	pw, note, err := wr.pin(ctx, ss.pw)
	if err != nil {
		return shell.Result{}, note, fmt.Errorf("bash: %v", err)
	}
	if sh := &ss.shared; sh.active {
		// A shared store keeps the shell: load it into a new worker, or
		// one whose shell is not the stored one (shared.go).
		if pw != ss.pw || sh.need {
			doc, ok, err := sh.fetch()
			if err != nil {
				return shell.Result{}, "", fmt.Errorf("bash: loading the session's shell: %v", err)
			}
			run.restore, run.reset, note = doc, !ok, ""
		}
		run.snapOut = &sh.out
	}
	ss.pw, ss.release = pw, wr.release
	res, gone, err := wr.runBash(ctx, pw, run)
	if gone {
		ss.pw = nil // released by runBash: the next call starts afresh
	}
	if sess.ephemeral {
		wr.release(pw)
		ss.pw = nil
	}
	return res, note, err
}

// execInProcess runs the script in the session's shell inside the server
// (--in-process, or a runtime without workers).
func (ss *sessionShell) execInProcess(ctx context.Context, script string, lim shell.Limits) (shell.Result, error) {
	if ss.sess != nil && ss.sess.Exited() {
		// `exit` ended the shell: start a new one on the same filesystem.
		sess, err := ss.sh.NewSession()
		if err != nil {
			return shell.Result{}, errors.New("bash: " + err.Error())
		}
		ss.sess = sess
	}
	if ss.sess == nil {
		sh, err := shell.New(shell.Options{Tools: toolcmd.NewInvoker(ss.reg), Limits: &lim})
		if err == nil {
			ss.sh = sh
			ss.sess, err = sh.NewSession()
		}
		if err != nil {
			return shell.Result{}, errors.New("bash: " + err.Error())
		}
	}
	// A shell runs pipeline stages and jobs in parallel: every processor
	// (internal/procs).
	release := procs.Wide()
	res, err := ss.sess.Exec(ctx, script)
	release()
	if err != nil {
		err = errors.New("bash: " + err.Error())
	}
	// What the session budget counts for this shell (see budget.go).
	if u, ok := ss.sh.FS().(interface{ Usage() (int64, int64) }); ok {
		b, _ := u.Usage()
		ss.fsBytes.Store(b)
	}
	return res, err
}

// renderBash builds bash's response: structuredContent {stdout, stderr,
// exitCode} (and note, when the session's shell had to be restarted), the
// text the two streams joined and a non-zero status appended.
func renderBash(res shell.Result, note string) *CallToolResult {
	out := map[string]any{"stdout": res.Stdout, "stderr": res.Stderr, "exitCode": res.ExitCode}
	var text strings.Builder
	if note != "" {
		out["note"] = note
		text.WriteString("[" + note + "]\n")
	}
	text.WriteString(res.Stdout)
	if res.Stderr != "" {
		if text.Len() > 0 && !strings.HasSuffix(text.String(), "\n") {
			text.WriteString("\n")
		}
		text.WriteString(res.Stderr)
	}
	if res.ExitCode != 0 {
		fmt.Fprintf(&text, "[exit status %d]", res.ExitCode)
	}
	return &CallToolResult{Content: []TextContent{textContent(text.String())}, StructuredContent: out}
}
