package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
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
// says on stderr when its call is cancelled, a large result, a crash, and
// slowStarted, which answers once a slow call's handler runs. mcp-go
// queues tool calls to a worker pool but handles notifications/cancelled
// on its reading goroutine, and drops a cancellation that comes before
// the call's handler is registered: a test that cancels a call waits for
// slowStarted first, or the upstream may never see the cancellation.
func serveTestUpstream() int {
	s := server.NewMCPServer("relay-fixture", "1.0.0", server.WithToolCapabilities(true))
	started := make(chan struct{}, 64)
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
		case started <- struct{}{}:
		default:
		}
		select {
		case <-time.After(time.Duration(r.GetFloat("ms", 0)) * time.Millisecond):
			return mcpgo.NewToolResultText("done"), nil
		case <-ctx.Done():
			fmt.Fprintln(os.Stderr, "slow: cancelled")
			return nil, ctx.Err()
		}
	})
	s.AddTool(safe("slowStarted"), func(ctx context.Context, _ mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		select {
		case <-started:
			return mcpgo.NewToolResultText("started"), nil
		case <-ctx.Done():
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
func relayRuntime(t testing.TB) *Runtime {
	t.Helper()
	wr := &WorkerRunner{Command: []string{os.Args[0], "-test.run=^$"}, Env: []string{"MCPSERVER_TEST_WORKER=" + fmt.Sprint(256<<20)}}
	t.Cleanup(wr.Close)
	return upstreamRuntime(t, wr)
}

// upstreamRuntime is a runtime with runner and one real upstream, "up".
func upstreamRuntime(t testing.TB, runner CodeRunner) *Runtime {
	t.Helper()
	cfgText, _ := json.Marshal(map[string]any{"servers": map[string]any{
		"up": map[string]any{"type": "stdio", "command": []string{os.Args[0], "-test.run=^$"}}}})
	cfg, err := ParseConfig("/x/config.json", cfgText, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: SourceStarter([]string{upstreamEnv + "=1"}, nil), Runner: runner, MaxMemoryBytes: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close() })
	if st := rt.servers["up"]; st == nil || st.err != nil {
		t.Fatalf("upstream did not start: %+v", st)
	}
	return rt
}

// Tool calls from a worker's script answered by the upstream straight to
// the worker (replyLater): values, errors, parallel calls kept apart,
// calls the script left behind, a crash and the reconnect after it.
func TestWorkerRelaysUpstreamAnswers(t *testing.T) {
	checkUpstreamCalls(t, relayRuntime(t))
}

// checkUpstreamCalls runs scripts calling rt's upstream "up" in every way
// a script can: values, errors, parallel calls kept apart, calls the
// script left behind, a crash and the reconnect after it.
func checkUpstreamCalls(t *testing.T, rt *Runtime) {
	t.Helper()
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
		{`up.slow({ms: 60000}); await up.slowStarted({}); return "left"`, false, `"value":"left"`},
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

// BenchmarkWorkerRelay is a worker's script making ten sequential and ten
// parallel calls to a real upstream over stdio (this test binary as an
// mcp-go server), with the upstream's answer relayed to the worker by the
// goroutine that read it, and (handoff) given to the call's goroutine
// first, as before. ns/op is one run; cpu-us/op counts this process and
// the worker (not the upstream); daemon-sleeps/op counts the times this
// process's threads went to sleep (each one a wake-up paid later, the cost
// a loaded machine multiplies). BENCH_RELAY_ROUNDS alternates the two
// paths that many times (default 1).
func BenchmarkWorkerRelay(b *testing.B) {
	rt := relayRuntime(b)
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("bench")})
	rounds := 1
	if n, err := strconv.Atoi(os.Getenv("BENCH_RELAY_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	for _, tc := range []struct{ name, code string }{
		{"ten_sequential", "for (let i = 0; i < 10; i++) await up.echo({message: 'x'}); return 10"},
		{"ten_parallel", "return (await Promise.all(Array.from({length: 10}, () => up.echo({message: 'x'})))).length"},
	} {
		for i := range 2 * rounds {
			relay := i%2 == 0
			name := tc.name + "/relay"
			if !relay {
				name = tc.name + "/handoff"
			}
			b.Run(name, func(b *testing.B) {
				relayAnswers = relay
				defer func() { relayAnswers = true }()
				for range 20 { // a warm worker and runtime
					rt.Call(ctx, ToolExecuteCode, map[string]any{"code": tc.code})
				}
				self := os.Getpid()
				cpu0, sleeps0 := benchCPU(), threadSleeps(self)
				b.ResetTimer()
				for b.Loop() {
					if res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": tc.code}); res.IsError {
						b.Fatal(texts(res))
					}
				}
				b.ReportMetric(float64((benchCPU()-cpu0).Microseconds())/float64(b.N), "cpu-us/op")
				b.ReportMetric(float64(threadSleeps(self)-sleeps0)/float64(b.N), "daemon-sleeps/op")
			})
		}
	}
}

// benchCPU is the CPU time of this process and of its children that are
// workers (not the upstream), from /proc in clock ticks of 10 ms.
func benchCPU() time.Duration {
	self := os.Getpid()
	total := procTimes(self)
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		if f := statFields(stat); len(f) > 2 && f[1] == strconv.Itoa(self) {
			if env, _ := os.ReadFile("/proc/" + e.Name() + "/environ"); !strings.Contains(string(env), upstreamEnv) {
				total += procTimes(pid)
			}
		}
	}
	return total
}

// threadSleeps counts the voluntary context switches of a process's
// threads (those alive now).
func threadSleeps(pid int) int64 {
	dirs, _ := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/status")
	var n int64
	for _, d := range dirs {
		data, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(l, "voluntary_ctxt_switches:"); ok {
				k, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				n += k
			}
		}
	}
	return n
}

// statFields are /proc/PID/stat's fields after the command: state, ppid, ...
func statFields(stat []byte) []string {
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		s = s[i+1:]
	}
	return strings.Fields(s)
}

// procTimes is a process's user plus system time.
func procTimes(pid int) time.Duration {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	f := statFields(stat)
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+s) * 10 * time.Millisecond
}

// BenchmarkWorkerGODEBUG compares the worker's Go runtime settings
// (workerGODEBUG, and madvdontneed=1, the runtime's default) on
// `return 1` and on ten upstream calls, alternating BENCH_RELAY_ROUNDS
// times: the worker's page faults per run (minor faults: pages the
// scavenger had returned, touched again), CPU of daemon and worker per
// run, and the worker's resident size at the end.
func BenchmarkWorkerGODEBUG(b *testing.B) {
	rounds := 1
	if n, err := strconv.Atoi(os.Getenv("BENCH_RELAY_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	for _, code := range []struct{ name, code string }{
		{"return1", "return 1"},
		{"ten_calls", "let s = 0; for (let i = 0; i < 10; i++) s += (await math.add({a: i, b: 1})).sum; return s"},
	} {
		for i := range 2 * rounds {
			setting := []string{workerGODEBUG, "GODEBUG=madvdontneed=1"}[i%2]
			b.Run(code.name+"/"+strings.TrimPrefix(setting, "GODEBUG="), func(b *testing.B) {
				wr := &WorkerRunner{Command: []string{os.Args[0], "-test.run=^$"}, MaxIdle: 1,
					Env: []string{"MCPSERVER_TEST_WORKER=" + strconv.Itoa(256<<20), setting}}
				cfg, err := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
				if err != nil {
					b.Fatal(err)
				}
				rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: wr, MaxMemoryBytes: 256 << 20})
				if err != nil {
					b.Fatal(err)
				}
				defer wr.Close()
				defer rt.Close()
				ctx := WithScope(context.Background(), Scope{Session: rt.Session("bench")})
				for range 50 {
					rt.Call(ctx, ToolExecuteCode, map[string]any{"code": code.code})
				}
				pid := 0
				wr.mu.Lock()
				if len(wr.idle) == 1 {
					pid = wr.idle[0].proc.Pid()
				}
				wr.mu.Unlock()
				if pid == 0 {
					b.Fatal("no idle worker")
				}
				flt0, cpu0 := minorFaults(pid), benchCPU()
				b.ResetTimer()
				for b.Loop() {
					if res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": code.code}); res.IsError {
						b.Fatal(texts(res))
					}
				}
				b.StopTimer()
				b.ReportMetric(float64(minorFaults(pid)-flt0)/float64(b.N), "worker-faults/op")
				b.ReportMetric(float64((benchCPU()-cpu0).Microseconds())/float64(b.N), "cpu-us/op")
				b.ReportMetric(float64(residentKB(pid))/1024, "worker-RSS-MB")
			})
		}
	}
}

// minorFaults is a process's minor page faults (/proc/PID/stat).
func minorFaults(pid int) int64 {
	stat, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	f := statFields(stat)
	if len(f) < 8 {
		return 0
	}
	n, _ := strconv.ParseInt(f[7], 10, 64)
	return n
}

// residentKB is a process's VmRSS.
func residentKB(pid int) int64 {
	data, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}
