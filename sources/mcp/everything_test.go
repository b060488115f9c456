package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/justbash/justbash/toolcmd"
)

// everything returns the entry point of @modelcontextprotocol/server-
// everything installed by `npm ci` in testdata/mcp, skipping the test
// when node or the package is missing.
func everything(t testing.TB) string {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed: skipping server-everything tests")
	}
	p, err := filepath.Abs("testdata/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Skip("server-everything not installed: run `npm ci` in sources/mcp/testdata/mcp")
	}
	return p
}

func checkEverything(t *testing.T, reg *toolcmd.Registry) {
	inv := toolcmd.NewInvoker(reg)
	tests := []struct{ path, args, want string }{
		{"ev.echo", `{"message":"hi there"}`, `"Echo: hi there"`},
		{"ev.get-sum", `{"a":2,"b":3}`, `"The sum of 2 and 3 is 5."`},
		{"ev.get-structured-content", `{"location":"Chicago"}`, `{"conditions":"Light rain / drizzle","humidity":82,"temperature":36}`},
	}
	for _, tc := range tests {
		out, err := inv.Invoke(context.Background(), tc.path, json.RawMessage(tc.args))
		if err != nil {
			t.Errorf("%s: %v", tc.path, err)
			continue
		}
		var v any // compare as values: key order is the server's
		if json.Unmarshal(out, &v) != nil {
			t.Errorf("%s: bad JSON %s", tc.path, out)
			continue
		}
		if got, _ := json.Marshal(v); string(got) != tc.want {
			t.Errorf("%s(%s) = %s, want %s", tc.path, tc.args, got, tc.want)
		}
	}
	out, err := inv.Invoke(context.Background(), "ev.get-tiny-image", nil)
	if err != nil {
		t.Fatal(err)
	}
	var img struct {
		Text    string           `json:"text"`
		Content []map[string]any `json:"content"`
	}
	if err := json.Unmarshal(out, &img); err != nil || !strings.Contains(img.Text, "The image above is the MCP logo.") {
		t.Fatalf("get-tiny-image = %.300s (%v)", out, err)
	}
	hasImage := false
	for _, c := range img.Content {
		hasImage = hasImage || (c["type"] == "image" && c["mimeType"] == "image/png" && c["data"] != "")
	}
	if !hasImage {
		t.Errorf("no image block in %.300s", out)
	}
	if _, err := inv.Invoke(context.Background(), "ev.get-sum", json.RawMessage(`{"a":"x","b":1}`)); err == nil {
		t.Error("get-sum with a string: no error")
	}
}

func TestEverythingStdio(t *testing.T) {
	entry := everything(t)
	reg, src := addSource(t, Config{Name: "ev", Command: "node", Args: []string{entry, "stdio"}, ConnectTimeout: 30 * time.Second})
	for _, want := range []string{"ev.echo", "ev.get-sum", "ev.get-structured-content", "ev.get-tiny-image"} {
		if _, ok := reg.Get(want); !ok {
			t.Errorf("missing %s in %v", want, src.Paths())
		}
	}
	checkEverything(t, reg)

	// The server registers its elicitation tool once it knows the client
	// can elicit, then announces the change.
	waitFor(t, "ev.trigger-elicitation-request", func() bool { _, ok := reg.Get("ev.trigger-elicitation-request"); return ok })
	inv := toolcmd.NewInvoker(reg)
	var mu sync.Mutex
	var seen []toolcmd.ElicitContext
	inv.Elicit = answerName("Ada Lovelace", &seen, &mu)
	out, err := inv.Invoke(context.Background(), "ev.trigger-elicitation-request", nil)
	if err != nil || !strings.Contains(string(out), "Name: Ada Lovelace") {
		t.Errorf("elicitation: %s, %v", out, err)
	}
	mu.Lock()
	if len(seen) != 1 || seen[0].ToolPath != "ev.trigger-elicitation-request" {
		t.Errorf("elicitations seen: %+v", seen)
	}
	mu.Unlock()
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestEverythingStreamableHTTP(t *testing.T) {
	addr := everythingHTTP(t)
	reg, _ := addSource(t, Config{Name: "ev", Type: "http", URL: "http://" + addr + "/mcp"})
	checkEverything(t, reg)
}

// everythingHTTP starts server-everything's Streamable HTTP transport on a
// free port and returns its address once it listens.
func everythingHTTP(t testing.TB) string {
	entry := everything(t)
	port := freePort(t)
	cmd := exec.Command("node", entry, "streamableHttp")
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	waitFor(t, "server-everything to listen", func() bool {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
	return addr
}

// BenchmarkEverythingHTTPCall measures one get-sum call to server-everything
// over Streamable HTTP through the Invoker (session reused). Most of it is
// the upstream's own: node answers each POST with an event stream.
func BenchmarkEverythingHTTPCall(b *testing.B) {
	addr := everythingHTTP(b)
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, Config{Name: "ev", Type: "http", URL: "http://" + addr + "/mcp"})
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	inv := toolcmd.NewInvoker(reg)
	args := json.RawMessage(`{"a":2,"b":3}`)
	for b.Loop() {
		if _, err := inv.Invoke(context.Background(), "ev.get-sum", args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEverythingStdioCall measures one get-sum call to server-
// everything over stdio through the Invoker (connection reused).
func BenchmarkEverythingStdioCall(b *testing.B) {
	entry := everything(b)
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, Config{Name: "ev", Command: "node", Args: []string{entry, "stdio"}})
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	inv := toolcmd.NewInvoker(reg)
	args := json.RawMessage(`{"a":2,"b":3}`)
	for b.Loop() {
		if _, err := inv.Invoke(context.Background(), "ev.get-sum", args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEverythingStdioDiscover measures spawning server-everything,
// the handshake and listing its tools.
func BenchmarkEverythingStdioDiscover(b *testing.B) {
	entry := everything(b)
	for b.Loop() {
		reg := toolcmd.NewRegistry()
		src, err := Add(context.Background(), reg, Config{Name: "ev", Command: "node", Args: []string{entry, "stdio"}})
		if err != nil {
			b.Fatal(err)
		}
		src.Close()
	}
}
