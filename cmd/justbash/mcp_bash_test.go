package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// TestMCPBashWorkerMemoryBomb drives the real binary: a bash run whose
// js-exec allocates past the 512 MB cap kills only the session's worker;
// the server keeps serving bash (with a fresh shell) and execute_code.
func TestMCPBashWorkerMemoryBomb(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.json")
	os.WriteFile(cfg, []byte(`{"servers":{}}`), 0o600)
	c := startMCPClient(t, []string{"XDG_CONFIG_HOME=" + dir, "HOME=" + dir}, "mcp", "run", "--config", cfg)
	steps := []struct {
		script string
		isErr  bool
		want   string // in the structured result, or the error text
	}{
		{"echo keep > /tmp/k; cat /tmp/k", false, `"stdout":"keep\n"`},
		// The bomb is refused before it allocates: the run fails with the
		// limit's status and the session's files survive.
		{`js-exec -p '"x".repeat(2 ** 30).length'`, false, `"exitCode":125`},
		{"cat /tmp/k 2>/dev/null || echo fresh", false, `"stdout":"keep\n"`},
	}
	for i, s := range steps {
		res := mcpCall(t, c, "bash", map[string]any{"script": s.script})
		got := resultJSON(res)
		if tc, ok := mcp.AsTextContent(res.Content[0]); ok && res.IsError {
			got = tc.Text
		}
		if res.IsError != s.isErr || !strings.Contains(got, s.want) {
			t.Errorf("step %d %q: isError=%v %s", i, s.script, res.IsError, got)
		}
	}
	if res := mcpCall(t, c, "execute_code", map[string]any{"code": "return 6 * 7"}); res.IsError || !strings.Contains(resultJSON(res), `"value":42`) {
		t.Errorf("execute_code after the bomb: %s", resultJSON(res))
	}
}
