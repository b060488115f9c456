package jsexec

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// jsonCases are JSON.stringify calls compared with goja's own native
// implementation (a plain goja VM, none of our code), which follows the
// specification for everything shallow.
var jsonCases = []string{
	`[1, "a", true, false, null, undefined, -0, NaN, Infinity, -Infinity, 1e21, 1.5e-7, 123456789012345680000]`,
	`{a: 1, b: [1, {c: [2, [3, {}]], d: []}], e: {}}`,
	`[1, , 3]`,
	`{u: undefined, f() {}, s: Symbol("x"), k: 1}`,
	`[undefined, function () {}, Symbol("y")]`,
	`undefined`, `function () {}`, `Symbol("z")`, `"str"`, `42`, `null`,
	`{toJSON(k) { return "key:" + k }}`,
	`{a: {toJSON(k) { return [k, 1] }}, b: new Date(0)}`,
	`[new Number(3), new String("s"), new Boolean(false), Object(true)]`,
	`"\u0000\u001f\"\\\b\f\n\r\t/\u007f\u2028\ud800\udc00\udbff x \udc00 é"`,
	`{"\n": 1, "\u0001": 2, "é": 3}`,
	`{get g() { return "got" }, 2: "two", 1: "one", b: 1, a: 2}`,
	`new Map([[1, 2]])`, `new Set([1])`, `new Uint8Array([1, 2])`, `/re/g`, `new Error("e")`,
	`new Proxy([1, 2], {})`, `new Proxy({a: 1}, {})`,
	`Object.create({inherited: 1}, {own: {value: 2, enumerable: true}, hidden: {value: 3}})`,
}

var jsonArgs = []string{
	``, `, null, 2`, `, null, "--"`, `, null, "0123456789ab"`, `, null, 20`, `, null, new Number(3)`, `, null, new String("\t")`,
	`, ["a", "b", 1, "1", new String("c"), {}, "a"]`, `, (k, v) => typeof v === "number" ? v * 10 : v`,
	`, function (k, v) { return k === "" ? v : (this === undefined ? "no this" : v) }`, `, null, -1`, `, null, 0.9`,
}

func TestStringifyMatchesSpec(t *testing.T) {
	native := goja.New()
	for _, c := range jsonCases {
		for _, a := range jsonArgs {
			code := "JSON.stringify(" + c + a + ")"
			want, werr := native.RunString("try { [" + code + "] } catch (e) { [e.name, e.message] }")
			if werr != nil {
				t.Fatalf("native %s: %v", code, werr)
			}
			wantJSON, _ := native.RunString("JSON.stringify(" + "(() => { try { return [" + code + "] } catch (e) { return [e.name, e.message] } })()" + ")")
			res, err := Run(context.Background(), "try { return ["+code+"] } catch (e) { return [e.name, e.message] }", RunOptions{})
			if err != nil || string(res.Value) != wantJSON.String() {
				t.Errorf("%s:\n got %s %v\nwant %s (%v)", code, res.Value, err, wantJSON, want)
			}
		}
	}
	// Errors: same TypeErrors as goja's.
	for _, code := range []string{`const a = []; a.push(a); JSON.stringify(a)`, `const o = {x: {}}; o.x.y = o; JSON.stringify(o)`, `JSON.stringify({n: 1n})`, `JSON.stringify([Object(2n)])`, `JSON.stringify({toJSON() { throw new RangeError("mine") }})`} {
		want, _ := native.RunString("(() => { try { " + code + "; return 'no error' } catch (e) { return e.name + ': ' + e.message } })()")
		res, err := Run(context.Background(), "try { "+code+"; return 'no error' } catch (e) { return e.name + ': ' + e.message }", RunOptions{})
		if err != nil || string(res.Value) != jsonString(want.String()) {
			t.Errorf("%s: got %s %v, want %q", code, res.Value, err, want)
		}
	}
}

// Deep structures used to recurse in Go without bound (the host died) and
// to take quadratic time; they now end with the nesting limit.
func TestStringifyDepthBounded(t *testing.T) {
	for _, code := range []string{
		`let a = []; for (let i = 0; i < 20000; i++) a = [a]; JSON.stringify(a)`,
		`let o = {}; for (let i = 0; i < 20000; i++) o = {o}; JSON.stringify(o)`,
		`const mk = () => ({toJSON() { return [mk()] }}); JSON.stringify(mk())`,
		`const mk = () => new Proxy([], {get(t, k) { return k === "length" ? 1 : mk() }}); JSON.stringify(mk())`,
		`JSON.stringify({}, function r(k, v) { return k === "" || k === "x" ? {x: {}} : v })`,
	} {
		start := time.Now()
		_, stderr, status := js(t, "try { "+code+" } catch (e) {} console.log('survived')")
		if status != ExitLimit || stderr != "js-exec: max nesting depth exceeded (10000)\n" {
			t.Errorf("%s: status %d stderr %.200q", code, status, stderr)
		}
		t.Logf("%s: %s", code, time.Since(start).Round(time.Millisecond))
	}
	// At the limit (10,000 arrays) is fine.
	res, err := Run(context.Background(), `let a = []; for (let i = 0; i < 9999; i++) a = [a]; return JSON.stringify(a).length`, RunOptions{})
	if err != nil || string(res.Value) != "20000" {
		t.Fatalf("9999 levels: %s %v", res.Value, err)
	}
}

// The text is bounded by MaxStringBytes and a long walk ends with the run.
func TestStringifyBounded(t *testing.T) {
	_, err := Run(context.Background(), `const a = new Array(1e6).fill("x".repeat(100)); JSON.stringify(a)`, RunOptions{Limits: Limits{MaxStringBytes: 1 << 20}})
	if e, ok := err.(*Error); !ok || e.Limit != "memory" || !strings.Contains(e.Message, "JSON.stringify would need") {
		t.Fatalf("got %v", err)
	}
	_, err = Run(context.Background(), `const a = new Array(3e6).fill(0); for (;;) JSON.stringify(a, (k, v) => v)`, RunOptions{Limits: Limits{Timeout: 300 * time.Millisecond}})
	if e, ok := err.(*Error); !ok || e.Limit != "timeout" {
		t.Fatalf("got %v", err)
	}
}

// flat(Infinity) used to recurse in Go once per level; deep arrays are now
// flattened iteratively, with the same result as the original.
func TestFlatDeep(t *testing.T) {
	res, err := Run(context.Background(), `let a = [1]; for (let i = 0; i < 20000; i++) a = [a, i]; const f = a.flat(Infinity);
		return [f.length, f[0], f[1], f[f.length - 1], [1, [2, [3, [4]]], , 5].flat(Infinity), [[1, [2]], [3]].flat(), [[1, [2, [3]]]].flat(2), [1, [2]].flat(0), [[1]].flat("x"), Array.prototype.flat.call({length: 2, 0: [1], 1: 2}, 1e9)]`, RunOptions{})
	want := `[20001,1,0,19999,[1,2,3,4,5],[1,[2],3],[1,2,[3]],[1,[2]],[[1]],[1,2]]`
	if err != nil || string(res.Value) != want {
		t.Fatalf("got %s %v\nwant %s", res.Value, err, want)
	}
}

// quoteJSON's fast path (the string's UTF-8 bytes) writes what the unit
// by unit quoting writes, for strings made in JavaScript (ASCII, UTF-16,
// lone surrogates, a real U+FFFD) and strings imported from Go (valid and
// invalid UTF-8).
func TestQuoteJSONFastPath(t *testing.T) {
	vm := goja.New()
	var strs []goja.String
	for _, js := range []string{`""`, `"plain ascii"`, `"q\"b\\s\u0000\u001f\b\f\n\r\t\u007f"`, `"é ü 日本"`,
		`"\ud83d\ude00 pair"`, `"lone \ud800 high"`, `"lone \udc00 low"`, `"\ufffd real"`, `"\ufffd and \ud800"`,
		`"\u2028\u2029"`, `"x".repeat(5000) + "\n"`} {
		v, err := vm.RunString(js)
		if err != nil {
			t.Fatal(err)
		}
		strs = append(strs, v.(goja.String))
	}
	for _, g := range []string{"go ascii", "go é", "bad \xff byte", "\xe2\x82 cut", "\uFFFD go"} {
		strs = append(strs, vm.ToValue(g).(goja.String))
	}
	for _, s := range strs {
		var fast, slow bytes.Buffer
		quoteJSON(&fast, s)
		quoteUnits(&slow, s)
		if fast.String() != slow.String() {
			t.Errorf("%q: quoteJSON %q, unit by unit %q", s.String(), fast.String(), slow.String())
		}
	}
}
