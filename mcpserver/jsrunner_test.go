package mcpserver

import (
	"regexp"
	"strings"
	"testing"
)

// jsmcp is there for code that names it, however it spells the name,
// code may shadow it, and code that cannot name it runs without it; the
// line numbers of errors are the same either way.
func TestJsmcpWrapper(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	ctx := scoped(rt, "", "wrap")
	run := func(code string) string {
		t.Helper()
		res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": code})
		if res.IsError {
			return "error: " + strings.Join(texts(res), " ")
		}
		return toJSON(res.StructuredContent)
	}
	for _, tc := range []struct{ code, want string }{
		{`await jsmcp.memory.set("k", 7); return await jsmcp.memory.get("k")`, `"value":7`},
		{`return await js\u006dcp.memory.get("k")`, `"value":7`},
		{`return await \u{6a}smcp.memory.has("k")`, `"value":true`},
		{`const jsmcp = 5; return jsmcp`, `"value":5`},
		{`return [typeof jsmcp, typeof __jsmcp_init]`, `"value":["object","function"]`},
	} {
		if got := run(tc.code); !strings.Contains(got, tc.want) {
			t.Errorf("%s: got %s, want %s", tc.code, got, tc.want)
		}
	}
	where := regexp.MustCompile(`\(line \d+, column \d+\)`)
	plain, named := run("let a = 1;\nreturn (\n"), run("let jsmcp = 1;\nreturn (\n")
	if p := where.FindString(plain); p == "" || p != where.FindString(named) {
		t.Errorf("syntax errors differ with and without jsmcp:\n%s\n%s", plain, named)
	}
}
