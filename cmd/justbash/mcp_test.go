package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/mcpserver"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// writeMCPConfigs writes an inner config (no servers) and an outer one
// whose upstreams are the justbash binary itself over stdio (a real MCP
// server) and a command that fails at startup.
func writeMCPConfigs(t *testing.T) (dir, outer string) {
	t.Helper()
	dir = t.TempDir()
	inner := filepath.Join(dir, "inner.json")
	os.WriteFile(inner, []byte(`{"servers":{}}`), 0o600)
	outer = filepath.Join(dir, "config.json")
	cfg := map[string]any{
		"servers": map[string]any{
			"inner":  map[string]any{"type": "stdio", "command": []string{binary, "mcp", "run", "--config", inner}, "description": "nested justbash"},
			"broken": map[string]any{"type": "local", "command": binary, "args": []string{"mcp", "frobnicate"}},
		},
		"presets": map[string]any{"nobash": map[string]any{"inner": []any{map[string]any{"glob": "*_*"}}, "broken": false}},
	}
	b, _ := json.Marshal(cfg)
	os.WriteFile(outer, b, 0o600)
	return dir, outer
}

func mcpCall(t *testing.T, c *client.Client, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func startMCPClient(t *testing.T, env []string, args ...string) *client.Client {
	t.Helper()
	c, err := client.NewStdioMCPClient(binary, env, args...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req := mcp.InitializeRequest{}
	req.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatal(err)
	}
	return c
}

func resultJSON(res *mcp.CallToolResult) string {
	b, _ := json.Marshal(res.StructuredContent)
	return string(b)
}

func TestMCPRunStdio(t *testing.T) {
	dir, outer := writeMCPConfigs(t)
	env := []string{"XDG_CONFIG_HOME=" + dir, "HOME=" + dir}
	c := startMCPClient(t, env, "mcp", "run", "--config", outer)
	res := mcpCall(t, c, "list_servers", nil)
	s := resultJSON(res)
	if !strings.Contains(s, `{"description":"nested justbash","name":"inner","ok":true,"toolCount":6,"type":"stdio"}`) ||
		!strings.Contains(s, `"name":"broken"`) || !strings.Contains(s, `unknown mcp command \"frobnicate\"`) {
		t.Errorf("list_servers: %s", s)
	}
	res = mcpCall(t, c, "execute_code", map[string]any{"code": `const r = await inner.execute_code({code: "return 6 * 7"}); return r.value;`})
	if res.IsError || resultJSON(res) == "" || !strings.Contains(resultJSON(res), `"value":42`) {
		t.Errorf("nested execute_code: %v %s", res.Content, resultJSON(res))
	}
	res = mcpCall(t, c, "bash", map[string]any{"script": `inner list-servers | jq -c .servers`})
	if !strings.Contains(resultJSON(res), `"stdout":"[]\n"`) {
		t.Errorf("bash with upstream tools: %s", resultJSON(res))
	}
	// A named profile as a positional argument: bash is filtered out.
	c2 := startMCPClient(t, env, "mcp", "run", "nobash", "--config", outer)
	res = mcpCall(t, c2, "list_tools", map[string]any{"server": "inner"})
	var lt struct{ Tools []struct{ Name string } }
	json.Unmarshal([]byte(resultJSON(res)), &lt)
	var names []string
	for _, tl := range lt.Tools {
		names = append(names, tl.Name)
	}
	if strings.Join(names, ",") != "clear_logs,execute_code,fetch_logs,list_servers,list_tools" {
		t.Errorf("nobash tools: %v", names)
	}
	if s := resultJSON(mcpCall(t, c2, "list_servers", nil)); !strings.Contains(s, `"name":"inner"`) || strings.Contains(s, "broken") {
		t.Errorf("nobash servers")
	}
}

func TestMCPUsageErrors(t *testing.T) {
	dir, outer := writeMCPConfigs(t)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"mcp", "nope"}, 2, `unknown mcp command "nope"`},
		{[]string{"mcp", "run", "--bogus"}, 2, "unknown option --bogus"},
		{[]string{"mcp", "run", "zzz", "--config", outer}, 1, `unknown preset "zzz" (available presets: default, nobash)`},
		{[]string{"mcp", "run", "--config", filepath.Join(dir, "missing.json")}, 1, "missing.json: no such file or directory"},
		{[]string{"mcp", "server", "--port", "99999"}, 2, "invalid port"},
		{[]string{"mcp", "run", "--config", outer, "--approve", "maybe"}, 2, `--approve: unknown policy "maybe" (want prompt, allow-all, deny-all or accept-all)`},
	} {
		o := runCLI(t, "", tc.args...)
		if o.code != tc.code || !strings.Contains(o.stderr, tc.want) {
			t.Errorf("%v: %d %q, want %d %q", tc.args, o.code, o.stderr, tc.code, tc.want)
		}
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func TestMCPDaemon(t *testing.T) {
	dir, outer := writeMCPConfigs(t)
	env := append(os.Environ(), "XDG_CONFIG_HOME="+dir, "JSMCP_API_KEY=")
	port := fmt.Sprint(freePort(t))
	daemon := exec.Command(binary, "mcp", "server", "--config", outer, "--port", port)
	daemon.Env = env
	var derr strings.Builder
	daemon.Stderr = &derr
	if err := daemon.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- daemon.Wait() }()
	t.Cleanup(func() { daemon.Process.Kill() })

	// status --wait retries until the daemon is up.
	st := exec.Command(binary, "mcp", "status", "--port", port, "--tools", "--wait", "60s")
	st.Env = env
	out, err := st.CombinedOutput()
	if !strings.Contains(string(out), "inner: ok (6 tools)\n  bash  ") || !strings.Contains(string(out), "broken: error: ") {
		t.Errorf("status: %v\n%s", err, out)
	}
	if info, err := os.Stat(filepath.Join(dir, "justbash", "api-key.txt")); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("api key file: %v %v", info, err)
	}
	st = exec.Command(binary, "mcp", "status", "inner", "--port", port)
	st.Env = env
	if out, _ := st.CombinedOutput(); string(out) != "inner: ok (6 tools)\n" {
		t.Errorf("status inner: %q", out)
	}
	st = exec.Command(binary, "mcp", "status", "--port", port, "--api-key", "x")
	st.Env = append(env, "JSMCP_API_KEY=wrong")
	if out, err := st.CombinedOutput(); err == nil || !strings.Contains(string(out), "401") {
		t.Errorf("status with a wrong key: %v %s", err, out)
	}

	// A client with a wrong key answers its host's first request with the
	// reason and ends, instead of retrying forever.
	cl := exec.Command(binary, "mcp", "client", "--port", port, "--api-key", "wrong")
	cl.Env = env
	cl.Stdin = strings.NewReader(`{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n")
	var clOut, clErr strings.Builder
	cl.Stdout, cl.Stderr = &clOut, &clErr
	if err := runBounded(t, cl); err == nil {
		t.Errorf("client with a wrong key exited 0")
	}
	var answer struct {
		ID    int `json:"id"`
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(clOut.String()), &answer); err != nil || answer.ID != 7 || answer.Error.Code != mcpserver.CodeRefused ||
		!strings.Contains(answer.Error.Message, "the daemon refused the API key (HTTP 401 Unauthorized); the key given with --api-key is not the daemon's") {
		t.Errorf("client answer %q (%v)", clOut.String(), err)
	}
	if !strings.HasPrefix(clErr.String(), "justbash mcp client: the daemon refused the API key (HTTP 401 Unauthorized)") {
		t.Errorf("client stderr %q", clErr.String())
	}

	// The stdio client proxies to the daemon, with a session id.
	c := startMCPClient(t, env, "mcp", "client", "--port", port, "--session-id", "cli-1", "--profile", "nobash")
	res := mcpCall(t, c, "execute_code", map[string]any{"code": `console.log("via client"); return (await inner.list_servers({})).servers.length`})
	if res.IsError || !strings.Contains(resultJSON(res), `"value":0`) {
		t.Errorf("execute via client: %s %v", resultJSON(res), res.Content)
	}
	c.Close()
	c = startMCPClient(t, env, "mcp", "client", "--port", port, "--session-id", "cli-1")
	if res := mcpCall(t, c, "fetch_logs", nil); !strings.Contains(resultJSON(res), `"message":"via client"`) {
		t.Errorf("logs across client processes: %s", resultJSON(res))
	}

	rs := exec.Command(binary, "mcp", "restart", "--port", port)
	rs.Env = env
	if out, err := rs.CombinedOutput(); err != nil || string(out) != "restart requested\n" {
		t.Errorf("restart: %v %q", err, out)
	}
	select {
	case err := <-done:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 75 {
			t.Errorf("daemon exit after restart: %v\n%s", err, derr.String())
		}
	case <-time.After(10 * time.Second):
		t.Errorf("daemon did not exit after restart")
	}
}

// runBounded runs cmd and fails the test if it has not ended in 60s.
func runBounded(t *testing.T, cmd *exec.Cmd) error {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("%v did not end", cmd.Args)
	}
	return nil
}

// TestMCPStatusNoDaemon: with nothing listening, status says so and fails
// at once; --wait waits, says it does, and then says so too.
func TestMCPStatusNoDaemon(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "justbash"), 0o700)
	os.WriteFile(filepath.Join(dir, "justbash", "api-key.txt"), []byte("k\n"), 0o600)
	port := fmt.Sprint(freePort(t))
	env := []string{"XDG_CONFIG_HOME=" + dir, "JSMCP_API_KEY="}
	got := runWithEnv(t, env, "", "mcp", "status", "--port", port)
	want := "justbash mcp status: no daemon answers on http://127.0.0.1:" + port + " (start one with: justbash mcp server; or pass --wait 30s to wait for one): "
	if got.code != 1 || got.stdout != "" || !strings.HasPrefix(got.stderr, want) {
		t.Errorf("status: exit %d, stdout %q, stderr %q; want exit 1 and %q", got.code, got.stdout, got.stderr, want)
	}
	got = runWithEnv(t, env, "", "mcp", "status", "--port", port, "--wait", "2s")
	if got.code != 1 || !strings.HasPrefix(got.stderr, "justbash mcp status: waiting up to 2s for a daemon on http://127.0.0.1:"+port+"\n"+want) {
		t.Errorf("status --wait: exit %d, stderr %q", got.code, got.stderr)
	}
	// No key file: no daemon ever started here.
	got = runWithEnv(t, []string{"XDG_CONFIG_HOME=" + t.TempDir(), "JSMCP_API_KEY="}, "", "mcp", "status", "--port", port)
	if got.code != 1 || !strings.Contains(got.stderr, "justbash mcp status: no daemon: open ") || !strings.Contains(got.stderr, "a daemon creates it on its first start") {
		t.Errorf("status without a key file: exit %d, stderr %q", got.code, got.stderr)
	}
}
