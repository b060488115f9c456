package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/justbash/justbash/internal/procs"
	"github.com/justbash/justbash/mcpserver"
)

const mcpUsage = `Usage:
  justbash mcp run [PROFILE] [--profile NAME] [--config FILE] [--approve POLICY] [--in-process]
  justbash mcp server [PROFILE] [--port 41528] [--bind 127.0.0.1] [--config FILE] [--approve POLICY] [--in-process]
                      [--store redis://HOST:PORT/DB]
  justbash mcp client [--host H] [--port N] [--profile NAME] [--session-id ID] [--api-key KEY]
  justbash mcp status [SERVER] [--tools] [--profile NAME] [--host H] [--port N] [--wait DURATION]
  justbash mcp restart [--host H] [--port N]
  justbash mcp auth [SERVER] [--no-browser] [--callback-port 41527]

The meta-MCP server: the servers of the config (MCP over stdio, HTTP or
SSE; OpenAPI documents; GraphQL endpoints) as JavaScript namespaces
(list_servers, list_tools, execute_code, fetch_logs, clear_logs, bash).
The daemon serves MCP on /mcp over WebSocket and Streamable HTTP (add
?sessionId=ID to keep logs and memory across requests), and the JSON API
on /api/call and /api/restart; every request needs X-JSMCP-API-Key.
Config: $XDG_CONFIG_HOME/justbash/config.{json,yaml,yml} or
~/.config/justbash/; the daemon's API key is api-key.txt beside it.
execute_code runs in pooled worker processes (512 MB address-space cap,
empty environment); each bash session's shell lives in a worker of its own
(its files are lost if that worker is killed); --in-process runs both
inside the server instead.
--store redis://HOST:PORT/DB keeps the sessions (jsmcp.memory, logs, bash
shells as snapshots) in Redis: servers started with the same --store and
API key ($JSMCP_API_KEY or the key file) are replicas of one service
(?lease_ttl=10s&idle_ttl=24h on the URL set the lease and idle expiry).
/healthz and /readyz (no key) are for load balancers; the server logs one
JSON line per call on stderr.
Tools that change things (OpenAPI writes, GraphQL mutations, destructive
MCP tools, tools with an approval label) follow --approve (or "approve" in
the config's justbash settings), as on the command line: prompt (default)
asks the MCP client's user through elicitation and declines when the
client cannot be asked; allow-all declines them; accept-all runs them;
deny-all refuses every tool call.
OAuth tokens for remote servers: $XDG_DATA_HOME/justbash/oauth.json
(~/.local/share/justbash/oauth.json).
`

// mcpArgs is a parsed `justbash mcp` command line: positionals and
// --flag value / --flag=value / boolean --flag, in any order.
type mcpArgs struct {
	pos   []string
	flags map[string]string
}

func parseMCPArgs(argv []string, boolFlags, valueFlags []string) (*mcpArgs, error) {
	a := &mcpArgs{flags: map[string]string{}}
	isBool := map[string]bool{"help": true}
	isValue := map[string]bool{}
	for _, f := range boolFlags {
		isBool[f] = true
	}
	for _, f := range valueFlags {
		isValue[f] = true
	}
	for i := 0; i < len(argv); i++ {
		arg := argv[i]
		if arg == "--" {
			a.pos = append(a.pos, argv[i+1:]...)
			break
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			a.pos = append(a.pos, arg)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if name == "h" {
			name = "help"
		}
		switch {
		case isBool[name]:
			if hasVal {
				return nil, fmt.Errorf("option --%s takes no value", name)
			}
			a.flags[name] = "true"
		case isValue[name]:
			if !hasVal {
				if i+1 >= len(argv) {
					return nil, fmt.Errorf("option --%s needs a value", name)
				}
				i++
				val = argv[i]
			}
			a.flags[name] = val
		default:
			return nil, fmt.Errorf("unknown option %s", arg)
		}
	}
	return a, nil
}

func (a *mcpArgs) has(name string) bool { _, ok := a.flags[name]; return ok }

// profile is the positional preset or --profile.
func (a *mcpArgs) profile() (string, error) {
	p := a.flags["profile"]
	if len(a.pos) > 1 {
		return "", fmt.Errorf("too many arguments: %s", strings.Join(a.pos, " "))
	}
	if len(a.pos) == 1 {
		if p != "" && p != a.pos[0] {
			return "", fmt.Errorf("profile given twice: %s and --profile %s", a.pos[0], p)
		}
		p = a.pos[0]
	}
	return p, nil
}

func (a *mcpArgs) port() (int, error) {
	s, ok := a.flags["port"]
	if !ok {
		return mcpserver.DefaultPort, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 65535 {
		return 0, fmt.Errorf("--port: invalid port %q", s)
	}
	return n, nil
}

// runMCP dispatches `justbash mcp SUBCOMMAND`.
func runMCP(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(argv) == 0 || argv[0] == "-h" || argv[0] == "--help" || argv[0] == "help" {
		fmt.Fprint(stdout, mcpUsage)
		if len(argv) == 0 {
			return exitUsage
		}
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sub, rest := argv[0], argv[1:]
	var code int
	var err error
	switch sub {
	case "run":
		code, err = mcpRun(ctx, rest, stdin, stdout, stderr)
	case "server":
		code, err = mcpServe(ctx, rest, stderr)
	case "client":
		code, err = mcpClient(ctx, rest, stdin, stdout, stderr)
	case "status":
		code, err = mcpStatus(ctx, rest, stdout, stderr)
	case "restart":
		code, err = mcpRestart(ctx, rest, stdout)
	case "auth":
		code, err = mcpAuth(ctx, rest, stdin, stdout)
	case "__worker":
		// Internal: one execute_code / bash worker process (see mcpserver.WorkerRunner).
		mem, _ := strconv.ParseUint(strings.TrimPrefix(strings.Join(rest, ""), "--memory="), 10, 64)
		return mcpserver.ServeWorker(stdin, stdout, mem)
	default:
		err = usageError{fmt.Sprintf("unknown mcp command %q (want run, server, client, status, restart, auth)", sub)}
	}
	if err != nil {
		fmt.Fprintf(stderr, "justbash mcp %s: %v\n", sub, err)
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintln(stderr, "Try 'justbash mcp --help' for more information.")
			return exitUsage
		}
		if code == 0 {
			code = 1
		}
	}
	return code
}

type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func parseOrUsage(argv []string, boolFlags, valueFlags []string) (*mcpArgs, error) {
	a, err := parseMCPArgs(argv, boolFlags, valueFlags)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	return a, nil
}

func dirOptions() mcpserver.DirOptions {
	home, _ := os.UserHomeDir()
	return mcpserver.DirOptions{Env: os.LookupEnv, Home: home}
}

// loadConfig reads --config FILE or the one config file in the config dir.
func loadConfig(a *mcpArgs) (*mcpserver.Config, error) {
	path := a.flags["config"]
	if path == "" {
		var err error
		if path, err = mcpserver.FindConfig(mcpserver.ConfigDir(dirOptions())); err != nil {
			return nil, err
		}
	}
	home, _ := os.UserHomeDir()
	return mcpserver.LoadConfig(path, mcpserver.LoadOptions{Env: os.LookupEnv, Home: home})
}

// startRuntime loads the config and starts its servers; failures of single
// servers are reported by list_servers, not here.
func startRuntime(ctx context.Context, a *mcpArgs, profile string, extra ...func(*mcpserver.Options)) (*mcpserver.Runtime, error) {
	cfg, err := loadConfig(a)
	if err != nil {
		return nil, err
	}
	if _, err := cfg.Preset(profile); err != nil {
		return nil, err
	}
	var runner mcpserver.CodeRunner = mcpserver.JSRunner{}
	if !a.has("in-process") {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("finding the justbash binary for workers: %v (use --in-process)", err)
		}
		// Workers get an empty environment: no secret of ours leaks in.
		runner = &mcpserver.WorkerRunner{Command: []string{exe, "mcp", "__worker", "--memory=" + strconv.Itoa(workerMemory)}}
	}
	if err := mcpserver.CheckApprove(a.flags["approve"]); err != nil {
		return nil, usageError{"--approve: " + err.Error()}
	}
	opts := mcpserver.Options{
		Start:          mcpserver.SourceStarter(os.Environ(), oauthStore().Tokens(cfg, nil)),
		Runner:         runner,
		DefaultProfile: profile,
		MaxMemoryBytes: workerMemory,
		Approve:        a.flags["approve"],
	}
	for _, f := range extra {
		f(&opts)
	}
	rt, err := mcpserver.NewRuntime(ctx, cfg, opts)
	if err == nil && a.has("in-process") {
		// This process serves nothing else: a lone run gets one
		// processor, anything more all of them (internal/procs).
		procs.Enable()
	}
	return rt, err
}

// workerMemory is the memory cap of one execute_code run.
const workerMemory = 512 << 20

func mcpRun(ctx context.Context, argv []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	a, err := parseOrUsage(argv, []string{"in-process"}, []string{"profile", "config", "approve"})
	if err != nil {
		return 0, err
	}
	if a.has("help") {
		fmt.Fprint(stdout, mcpUsage)
		return 0, nil
	}
	profile, err := a.profile()
	if err != nil {
		return 0, usageError{err.Error()}
	}
	rt, err := startRuntime(ctx, a, profile)
	if err != nil {
		return 1, err
	}
	defer rt.Close()
	if err := mcpserver.ServeStdio(ctx, rt, profile, stdin, stdout, stderr); err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
		return 1, err
	}
	return 0, nil
}

// oauthStore is $XDG_DATA_HOME/justbash/oauth.json.
func oauthStore() *mcpserver.OAuthStore {
	return mcpserver.NewOAuthStore(filepath.Join(mcpserver.DataDir(dirOptions()), mcpserver.OAuthFile))
}

func mcpAuth(ctx context.Context, argv []string, stdin io.Reader, stdout io.Writer) (int, error) {
	a, err := parseOrUsage(argv, []string{"no-browser"}, []string{"config", "callback-port"})
	if err != nil {
		return 0, err
	}
	if len(a.pos) > 1 {
		return 0, usageError{"too many arguments"}
	}
	cfg, err := loadConfig(a)
	if err != nil {
		return 1, err
	}
	store := oauthStore()
	if len(a.pos) == 0 {
		listOAuthServers(cfg, store, stdout)
		return 0, nil
	}
	def := cfg.Servers[a.pos[0]]
	if def == nil {
		return 1, fmt.Errorf("unknown server %q", a.pos[0])
	}
	addr := mcpserver.DefaultCallbackAddr
	if p, ok := a.flags["callback-port"]; ok {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 65535 {
			return 0, usageError{"--callback-port: invalid port " + p}
		}
		addr = "127.0.0.1:" + strconv.Itoa(n)
	}
	opts := mcpserver.AuthOptions{Store: store, CallbackAddr: addr, Input: stdin, Output: stdout}
	if !a.has("no-browser") && hasGUI() {
		opts.OpenBrowser = openBrowser
	}
	if err := mcpserver.Authorize(ctx, def, opts); err != nil {
		return 1, err
	}
	return 0, nil
}

// listOAuthServers prints the remote servers with OAuth enabled and
// whether each has a usable token.
func listOAuthServers(cfg *mcpserver.Config, store *mcpserver.OAuthStore, stdout io.Writer) {
	var names []string
	for _, n := range cfg.Names {
		if d := cfg.Servers[n]; d.Enabled && d.OAuth != nil {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		fmt.Fprintln(stdout, "No remote servers with OAuth enabled.")
	}
	for _, n := range names {
		state := "needs_auth"
		if store.Authorized(cfg.Servers[n]) {
			state = "authorized"
		}
		fmt.Fprintf(stdout, "%s\t%s\t%s\n", n, state, cfg.Servers[n].URL)
	}
}

// hasGUI guesses whether a browser can be opened here.
func hasGUI() bool {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

func openBrowser(u string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", u)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", u)
	default:
		cmd = exec.Command("xdg-open", u)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}
