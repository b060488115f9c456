package mcpserver

import (
	"context"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/justbash/justbash/jsexec"
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

// A refill after a call runs on a thread of lower priority than the
// process's, and a call does not wait for such a fill.
func TestRefillIsDemoted(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("thread priorities are set on Linux only")
	}
	runtime.LockOSThread() // this goroutine's thread, not the background one
	self := threadNice(t, "thread-self")
	runtime.UnlockOSThread()
	got := make(chan int, 1)
	inBackground(func() { got <- threadNice(t, "thread-self") })
	if n := <-got; n <= self && self < 19 {
		t.Errorf("the background thread runs at nice %d, the process at %d", n, self)
	}

	p := &warmPool{depth: 1, keys: map[string]*warmKey{}}
	servers := []string{"demoted"}
	release := make(chan struct{})
	inBackground(func() { <-release }) // the fill queues behind this
	p.refillLater(servers, 0)
	pr := p.take(context.Background(), servers, 0)
	if n := p.missed.Load(); n != 1 {
		t.Errorf("with a demoted fill under way, the call waited for it (missed %d)", n)
	}
	close(release)
	if res, err := pr.Run(context.Background(), "return 2", jsexec.PreparedRun{}); err != nil || string(res.Value) != "2" {
		t.Errorf("the call's own runtime: %s %v", res.Value, err)
	}
	waitFor(t, "the demoted fill", func() bool { return p.readyFor(servers, 0) == 1 })
	p.dropAll()
}

// threadNice reads the nice value of /proc/<who>/stat.
func threadNice(t *testing.T, who string) int {
	t.Helper()
	b, err := os.ReadFile("/proc/" + who + "/stat")
	if err != nil {
		t.Skip(err)
	}
	i := strings.LastIndexByte(string(b), ')')
	f := strings.Fields(string(b[i+1:]))
	n, err := strconv.Atoi(f[16]) // field 19 of the line: nice
	if err != nil {
		t.Fatal(err)
	}
	return n
}
