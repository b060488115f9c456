package mcpserver

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMain doubles as the worker process: the WorkerRunner tests re-execute
// the test binary with MCPSERVER_TEST_WORKER set.
func TestMain(m *testing.M) {
	if os.Getenv(upstreamEnv) == "1" {
		os.Exit(serveTestUpstream())
	}
	if mem := os.Getenv("MCPSERVER_TEST_WORKER"); mem != "" {
		n, _ := strconv.ParseUint(mem, 10, 64)
		// A worker that starts slowly: it serves once the gate file
		// exists (TestBashWorkerSlowStart), for a minute at most.
		if gate := os.Getenv("MCPSERVER_TEST_WORKER_GATE"); gate != "" {
			for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
				if _, err := os.Stat(gate); err == nil {
					break
				}
			}
		}
		os.Exit(ServeWorker(os.Stdin, os.Stdout, n))
	}
	os.Exit(m.Run())
}

func newWorkerRuntime(t testing.TB, memBytes uint64) (*Runtime, *WorkerRunner) {
	return newWorkerRuntimeMax(t, memBytes, 0)
}

// newWorkerRuntimeMax bounds the pool to maxWorkers processes (0: the
// default): the runtime starts a worker at once, so the bound is set first.
func newWorkerRuntimeMax(t testing.TB, memBytes uint64, maxWorkers int) (*Runtime, *WorkerRunner) {
	wr := &WorkerRunner{Command: []string{os.Args[0], "-test.run=^$"}, MaxWorkers: maxWorkers,
		Env: []string{"MCPSERVER_TEST_WORKER=" + strconv.FormatUint(memBytes, 10)}}
	cfg, err := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: wr, MaxMemoryBytes: memBytes})
	if err != nil {
		t.Fatal(err)
	}
	return rt, wr
}

func TestWorkerIsolation(t *testing.T) {
	rt, wr := newWorkerRuntime(t, 256<<20)
	defer wr.Close()
	defer rt.Close()
	ctx := scoped(rt, "", "w")
	run := func(code string, timeoutMs int) (bool, string) {
		res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": code, "timeoutMs": timeoutMs})
		return res.IsError, toJSON(res.StructuredContent)
	}
	steps := []struct {
		code  string
		isErr bool
		want  string
	}{
		{`console.log("in worker"); await jsmcp.memory.set("k", 41); return (await math.add({a: 1, b: 2})).sum`, false, `"value":3`},
		{`return typeof process + typeof require + (await jsmcp.memory.get("k"))`, false, `"value":"undefinedundefined41"`},
		// A single huge allocation goes past the address-space limit at once.
		{`const s = "x".repeat(1 << 29); return s.length`, true, `memory`},
		{`await null; for (;;) {}`, true, `timeout`},
		{`return "still serving"`, false, `"value":"still serving"`},
	}
	for i, s := range steps {
		isErr, got := run(s.code, 3000)
		if isErr != s.isErr || !strings.Contains(got, s.want) {
			t.Errorf("step %d: isError=%v %s, want %v %q", i, isErr, got, s.isErr, s.want)
		}
	}
	logs, _ := rt.Session("w").DrainLogs()
	if len(logs) != 1 || logs[0].Message != "in worker" {
		t.Errorf("logs from the worker: %v", logs)
	}
	// Concurrent runs in several workers, no cross-talk.
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := scoped(rt, "", fmt.Sprintf("cw%d", i))
			res := rt.Call(c, ToolExecuteCode, map[string]any{"code": fmt.Sprintf("await jsmcp.memory.set('i', %d); return (await math.add({a: %d, b: 0})).sum + (await jsmcp.memory.get('i'))", i, i)})
			if got := toJSON(res.StructuredContent); res.IsError || !strings.Contains(got, fmt.Sprintf(`"value":%d`, 2*i)) {
				t.Errorf("worker run %d: %s", i, got)
			}
		}()
	}
	wg.Wait()
}

func benchWorker(b *testing.B, code string) {
	rt, wr := newWorkerRuntime(b, 512<<20)
	defer wr.Close()
	defer rt.Close()
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("bench")})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": code}); res.IsError {
			b.Fatal(texts(res))
		}
	}
}

// BenchmarkWorkerReturn1 is execute_code's floor through a pooled worker.
func BenchmarkWorkerReturn1(b *testing.B) { benchWorker(b, "return 1") }

// BenchmarkWorkerTenCalls makes ten upstream calls per run from a worker.
func BenchmarkWorkerTenCalls(b *testing.B) {
	benchWorker(b, "let s = 0; for (let i = 0; i < 10; i++) s += (await math.add({a: i, b: 1})).sum; return s")
}
