package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// inspectorDir holds the pinned MCP inspector (package.json and lockfile);
// `npm ci` there installs it.
var inspectorDir = filepath.Join("..", "..", "mcpserver", "testdata", "inspector")

// inspector runs the MCP inspector CLI against `justbash mcp run` over
// stdio and returns its JSON output and exit status.
func inspector(t *testing.T, config string, args ...string) (map[string]any, int, string) {
	t.Helper()
	bin := filepath.Join(inspectorDir, "node_modules", ".bin", "mcp-inspector")
	argv := append([]string{bin, "--cli", "--format", "json", "-q"}, args...)
	argv = append(argv, "--", binary, "mcp", "run", "--config", config)
	cmd := exec.Command("node", argv...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	out := stdout.Bytes()
	if len(bytes.TrimSpace(out)) == 0 {
		out = stderr.Bytes() // errors are printed there
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("inspector output is not JSON: %s\nstderr: %s", out, stderr.String())
	}
	return m, code, stderr.String()
}

func needInspector(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: skipping the MCP inspector tests")
	}
	if _, err := os.Stat(filepath.Join(inspectorDir, "node_modules", ".bin", "mcp-inspector")); err != nil {
		t.Skip("the MCP inspector is not installed: run `npm ci` in mcpserver/testdata/inspector")
	}
}

// toolResult digs the tool result out of the inspector's output.
func inspectorResult(t *testing.T, m map[string]any) (text string, structured map[string]any, isError bool) {
	t.Helper()
	r, _ := m["result"].(map[string]any)
	if r == nil {
		t.Fatalf("no result: %v", m)
	}
	if c, _ := r["content"].([]any); len(c) > 0 {
		text, _ = c[0].(map[string]any)["text"].(string)
	}
	structured, _ = r["structuredContent"].(map[string]any)
	isError, _ = r["isError"].(bool)
	return text, structured, isError
}

// The MCP inspector, a real MCP client, lists the meta tools and calls
// every one of them over stdio.
func TestMCPInspector(t *testing.T) {
	needInspector(t)
	_, cfg := writeMCPConfigs(t)
	t.Run("tools/list", func(t *testing.T) {
		t.Parallel()
		m, code, stderr := inspector(t, cfg, "--strict", "--method", "tools/list")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var names []string
		for _, x := range m["result"].(map[string]any)["tools"].([]any) {
			names = append(names, x.(map[string]any)["name"].(string))
		}
		if got := strings.Join(names, ","); got != "bash,clear_logs,execute_code,fetch_logs,list_servers,list_tools" {
			t.Errorf("tools: %s", got)
		}
	})
	cases := []struct {
		name, tool, args string
		exit             int // the inspector exits 5 for isError results
		check            func(t *testing.T, text string, sc map[string]any, isError bool)
	}{
		{"list_servers", "list_servers", `{}`, 0, func(t *testing.T, text string, sc map[string]any, isError bool) {
			s := toJSONString(sc)
			if isError || !strings.Contains(s, `"name":"inner","ok":true`) || !strings.Contains(s, `"name":"broken","ok":false`) {
				t.Errorf("list_servers: %s", s)
			}
		}},
		{"list_tools", "list_tools", `{"server":"inner"}`, 0, func(t *testing.T, text string, sc map[string]any, isError bool) {
			if isError || !strings.Contains(text, `"name": "execute_code"`) || !strings.Contains(text, `"typescript"`) {
				t.Errorf("list_tools: %s", text)
			}
		}},
		{"list_tools unknown", "list_tools", `{"server":"nope"}`, 5, func(t *testing.T, text string, sc map[string]any, isError bool) {
			if !isError || !strings.Contains(text, `unknown server "nope"`) {
				t.Errorf("unknown server: %v %s", isError, text)
			}
		}},
		{"execute_code", "execute_code", `{"code":"const r = await inner.execute_code({code: 'return data.n * 2', data: {n: 21}}); return r.value","data":null}`, 0,
			func(t *testing.T, text string, sc map[string]any, isError bool) {
				if isError || toJSONString(sc["value"]) != "42" || text != `{
  "executionMs": `+toJSONString(sc["executionMs"])+`,
  "value": 42
}` {
					t.Errorf("execute_code: %v %s %v", isError, text, sc)
				}
			}},
		{"execute_code rawText", "execute_code", `{"code":"return data.m","data":{"m":"a\nb"}}`, 0, func(t *testing.T, text string, sc map[string]any, isError bool) {
			if isError || text != "a\nb" {
				t.Errorf("rawText: %q", text)
			}
		}},
		{"execute_code error", "execute_code", `{"code":"throw new Error('bad ' + 1)"}`, 5, func(t *testing.T, text string, sc map[string]any, isError bool) {
			if !isError || !strings.Contains(text, "bad 1") || sc["executionMs"] == nil {
				t.Errorf("error: %v %s %v", isError, text, sc)
			}
		}},
		{"fetch_logs", "fetch_logs", `{}`, 0, func(t *testing.T, text string, sc map[string]any, isError bool) {
			if isError || toJSONString(sc) != `{"logs":[]}` {
				t.Errorf("fetch_logs: %v", sc)
			}
		}},
		{"clear_logs", "clear_logs", `{}`, 0, func(t *testing.T, text string, sc map[string]any, isError bool) {
			if isError || toJSONString(sc) != `{"cleared":0}` {
				t.Errorf("clear_logs: %v", sc)
			}
		}},
		{"bash", "bash", `{"script":"echo hi > f; cat f; inner list_servers | grep -c servers"}`, 0, func(t *testing.T, text string, sc map[string]any, isError bool) {
			if isError || sc["stdout"] != "hi\n1\n" || sc["exitCode"] != float64(0) {
				t.Errorf("bash: %v %q", sc, text)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m, code, stderr := inspector(t, cfg, "--method", "tools/call", "--tool-name", tc.tool, "--tool-args-json", tc.args)
			if code != tc.exit {
				t.Fatalf("exit %d (want %d): %v %s", code, tc.exit, m, stderr)
			}
			text, sc, isError := inspectorResult(t, m)
			tc.check(t, text, sc, isError)
		})
	}
	t.Run("unknown tool", func(t *testing.T) {
		t.Parallel()
		m, code, _ := inspector(t, cfg, "--method", "tools/call", "--tool-name", "nope", "--tool-args-json", `{}`)
		if code != 5 || !strings.Contains(toJSONString(m), "tool_not_found") {
			t.Errorf("unknown tool: exit %d %v", code, m)
		}
	})
}

func toJSONString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
