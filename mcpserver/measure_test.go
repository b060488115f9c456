package mcpserver

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"testing"
)

// TestMeasureSessionMemory prints the heap held by idle sessions; run it
// with JUSTBASH_MCP_MEASURE=1 (numbers depend on the build, so nothing is
// asserted about them).
func TestMeasureSessionMemory(t *testing.T) {
	if os.Getenv("JUSTBASH_MCP_MEASURE") == "" {
		t.Skip("set JUSTBASH_MCP_MEASURE=1 to measure session memory")
	}
	rt := newTestRuntime(t, testConfig, JSRunner{})
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	const n = 1000
	for _, kind := range []string{"execute_code", "execute_code+bash"} {
		before := heap()
		for i := 0; i < n; i++ {
			ctx := WithScope(context.Background(), Scope{Session: rt.Session(fmt.Sprintf("%s-%d", kind, i))})
			if res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": "console.log('x'); await jsmcp.memory.set('k', 1)"}); res.IsError {
				t.Fatal(texts(res))
			}
			rt.Call(ctx, ToolFetchLogs, nil)
			if kind != "execute_code" {
				if res := rt.Call(ctx, ToolBash, map[string]any{"script": "echo hi > /tmp/f"}); res.IsError {
					t.Fatal(texts(res))
				}
			}
		}
		t.Logf("idle session after %s: %d bytes of heap each", kind, int64(heap()-before)/n)
	}
}
