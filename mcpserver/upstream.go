package mcpserver

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/justbash/justbash/sources"
	"github.com/justbash/justbash/sources/graphql"
	"github.com/justbash/justbash/sources/mcp"
	"github.com/justbash/justbash/sources/openapi"
	"github.com/justbash/justbash/toolcmd"
)

// UpstreamTool is one tool as the upstream server names it.
type UpstreamTool struct {
	Name         string
	Title        string
	Description  string
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage
	// Annotations carry the approval hints (an OpenAPI write's
	// RequiresApproval and "POST /pets" label) to every surface.
	Annotations toolcmd.Annotations
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
			return startHTTPSource(ctx, def)
		case KindJS:
			return startJS(ctx, def)
		case KindCommand:
			return startCommand(baseEnv, def)
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
			se := splitStderr(err)
			if def.OAuth != nil && isUnauthorized(se.Message) {
				se.Message += fmt.Sprintf(" (run `justbash mcp auth %s` to authorize)", def.Name)
			}
			return nil, se
		}
		return &sourceUpstream{name: def.Name, closer: src, stderr: src.Stderr, reg: reg, async: src}, nil
	}
}

// startHTTPSource loads an OpenAPI document or a GraphQL endpoint with the
// sources loader. A source that registered some tools but not all is kept:
// its working operations stay usable.
func startHTTPSource(ctx context.Context, def *ServerDef) (Upstream, error) {
	var spec sources.Spec
	if def.Kind == KindOpenAPI {
		c := &openapi.Config{Name: def.Name, BaseURL: def.BaseURL, Headers: def.Headers, Query: def.Query, Strict: def.Validate == "strict"}
		if isHTTPURL(def.Spec) {
			c.SpecURL = def.Spec
		} else {
			c.SpecPath = def.Spec
		}
		spec.OpenAPI = c
	} else {
		spec.GraphQL = &graphql.Config{Name: def.Name, URL: def.URL, Headers: def.Headers}
	}
	reg := toolcmd.NewRegistry()
	set := sources.LoadAll(ctx, reg, []sources.Spec{spec})
	r := set.Results[0]
	if len(r.Tools) == 0 {
		set.Close()
		if r.Err == nil {
			r.Err = errors.New("the source has no operations")
		}
		return nil, &StartError{Message: r.Err.Error()}
	}
	return &sourceUpstream{name: def.Name, closer: set, reg: reg}, nil
}

func isUnauthorized(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "401") || strings.Contains(m, "unauthorized") || strings.Contains(m, "authorization required")
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

// sourceUpstream is any sources loader's result: the tools live in a
// registry of their own, named `<server>.<tool>`.
type sourceUpstream struct {
	name   string
	reg    *toolcmd.Registry
	closer io.Closer
	stderr func() string // nil for sources without a process
	// async answers a call through a callback (an MCP server's source),
	// for callers that relay the answer (replyLater); nil for the others.
	async *mcp.Source
}

func (u *sourceUpstream) Tools() []UpstreamTool {
	var out []UpstreamTool
	for _, t := range u.reg.List() {
		name := strings.TrimPrefix(t.Path, u.name+".")
		out = append(out, UpstreamTool{Name: name, Title: t.Annotations.Title, Description: t.Description,
			InputSchema: t.InputSchema, OutputSchema: t.OutputSchema, Annotations: t.Annotations})
	}
	return out
}

// Call invokes the tool directly rather than through a toolcmd.Invoker:
// the profile is the approval here, and the Invoker's default would
// decline every tool an upstream marks destructive. Elicitation requests
// from the upstream are declined (no user to ask on this path).
func (u *sourceUpstream) Call(ctx context.Context, tool string, args json.RawMessage) (json.RawMessage, error) {
	if u.async != nil {
		if rl, _ := ctx.Value(replyLaterKey{}).(*replyLater); rl != nil {
			u.async.CallAsync(ctx, u.name+"."+tool, args, rl.take())
			return nil, errReplyLater
		}
	}
	t, ok := u.reg.Get(u.name + "." + tool)
	if !ok || t.Invoke == nil {
		return nil, fmt.Errorf("%s.%s: the server no longer offers this tool", u.name, tool)
	}
	return t.Invoke(ctx, args)
}

// startUpstream is an Upstream that can start a call and answer it
// through a callback, without a goroutine waiting (view.start).
type startUpstream interface {
	// Start returns false, having done nothing, when the call needs
	// Call (a connection to make again, an HTTP request).
	Start(ctx context.Context, tool string, args json.RawMessage, done func(json.RawMessage, error)) bool
}

// Start implements startUpstream for an MCP server's source.
func (u *sourceUpstream) Start(ctx context.Context, tool string, args json.RawMessage, done func(json.RawMessage, error)) bool {
	return u.async != nil && u.async.TryCallAsync(ctx, u.name+"."+tool, args, done)
}

// replyLater lets the upstream answer a worker's tool call itself
// (worker.serve): carried in the call's context through the profile's
// checks down to Upstream.Call, it is taken by an upstream that can
// answer through a callback, which then returns errReplyLater and
// delivers the answer to the function take gave, once. The answer is
// then written to the worker by the goroutine that read it from the
// upstream (mcpclient's reader), where a returned result had to be
// handed to the call's goroutine first: one thread wake-up less per
// call. An upstream that cannot (HTTP sources, commands) ignores it and
// answers as usual.
type replyLater struct {
	take func() func(json.RawMessage, error)
}

type replyLaterKey struct{}

// errReplyLater is an Upstream's answer when it took the replyLater.
var errReplyLater = errors.New("the answer follows through replyLater")

// Version moves whenever the tool list changes (a server's
// tools/list_changed re-registers them), so serverState.current can skip
// listing and hashing the tools on every call.
func (u *sourceUpstream) Version() uint64 { return u.reg.Version() }

func (u *sourceUpstream) Stderr() string {
	if u.stderr == nil {
		return ""
	}
	return u.stderr()
}

func (u *sourceUpstream) Close() error { return u.closer.Close() }

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
	Annotations  toolcmd.Annotations
}

// TypeScript is the tool's call signature in execute_code.
func (t *ExposedTool) TypeScript() string {
	tl := toolcmd.Tool{Path: t.Server + "." + t.Alias, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema}
	return strings.TrimPrefix(tl.TypeScript(), toolcmd.ReservedNamespace+".")
}

// serverState is one configured server after startup.
type serverState struct {
	def *ServerDef
	up  Upstream
	err *StartError

	mu     sync.Mutex
	tools  []*ExposedTool          // allowed by blocked_tools, sorted by name
	lookup map[string]*ExposedTool // by name and alias
	sig    string                  // toolsSignature of the list tools came from
	// ver is the upstream's tool-list version tools came from, for an
	// upstream that has one (versioned); hasVer says ver is set.
	ver    uint64
	hasVer bool
}

// versioned is an Upstream whose tool list carries a version number.
type versioned interface{ Version() uint64 }

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
	exposed, lookup, err := exposeTools(st.def, set, tools)
	if err != nil {
		return err
	}
	st.mu.Lock()
	st.tools, st.lookup, st.sig = exposed, lookup, toolsSignature(tools)
	st.mu.Unlock()
	return nil
}

// current returns the exposed tools, recomputing them when the upstream's
// list changed since last time (sources/mcp re-registers the tools when a
// server sends tools/list_changed), so list_tools, execute_code and bash
// follow the upstream without a restart. A changed list that can no longer
// be renamed cleanly keeps the previous one.
func (st *serverState) current(set Settings) ([]*ExposedTool, map[string]*ExposedTool) {
	if st.up == nil {
		return nil, nil
	}
	// Every tool call resolves its tool here: with a versioned upstream an
	// unchanged list costs a number comparison, not a listing and a hash
	// of every schema.
	vu, isVer := st.up.(versioned)
	var ver uint64
	if isVer {
		ver = vu.Version()
		st.mu.Lock()
		if st.hasVer && st.ver == ver {
			defer st.mu.Unlock()
			return st.tools, st.lookup
		}
		st.mu.Unlock()
	}
	tools := st.up.Tools()
	sig := toolsSignature(tools)
	st.mu.Lock()
	defer st.mu.Unlock()
	if sig != st.sig {
		if exposed, lookup, err := exposeTools(st.def, set, tools); err == nil {
			st.tools, st.lookup = exposed, lookup
		}
		st.sig = sig
	}
	// The version read before listing: a change meanwhile is seen next time.
	st.ver, st.hasVer = ver, isVer
	return st.tools, st.lookup
}

// toolsSignature is a digest of everything exposeTools reads.
func toolsSignature(tools []UpstreamTool) string {
	h := sha256.New()
	for _, t := range tools {
		for _, part := range []string{t.Name, t.Title, t.Description, string(t.InputSchema), string(t.OutputSchema)} {
			fmt.Fprintf(h, "%d:%s", len(part), part)
		}
	}
	return string(h.Sum(nil))
}

func exposeTools(def *ServerDef, set Settings, tools []UpstreamTool) ([]*ExposedTool, map[string]*ExposedTool, error) {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	exposed, err := exposeNames(def, set, names)
	if err != nil {
		return nil, nil, err
	}
	var out []*ExposedTool
	for _, t := range tools {
		name := exposed[t.Name]
		if anyMatch(def.Blocked, name) {
			continue
		}
		out = append(out, &ExposedTool{Server: def.Name, Name: name, Alias: Alias(name), Upstream: t.Name, Title: t.Title,
			Description: t.Description, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema, Annotations: t.Annotations})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	lookup := map[string]*ExposedTool{}
	for _, t := range out {
		lookup[t.Name] = t
	}
	for _, t := range out {
		if _, taken := lookup[t.Alias]; !taken {
			lookup[t.Alias] = t
		}
	}
	return out, lookup, nil
}
