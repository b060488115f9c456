package jsexec

import (
	"context"
	"encoding/json"
	"syscall"
	"testing"
	"time"

	"github.com/justbash/justbash/toolcmd"
)

// BenchmarkCommandOne is `js-exec -c '1'` end to end (fresh VM, prelude,
// node shims, hardening).
func BenchmarkCommandOne(b *testing.B) {
	e := newEnv(b)
	for b.Loop() {
		if _, errOut, code := e.run(b, "", Options{}, "-c", "1"); code != 0 {
			b.Fatal(errOut)
		}
	}
}

// BenchmarkRunOne is the bare embedding API (no node shims).
func BenchmarkRunOne(b *testing.B) {
	for b.Loop() {
		if _, err := Run(context.Background(), "return 1", RunOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunOneFrozen adds RunOptions.Freeze (what the MCP server needs).
func BenchmarkRunOneFrozen(b *testing.B) {
	for b.Loop() {
		if _, err := Run(context.Background(), "return 1", RunOptions{Freeze: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// Benchmark10kToolCalls awaits 10,000 tool calls in one script.
func Benchmark10kToolCalls(b *testing.B) {
	inv := testTools(b)
	for b.Loop() {
		res, err := Run(context.Background(), `let s = 0; for (let i = 0; i < 10000; i++) s += (await tools.math.add({a: i, b: 1})).sum; return s`,
			RunOptions{Invoke: inv.Invoke})
		if err != nil || string(res.Value) != "50005000" {
			b.Fatal(res.Value, err)
		}
	}
}

func sleepInvoker(b *testing.B) *toolcmd.Invoker {
	reg := toolcmd.NewRegistry()
	if err := reg.Add(toolcmd.Tool{Path: "slow.op", Invoke: func(ctx context.Context, _ json.RawMessage) (json.RawMessage, error) {
		time.Sleep(10 * time.Millisecond)
		return json.RawMessage("1"), nil
	}}); err != nil {
		b.Fatal(err)
	}
	return toolcmd.NewInvoker(reg)
}

// Benchmark20ParallelVsSerial: 20 tools of 10 ms each; compare the two
// ns/op figures for the ratio.
func Benchmark20Parallel(b *testing.B) {
	inv := sleepInvoker(b)
	for b.Loop() {
		if _, err := Run(context.Background(), `return (await Promise.all(Array.from({length: 20}, () => tools.slow.op()))).length`, RunOptions{Invoke: inv.Invoke}); err != nil {
			b.Fatal(err)
		}
	}
}

func Benchmark20Serial(b *testing.B) {
	inv := sleepInvoker(b)
	for b.Loop() {
		if _, err := Run(context.Background(), `for (let i = 0; i < 20; i++) await tools.slow.op()`, RunOptions{Invoke: inv.Invoke}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGuardedArrayMethods calls guarded built-ins (the wrappers check
// sizes before goja's native loops) 100,000 times on small inputs.
func BenchmarkGuardedArrayMethods(b *testing.B) {
	for b.Loop() {
		res, err := Run(context.Background(), `const a = [1, 2, 3]; let s = 0;
			for (let i = 0; i < 100000; i++) s += a.map((x) => x).indexOf(2) + a.slice(1).length + "a,b".split(",").length;
			return s`, RunOptions{})
		if err != nil || string(res.Value) != "500000" {
			b.Fatal(res.Value, err)
		}
	}
}

// mcpPrepareOpts is what the MCP server prepares for execute_code: frozen
// built-ins, a data global and tool globals for two servers and memory.
func mcpPrepareOpts() RunOptions {
	return RunOptions{
		ToolGlobals: map[string]string{"jsmcp": "jsmcp", "math": "math", "docs": "docs"},
		Globals:     map[string]any{"data": nil},
		Freeze:      true,
	}
}

// BenchmarkPrepare is setting one execute_code runtime up ahead of its
// call (the work a warm pool does between calls).
func BenchmarkPrepare(b *testing.B) {
	Precompile() // as the server does when idle: a warm process
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		p := Prepare(mcpPrepareOpts())
		p.Discard()
	}
}

// BenchmarkPrepareNoFreeze is BenchmarkPrepare without Freeze: the
// difference is what freezing costs (most of it goja materialising every
// method of every built-in, which a frozen object must have).
func BenchmarkPrepareNoFreeze(b *testing.B) {
	Precompile() // as the server does when idle: a warm process
	b.ReportAllocs()
	defer reportCPU(b)()
	opts := mcpPrepareOpts()
	opts.Freeze = false
	for b.Loop() {
		p := Prepare(opts)
		p.Discard()
	}
}

// reportCPU adds the process's CPU time per operation (user + system, the
// garbage collector's included) as "cpu-ns/op": on a shared machine the
// wall time of ns/op also counts the time other processes held the CPU.
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPreparedRunOne is the call itself on a prepared runtime: what
// execute_code `return 1` pays when a warm runtime is waiting.
func BenchmarkPreparedRunOne(b *testing.B) {
	benchPreparedRun(b, "return 1", PreparedRun{}, "1")
}

// BenchmarkPrepareWalk is BenchmarkPrepare with the freeze's discovering
// walk (goja's Object.freeze, descriptors read through reflection) every
// time instead of the cached plan: compare the two for what the plan saves.
func BenchmarkPrepareWalk(b *testing.B) {
	noFreezePlan = true
	defer func() { noFreezePlan = false }()
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		p := Prepare(mcpPrepareOpts())
		p.Discard()
	}
}

// BenchmarkPreparedRunMCP is BenchmarkPreparedRunOne with the code as the
// MCP server hands it over: its scripts start with an empty line.
func BenchmarkPreparedRunMCP(b *testing.B) {
	benchPreparedRun(b, "\nreturn 1", PreparedRun{}, "1")
}

// BenchmarkPreparedRunTool is a prepared run making one tool call through
// a server's global, answered at once by a fixed reply: jsexec's own share
// of a tool call (argument encoding, the proxy, the promise, the reply's
// decoding, the result) on top of BenchmarkPreparedRunMCP.
func BenchmarkPreparedRunTool(b *testing.B) {
	reply := json.RawMessage(`{"sum":3}`)
	run := PreparedRun{Invoke: func(_ context.Context, path string, _ json.RawMessage) (json.RawMessage, error) {
		return reply, nil
	}}
	benchPreparedRun(b, "\nreturn (await math.add({a: 1, b: 2})).sum", run, "3")
}

// BenchmarkPreparedRunLog is a prepared run that logs an object: the
// console and the formatter are made on first use.
func BenchmarkPreparedRunLog(b *testing.B) {
	benchPreparedRun(b, "\nconsole.log({a: 1}); return 1", PreparedRun{}, "1")
}

// BenchmarkPreparedRunLogSplit is BenchmarkPreparedRunLog in a process
// that has not precompiled: the run makes the console and the formatter
// from core.js's parts (prelude.go), a program run and a call each.
func BenchmarkPreparedRunLogSplit(b *testing.B) {
	coreMode = coreSplit
	defer func() { coreMode = coreAuto }()
	benchPreparedRun(b, "\nconsole.log({a: 1}); return 1", PreparedRun{}, "1")
}

// benchPreparedRun runs code on a runtime prepared as the MCP server
// prepares them, in a warm process (Precompile, as the server does when
// idle, unless the benchmark chose the split core), checking the value
// when want is not empty; only the run is timed.
func benchPreparedRun(b *testing.B, code string, run PreparedRun, want string) {
	if coreMode != coreSplit {
		Precompile()
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		p := Prepare(mcpPrepareOpts())
		b.StartTimer()
		res, err := p.Run(context.Background(), code, run)
		if err != nil || want != "" && string(res.Value) != want {
			b.Fatal(res.Value, err)
		}
	}
}
