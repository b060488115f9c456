package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// upstreamEnv makes the test binary a stdio MCP server (serveTestUpstream),
// so that the worker tests reach a real upstream over sources/mcp.
const upstreamEnv = "MCPSERVER_TEST_UPSTREAM"

// serveTestUpstream is that server: echo, a tool error, a slow tool that
// says on stderr when its call is cancelled, a large result, a crash.
func serveTestUpstream() int {
	s := server.NewMCPServer("relay-fixture", "1.0.0", server.WithToolCapabilities(true))
	safe := func(name string, opts ...mcpgo.ToolOption) mcpgo.Tool {
		return mcpgo.NewTool(name, append(opts, mcpgo.WithDestructiveHintAnnotation(false))...)
	}
	s.AddTool(safe("echo", mcpgo.WithString("message")), func(_ context.Context, r mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return mcpgo.NewToolResultText("echo: " + r.GetString("message", "")), nil
	})
	s.AddTool(safe("fail"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return mcpgo.NewToolResultError("boom happened"), nil
	})
	s.AddTool(safe("big", mcpgo.WithNumber("n")), func(_ context.Context, r mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return mcpgo.NewToolResultText(strings.Repeat("x", int(r.GetFloat("n", 0)))), nil
	})
	s.AddTool(safe("slow", mcpgo.WithNumber("ms")), func(ctx context.Context, r mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		fmt.Fprintln(os.Stderr, "slow: started")
		select {
		case <-time.After(time.Duration(r.GetFloat("ms", 0)) * time.Millisecond):
			return mcpgo.NewToolResultText("done"), nil
		case <-ctx.Done():
			fmt.Fprintln(os.Stderr, "slow: cancelled")
			return nil, ctx.Err()
		}
	})
	s.AddTool(safe("crash"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		fmt.Fprintln(os.Stderr, "fatal: disk on fire")
		os.Exit(3)
		return nil, nil
	})
	if err := server.ServeStdio(s); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		return 1
	}
	return 0
}

// relayRuntime is a runtime with workers and one real upstream, "up".
func relayRuntime(t *testing.T) *Runtime {
	t.Helper()
	wr := &WorkerRunner{Command: []string{os.Args[0], "-test.run=^$"}, Env: []string{"MCPSERVER_TEST_WORKER=" + fmt.Sprint(256<<20)}}
	cfgText, _ := json.Marshal(map[string]any{"servers": map[string]any{
		"up": map[string]any{"type": "stdio", "command": []string{os.Args[0], "-test.run=^$"}}}})
	cfg, err := ParseConfig("/x/config.json", cfgText, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: SourceStarter([]string{upstreamEnv + "=1"}, nil), Runner: wr, MaxMemoryBytes: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close(); wr.Close() })
	if st := rt.servers["up"]; st == nil || st.err != nil {
		t.Fatalf("upstream did not start: %+v", st)
	}
	return rt
}

// Tool calls from a worker's script answered by the upstream straight to
// the worker (replyLater): values, errors, parallel calls kept apart,
// calls the script left behind, a crash and the reconnect after it.
func TestWorkerRelaysUpstreamAnswers(t *testing.T) {
	rt := relayRuntime(t)
	ctx := scoped(rt, "", "relay")
	run := func(code string, timeoutMs int) (bool, string) {
		t.Helper()
		res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": code, "timeoutMs": timeoutMs})
		return res.IsError, toJSON(res.StructuredContent)
	}
	steps := []struct {
		code  string
		isErr bool
		want  string
	}{
		{`return await up.echo({message: "hi"})`, false, `"value":"echo: hi"`},
		{`let s = ""; for (let i = 0; i < 5; i++) s += await up.echo({message: String(i)}); return s`, false, `"value":"echo: 0echo: 1echo: 2echo: 3echo: 4"`},
		{`const r = await Promise.all(Array.from({length: 40}, (_, i) => up.echo({message: "m" + i})));
		  return r.every((v, i) => v === "echo: m" + i) && r.length`, false, `"value":40`},
		{`try { await up.fail({}); return "no" } catch (e) { return "caught: " + e.message }`, false, `"value":"caught: boom happened"`},
		{`return (await up.big({n: 300000})).length`, false, `"value":300000`},
		{`const r = await Promise.all([up.big({n: 200000}), up.echo({message: "a"}), up.big({n: 100000})]); return r.map(v => v.length).join()`, false, `"value":"200000,7,100000"`},
		// Left running when the script returns: the run ends, and the
		// upstream is told to cancel the call.
		{`up.slow({ms: 60000}); await up.echo({message: "x"}); return "left"`, false, `"value":"left"`},
		{`await up.slow({ms: 60000})`, true, `timeout`},
		{`return await up.echo({message: "after"})`, false, `"value":"echo: after"`},
	}
	for i, s := range steps {
		isErr, got := run(s.code, 3000)
		if isErr != s.isErr || !strings.Contains(got, s.want) {
			t.Errorf("step %d: isError=%v %s, want %v %q", i, isErr, got, s.isErr, s.want)
		}
	}
	up := rt.servers["up"].up
	deadline := time.Now().Add(20 * time.Second)
	for strings.Count(up.Stderr(), "slow: cancelled") < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := strings.Count(up.Stderr(), "slow: cancelled"); n != 2 {
		t.Errorf("the upstream saw %d of 2 calls cancelled; stderr:\n%s", n, up.Stderr())
	}
	if isErr, got := run(`try { await up.crash({}) } catch (e) { return e.message }`, 10000); isErr || !strings.Contains(got, `lost`) {
		t.Errorf("crash: isError=%v %s", isErr, got)
	}
	if isErr, got := run(`return await up.echo({message: "again"})`, 10000); isErr || !strings.Contains(got, `"value":"echo: again"`) {
		t.Errorf("after the crash: isError=%v %s", isErr, got)
	}
}
