package mcpserver

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkExecuteEverything runs execute_code in process against the real
// server-everything over stdio (npm ci in sources/mcp/testdata/mcp), so a
// CPU profile shows where an upstream call's time goes between the JS
// proxy and the upstream's answer:
//
//	go test ./mcpserver -run '^$' -bench Everything -cpuprofile cpu.out
func BenchmarkExecuteEverything(b *testing.B) {
	node, err := exec.LookPath("node")
	entry, _ := filepath.Abs("../sources/mcp/testdata/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
	if _, serr := os.Stat(entry); err != nil || serr != nil {
		b.Skip("node or server-everything not installed (npm ci in sources/mcp/testdata/mcp)")
	}
	cfgText, _ := json.Marshal(map[string]any{"servers": map[string]any{
		"up": map[string]any{"type": "stdio", "command": []string{node, entry, "stdio"}}}})
	cfg, err := ParseConfig("/x/config.json", cfgText, LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: SourceStarter(os.Environ(), nil), Runner: JSRunner{}})
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Close()
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("bench")})
	for _, tc := range []struct{ name, code string }{
		{"return1", "return 1"},
		{"ten_sequential", "for (let i = 0; i < 10; i++) await up.echo({message: 'x'}); return 10"},
		{"ten_parallel", "return (await Promise.all(Array.from({length: 10}, () => up.echo({message: 'x'})))).length"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": tc.code}); res.IsError {
					b.Fatal(texts(res))
				}
			}
		})
	}
}
