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
	"io"
	"log/slog"
	"net/http"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/justbash/justbash/toolcmd"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
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
	// ProtocolVersion pins the MCP revision; empty negotiates the latest.
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

	mu         sync.Mutex // guards the connection fields below
	cl         *client.Client
	dead       error
	closed     bool
	stopListen func()

	refreshMu  sync.Mutex
	toolsMu    sync.RWMutex
	paths      []string
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
	s.listen(cl)
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
	cl, stop := s.cl, s.stopListen
	s.cl, s.stopListen = nil, nil
	s.mu.Unlock()
	if stop != nil {
		stop()
	}
	// Under toolsMu so a refresh in flight cannot re-add tools after this.
	s.toolsMu.Lock()
	s.reg.RemoveSource(s.src)
	s.paths = nil
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

// quietLog discards the transports' logs. Made when a source connects, not
// at every start of the binary (issue 15).
func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func (s *Source) transport() (transport.Interface, error) {
	kind, err := s.kind()
	if err != nil {
		return nil, err
	}
	switch kind {
	case "stdio":
		return transport.NewStdioWithOptions(s.cfg.Command, nil, s.cfg.Args,
			transport.WithCommandFunc(s.command),
			transport.WithCommandStderrWriter(&s.stderr),
			transport.WithCommandLogger(quietLog())), nil
	case "sse":
		opts := []transport.ClientOption{transport.WithHeaders(s.cfg.Headers), transport.WithHeaderFunc(s.authHeader), transport.WithSSELogger(quietLog())}
		if s.cfg.HTTPClient != nil {
			opts = append(opts, transport.WithHTTPClient(s.cfg.HTTPClient))
		}
		return transport.NewSSE(s.cfg.URL, opts...)
	}
	opts := []transport.StreamableHTTPCOption{transport.WithHTTPHeaders(s.cfg.Headers), transport.WithHTTPHeaderFunc(s.authHeader),
		transport.WithContinuousListening(), transport.WithHTTPLogger(quietLog())}
	if s.cfg.HTTPClient != nil {
		opts = append(opts, transport.WithHTTPBasicClient(s.cfg.HTTPClient))
	}
	return transport.NewStreamableHTTP(s.cfg.URL, opts...)
}

// command builds the server process. It is not tied to the connect
// context: the server lives until Close, not until Add returns.
func (s *Source) command(_ context.Context, name string, _ []string, args []string) (*exec.Cmd, error) {
	cmd := exec.Command(name, args...)
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
	return cmd, nil
}

func (s *Source) authHeader(ctx context.Context) map[string]string {
	if s.cfg.TokenSource == nil {
		return nil
	}
	tok, err := s.cfg.TokenSource(ctx)
	if err != nil || tok == "" {
		return nil
	}
	return map[string]string{"Authorization": "Bearer " + tok}
}

func (s *Source) connectTimeout() time.Duration {
	if s.cfg.ConnectTimeout > 0 {
		return s.cfg.ConnectTimeout
	}
	return DefaultConnectTimeout
}

// connect starts the transport and runs the MCP handshake.
func (s *Source) connect(ctx context.Context) (*client.Client, error) {
	tr, err := s.transport()
	if err != nil {
		return nil, s.errorf("%v", err)
	}
	opts := []client.ClientOption{client.WithElicitationHandler(elicitHandler{s})}
	if s.cfg.ProtocolVersion != "" {
		opts = append(opts, client.WithProtocolVersion(s.cfg.ProtocolVersion))
	}
	cl := client.NewClient(tr, opts...)
	// The transport keeps this context for its lifetime, so it must not be
	// the caller's (possibly short) one.
	if err := cl.Start(context.WithoutCancel(ctx)); err != nil {
		return nil, s.withStderr(s.errorf("start: %v", err))
	}
	cctx, cancel := context.WithTimeout(ctx, s.connectTimeout())
	defer cancel()
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = s.cfg.ProtocolVersion
	if init.Params.ProtocolVersion == "" {
		init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	}
	init.Params.ClientInfo = mcpgo.Implementation{Name: "justbash", Version: "0.1.0"}
	init.Params.Capabilities.Elicitation = &mcpgo.ElicitationCapability{}
	if _, err := cl.Initialize(cctx, init); err != nil {
		cl.Close()
		return nil, s.withStderr(s.errorf("initialize: %v", err))
	}
	cl.OnNotification(func(n mcpgo.JSONRPCNotification) {
		if n.Method == mcpgo.MethodNotificationToolsListChanged {
			go s.onListChanged(cl)
		}
	})
	cl.OnConnectionLost(func(err error) { s.markDead(cl, err) })
	return cl, nil
}

// listen opts in to tools/list_changed on modern connections, where
// notifications flow only on a subscriptions/listen stream; older
// revisions deliver them without asking.
// The caller holds s.mu (or owns s exclusively).
func (s *Source) listen(cl *client.Client) {
	if old := s.stopListen; old != nil {
		s.stopListen = nil
		go old()
	}
	caps := cl.GetServerCapabilities()
	if caps.Tools == nil || !caps.Tools.ListChanged || !mcpgo.IsModernProtocol(cl.ProtocolVersion()) {
		return
	}
	stop, err := cl.ListenAsync(context.Background(), mcpgo.SubscriptionFilter{ToolsListChanged: true}, nil)
	if err == nil {
		s.stopListen = stop
	}
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
