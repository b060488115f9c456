package jsfile

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/justbash/justbash/toolcmd"
)

func load(t *testing.T, name, src string) *Module {
	t.Helper()
	m, err := Load(context.Background(), name, []byte(src), Options{})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return m
}

func TestExampleMath(t *testing.T) {
	src, err := os.ReadFile("../../examples/math.js")
	if err != nil {
		t.Fatal(err)
	}
	m := load(t, "math.js", string(src))
	var paths []string
	for _, tl := range m.Tools() {
		paths = append(paths, tl.Path)
	}
	if got := strings.Join(paths, " "); got != "math.add math.multiply math.sqrt" {
		t.Fatalf("paths %q", got)
	}
	if m.Tools()[0].Description != "Add two numbers" || !strings.Contains(string(m.Tools()[0].InputSchema), `"required"`) {
		t.Fatalf("add lost its metadata: %+v", m.Tools()[0])
	}
	out, err := m.Call(context.Background(), "math.add", json.RawMessage(`{"a":2,"b":3}`))
	if err != nil || string(out) != `{"sum":5}` {
		t.Fatalf("add: %s %v", out, err)
	}
}

func TestCommonJSAsyncAndTopLevel(t *testing.T) {
	m := load(t, "t.js", `
module.exports = {
  hello: ({name}) => "hi " + name,
  slow: { later: async ({n}) => { await new Promise(r => setTimeout(r, 1)); return n * 2; } },
  nothing: () => undefined,
};`)
	reg := toolcmd.NewRegistry()
	paths, err := m.Register(reg, "t")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(paths, " ") != "t.hello t.nothing slow.later" {
		t.Fatalf("paths %v", paths)
	}
	inv := toolcmd.NewInvoker(reg)
	for _, c := range []struct{ path, args, want string }{
		{"t.hello", `{"name":"zed"}`, `"hi zed"`},
		{"slow.later", `{"n":21}`, `42`},
		{"t.nothing", ``, `null`},
	} {
		out, err := inv.Invoke(context.Background(), c.path, json.RawMessage(c.args))
		if err != nil || string(out) != c.want {
			t.Errorf("%s: %s %v, want %s", c.path, out, err, c.want)
		}
	}
}

func TestTypeScriptAndErrors(t *testing.T) {
	m := load(t, "t.ts", `
interface In { a: number }
export const calc = { double: ({a}: In): {v: number} => ({v: a * 2}), boom: () => { throw new Error("kaput") } };`)
	out, err := m.Call(context.Background(), "calc.double", json.RawMessage(`{"a":4}`))
	if err != nil || string(out) != `{"v":8}` {
		t.Fatalf("double: %s %v", out, err)
	}
	if _, err := m.Call(context.Background(), "calc.boom", nil); err == nil || !strings.Contains(err.Error(), "kaput") {
		t.Fatalf("boom: %v", err)
	}
}

func TestLoadErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`export default {`, "t.js:1:"},
		{`module.exports = {a: 1}`, "exports no functions"},
		{`throw new Error("at load")`, "at load"},
		{`while (true) {}`, "timeout"},
	} {
		opts := Options{}
		opts.Limits.Timeout = 200e6
		_, err := Load(context.Background(), "t.js", []byte(c.src), opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
}

func TestNoHostAccess(t *testing.T) {
	m := load(t, "t.js", `module.exports = { x: { req: () => require("fs"), proc: () => typeof process, fetch: () => typeof fetch } }`)
	if _, err := m.Call(context.Background(), "x.req", nil); err == nil {
		t.Fatal("require reached a module")
	}
	for _, p := range []string{"x.proc", "x.fetch"} {
		out, err := m.Call(context.Background(), p, nil)
		if err != nil || string(out) != `"undefined"` {
			t.Errorf("%s: %s %v", p, out, err)
		}
	}
}
