package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMCPEverythingUpstream runs the real @modelcontextprotocol/server-everything
// (pinned in sources/mcp/testdata/mcp, installed by .ci/run) as an upstream
// of `justbash mcp run` and calls its tools from execute_code and bash, so
// the unwrapping rules are checked end to end through our server.
func TestMCPEverythingUpstream(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed: skipping server-everything upstream test")
	}
	entry, _ := filepath.Abs("../../sources/mcp/testdata/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
	if _, err := os.Stat(entry); err != nil {
		t.Skip("server-everything not installed: run npm ci in sources/mcp/testdata/mcp")
	}
	dir := t.TempDir()
	cfgFile := filepath.Join(dir, "config.json")
	cfg, _ := json.Marshal(map[string]any{"servers": map[string]any{
		"everything": map[string]any{"type": "stdio", "command": []string{node, entry, "stdio"}},
	}})
	os.WriteFile(cfgFile, cfg, 0o600)
	c := startMCPClient(t, []string{"XDG_CONFIG_HOME=" + dir, "HOME=" + dir, "PATH=" + os.Getenv("PATH")}, "mcp", "run", "--config", cfgFile)

	if s := resultJSON(mcpCall(t, c, "list_servers", nil)); !strings.Contains(s, `"name":"everything","ok":true`) {
		t.Fatalf("list_servers: %s", s)
	}
	tests := []struct{ code, want string }{
		// text-only result: the text itself
		{`return await everything.echo({message: "hi"})`, `"value":"Echo: hi"`},
		// structuredContent: that object
		{`const r = await everything["get-structured-content"]({location: "New York"}); return typeof r.temperature`, `"value":"number"`},
		{`return await everything.get_sum({a: 2, b: 3})`, `"value":"The sum of 2 and 3 is 5."`},
	}
	for _, tt := range tests {
		res := mcpCall(t, c, "execute_code", map[string]any{"code": tt.code})
		if res.IsError || !strings.Contains(resultJSON(res), tt.want) {
			t.Errorf("%s: isError=%v %s %v", tt.code, res.IsError, resultJSON(res), res.Content)
		}
	}
	res := mcpCall(t, c, "bash", map[string]any{"script": `everything echo message=there`})
	if !strings.Contains(resultJSON(res), `Echo: there`) {
		t.Errorf("bash: %s", resultJSON(res))
	}
}
