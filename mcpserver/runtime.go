package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/justbash/justbash/mcpserver/store"
	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/toolcmd"
)

// Options configure a Runtime.
type Options struct {
	// Start starts upstream servers; nil means servers cannot start (each
	// shows an error in list_servers).
	Start StartFunc
	// Runner runs execute_code; nil makes execute_code report that no
	// JavaScript runtime is available.
	Runner CodeRunner
	// ShellLimits bound each `bash` meta-tool run; nil means shell.Normal.
	ShellLimits *shell.Limits
	// DefaultProfile is used by connections that name none.
	DefaultProfile string
	// MaxMemoryBytes caps one execute_code run (default 512 MiB).
	MaxMemoryBytes uint64
	// Approve is the consent policy (ApprovePrompt...); "" takes the
	// config's settings, else prompt. See consent.go.
	Approve string
	// MaxSessionBytes is the memory budget shared by all sessions
	// (jsmcp.memory and in-process shell files; default
	// DefaultMaxSessionBytes). See budget.go.
	MaxSessionBytes int64
	// Store, when set, keeps the named sessions' state (jsmcp.memory, logs,
	// bash shells) where every replica using it can reach it; nil keeps
	// them in this process only. See shared.go.
	Store store.Store
	// Logger receives structured logs (nil: none).
	Logger *slog.Logger
}

// Runtime is the started server set shared by every connection: upstreams,
// sessions and the meta-tool logic.
type Runtime struct {
	cfg      *Config
	opts     Options
	servers  map[string]*serverState
	sessions sessionStore
	closeMu  sync.Mutex
	closed   bool
}

// NewRuntime starts every enabled server concurrently. A server that fails
// or times out is recorded with its error; it never blocks the others.
func NewRuntime(ctx context.Context, cfg *Config, opts Options) (*Runtime, error) {
	if cfg == nil {
		return nil, errors.New("mcpserver: nil config")
	}
	if _, err := cfg.Preset(opts.DefaultProfile); err != nil {
		return nil, err
	}
	if err := CheckApprove(opts.Approve); err != nil {
		return nil, err
	}
	if opts.MaxMemoryBytes == 0 {
		opts.MaxMemoryBytes = 512 << 20
	}
	// The config's settings fill what the caller left unset.
	if opts.MaxSessionBytes <= 0 {
		opts.MaxSessionBytes = cfg.Settings.MaxSessionBytes
	}
	if opts.MaxSessionBytes <= 0 {
		opts.MaxSessionBytes = DefaultMaxSessionBytes
	}
	if wr, ok := opts.Runner.(*WorkerRunner); ok && wr.MaxWorkers <= 0 && cfg.Settings.MaxWorkers > 0 {
		wr.MaxWorkers = cfg.Settings.MaxWorkers
	}
	rt := &Runtime{cfg: cfg, opts: opts, servers: map[string]*serverState{}}
	traceMark("runtime")
	// The worker's process start is the longest part of a first call
	// when the upstreams are found quickly: it goes first.
	if pw, ok := opts.Runner.(Prewarmer); ok {
		pw.StartEarly()
	}
	rt.prewarmExpected() // prewarm.go
	// Work every first call needs, done while the upstreams start (their
	// spawn and handshake take far longer than its ~0.3 ms of CPU), not
	// waited for: without upstreams it must not delay initialize.
	go warmCodecs()
	var wg sync.WaitGroup
	var mu sync.Mutex
	for _, name := range cfg.Names {
		def := cfg.Servers[name]
		if !def.Enabled {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var st *serverState
			if opts.Start == nil {
				st = &serverState{def: def, err: &StartError{Message: "no server starter configured"}}
			} else {
				end := traceSpan("upstream")
				st = startServer(ctx, opts.Start, def, cfg.Settings)
				end()
			}
			mu.Lock()
			rt.servers[name] = st
			mu.Unlock()
		}()
	}
	wg.Wait()
	traceMark("discovered")
	// The first execute_code of the default profile should be as fast as
	// the hundredth: prepare for it now.
	if pw, ok := opts.Runner.(Prewarmer); ok {
		if v, err := rt.view(""); err == nil {
			pw.Prewarm(v.codeServers(), opts.MaxMemoryBytes)
		}
	}
	traceMark("ready")
	return rt, nil
}

// Config returns the runtime's config.
func (rt *Runtime) Config() *Config { return rt.cfg }

// Close stops every upstream.
func (rt *Runtime) Close() error {
	rt.closeMu.Lock()
	defer rt.closeMu.Unlock()
	if rt.closed {
		return nil
	}
	rt.closed = true
	if c, ok := rt.opts.Runner.(interface{ Close() }); ok {
		c.Close() // pooled workers
	}
	var errs []error
	for _, st := range rt.servers {
		if st.up != nil {
			errs = append(errs, st.up.Close())
		}
	}
	return errors.Join(errs...)
}

// Session returns the named session ("" → a one-request session).
func (rt *Runtime) Session(id string) *Session { return rt.sessions.get(id) }

// view is what one profile sees.
type view struct {
	rt       *Runtime // for the consent policy
	settings Settings
	profile  string
	preset   *Preset
	servers  []*serverState // sorted by name
}

func (rt *Runtime) view(profile string) (*view, error) {
	if profile == "" {
		profile = rt.opts.DefaultProfile
	}
	p, err := rt.cfg.Preset(profile)
	if err != nil {
		return nil, err
	}
	v := &view{rt: rt, settings: rt.cfg.Settings, profile: p.Name, preset: p}
	for _, name := range rt.cfg.ProfileServers(p) {
		if st := rt.servers[name]; st != nil {
			v.servers = append(v.servers, st)
		}
	}
	return v, nil
}

func (v *view) server(name string) *serverState {
	for _, st := range v.servers {
		if st.def.Name == name {
			return st
		}
	}
	return nil
}

func (v *view) names() []string {
	out := make([]string, len(v.servers))
	for i, st := range v.servers {
		out[i] = st.def.Name
	}
	return out
}

// tools lists a healthy server's tools allowed by the profile.
func (v *view) tools(st *serverState) []*ExposedTool {
	rule := v.preset.Rule(st.def.Name)
	var out []*ExposedTool
	tools, _ := st.current(v.settings)
	for _, t := range tools {
		if rule.Allows(t.Name) {
			out = append(out, t)
		}
	}
	return out
}

// resolve finds an allowed tool by its exposed name or alias.
func (v *view) resolve(server, tool string) (*serverState, *ExposedTool, error) {
	st := v.server(server)
	if st == nil {
		return nil, nil, fmt.Errorf("unknown server %q in profile %q", server, v.profile)
	}
	if st.err != nil {
		return nil, nil, fmt.Errorf("server %q is not available: %s", server, st.err.Message)
	}
	_, lookup := st.current(v.settings)
	t := lookup[tool]
	if t == nil || !v.preset.Rule(server).Allows(t.Name) {
		return nil, nil, fmt.Errorf("%s.%s is not a function (no such tool in profile %q)", server, tool, v.profile)
	}
	return st, t, nil
}

// call invokes an allowed tool by "server.tool" path.
func (v *view) call(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
	server, tool, ok := strings.Cut(path, ".")
	if !ok {
		return nil, fmt.Errorf("%s is not a tool path", path)
	}
	st, t, err := v.resolve(server, tool)
	if err != nil {
		return nil, err
	}
	if err := v.rt.consent(ctx, t, args); err != nil {
		return nil, err
	}
	return st.up.Call(ctx, t.Upstream, args)
}

// start is call for the calls that need no goroutine waiting on them (a
// tool needing no approval, of an upstream that answers through a
// callback); it returns false, having done nothing, for the others,
// which call makes.
func (v *view) start(ctx context.Context, path string, args json.RawMessage, done func(json.RawMessage, error)) bool {
	server, tool, ok := strings.Cut(path, ".")
	if !ok {
		return false
	}
	st, t, err := v.resolve(server, tool)
	if err != nil || !v.rt.consentFree(t) {
		return false
	}
	up, ok := st.up.(startUpstream)
	return ok && up.Start(ctx, t.Upstream, args, done)
}

// registry builds the profile's tools as a toolcmd.Registry for the bash
// meta tool: path server.<alias>, invoking the upstream.
func (v *view) registry() *toolcmd.Registry {
	reg := toolcmd.NewRegistry()
	v.syncRegistry(reg)
	return reg
}

// toolsSig changes whenever a server of the view changes its tools (the
// preset rules are fixed for the runtime's life).
func (v *view) toolsSig() string {
	var b strings.Builder
	for _, st := range v.servers {
		if st.err != nil {
			continue
		}
		st.current(v.settings)
		st.mu.Lock()
		b.WriteString(st.def.Name + "\x00" + st.sig + "\x00")
		st.mu.Unlock()
	}
	return b.String()
}

// syncRegistry makes reg hold exactly the profile's current tools, so a
// session's shell follows upstream tools/list_changed between calls.
func (v *view) syncRegistry(reg *toolcmd.Registry) {
	want := map[string]bool{}
	for _, st := range v.servers {
		if st.err != nil {
			continue
		}
		for _, t := range v.tools(st) {
			up, upName, rt := st.up, t.Upstream, v.rt
			path := st.def.Name + "." + t.Alias
			want[path] = true
			_ = reg.Replace(toolcmd.Tool{Path: path, Description: t.Description,
				InputSchema: t.InputSchema, OutputSchema: t.OutputSchema,
				Source: toolcmd.Source{Kind: toolcmd.SourceMCP, Name: st.def.Name},
				Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
					// The policy is applied here, not by the shell's
					// Invoker (the tool carries no annotations there), so
					// bash and execute_code ask the same way.
					if err := rt.consent(ctx, t, args); err != nil {
						return nil, err
					}
					return up.Call(ctx, upName, args)
				}})
		}
	}
	for _, t := range reg.List() {
		if !want[t.Path] {
			reg.Remove(t.Path)
		}
	}
}

// ServerStatus is one entry of list_servers.
type ServerStatus struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Type        string          `json:"type"`
	OK          bool            `json:"ok"`
	ToolCount   int             `json:"toolCount"`
	Error       *ServerErrorOut `json:"error,omitempty"`
}

// ServerErrorOut is a failed server's error and captured stderr.
type ServerErrorOut struct {
	Message string `json:"message"`
	Stderr  string `json:"stderr,omitempty"`
}

// Servers lists the profile's servers with their health.
func (rt *Runtime) Servers(profile string) ([]ServerStatus, error) {
	v, err := rt.view(profile)
	if err != nil {
		return nil, err
	}
	out := []ServerStatus{}
	for _, st := range v.servers {
		s := ServerStatus{Name: st.def.Name, Description: st.def.Description, Type: st.def.Type, OK: st.err == nil}
		if st.err != nil {
			s.Error = &ServerErrorOut{Message: st.err.Message, Stderr: st.err.Stderr}
		} else {
			s.ToolCount = len(v.tools(st))
		}
		out = append(out, s)
	}
	return out, nil
}

// Tools lists one server's allowed tools in the profile.
func (rt *Runtime) Tools(profile, server string) ([]*ExposedTool, error) {
	v, err := rt.view(profile)
	if err != nil {
		return nil, err
	}
	st := v.server(server)
	if st == nil {
		return nil, fmt.Errorf("unknown server %q (available servers: %s)", server, listOrNone(v.names()))
	}
	if st.err != nil {
		return nil, fmt.Errorf("server %q failed to start: %s", server, st.err.Message)
	}
	return v.tools(st), nil
}

// elapsedMs rounds a duration to whole milliseconds.
func elapsedMs(d time.Duration) int64 { return d.Round(time.Millisecond).Milliseconds() }
