package mcpserver

import (
	"context"
	"strconv"
	"testing"
)

// BenchmarkHandleFetchLogs is one tools/call through the MCP layer, decoded
// and encoded, with a tool that runs no JavaScript (fetch_logs): the
// protocol's own cost per call.
func BenchmarkHandleFetchLogs(b *testing.B) {
	rt := newTestRuntime(b, testConfig, JSRunner{})
	s := NewMCPServer(rt)
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("bench")})
	msg := []byte(`{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"fetch_logs","arguments":{}}}`)
	b.ReportAllocs()
	for b.Loop() {
		if len(s.HandleMessage(ctx, msg)) == 0 {
			b.Fatal("no answer")
		}
	}
}

// BenchmarkFetchLogsFull is fetch_logs of a full buffer (10,000 entries of
// ~40 bytes): encoding the entries as text and structured content.
func BenchmarkFetchLogsFull(b *testing.B) {
	rt := newTestRuntime(b, testConfig, JSRunner{})
	s := NewMCPServer(rt)
	sess := rt.Session("bench")
	ctx := WithScope(context.Background(), Scope{Session: sess})
	msg := []byte(`{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"fetch_logs","arguments":{}}}`)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		for i := 0; i < MaxLogEntries; i++ {
			sess.AddLog("log", "line "+strconv.Itoa(i)+" of the run's output")
		}
		b.StartTimer()
		if len(s.HandleMessage(ctx, msg)) == 0 {
			b.Fatal("no answer")
		}
	}
}
