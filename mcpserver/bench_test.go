package mcpserver

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func benchExec(b *testing.B, code string) {
	cfg, _ := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: JSRunner{}})
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Close()
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("bench")})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": code}); res.IsError {
			b.Fatal(texts(res))
		}
	}
}

// BenchmarkExecuteReturn1 is execute_code's floor in-process.
func BenchmarkExecuteReturn1(b *testing.B) { benchExec(b, "return 1") }

// BenchmarkExecuteTenCalls makes ten upstream calls per run.
func BenchmarkExecuteTenCalls(b *testing.B) {
	benchExec(b, "let s = 0; for (let i = 0; i < 10; i++) s += (await math.add({a: i, b: 1})).sum; return s")
}

// BenchmarkHTTP16 is the HTTP API with 16 concurrent clients.
func BenchmarkHTTP16(b *testing.B) {
	for _, tc := range []struct{ name, tool, body string }{
		{"list_servers", "list_servers", "{}"},
		{"execute_return1", "execute_code", `{"code":"return 1"}`},
	} {
		b.Run(tc.name, func(b *testing.B) { benchHTTP(b, tc.tool, tc.body) })
	}
}

func benchHTTP(b *testing.B, benchTool, benchBody string) {
	cfg, _ := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
	rt, _ := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: JSRunner{}})
	defer rt.Close()
	d, _ := NewDaemon(rt, DaemonOptions{APIKey: "k"})
	srv := httptest.NewServer(d)
	defer srv.Close()
	b.SetParallelism(16)
	b.ResetTimer()
	var once sync.Once
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req, _ := http.NewRequest("POST", srv.URL+"/api/call?tool="+benchTool, strings.NewReader(benchBody))
			req.Header.Set(APIKeyHeader, "k")
			resp, err := http.DefaultClient.Do(req)
			if err != nil || resp.StatusCode != 200 {
				once.Do(func() { b.Error(err) })
				return
			}
			resp.Body.Close()
		}
	})
}

// BenchmarkWarmCall is one execute_code `return 1` through the MCP message
// handler with a warm runtime ready, as a call finds it after an agent's
// pause: the refill of the pool happens outside the timed part.
func BenchmarkWarmCall(b *testing.B) {
	b.Run("in-process", benchWarmCall)
	b.Run("worker", benchWarmWorkerCall)
}

// benchWarmWorkerCall is the same through a worker process; the worker
// refills its own pool, so the pause is a fixed one (100 ms, fifty times
// what preparing a runtime takes on an idle machine).
func benchWarmWorkerCall(b *testing.B) {
	rt, wr := newWorkerRuntime(b, 512<<20)
	defer wr.Close()
	defer rt.Close()
	s := NewMCPServer(rt)
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("bench")})
	msg := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return 1"}}}`)
	s.HandleMessage(ctx, msg)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		time.Sleep(100 * time.Millisecond)
		b.StartTimer()
		if s.HandleMessage(ctx, msg) == nil {
			b.Fatal("no answer")
		}
	}
}

func benchWarmCall(b *testing.B) {
	cfg, _ := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: JSRunner{}})
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Close()
	s := NewMCPServer(rt)
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("bench")})
	v, _ := rt.view("")
	servers := v.codeServers()
	msg := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return 1"}}}`)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		for runtimes.readyFor(servers, rt.opts.MaxMemoryBytes) < warmDepth {
			runtimes.refill(servers, rt.opts.MaxMemoryBytes)
			time.Sleep(time.Millisecond) // a benchmark's pause, not a test's wait
		}
		b.StartTimer()
		if s.HandleMessage(ctx, msg) == nil {
			b.Fatal("no answer")
		}
	}
}

// BenchmarkCallPath is one execute_code message through the MCP handler
// — decode, session, arguments, the run (a stub), rendering, encoding —
// without the JavaScript: the server's own cost per call.
func BenchmarkCallPath(b *testing.B) { benchValue(b, []byte("1")) }
