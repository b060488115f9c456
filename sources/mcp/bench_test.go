package mcp

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/justbash/justbash/toolcmd"
)

// BenchmarkStdioCall measures one tool call through the Invoker to a
// stdio server (the re-exec'd test binary): JSON-RPC over pipes both ways.
func BenchmarkStdioCall(b *testing.B) {
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, stdioConfig("fx"))
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	inv := toolcmd.NewInvoker(reg)
	args := json.RawMessage(`{"message":"hi"}`)
	for b.Loop() {
		if _, err := inv.Invoke(context.Background(), "fx.echo", args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStdioDiscover measures spawning the server, the handshake and
// listing (four pages of) tools.
func BenchmarkStdioDiscover(b *testing.B) {
	for b.Loop() {
		reg := toolcmd.NewRegistry()
		src, err := Add(context.Background(), reg, stdioConfig("fx"))
		if err != nil {
			b.Fatal(err)
		}
		src.Close()
	}
}
