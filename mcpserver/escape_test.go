package mcpserver

import (
	"context"
	"strings"
	"testing"
)

// The node:vm escape shapes that broke jsmcp's sandbox, and resource abuse:
// every one must end as an execute_code error (or a harmless value), and
// the runtime must keep serving afterwards.
func TestExecuteCodeEscapes(t *testing.T) {
	cfg := mustParse(t, "config.json", testConfig, LoadOptions{})
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: JSRunner{}, MaxMemoryBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	ctx := scoped(rt, "", "esc")
	shapes := []string{
		`return console.log.constructor("return process")()`,
		`return this.constructor.constructor("return process")()`,
		`return (async () => {}).constructor("return process")()`,
		`return Object.getPrototypeOf(function*(){}).constructor("return process")().next()`,
		`return math.add.constructor("return process")()`,
		`return data.constructor.constructor("return process")()`,
		`return eval("process")`,
		`return new WebAssembly.Module(new Uint8Array([0,97,115,109,1,0,0,0]))`,
		`return new SharedArrayBuffer(8)`,
		`return Atomics.wait`,
		`return new FinalizationRegistry(() => {})`,
	}
	for _, code := range shapes {
		res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": code, "data": map[string]any{}})
		if !res.IsError {
			t.Errorf("%s: not an error: %v", code, texts(res))
		}
	}
	frozen := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": `try { Array.prototype.push = null } catch (e) {} ; JSON.stringify = () => "x"; return [typeof Array.prototype.push, JSON.stringify(1)]`})
	if frozen.IsError || structuredValue(frozen) != `["function","1"]` {
		t.Errorf("built-ins are not frozen: %v", texts(frozen))
	}
	for _, code := range []string{
		`const a = []; while (true) a.push("x".repeat(1 << 20) + a.length);`,
		`await null; for (;;) {}`,
		`setInterval(() => {}, 1); await new Promise(() => {})`,
	} {
		res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": code, "timeoutMs": 2000})
		if !res.IsError {
			t.Errorf("%s: not stopped: %v", code, texts(res))
		}
	}
	res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": "return (await math.add({a: 1, b: 2})).sum"})
	if res.IsError || texts(res)[0] == "" || !strings.Contains(toJSON(res.StructuredContent), `"value":3`) {
		t.Errorf("runtime not serving after abuse: %v", texts(res))
	}
}
