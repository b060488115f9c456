package jsexec

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// Host-side conversions use the originals captured before the script ran.
func TestHostConversionsIgnoreTampering(t *testing.T) {
	inv := testTools(t)
	code := `JSON.stringify = () => "not json"; JSON.parse = () => 42; Array.prototype.push = null;
		Object.prototype.toJSON = undefined; globalThis.Error = function () { return {} };
		const r = await tools.a.b.c.d({x: [1, 2n]});
		let msg; try { await tools.fail.now() } catch (e) { msg = [e instanceof Object.getPrototypeOf(TypeError), e.message] }
		return {r, msg, big: 5n}`
	res, err := Run(context.Background(), code, RunOptions{Invoke: inv.Invoke})
	want := `{"r":{"args":{"x":[1,"2"]},"path":"a.b.c.d"},"msg":[true,"upstream exploded"],"big":"5"}`
	if err != nil || string(res.Value) != want {
		t.Fatalf("got %s, %v\nwant %s", res.Value, err, want)
	}
}

func TestFreeze(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"prototype method", `"use strict"; try { Array.prototype.push = () => 0; return "changed" } catch (e) { return e instanceof TypeError }`, `true`},
		{"global name", `try { JSON = {}; } catch (e) {} ; globalThis.JSON = 1; return typeof JSON`, `"object"`},
		{"sloppy write ignored", `Object.prototype.polluted = 1; return ({}).polluted === undefined`, `true`},
		{"namespace member", `"use strict"; try { Math.max = () => 0; return "changed" } catch (e) { return Math.max(1, 2) }`, `2`},
		{"intrinsic iterator", `"use strict"; const it = Object.getPrototypeOf([][Symbol.iterator]()); try { it.next = null; return "changed" } catch (e) { return [1, 2].map((x) => x).length }`, `2`},
		{"console", `"use strict"; try { console.log = null; return "changed" } catch (e) { return typeof console.log }`, `"function"`},
		{"error subclass name still assignable", `class E extends Error { constructor() { super("m"); this.name = "E"; } }; const e = new E(); return [e.name, e.message, String(e)]`, `["E","m","E: m"]`},
		{"own toString still assignable", `"use strict"; const o = {}; o.toString = () => "mine"; return String(o)`, `"mine"`},
		{"tame setter refuses the prototype", `"use strict"; try { Error.prototype.name = "x"; return "changed" } catch (e) { return Error.prototype.name }`, `"Error"`},
		{"data stays writable", `data.x = 2; return data`, `{"x":2}`},
		{"tools not frozen away", `return (await tools.math.add({a: 1, b: 2})).sum`, `3`},
	}
	inv := testTools(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Run(context.Background(), tc.code, RunOptions{Freeze: true, Invoke: inv.Invoke, Globals: map[string]any{"data": map[string]int{"x": 1}}})
			if err != nil || string(res.Value) != tc.want {
				t.Fatalf("got %s, %v; want %s", res.Value, err, tc.want)
			}
		})
	}
	// Without Freeze, node semantics: built-ins can be patched.
	res, err := Run(context.Background(), `Array.prototype.last = function () { return this[this.length - 1] }; return [1, 2].last()`, RunOptions{})
	if err != nil || string(res.Value) != "2" {
		t.Fatalf("unfrozen: got %s, %v", res.Value, err)
	}
}

// Positions in stacks are the user's: line 1 columns are not shifted by
// the wrapper, later lines keep their numbers, and esbuild's output maps
// back to the TypeScript / module source.
func TestErrorPositions(t *testing.T) {
	e := newEnv(t)
	e.write(t, "/home/user/lib.mjs", "export function f() {\n  return  missing.x;\n}\n")
	e.write(t, "/home/user/main.mjs", "import {f} from './lib.mjs';\n\nf();\n")
	e.write(t, "/home/user/t.ts", "const x: number = 1;\ninterface A { a: number }\n  null.foo;\n")
	e.write(t, "/home/user/c.js", "module.exports = 1;\n\n   nope();\n")
	e.write(t, "/home/user/one.js", "let a = 1;   nope()\n")
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"-c", "let a = 1;   nope()"}, []string{"[eval]:1:18"}},
		{[]string{"one.js"}, []string{"/home/user/one.js:1:18"}},
		{[]string{"-c", "\n\n    nope()"}, []string{"[eval]:3:9"}},
		{[]string{"main.mjs"}, []string{"/home/user/lib.mjs:2:11", "/home/user/main.mjs:3:1"}},
		{[]string{"t.ts"}, []string{"/home/user/t.ts:3:8"}},
		{[]string{"-c", "require('./c.js')"}, []string{"/home/user/c.js:3:8", "[eval]:1:8"}},
		{[]string{"-c", "for await (const x of [1]) console.log(x); null.x"}, []string{"[eval]:1:49"}},
	}
	for _, tc := range cases {
		_, errOut, code := e.run(t, "", Options{}, tc.args...)
		for _, w := range tc.want {
			if code != 1 || !strings.Contains(errOut, w+"(") {
				t.Errorf("%q: stderr %q (status %d), want position %s", tc.args, errOut, code, w)
			}
		}
	}
}

// goja's parser would read a sourceMappingURL path from the host disk.
func TestSourceMapURLNotReadFromHost(t *testing.T) {
	dir := t.TempDir()
	mapFile := filepath.Join(dir, "evil.map")
	// A valid map sending line 1 to a source named HOSTFILE. The script
	// name is absolute, as for `js-exec /path/file.js`, so goja would
	// resolve the URL to this absolute host path.
	src := "(function () { nope() })\n//# sourceMappingURL=" + mapFile
	if err := os.WriteFile(mapFile, firstLineMap("HOSTFILE", "(function () { nope() })", 0), 0o644); err != nil {
		t.Fatal(err)
	}
	stackOf := func(prg *goja.Program) string {
		vm := goja.New()
		fv, err := vm.RunProgram(prg)
		if err != nil {
			t.Fatal(err)
		}
		fn, _ := goja.AssertFunction(fv)
		_, err = fn(goja.Undefined())
		return err.Error()
	}
	// Control: plain goja.Compile follows the URL on the host.
	if prg, err := goja.Compile("/user.js", src, false); err != nil || !strings.Contains(stackOf(prg), "HOSTFILE") {
		t.Fatalf("control: goja did not read the map (%v); the test proves nothing", err)
	}
	prg, err := compileSandboxed("/user.js", src)
	if err != nil {
		t.Fatal(err)
	}
	if s := stackOf(prg); strings.Contains(s, "HOSTFILE") || !strings.Contains(s, "/user.js:1:") {
		t.Fatalf("host source map was read: %q", s)
	}
	// The compiled program itself must not carry the host map either.
	vmRes, err := Run(context.Background(), "try { nope() } catch (e) { return e.stack }\n//# sourceMappingURL="+mapFile, RunOptions{})
	if err != nil || strings.Contains(string(vmRes.Value), "HOSTFILE") || !strings.Contains(string(vmRes.Value), "[eval]:1:") {
		t.Fatalf("got %s, %v", vmRes.Value, err)
	}
}
