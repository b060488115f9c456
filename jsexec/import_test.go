package jsexec

import (
	"strings"
	"testing"
)

// Dynamic import() loads sandbox modules relative to the importing
// script, from plain scripts (which goja cannot parse import() in, so
// esbuild lowers it), from ES modules, from -c code and with a computed
// specifier; a missing module rejects the promise with node's error.
func TestDynamicImport(t *testing.T) {
	e := newEnv(t)
	if err := e.fs.MkdirAll("/home/user/lib", 0o755); err != nil {
		t.Fatal(err)
	}
	e.write(t, "/home/user/lib/m.mjs", "export const x = 42;\nexport default function f() { return 'def' }\n")
	e.write(t, "/home/user/lib/c.js", "module.exports = { y: 7 };\n")
	e.write(t, "/home/user/lib/main.js", "(async () => { const m = await import('./m.mjs'); console.log(m.x, m.default()) })()\n")
	e.write(t, "/home/user/lib/main.mjs", "const m = await import('./m.mjs');\nconst name = './c.js';\nconst c = await import(name);\nconsole.log(m.x, c.default.y, c.y)\n")
	e.write(t, "/home/user/lib/t.ts", "const m: {x: number} = await import('./m.mjs');\nconsole.log(m.x as number)\n")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"lib/main.js"}, "42 def\n"},
		{[]string{"lib/main.mjs"}, "42 7 7\n"},
		{[]string{"lib/t.ts"}, "42\n"},
		{[]string{"-c", "const m = await import('./lib/m.mjs'); console.log(m.x)"}, "42\n"},
		{[]string{"-c", "const p = ['./lib', 'c.js'].join('/'); console.log((await import(p)).default.y)"}, "7\n"},
		{[]string{"-c", "console.log(typeof (await import('node:fs')).readFileSync)"}, "function\n"},
		{[]string{"-c", "try { await import('./nope.mjs') } catch (e) { console.log('caught', e.message) }"}, "caught Cannot find module './nope.mjs'\n"},
		{[]string{"-c", "const p = import('./nope.mjs'); console.log(p instanceof Promise); await p.catch(() => console.log('rejected'))"}, "true\nrejected\n"},
	}
	for _, tc := range cases {
		out, errOut, code := e.run(t, "", Options{}, tc.args...)
		if code != 0 || out != tc.want {
			t.Errorf("%q: status %d out %q err %q; want %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// Without the node shims (the MCP sandbox) there are no modules at all:
// import() is refused with a clear message.
func TestDynamicImportWithoutHost(t *testing.T) {
	_, err := Run(t.Context(), "await import('./m.mjs')", RunOptions{})
	if err == nil || !strings.Contains(err.Error(), "Cannot find module './m.mjs' (no modules outside node mode)") {
		t.Fatalf("got %v", err)
	}
}
