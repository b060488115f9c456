package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/justbash/justbash/sources/mcp"
	"github.com/justbash/justbash/toolcmd"
)

// UpstreamTool is one tool as the upstream server names it.
type UpstreamTool struct {
	Name         string
	Title        string
	Description  string
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage
}

// Upstream is a started tool server.
type Upstream interface {
	Tools() []UpstreamTool
	// Call invokes a tool by its upstream name; the result is already
	// unwrapped (structuredContent, joined text, or {text, content, meta}).
	Call(ctx context.Context, tool string, args json.RawMessage) (json.RawMessage, error)
	// Stderr is the tail of a local server's standard error.
	Stderr() string
	Close() error
}

// StartFunc starts the upstream described by def. It must honour ctx's
// deadline and leave nothing running when it fails.
type StartFunc func(ctx context.Context, def *ServerDef) (Upstream, error)

// StartError is a failed start; Stderr holds what the server printed.
type StartError struct {
	Message string
	Stderr  string
}

func (e *StartError) Error() string { return e.Message }

// DefaultDiscoveryTimeout bounds a server's start and tool listing when
// its config has no timeout.
const DefaultDiscoveryTimeout = 30 * time.Second

// SourceStarter starts servers with the sources/mcp package. baseEnv is
// the environment local servers start from (the CLI passes its own);
// tokens supplies OAuth bearer tokens for remote servers (may be nil).
func SourceStarter(baseEnv []string, tokens func(server string) mcp.TokenSource) StartFunc {
	return func(ctx context.Context, def *ServerDef) (Upstream, error) {
		switch def.Kind {
		case KindOpenAPI, KindGraphQL:
			return nil, &StartError{Message: def.Kind + " servers are not supported by this build yet"}
		}
		cfg := mcp.Config{Name: def.Name, Type: def.Kind, Dir: def.Cwd, BaseEnv: baseEnv, Env: def.Env,
			URL: def.URL, Headers: def.Headers, ConnectTimeout: def.Timeout}
		if len(def.Command) > 0 {
			cfg.Command, cfg.Args = def.Command[0], def.Command[1:]
		}
		if tokens != nil && def.OAuth != nil {
			cfg.TokenSource = tokens(def.Name)
		}
		reg := toolcmd.NewRegistry()
		src, err := mcp.Add(ctx, reg, cfg)
		if err != nil {
			return nil, splitStderr(err)
		}
		return &sourceUpstream{name: def.Name, src: src, reg: reg}, nil
	}
}

// splitStderr separates the stderr tail sources/mcp appends to errors.
func splitStderr(err error) *StartError {
	msg := err.Error()
	const marker = "\nserver stderr:\n"
	if i := strings.Index(msg, marker); i >= 0 {
		return &StartError{Message: msg[:i], Stderr: msg[i+len(marker):]}
	}
	return &StartError{Message: msg}
}

type sourceUpstream struct {
	name string
	src  *mcp.Source
	reg  *toolcmd.Registry
}

func (u *sourceUpstream) Tools() []UpstreamTool {
	var out []UpstreamTool
	for _, t := range u.reg.List() {
		name := strings.TrimPrefix(t.Path, u.name+".")
		out = append(out, UpstreamTool{Name: name, Title: t.Annotations.Title, Description: t.Description,
			InputSchema: t.InputSchema, OutputSchema: t.OutputSchema})
	}
	return out
}

// Call invokes the tool directly rather than through a toolcmd.Invoker:
// the profile is the approval here, and the Invoker's default would
// decline every tool an upstream marks destructive. Elicitation requests
// from the upstream are declined (no user to ask on this path).
func (u *sourceUpstream) Call(ctx context.Context, tool string, args json.RawMessage) (json.RawMessage, error) {
	t, ok := u.reg.Get(u.name + "." + tool)
	if !ok || t.Invoke == nil {
		return nil, fmt.Errorf("%s.%s: the server no longer offers this tool", u.name, tool)
	}
	return t.Invoke(ctx, args)
}

func (u *sourceUpstream) Stderr() string { return u.src.Stderr() }
func (u *sourceUpstream) Close() error   { return u.src.Close() }

// ExposedTool is a tool as agents see it.
type ExposedTool struct {
	Server       string
	Name         string // after prefix stripping and normalisation
	Alias        string // identifier form of Name
	Upstream     string // the upstream's own name
	Title        string
	Description  string
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage
}

// TypeScript is the tool's call signature in execute_code.
func (t *ExposedTool) TypeScript() string {
	tl := toolcmd.Tool{Path: t.Server + "." + t.Alias, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema}
	return strings.TrimPrefix(tl.TypeScript(), toolcmd.ReservedNamespace+".")
}

// serverState is one configured server after startup.
type serverState struct {
	def    *ServerDef
	up     Upstream
	err    *StartError
	tools  []*ExposedTool          // allowed by blocked_tools, sorted by name
	lookup map[string]*ExposedTool // by name and alias
}

// startServer starts one server and computes its exposed tools.
func startServer(ctx context.Context, start StartFunc, def *ServerDef, set Settings) *serverState {
	st := &serverState{def: def, lookup: map[string]*ExposedTool{}}
	timeout := def.Timeout
	if timeout <= 0 {
		timeout = DefaultDiscoveryTimeout
	}
	sctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	up, err := safeStart(sctx, start, def)
	if err == nil && up == nil {
		err = errors.New("no server")
	}
	if err != nil {
		var se *StartError
		if !errors.As(err, &se) {
			se = &StartError{Message: err.Error()}
		}
		if sctx.Err() != nil && ctx.Err() == nil && !strings.Contains(se.Message, "timed out") {
			se.Message = fmt.Sprintf("startup timed out after %v: %s", timeout, se.Message)
		}
		st.err = se
		return st
	}
	st.up = up
	if err := st.expose(set); err != nil {
		st.err = &StartError{Message: err.Error(), Stderr: up.Stderr()}
		up.Close()
		st.up = nil
	}
	return st
}

func safeStart(ctx context.Context, start StartFunc, def *ServerDef) (up Upstream, err error) {
	defer func() {
		if r := recover(); r != nil {
			up, err = nil, fmt.Errorf("starting server panicked: %v", r)
		}
	}()
	return start(ctx, def)
}

func (st *serverState) expose(set Settings) error {
	tools := st.up.Tools()
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	exposed, err := exposeNames(st.def, set, names)
	if err != nil {
		return err
	}
	for _, t := range tools {
		name := exposed[t.Name]
		if anyMatch(st.def.Blocked, name) {
			continue
		}
		et := &ExposedTool{Server: st.def.Name, Name: name, Alias: Alias(name), Upstream: t.Name, Title: t.Title,
			Description: t.Description, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema}
		st.tools = append(st.tools, et)
	}
	sort.Slice(st.tools, func(i, j int) bool { return st.tools[i].Name < st.tools[j].Name })
	for _, t := range st.tools {
		st.lookup[t.Name] = t
	}
	for _, t := range st.tools {
		if _, taken := st.lookup[t.Alias]; !taken {
			st.lookup[t.Alias] = t
		}
	}
	return nil
}
