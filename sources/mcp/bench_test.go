package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
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

// BenchmarkStdioRawRoundTrip is the floor BenchmarkStdioCall is measured
// against: the same server and call, written and read as bare lines on
// the pipes with no client at all. The difference between the two is what
// the client, the Source and the Invoker add to an upstream call.
func BenchmarkStdioRawRoundTrip(b *testing.B) {
	cfg := stdioConfig("fx")
	cmd := exec.Command(cfg.Command, cfg.Args...)
	cmd.Env = append(os.Environ(), serverEnv+"=1")
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	br := bufio.NewReaderSize(out, 64<<10)
	roundTrip := func(line string) {
		if _, err := io.WriteString(in, line+"\n"); err != nil {
			b.Fatal(err)
		}
		if _, err := br.ReadSlice('\n'); err != nil {
			b.Fatal(err)
		}
	}
	roundTrip(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`)
	io.WriteString(in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hi"}}}`
	for b.Loop() {
		roundTrip(call)
	}
}
