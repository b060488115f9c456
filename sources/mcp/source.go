// Package mcp discovers the tools of an MCP server (stdio, SSE or streamable
// HTTP) and registers each as `<name>.<tool>` in a toolcmd.Registry.
//
// Calls go to the server with a per-call timeout; results are unwrapped as
// jsmcp does (structuredContent → that object; text-only → the text;
// otherwise {text, content, meta}; isError → an error). Server-initiated
// elicitation is answered through toolcmd.Elicit, so the Invoker's
// elicitation hook sees it. A tools/list_changed notification re-discovers
// the tools; a dead server is reconnected on the next call.
//
// Spawning the stdio command, and reaching the URL, is the embedder's
// explicit grant: nothing here is reachable from inside the sandbox except
// through the registered tools.
package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/justbash/justbash/mcpclient"
	"github.com/justbash/justbash/toolcmd"
)

// Default timeouts.
const (
	DefaultCallTimeout    = 60 * time.Second
	DefaultConnectTimeout = 30 * time.Second
)

// TokenSource returns the current OAuth bearer token for a remote server
// (without the "Bearer " prefix). It is asked before every HTTP request, so
// a caller-side token store can refresh tokens; an error or "" sends none.
type TokenSource func(ctx context.Context) (string, error)

// Config describes one MCP server.
type Config struct {
	// Name is the namespace: tools register as `<Name>.<tool>`.
	Name string
	// Type is the transport: "stdio" (alias "local"), "http" (aliases
	// "remote", "streamable-http", "streamableHttp") or "sse". Empty means
	// stdio when Command is set, else http.
	Type string

	// Stdio: the command line, its working directory and environment.
	Command string
	Args    []string
	Dir     string
	// BaseEnv is the environment the server starts from ("KEY=VALUE"
	// entries; the CLI passes its own environment). Env is added on top.
	BaseEnv []string
	Env     map[string]string

	// Remote: the endpoint, static headers, bearer tokens, HTTP client.
	URL         string
	Headers     map[string]string
	TokenSource TokenSource
	HTTPClient  *http.Client

	// CallTimeout bounds each tool call (default DefaultCallTimeout);
	// ConnectTimeout bounds connecting and listing tools.
	CallTimeout    time.Duration
	ConnectTimeout time.Duration
	// ProtocolVersion is the MCP revision to ask for; empty (or one newer
	// than mcpclient speaks) asks for mcpclient.LatestVersion.
	ProtocolVersion string
	// NoReconnect turns off reconnecting after the server dies: calls then
	// fail with the reason the connection was lost.
	NoReconnect bool
}

// Source is a connected MCP server whose tools are in a registry.
type Source struct {
	cfg    Config
	reg    *toolcmd.Registry
	src    toolcmd.Source
	stderr ring
	calls  tracker

	mu     sync.Mutex // guards the connection fields below
	cl     *mcpclient.Client
	dead   error
	closed bool

	refreshMu  sync.Mutex
	toolsMu    sync.RWMutex
	paths      []string
	names      map[string]string // the server's tool name by path, for CallAsync
	registered bool
}

// Add connects to the server described by cfg, lists its tools (following
// pagination) and registers them. The returned Source owns the connection;
// Close it to disconnect and unregister the tools. When no tool could be
// registered the error comes with a nil Source, nothing registered and no
// process left running; when only some failed, both are returned.
func Add(ctx context.Context, reg *toolcmd.Registry, cfg Config) (*Source, error) {
	if cfg.Name == "" {
		return nil, errors.New("mcp source: missing name")
	}
	s := &Source{cfg: cfg, reg: reg, src: toolcmd.Source{Kind: toolcmd.SourceMCP, Name: cfg.Name}}
	if _, err := s.kind(); err != nil {
		return nil, s.errorf("%v", err)
	}
	if reg == nil {
		return nil, s.errorf("nil registry")
	}
	cl, err := s.connect(ctx)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.cl = cl
	s.mu.Unlock()
	if err := s.refresh(ctx, cl); err != nil {
		if len(s.Paths()) == 0 {
			s.Close()
			return nil, err
		}
		// Some tools registered: keep them and report the rest.
		return s, err
	}
	return s, nil
}

// Name is the source's namespace.
func (s *Source) Name() string { return s.cfg.Name }

// Stderr returns the last ~32 KB a stdio server wrote to stderr.
func (s *Source) Stderr() string { return s.stderr.String() }

// Paths lists the tool paths currently registered by this source.
func (s *Source) Paths() []string {
	s.toolsMu.RLock()
	defer s.toolsMu.RUnlock()
	return append([]string(nil), s.paths...)
}

// Close disconnects (stopping a stdio server) and unregisters the tools.
func (s *Source) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	cl := s.cl
	s.cl = nil
	s.mu.Unlock()
	// Under toolsMu so a refresh in flight cannot re-add tools after this.
	s.toolsMu.Lock()
	s.reg.RemoveSource(s.src)
	s.paths, s.names = nil, nil
	s.toolsMu.Unlock()
	if cl != nil {
		return cl.Close()
	}
	return nil
}

func (s *Source) errorf(format string, args ...any) error {
	return fmt.Errorf("mcp source %q: %w", s.cfg.Name, fmt.Errorf(format, args...))
}

// withStderr appends the tail of the server's stderr to err, since that is
// usually where a crashing server says why.
func (s *Source) withStderr(err error) error {
	s.settleStderr()
	if t := strings.TrimSpace(s.stderr.tail(2000)); t != "" {
		return fmt.Errorf("%w\nserver stderr:\n%s", err, t)
	}
	return err
}

func (s *Source) kind() (string, error) {
	switch strings.ToLower(s.cfg.Type) {
	case "":
		if s.cfg.Command != "" {
			return "stdio", nil
		}
		if s.cfg.URL != "" {
			return "http", nil
		}
		return "", errors.New("neither command nor url given")
	case "stdio", "local":
		if s.cfg.Command == "" {
			return "", errors.New("stdio server without a command")
		}
		return "stdio", nil
	case "http", "remote", "streamable-http", "streamablehttp":
		if s.cfg.URL == "" {
			return "", errors.New("remote server without a url")
		}
		return "http", nil
	case "sse":
		if s.cfg.URL == "" {
			return "", errors.New("sse server without a url")
		}
		return "sse", nil
	}
	return "", fmt.Errorf("unknown server type %q (want stdio, local, http, remote or sse)", s.cfg.Type)
}

// transport builds the client transport for the configured server. A
// stdio server is started from the command we build (own process group,
// our environment, stderr into the ring).
func (s *Source) transport() (mcpclient.Transport, error) {
	kind, err := s.kind()
	if err != nil {
		return nil, err
	}
	switch kind {
	case "stdio":
		cmd := s.command()
		cmd.Stderr = &s.stderr
		// A grandchild holding stderr open must not keep Close waiting.
		cmd.WaitDelay = time.Second
		// Close: stdin closed, then SIGTERM after this long, then SIGKILL.
		return &mcpclient.CommandTransport{Cmd: cmd, TerminateAfter: 2 * time.Second}, nil
	case "sse":
		return &mcpclient.SSETransport{URL: s.cfg.URL, HTTPClient: s.httpClient()}, nil
	}
	return &mcpclient.StreamableTransport{URL: s.cfg.URL, HTTPClient: s.httpClient()}, nil
}

// command builds the server process. It is not tied to the connect
// context: the server lives until Close, not until Add returns.
func (s *Source) command() *exec.Cmd {
	cmd := exec.Command(s.cfg.Command, s.cfg.Args...)
	cmd.Dir = s.cfg.Dir
	env := append([]string{}, s.cfg.BaseEnv...)
	keys := make([]string, 0, len(s.cfg.Env))
	for k := range s.cfg.Env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		env = append(env, k+"="+s.cfg.Env[k])
	}
	cmd.Env = env
	// A process group of its own: Ctrl-C at the terminal interrupts the
	// command the user is running, never the tool server.
	ownGroup(cmd)
	return cmd
}

// httpClient is the configured client (or the default one) whose requests
// carry the static headers and the current bearer token: mcpclient's HTTP
// transports take an *http.Client and nothing else.
func (s *Source) httpClient() *http.Client {
	base := s.cfg.HTTPClient
	if base == nil {
		base = http.DefaultClient
	}
	hc := *base
	rt := hc.Transport
	if rt == nil {
		rt = http.DefaultTransport
	}
	hc.Transport = headerTransport{base: rt, s: s}
	return &hc
}

// headerTransport adds the source's headers and Authorization to every
// request.
type headerTransport struct {
	base http.RoundTripper
	s    *Source
}

func (h headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	auth := h.s.authHeader(req.Context())
	if len(h.s.cfg.Headers) == 0 && auth == "" {
		return h.base.RoundTrip(req)
	}
	r := req.Clone(req.Context())
	for k, v := range h.s.cfg.Headers {
		r.Header.Set(k, v)
	}
	if auth != "" {
		r.Header.Set("Authorization", auth)
	}
	return h.base.RoundTrip(r)
}

func (s *Source) authHeader(ctx context.Context) string {
	if s.cfg.TokenSource == nil {
		return ""
	}
	tok, err := s.cfg.TokenSource(ctx)
	if err != nil || tok == "" {
		return ""
	}
	return "Bearer " + tok
}

func (s *Source) connectTimeout() time.Duration {
	if s.cfg.ConnectTimeout > 0 {
		return s.cfg.ConnectTimeout
	}
	return DefaultConnectTimeout
}

// connect starts the transport and runs the MCP handshake.
func (s *Source) connect(ctx context.Context) (*mcpclient.Client, error) {
	tr, err := s.transport()
	if err != nil {
		return nil, s.errorf("%v", err)
	}
	cctx, cancel := context.WithTimeout(ctx, s.connectTimeout())
	defer cancel()
	cl, err := mcpclient.Connect(cctx, tr, &mcpclient.Options{
		Name: "justbash", Version: "0.1.0",
		ProtocolVersion: s.cfg.ProtocolVersion,
		Elicit:          s.elicit,
		ToolsChanged:    s.onListChanged,
	})
	if err != nil {
		var start *mcpclient.StartError
		if errors.As(err, &start) {
			return nil, s.withStderr(s.errorf("start: %v", start.Err))
		}
		return nil, s.withStderr(s.errorf("initialize: %v", err))
	}
	go func() { s.markDead(cl, cl.Wait()) }()
	return cl, nil
}

// settleStderr waits briefly until the server's stderr stops growing: a
// server that just crashed may still have its last words in the pipe that
// the transport's copier has not drained yet. Only error paths pay this.
func (s *Source) settleStderr() {
	if s.cfg.Command == "" {
		return
	}
	prev, stable := -1, 0
	for i := 0; i < 20 && stable < 2; i++ {
		n := len(s.stderr.String())
		if n == prev {
			stable++
		} else {
			stable = 0
		}
		prev = n
		time.Sleep(15 * time.Millisecond)
	}
}
