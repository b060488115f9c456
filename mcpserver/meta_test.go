package mcpserver

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

func scoped(rt *Runtime, profile, session string) context.Context {
	return WithScope(context.Background(), Scope{Profile: profile, Session: rt.Session(session)})
}

func TestToolsList(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	c := inProcess(t, rt, "", "s1")
	res, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	want := []string{"bash", "clear_logs", "execute_code", "fetch_logs", "list_servers", "list_tools"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("tools = %v, want %v", names, want)
	}
}

func TestListServersProfiles(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	for _, tc := range []struct {
		profile string
		want    string
	}{
		{"", "blk:ok:1 broken:fail math:ok:5 pref:ok:1"},
		{"default", "blk:ok:1 broken:fail math:ok:5 pref:ok:1"},
		{"work", "blk:ok:1 broken:fail pref:ok:1"}, // off stays disabled even though the preset names it
		{"regex", "math:ok:2"},
	} {
		ctx := scoped(rt, tc.profile, "")
		c := inProcess(t, rt, tc.profile, "")
		res := callTool(t, ctx, c, ToolListServers, nil)
		var got []string
		for _, s := range structured(t, res)["servers"].([]any) {
			m := s.(map[string]any)
			if m["ok"] == true {
				got = append(got, fmt.Sprintf("%s:ok:%v", m["name"], m["toolCount"]))
			} else {
				got = append(got, fmt.Sprintf("%s:fail", m["name"]))
				e := m["error"].(map[string]any)
				if e["message"] != "process exited with status 1" || e["stderr"] != "boom: missing token\n" {
					t.Errorf("broken error = %v", e)
				}
			}
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("profile %q: servers %v, want %s", tc.profile, got, tc.want)
		}
	}
	res := rt.Call(scoped(rt, "nope", ""), ToolListServers, nil)
	if !res.IsError || !strings.Contains(texts(res)[0], `unknown preset "nope" (available presets: default, regex, work)`) {
		t.Errorf("unknown preset: %v", texts(res))
	}
}

func TestListTools(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	ctx := scoped(rt, "", "")
	cases := []struct {
		profile, server string
		want            []string // name/alias
	}{
		{"", "math", []string{"add/add", "fail/fail", "mul_three/mul_three", "mul_two/mul_two", "tool-name/tool_name"}},
		{"", "pref", []string{"read_value/read_value"}},
		{"", "blk", []string{"safe/safe"}},     // blocked before presets
		{"work", "blk", []string{"safe/safe"}}, // a preset cannot re-enable rm_all
		{"regex", "math", []string{"add/add", "div/div"}},
	}
	for _, tc := range cases {
		res := rt.Call(WithScope(ctx, Scope{Profile: tc.profile}), ToolListTools, map[string]any{"server": tc.server})
		if res.IsError {
			t.Errorf("%s/%s: %v", tc.profile, tc.server, texts(res))
			continue
		}
		var got []string
		for _, x := range structured(t, res)["tools"].([]any) {
			m := x.(map[string]any)
			got = append(got, fmt.Sprintf("%s/%s", m["name"], m["alias"]))
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s/%s: %v, want %v", tc.profile, tc.server, got, tc.want)
		}
	}
	res := rt.Call(ctx, ToolListTools, map[string]any{"server": "math"})
	add := structured(t, res)["tools"].([]any)[0].(map[string]any)
	if add["typescript"] != "math.add(args: { a: number; b: number }): Promise<{ sum: number }>" || add["description"] != "tool add" ||
		add["inputSchema"] == nil || add["outputSchema"] == nil {
		t.Errorf("add = %v", add)
	}
	for _, tc := range []struct {
		profile, server, want string
	}{
		{"", "nope", `unknown server "nope" (available servers: blk, broken, math, pref)`},
		{"", "broken", `server "broken" failed to start: process exited with status 1`},
		{"work", "math", `unknown server "math"`},
		{"", "off", `unknown server "off"`},
	} {
		res := rt.Call(WithScope(ctx, Scope{Profile: tc.profile}), ToolListTools, map[string]any{"server": tc.server})
		if !res.IsError || !strings.Contains(texts(res)[0], tc.want) {
			t.Errorf("%s/%s: %v, want %q", tc.profile, tc.server, texts(res), tc.want)
		}
	}
}

func execCode(t *testing.T, rt *Runtime, ctx context.Context, args map[string]any) (*CallToolResult, map[string]any) {
	t.Helper()
	res := rt.Call(ctx, ToolExecuteCode, args)
	return res, structured(t, res)
}

func TestExecuteCode(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	ctx := scoped(rt, "", "exec")
	cases := []struct {
		name  string
		args  map[string]any
		value string // JSON of structuredContent.value
		text  string // first text block
	}{
		{"object", map[string]any{"code": "return await math.add({ a: 2, b: 5 });"}, `{"sum":7}`, "{\n  \"executionMs\": "},
		{"unwrap", map[string]any{"code": "const r = await math.add({a: 2, b: 5}); return r.sum;"}, `7`, "{\n  \"executionMs\": "},
		{"undefined", map[string]any{"code": "const x = 1;"}, `null`, ""},
		{"data", map[string]any{"code": "return data.message;", "data": map[string]any{"message": "Hello\nworld"}}, `"Hello\nworld"`, "Hello\nworld"},
		{"alias", map[string]any{"code": "return await math.tool_name({ value: 1 });"}, `"tool-name called with {\"value\":1}"`, `tool-name called with {"value":1}`},
		{"bracket", map[string]any{"code": `return await math["tool-name"]({ value: 1 });`}, `"tool-name called with {\"value\":1}"`, `tool-name called with {"value":1}`},
		{"normalized", map[string]any{"code": "return await pref.read_value({});"}, `"tool__readValue called with {}"`, `tool__readValue called with {}`},
		{"no host", map[string]any{"code": "return [typeof process, typeof require, typeof Buffer, typeof WebAssembly, typeof SharedArrayBuffer]"}, `["undefined","undefined","undefined","undefined","undefined"]`, ""},
		{"rawText off", map[string]any{"code": "return 'a\\nb';", "rawText": false}, `"a\nb"`, "{\n  \"executionMs\": "},
	}
	for _, tc := range cases {
		res, sc := execCode(t, rt, ctx, tc.args)
		if res.IsError {
			t.Errorf("%s: error %v", tc.name, texts(res))
			continue
		}
		if got := toJSON(sc["value"]); got != tc.value {
			t.Errorf("%s: value %s, want %s", tc.name, got, tc.value)
		}
		if _, ok := sc["executionMs"].(float64); !ok {
			t.Errorf("%s: executionMs missing: %v", tc.name, sc)
		}
		tx := texts(res)
		if len(tx) != 2 || !strings.HasPrefix(tx[1], "Execution time: ") || !strings.HasSuffix(tx[1], "ms") {
			t.Errorf("%s: text blocks %q", tc.name, tx)
		} else if tc.text != "" && !strings.HasPrefix(tx[0], tc.text) {
			t.Errorf("%s: first text %q, want prefix %q", tc.name, tx[0], tc.text)
		}
	}
	errCases := []struct{ name, code, want string }{
		{"throw", "throw new Error('bad thing')", "bad thing"},
		{"syntax", "return (", "SyntaxError"},
		{"blocked", "return await blk.drop({})", "drop is not a function"},
		{"not in preset", "return await math.div({})", "div is not a function"},
		{"upstream error", "return await math.fail({})", "upstream says no"},
		{"timeout after await", "await math.add({a:1,b:1}); while (true) {}", "timeout"},
		{"no host", "return typeof process + typeof require + typeof Buffer + typeof eval('1')", "eval"},
	}
	for _, tc := range errCases {
		args := map[string]any{"code": tc.code, "timeoutMs": 300}
		res, sc := execCode(t, rt, ctx, args)
		if !res.IsError || !strings.Contains(fmt.Sprint(sc["error"]), tc.want) || !strings.Contains(texts(res)[0], tc.want) {
			t.Errorf("%s: isError=%v %v, want %q", tc.name, res.IsError, sc, tc.want)
		}
		if _, ok := sc["executionMs"].(float64); !ok || len(texts(res)) != 2 {
			t.Errorf("%s: error shape %v %q", tc.name, sc, texts(res))
		}
	}
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{}, "code must be a string"},
		{map[string]any{"code": "1", "timeoutMs": 0}, "timeoutMs must be an integer from 1 to 300000"},
		{map[string]any{"code": "1", "timeoutMs": 1.5}, "timeoutMs must be an integer"},
		{map[string]any{"code": "1", "timeoutMs": 300001}, "timeoutMs must be an integer"},
		{map[string]any{"code": "1", "rawText": "yes"}, "rawText must be a boolean"},
	} {
		res := rt.Call(ctx, ToolExecuteCode, tc.args)
		if !res.IsError || !strings.Contains(texts(res)[0], tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, texts(res), tc.want)
		}
	}
}

func TestLogsAndMemory(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	a, b := scoped(rt, "", "A"), scoped(rt, "", "B")
	res, _ := execCode(t, rt, a, map[string]any{"code": "console.log('one', {x: 1}); console.warn('two'); console.error('three'); console.info('four'); return 1"})
	if res.IsError {
		t.Fatal(texts(res))
	}
	if got := structured(t, rt.Call(b, ToolFetchLogs, nil))["logs"].([]any); len(got) != 0 {
		t.Errorf("session B sees A's logs: %v", got)
	}
	logs := structured(t, rt.Call(a, ToolFetchLogs, nil))["logs"].([]any)
	var got []string
	for _, l := range logs {
		m := l.(map[string]any)
		got = append(got, fmt.Sprintf("%s:%s", m["level"], m["message"]))
	}
	if strings.Join(got, "|") != "log:one { x: 1 }|warn:two|error:three|info:four" {
		t.Errorf("logs = %q", got)
	}
	if again := structured(t, rt.Call(a, ToolFetchLogs, nil))["logs"].([]any); len(again) != 0 {
		t.Errorf("fetch_logs did not drain: %v", again)
	}
	execCode(t, rt, a, map[string]any{"code": "console.log('x'); console.log('y')"})
	if n := structured(t, rt.Call(a, ToolClearLogs, nil))["cleared"]; n != float64(2) {
		t.Errorf("cleared = %v", n)
	}
	// Memory: session- and profile-scoped, JSON-safe.
	steps := []struct {
		ctx  context.Context
		code string
		want string
	}{
		{a, `await jsmcp.memory.set("k", {n: 1, u: undefined}); return await jsmcp.memory.keys();`, `["k"]`},
		{a, `return await jsmcp.memory.get("k", []);`, `{"n":1}`},
		{a, `return [await jsmcp.memory.has("k"), await jsmcp.memory.has("z"), await jsmcp.memory.get("z", "dflt")];`, `[true,false,"dflt"]`},
		{a, `return await jsmcp.memory.update("k", (v) => ({n: v.n + 1}));`, `{"n":2}`},
		{a, `return await jsmcp.memory.entries();`, `[["k",{"n":2}]]`},
		{b, `return await jsmcp.memory.get("k", null);`, `null`},
		{scoped(rt, "work", "A"), `return await jsmcp.memory.keys();`, `[]`},
		{a, `const d = await jsmcp.memory.delete("k"); await jsmcp.memory.set("a", 1); await jsmcp.memory.clear(); return [d, await jsmcp.memory.keys()];`, `[true,[]]`},
		{a, `globalThis.leak = 1; return 0`, `0`},
		{a, `return typeof leak`, `"undefined"`},
	}
	for i, s := range steps {
		res, sc := execCode(t, rt, s.ctx, map[string]any{"code": s.code})
		if res.IsError || toJSON(sc["value"]) != s.want {
			t.Errorf("step %d: %v %s, want %s", i, texts(res), toJSON(sc["value"]), s.want)
		}
	}
}

func TestConcurrentSessions(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	var wg sync.WaitGroup
	errs := make(chan string, 50)
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := scoped(rt, "", fmt.Sprintf("s%d", i))
			code := fmt.Sprintf(`await jsmcp.memory.set("me", %d); console.log("I am %d"); const r = await math.add({a: %d, b: 1}); return [r.sum, await jsmcp.memory.get("me")];`, i, i, i)
			res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": code})
			if want := fmt.Sprintf(`[%d,%d]`, i+1, i); res.IsError || structuredValue(res) != want {
				errs <- fmt.Sprintf("session %d: %v", i, texts(res))
				return
			}
			logs, _ := rt.Session(fmt.Sprintf("s%d", i)).DrainLogs()
			if len(logs) != 1 || logs[0].Message != fmt.Sprintf("I am %d", i) {
				errs <- fmt.Sprintf("session %d logs: %v", i, logs)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestBashMetaTool(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	a := scoped(rt, "", "bashA")
	steps := []struct {
		ctx            context.Context
		script, stdout string
		exit           float64
	}{
		{a, "echo hi > /tmp/f; math add a=2 b=5", "{\"sum\":7}\n", 0},
		{a, "cat /tmp/f", "hi\n", 0},
		{scoped(rt, "", "bashB"), "cat /tmp/f", "", 1},
		{a, "blk drop", "", 1}, // blocked: not a subcommand
	}
	for i, s := range steps {
		res := rt.Call(s.ctx, ToolBash, map[string]any{"script": s.script})
		sc := structured(t, res)
		if sc["stdout"] != s.stdout || sc["exitCode"] != s.exit {
			t.Errorf("step %d %q: %v", i, s.script, sc)
		}
	}
}

func TestUnknownMetaTool(t *testing.T) {
	rt := newTestRuntime(t, testConfig, nil)
	res := rt.Call(context.Background(), "nope", nil)
	if !res.IsError || !strings.Contains(texts(res)[0], `unknown tool "nope"`) {
		t.Errorf("%v", texts(res))
	}
	res = rt.Call(context.Background(), ToolExecuteCode, map[string]any{"code": "return 1"})
	if !res.IsError || !strings.Contains(texts(res)[0], "no JavaScript runtime") {
		t.Errorf("%v", texts(res))
	}
	var _ *client.Client
}
