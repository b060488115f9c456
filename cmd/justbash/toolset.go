package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/mcpserver"
	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/sources/jsfile"
	"github.com/justbash/justbash/sources/openapi"
	"github.com/justbash/justbash/toolcmd"
)

// sourcePrefix is how the sources packages start their errors.
var sourcePrefix = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z]+ source "[^"]*": `) })

// Source states shown by `tools list`.
const (
	stateStarting = "starting"
	stateReady    = "ready"
	stateFailed   = "failed"
)

// toolSet is what --tools loaded: a registry the shell's tool commands
// read, and one entry per source. Config sources start in the background,
// all at once, each with its own deadline: a command waits only for the
// source it uses, so a hung server never delays `echo`.
type toolSet struct {
	reg  *toolcmd.Registry
	inv  *toolcmd.Invoker
	srcs []*lazySource

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// lazySource is one source and its state.
type lazySource struct {
	name  string
	kind  string
	ready chan struct{} // closed once the source is ready or failed

	mu    sync.Mutex
	state string
	err   string
	ntool int
	up    mcpserver.Upstream
	// problems are a loaded source's warnings (skipped operations);
	// closer stops a source loaded without an Upstream.
	problems []string
	closer   io.Closer
}

func (s *lazySource) snapshot() (state, why string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state, s.err, s.ntool
}

func (s *lazySource) settle(state, why string, n int) {
	s.mu.Lock()
	s.state, s.err, s.ntool = state, why, n
	s.mu.Unlock()
	close(s.ready)
}

// isJSFile reports a --tools argument that is a module rather than a config.
func isJSFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		return true
	}
	return false
}

// loadToolSet reads --tools FILE: a JavaScript/TypeScript module, or a
// config in the format of `justbash mcp` (the same loader, so the same
// validation, presets, blocked_tools and tool names). An empty file means
// the default config. Reading the host here is the user's grant by flag.
func loadToolSet(file, profile string) (*toolSet, error) {
	ts := &toolSet{reg: toolcmd.NewRegistry()}
	ts.inv = toolcmd.NewInvoker(ts.reg)
	if file != "" && isJSFile(file) {
		return ts, ts.loadModule(file)
	}
	path, err := configPath(file)
	if err != nil {
		return nil, err
	}
	home, _ := os.UserHomeDir()
	cfg, err := mcpserver.LoadConfig(path, mcpserver.LoadOptions{Env: os.LookupEnv, Home: home})
	if err != nil {
		return nil, err
	}
	preset, err := cfg.Preset(profile)
	if err != nil {
		return nil, fmt.Errorf("--profile: %v", err)
	}
	if openapi.DefaultCacheDir == "" {
		openapi.DefaultCacheDir = openapiCacheDir()
	}
	ctx, cancel := context.WithCancel(context.Background())
	ts.cancel = cancel
	start := mcpserver.SourceStarter(os.Environ(), nil)
	for _, name := range cfg.ProfileServers(preset) {
		def := cfg.Servers[name]
		s := &lazySource{name: name, kind: def.Kind, state: stateStarting, ready: make(chan struct{})}
		ts.srcs = append(ts.srcs, s)
		ts.wg.Add(1)
		go func() {
			defer ts.wg.Done()
			ts.start(ctx, start, cfg, def, preset.Rule(name), s)
		}()
	}
	return ts, nil
}

// configPath is FILE, or with none the default config of `justbash mcp`,
// or else a jsmcp user's ~/.config/jsmcp config, read unchanged.
func configPath(file string) (string, error) {
	if file != "" {
		if _, err := os.Stat(file); err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return "", fmt.Errorf("--tools %s: %v", file, err)
		}
		return file, nil
	}
	home, _ := os.UserHomeDir()
	dir := mcpserver.ConfigDir(mcpserver.DirOptions{Env: os.LookupEnv, Home: home})
	p, err := mcpserver.FindConfig(dir)
	if err == nil {
		return p, nil
	}
	jsmcp := filepath.Join(filepath.Dir(dir), "jsmcp")
	if p, jerr := mcpserver.FindConfig(jsmcp); jerr == nil {
		return p, nil
	}
	return "", fmt.Errorf("--tools: %v (nor in %s)", err, jsmcp)
}

func (ts *toolSet) loadModule(file string) error {
	src, err := os.ReadFile(file)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("--tools %s: %v", file, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	mod, err := jsfile.Load(ctx, file, src, jsfile.Options{})
	if err != nil {
		return fmt.Errorf("--tools %v", err)
	}
	paths, err := mod.Register(ts.reg, jsfile.BaseName(file))
	if err != nil {
		return fmt.Errorf("--tools %s: %v", file, err)
	}
	count := map[string]int{}
	for _, p := range paths {
		ns, _, _ := toolcmd.SplitPath(p)
		count[ns]++
	}
	for _, ns := range sortedKeys(count) {
		s := &lazySource{name: ns, kind: mcpserver.KindJS, ready: make(chan struct{})}
		s.settle(stateReady, "", count[ns])
		ts.srcs = append(ts.srcs, s)
	}
	return nil
}

// start starts one config source with its deadline and registers the
// tools its preset rule allows, under the names the MCP server uses.
func (ts *toolSet) start(ctx context.Context, start mcpserver.StartFunc, cfg *mcpserver.Config, def *mcpserver.ServerDef, rule mcpserver.Rule, s *lazySource) {
	timeout := def.Timeout
	if timeout <= 0 {
		timeout = mcpserver.DefaultDiscoveryTimeout
	}
	sctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if def.Kind == mcpserver.KindOpenAPI || def.Kind == mcpserver.KindGraphQL {
		ts.startHTTP(sctx, cfg, def, rule, s)
		return
	}
	up, err := safeStart(sctx, start, def)
	if err != nil {
		// The source's own error repeats kind and name; say them once.
		msg := oneLine(sourcePrefix().ReplaceAllString(err.Error(), ""))
		if sctx.Err() != nil && ctx.Err() == nil {
			msg = fmt.Sprintf("no answer within %v: %s", timeout, msg)
		}
		s.settle(stateFailed, msg, 0)
		return
	}
	exposed, err := mcpserver.ExposeTools(def, cfg.Settings, up.Tools())
	if err != nil {
		up.Close()
		s.settle(stateFailed, err.Error(), 0)
		return
	}
	n := 0
	for _, t := range exposed {
		if !rule.Allows(t.Name) {
			continue
		}
		upName := t.Upstream
		err := ts.reg.Add(toolcmd.Tool{Path: def.Name + "." + t.Alias, Description: t.Description,
			InputSchema: t.InputSchema, OutputSchema: t.OutputSchema, Annotations: t.Annotations,
			Source: toolcmd.Source{Kind: toolcmd.SourceKind(def.Kind), Name: def.Name},
			Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
				return up.Call(ctx, upName, args)
			}})
		if err == nil {
			n++
		}
	}
	s.mu.Lock()
	s.up = up
	s.mu.Unlock()
	if ctx.Err() != nil { // closed while starting
		up.Close()
	}
	s.settle(stateReady, "", n)
}

func safeStart(ctx context.Context, start mcpserver.StartFunc, def *mcpserver.ServerDef) (up mcpserver.Upstream, err error) {
	defer func() {
		if p := recover(); p != nil {
			up, err = nil, fmt.Errorf("starting panicked: %v", p)
		}
	}()
	up, err = start(ctx, def)
	if err == nil && up == nil {
		err = errors.New("no server")
	}
	return up, err
}

// Close stops the sources (and the servers still starting).
func (ts *toolSet) Close() {
	if ts.cancel != nil {
		ts.cancel()
	}
	ts.wg.Wait()
	for _, s := range ts.srcs {
		s.mu.Lock()
		if s.up != nil {
			s.up.Close()
			s.up = nil
		}
		if s.closer != nil {
			s.closer.Close()
			s.closer = nil
		}
		s.mu.Unlock()
	}
}

func (ts *toolSet) source(name string) *lazySource {
	for _, s := range ts.srcs {
		if s.name == name {
			return s
		}
	}
	return nil
}

// install makes each source's namespace a command of sh that waits for
// that source only, and wraps `tools` so `tools list` shows the states.
func (ts *toolSet) install(sh *shell.Shell) error {
	for _, s := range ts.srcs {
		if err := sh.AddCommand(s.name, &waitCommand{ts: ts, src: s}); err != nil {
			return err
		}
	}
	return sh.AddCommand(toolcmd.ReservedNamespace, &toolsWrapper{ts: ts, inner: toolcmd.ToolsCommand(ts.inv)})
}

// waitCommand is a source's namespace before and after it is ready.
type waitCommand struct {
	ts  *toolSet
	src *lazySource
}

func (w *waitCommand) Run(ctx context.Context, c *commands.Context) int {
	select {
	case <-w.src.ready:
	case <-ctx.Done():
		return 130
	}
	state, why, _ := w.src.snapshot()
	if state == stateFailed {
		fmt.Fprintf(c.Stderr, "%s: tool source failed: %s\n", w.src.name, why)
		return 1
	}
	return toolcmd.NamespaceCommand(w.ts.inv, w.src.name).Run(ctx, c)
}

// toolsWrapper is `tools`, waiting for the one source a command names and
// adding the source states to `tools list`.
type toolsWrapper struct {
	ts    *toolSet
	inner commands.Command
}

func (t *toolsWrapper) Run(ctx context.Context, c *commands.Context) int {
	var words []string
	asJSON := false
	for _, a := range c.Args[1:] {
		switch {
		case a == "--json":
			asJSON = true
		case !strings.HasPrefix(a, "-"):
			words = append(words, a)
		}
	}
	if len(words) >= 2 && (words[0] == "list" || words[0] == "describe") {
		ns, _, _ := strings.Cut(words[1], ".")
		if s := t.ts.source(ns); s != nil {
			select {
			case <-s.ready:
			case <-ctx.Done():
				return 130
			}
		}
	}
	if len(words) == 1 && words[0] == "list" && !asJSON {
		t.ts.writeStates(c.Stdout)
	}
	return t.inner.Run(ctx, c)
}

// writeStates prints one line per source: ready (N tools), starting, or
// failed: why.
func (ts *toolSet) writeStates(w io.Writer) {
	if len(ts.srcs) == 0 {
		return
	}
	width := 0
	for _, s := range ts.srcs {
		width = max(width, len(s.name))
	}
	fmt.Fprintln(w, "SOURCES")
	for _, s := range ts.srcs {
		state, why, n := s.snapshot()
		switch state {
		case stateReady:
			state = fmt.Sprintf("ready (%s, %d tools)", s.kind, n)
		case stateFailed:
			state = "failed: " + why
		default:
			state = "starting (" + s.kind + ")"
		}
		fmt.Fprintf(w, "  %-*s  %s\n", width, s.name, state)
		s.mu.Lock()
		probs := s.problems
		s.mu.Unlock()
		writeProblems(w, probs)
	}
	fmt.Fprintln(w)
}

// writeProblems lists a ready source's skipped operations (the first
// few; the count says how many more).
func writeProblems(w io.Writer, probs []string) {
	const show = 3
	if len(probs) == 0 {
		return
	}
	fmt.Fprintf(w, "    %d problem(s) while loading:\n", len(probs))
	for i, p := range probs {
		if i == show {
			fmt.Fprintf(w, "      … and %d more\n", len(probs)-show)
			break
		}
		if len(p) > 160 {
			p = p[:157] + "..."
		}
		fmt.Fprintf(w, "      %s\n", p)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
