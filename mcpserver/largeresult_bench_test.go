package mcpserver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// valueRunner answers every run with its value.
type valueRunner struct{ v []byte }

func (b valueRunner) RunCode(context.Context, CodeRequest) (CodeResult, error) {
	return CodeResult{Value: b.v}, nil
}

// benchValue is one execute_code call through the handler whose run (a
// valueRunner) returns v at once: the server's own cost of a call, and of
// rendering and encoding a large result.
func benchValue(b *testing.B, v []byte) {
	cfg, _ := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: valueRunner{v}})
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Close()
	s := NewMCPServer(rt)
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("bench")})
	msg := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return 1"}}}`)
	b.ReportAllocs()
	if len(v) > 1<<10 {
		b.SetBytes(int64(len(v)))
	}
	for b.Loop() {
		if s.HandleMessage(ctx, msg) == nil {
			b.Fatal("no answer")
		}
	}
}

// BenchmarkLargeResultString returns a 1 MB string.
func BenchmarkLargeResultString(b *testing.B) {
	v, _ := json.Marshal(strings.Repeat("x", 1<<20))
	benchValue(b, v)
}

// BenchmarkLargeResultObjects returns 10,000 small objects (~190 KB).
func BenchmarkLargeResultObjects(b *testing.B) {
	a := make([]map[string]any, 10000)
	for i := range a {
		a[i] = map[string]any{"i": i, "s": "v"}
	}
	v, _ := json.Marshal(a)
	benchValue(b, v)
}
