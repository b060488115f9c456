package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/justbash/justbash/mcpserver"
)

// errRestart ends the daemon with mcpserver.RestartExitCode.
var errRestart = errors.New("restart requested")

func mcpServe(ctx context.Context, argv []string, stderr io.Writer) (int, error) {
	a, err := parseOrUsage(argv, []string{"in-process"}, []string{"profile", "config", "port", "bind", "approve", "store"})
	if err != nil {
		return 0, err
	}
	profile, err := a.profile()
	if err != nil {
		return 0, usageError{err.Error()}
	}
	port, err := a.port()
	if err != nil {
		return 0, usageError{err.Error()}
	}
	key, err := serverAPIKey(stderr) // mcp_store.go
	if err != nil {
		return 1, err
	}
	extra, closeStore, err := serverExtras(ctx, a, stderr)
	if err != nil {
		return 1, err
	}
	defer closeStore()
	rt, err := startRuntime(ctx, a, profile, extra)
	if err != nil {
		return 1, err
	}
	defer rt.Close()
	bind := a.flags["bind"]
	if bind == "" {
		bind = rt.Config().Settings.Bind
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	d, err := mcpserver.NewDaemon(rt, mcpserver.DaemonOptions{APIKey: key, Restart: func() { cancel(errRestart) }})
	if err != nil {
		return 1, err
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(bind, strconv.Itoa(port)))
	if err != nil {
		return 1, err
	}
	srv := &http.Server{Handler: d, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stderr, "justbash mcp server: listening on ws://%s/mcp (profile %s)\n", ln.Addr(), orDefault(profile))
	go func() {
		<-ctx.Done()
		sctx, c := context.WithTimeout(context.Background(), 5*time.Second)
		defer c()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return 1, err
	}
	if errors.Is(context.Cause(ctx), errRestart) {
		fmt.Fprintln(stderr, "justbash mcp server: exiting for a restart")
		return mcpserver.RestartExitCode, nil
	}
	return 0, nil
}

func orDefault(p string) string {
	if p == "" {
		return mcpserver.DefaultPreset
	}
	return p
}

// apiKey is --api-key, else $JSMCP_API_KEY, else the local key file.
func apiKey(a *mcpArgs) (string, error) {
	k, _, err := apiKeyFrom(a)
	return k, err
}

// apiKeyFrom is apiKey with a hint naming where the key came from, for
// the message when the daemon refuses it.
func apiKeyFrom(a *mcpArgs) (key, hint string, err error) {
	file := filepath.Join(mcpserver.ConfigDir(dirOptions()), mcpserver.APIKeyFile)
	if k := a.flags["api-key"]; k != "" {
		return k, "the key given with --api-key is not the daemon's (its key is in " + file + " where the daemon runs)", nil
	}
	if k := os.Getenv("JSMCP_API_KEY"); k != "" {
		return k, "the key in $JSMCP_API_KEY is not the daemon's (its key is in " + file + " where the daemon runs)", nil
	}
	k, err := mcpserver.ReadAPIKey(file)
	return k, "the key in " + file + " is not the daemon's: give its key with --api-key or $JSMCP_API_KEY", err
}

func daemonBase(a *mcpArgs) (string, error) {
	port, err := a.port()
	if err != nil {
		return "", usageError{err.Error()}
	}
	host := a.flags["host"]
	if host == "" {
		host = mcpserver.DefaultBind
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(port)), nil
}

// callAPI posts to the daemon's HTTP API and decodes the JSON answer.
func callAPI(ctx context.Context, base, key, path string, q url.Values, body any, out any) error {
	b, _ := json.Marshal(body)
	u := base + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set(mcpserver.APIKeyHeader, key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if resp.StatusCode >= 300 {
		var e struct{ Error string }
		if json.Unmarshal(data, &e) == nil && e.Error != "" {
			return &apiError{resp.StatusCode, e.Error}
		}
		return &apiError{resp.StatusCode, resp.Status}
	}
	return json.Unmarshal(data, out)
}

type apiError struct {
	code int
	msg  string
}

func (e *apiError) Error() string { return fmt.Sprintf("daemon answered %d: %s", e.code, e.msg) }

func mcpRestart(ctx context.Context, argv []string, stdout io.Writer) (int, error) {
	a, err := parseOrUsage(argv, nil, []string{"host", "port", "api-key"})
	if err != nil {
		return 0, err
	}
	base, err := daemonBase(a)
	if err != nil {
		return 0, err
	}
	key, err := apiKey(a)
	if err != nil {
		return 1, err
	}
	var out map[string]any
	if err := callAPI(ctx, base, key, "/api/restart", nil, nil, &out); err != nil {
		return 1, err
	}
	fmt.Fprintln(stdout, "restart requested")
	return 0, nil
}

type toolResult struct {
	IsError           bool            `json:"isError"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	Content           []struct {
		Text string `json:"text"`
	} `json:"content"`
}

func (r toolResult) text() string {
	if len(r.Content) == 0 {
		return ""
	}
	return r.Content[0].Text
}

// mcpStatus asks the daemon for its servers' states. With no daemon it
// says so and fails at once; --wait DURATION waits that long for one to
// come up (a daemon starting for the first time also creates the key).
func mcpStatus(ctx context.Context, argv []string, stdout, stderr io.Writer) (int, error) {
	a, err := parseOrUsage(argv, []string{"tools"}, []string{"host", "port", "profile", "api-key", "wait"})
	if err != nil {
		return 0, err
	}
	if len(a.pos) > 1 {
		return 0, usageError{"too many arguments"}
	}
	base, err := daemonBase(a)
	if err != nil {
		return 0, err
	}
	var wait time.Duration
	if w, ok := a.flags["wait"]; ok {
		if wait, err = time.ParseDuration(w); err != nil {
			return 0, usageError{"--wait: " + err.Error()}
		}
	}
	q := url.Values{"tool": {"list_servers"}}
	if p := a.flags["profile"]; p != "" {
		q.Set("profile", p)
	}
	var res toolResult
	var key string
	deadline := time.Now().Add(wait)
	for said := false; ; said = true {
		if key, err = apiKey(a); err == nil {
			err = callAPI(ctx, base, key, "/api/call", q, map[string]any{}, &res)
		}
		var ae *apiError
		if err == nil || errors.As(err, &ae) || !time.Now().Before(deadline) || ctx.Err() != nil {
			break
		}
		if !said {
			fmt.Fprintf(stderr, "justbash mcp status: waiting up to %s for a daemon on %s\n", wait, base)
		}
		// Not reachable yet: the daemon may be starting.
		select {
		case <-time.After(250 * time.Millisecond):
		case <-ctx.Done():
		}
	}
	var ae *apiError
	if err != nil && !errors.As(err, &ae) && ctx.Err() == nil {
		return 1, noDaemon(base, err)
	}
	if err != nil {
		return 1, err
	}
	if res.IsError {
		return 1, errors.New(res.text())
	}
	return printStatus(ctx, a, base, key, q, res, stdout)
}

// noDaemon is the message when no daemon answered: none listens, or none
// ever ran here (no key file).
func noDaemon(base string, err error) error {
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("no daemon: %v (a daemon creates it on its first start: justbash mcp server)", err)
	}
	return fmt.Errorf("no daemon answers on %s (start one with: justbash mcp server; or pass --wait 30s to wait for one): %v", base, err)
}

func printStatus(ctx context.Context, a *mcpArgs, base, key string, q url.Values, res toolResult, stdout io.Writer) (int, error) {
	var list struct {
		Servers []mcpserver.ServerStatus
		Limits  *mcpserver.PoolLimits
	}
	if err := json.Unmarshal(res.StructuredContent, &list); err != nil {
		return 1, err
	}
	only := ""
	if len(a.pos) == 1 {
		only = a.pos[0]
	}
	found, code := false, 0
	for _, s := range list.Servers {
		if only != "" && s.Name != only {
			continue
		}
		found = true
		if !s.OK {
			code = 1
			fmt.Fprintf(stdout, "%s: error: %s\n", s.Name, s.Error.Message)
			for _, l := range strings.Split(strings.TrimRight(s.Error.Stderr, "\n"), "\n") {
				if l != "" {
					fmt.Fprintf(stdout, "  stderr: %s\n", l)
				}
			}
			continue
		}
		fmt.Fprintf(stdout, "%s: ok (%d tools)\n", s.Name, s.ToolCount)
		if a.has("tools") {
			tq := url.Values{"tool": {"list_tools"}, "profile": q["profile"]}
			var tr toolResult
			if err := callAPI(ctx, base, key, "/api/call", tq, map[string]any{"server": s.Name}, &tr); err != nil {
				return 1, err
			}
			var tl struct{ Tools []mcpserver.ToolInfo }
			_ = json.Unmarshal(tr.StructuredContent, &tl)
			for _, t := range tl.Tools {
				desc, _, _ := strings.Cut(t.Description, "\n")
				fmt.Fprintf(stdout, "  %s  %s\n", t.Name, desc)
			}
		}
	}
	if only != "" && !found {
		return 1, fmt.Errorf("server %q is not in the profile", only)
	}
	if only == "" && list.Limits != nil {
		printLimits(stdout, *list.Limits)
	}
	return code, nil
}

// printLimits shows the daemon's bounds: the worker pool (absent when
// runs are in-process) and the memory budget the sessions share.
func printLimits(w io.Writer, l mcpserver.PoolLimits) {
	fmt.Fprintln(w, "limits:")
	defer printStore(w, l.Store) // mcp_status_store.go
	if wk := l.Workers; wk != nil {
		fmt.Fprintf(w, "  workers: %d of %d live (%d idle, %d pinned)\n", wk.Live, wk.Max, wk.Idle, wk.Pinned)
	} else {
		fmt.Fprintln(w, "  workers: none (runs are in-process)")
	}
	s := l.Sessions
	fmt.Fprintf(w, "  sessions: %d holding %s of %s\n", s.Count, byteSize(s.Bytes), byteSize(s.MaxBytes))
}

// byteSize renders a byte count with a binary unit.
func byteSize(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	f, i := float64(n), 0
	for f >= 1024 && i < len(units)-1 {
		f, i = f/1024, i+1
	}
	if i == 0 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.1f %s", f, units[i])
}

func mcpClient(ctx context.Context, argv []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	a, err := parseOrUsage(argv, nil, []string{"host", "port", "profile", "session-id", "api-key"})
	if err != nil {
		return 0, err
	}
	profile, err := a.profile()
	if err != nil {
		return 0, usageError{err.Error()}
	}
	base, err := daemonBase(a)
	if err != nil {
		return 0, err
	}
	key, hint, err := apiKeyFrom(a)
	if err != nil {
		return 1, err
	}
	sid := a.flags["session-id"]
	if sid == "" {
		sid = mcpserver.RandomID()
	} else if !mcpserver.SessionIDRe().MatchString(sid) {
		return 0, usageError{"--session-id: want 1-128 of A-Z a-z 0-9 . _ ~ -"}
	}
	q := url.Values{"sessionId": {sid}}
	if profile != "" {
		q.Set("profile", profile)
	}
	wsURL := "ws" + strings.TrimPrefix(base, "http") + "/mcp?" + q.Encode()
	h := http.Header{}
	h.Set(mcpserver.APIKeyHeader, key)
	err = mcpserver.RunClient(ctx, mcpserver.ClientOptions{URL: wsURL, Header: h, Log: stderr, KeyHint: hint}, stdin, stdout)
	if err != nil && !errors.Is(err, context.Canceled) {
		return 1, err
	}
	return 0, nil
}
