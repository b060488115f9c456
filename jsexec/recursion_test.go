package jsexec

import (
	"context"
	"runtime/debug"
	"testing"
)

// Go recursion that scripts drive at run time, each bounded before Go's
// stack is at risk. Go's stack is capped at 64 MiB here (a sixteenth of
// the real maximum), so a bound that only held thanks to the full stack
// would crash this test binary instead of passing.
func TestRunTimeRecursionBounded(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(64 << 20))
	cases := []struct{ name, code, want string }{
		// yield* resumed each inner generator nested in Go, uncounted.
		{"yield* chain", `function* g(n) { if (n > 0) yield* g(n - 1); else yield 1 } [...g(100000)]`, "js-exec: call stack exceeded (4000 frames): RangeError: Maximum call stack size exceeded\n"},
		{"yield* over iterables", `let s = [1]; for (let i = 0; i < 1e5; i++) { const inner = s; s = {[Symbol.iterator]: function* () { yield* inner }} } [...s]`, "js-exec: call stack exceeded (4000 frames): RangeError: Maximum call stack size exceeded\n"},
		{"nested array toString", `let a = [1]; for (let i = 0; i < 50000; i++) a = [a]; String(a)`, "js-exec: call stack exceeded (4000 frames): RangeError: Maximum call stack size exceeded\n"},
		{"structuredClone", `let a = [1]; for (let i = 0; i < 50000; i++) a = [a]; structuredClone(a)`, "js-exec: call stack exceeded (4000 frames): RangeError: Maximum call stack size exceeded\n"},
		{"JSON.stringify", `let a = [1]; for (let i = 0; i < 50000; i++) a = [a]; JSON.stringify(a)`, "js-exec: max nesting depth exceeded (10000)\n"},
		{"JSON.parse", `JSON.parse("[".repeat(5e6) + "]".repeat(5e6))`, "js-exec: max nesting depth exceeded (10000)\n"},
		{"flat(Infinity)", `let a = [1]; for (let i = 0; i < 50000; i++) a = [a]; console.log(a.flat(Infinity).length); process.exit(3)`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, status := js(t, tc.code)
			if tc.want == "" {
				if status != 3 || out != "1\n" {
					t.Fatalf("status %d out %q stderr %q", status, out, stderr)
				}
				return
			}
			if stderr != tc.want {
				t.Fatalf("status %d stderr %.200q; want %q", status, stderr, tc.want)
			}
		})
	}
	// Generators still work through the counted wrappers.
	res, err := Run(context.Background(), `function* g(n) { if (n > 0) yield* g(n - 1); yield n }
		const it = g(2); const r = [it.next(), it.next(4)]; const h = g(5); h.next(); return [r, [...g(3)], h.return(9), h.next(), GeneratorProto()]
		function GeneratorProto() { const p = Object.getPrototypeOf(g()); return [typeof p.next, Object.getPrototypeOf(p).next.name, Object.getPrototypeOf(p).next.length] }`, RunOptions{})
	want := `[[{"value":0,"done":false},{"value":1,"done":false}],[0,1,2,3],{"value":9,"done":true},{"done":true},["function","next",1]]`
	if err != nil || string(res.Value) != want {
		t.Fatalf("generators: got %s %v\nwant %s", res.Value, err, want)
	}
}

// A get through a chain of trap-less proxies recursed in Go once per
// proxy, bounded only by the heap; chains are now limited.
func TestProxyChainBounded(t *testing.T) {
	for _, code := range []string{
		`let p = {}; for (let i = 0; i < 20000; i++) p = new Proxy(p, {}); p.x`,
		`let p = {}; for (let i = 0; i < 20000; i++) p = Proxy.revocable(p, {}).proxy; p.x`,
		`let h = {}; for (let i = 0; i < 20000; i++) h = new Proxy({}, h); h.x`,
	} {
		_, stderr, status := js(t, "try { "+code+" } catch (e) {} console.log('survived')")
		if status != ExitLimit || stderr != "js-exec: max nesting depth exceeded (10000)\n" {
			t.Errorf("%s: status %d stderr %.200q", code, status, stderr)
		}
	}
	res, err := Run(context.Background(), `const p = new Proxy({a: 1}, {get: (t, k) => k === "b" ? 2 : t[k]}); const r = Proxy.revocable({}, {}); r.revoke();
		let revoked; try { r.proxy.x } catch (e) { revoked = e instanceof TypeError }
		let needsNew; try { Proxy({}, {}) } catch (e) { needsNew = e instanceof TypeError }
		let q = {}; for (let i = 0; i < 9999; i++) q = new Proxy(q, {});
		return [p.a, p.b, revoked, needsNew, Proxy.name, Proxy.length, typeof Proxy.revocable, q.x === undefined, Array.isArray(new Proxy([], {}))]`, RunOptions{})
	want := `[1,2,true,true,"Proxy",2,"function",true,true]`
	if err != nil || string(res.Value) != want {
		t.Fatalf("got %s %v\nwant %s", res.Value, err, want)
	}
}
