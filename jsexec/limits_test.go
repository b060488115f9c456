package jsexec

import (
	"context"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/vfs"
)

// rssKB reads this process's current and peak resident set (Linux only;
// 0 elsewhere), for the logs of the memory cases.
func rssKB() (cur, peak string) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "?", "?"
	}
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 && f[0] == "VmRSS:" {
			cur = f[1]
		}
		if len(f) >= 2 && f[0] == "VmHWM:" {
			peak = f[1]
		}
	}
	return cur, peak
}

func logMem(t *testing.T, what string) {
	t.Helper()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	cur, peak := rssKB()
	t.Logf("%s: heap in use %d MiB, RSS %s kB, peak RSS so far %s kB", what, ms.HeapInuse>>20, cur, peak)
}

// Each of these asked goja for gigabytes in one step, or recursed once per
// input byte on the Go stack; each must now end with the limit message
// and status 125 before anything big is allocated.
func TestAllocationsRefusedBeforeAllocating(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"json nesting", `JSON.parse("[".repeat(5e6)+"]".repeat(5e6))`, "js-exec: max nesting depth exceeded (10000)"},
		{"json nesting objects", `JSON.parse('{"a":'.repeat(20000) + "1" + "}".repeat(20000))`, "max nesting depth exceeded"},
		{"typed array", `new Uint8Array(2**32-1)`, "js-exec: memory exceeded (typed array would need 4294967295 bytes"},
		{"typed array subclass", `class B extends Float64Array {}; new B(2**28)`, "memory exceeded (typed array"},
		{"typed array from array-like", `new Int32Array({length: 2**30})`, "memory exceeded (typed array"},
		{"typed array via constructor", `new (new Uint8Array(1).constructor)(2**32-1)`, "memory exceeded (typed array"},
		{"array buffer", `new ArrayBuffer(2**31)`, "memory exceeded (ArrayBuffer"},
		{"buffer alloc", `Buffer.alloc(2**31)`, "memory exceeded (typed array"},
		{"array fill", `new Array(2**31-1).fill(0)`, "memory exceeded (Array.prototype.fill would need 34359738352 bytes"},
		{"array length fill", `const a = []; a.length = 2**31-1; a.fill(0)`, "memory exceeded (Array.prototype.fill"},
		{"array join", `new Array(2**28).join('xxxx')`, "memory exceeded (Array.prototype.join"},
		{"array from", `Array.from({length: 2**31-1})`, "memory exceeded (Array.from"},
		{"repeat", `'x'.repeat(2**30)`, "memory exceeded (String.prototype.repeat would need 1073741824 bytes"},
		{"repeat via call", `String.prototype.repeat.call({toString() { return "ab" }}, 2**29)`, "memory exceeded (String.prototype.repeat"},
		{"padStart", `'x'.padStart(2**30)`, "memory exceeded (String.prototype.padStart/padEnd"},
		{"padEnd", `'x'.padEnd(2**30, 'ab')`, "memory exceeded (String.prototype.padStart/padEnd"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := js(t, tc.code)
			logMem(t, tc.name)
			if code != ExitLimit || !strings.Contains(stderr, tc.want) {
				t.Fatalf("status %d, stderr %q; want %d and %q", code, stderr, ExitLimit, tc.want)
			}
		})
	}
}

// The guards leave ordinary use alone: same results as node.
func TestGuardsKeepSemantics(t *testing.T) {
	cases := []struct{ code, want string }{
		{`"ab".repeat(3) + "x".padStart(3, "-") + "x".padEnd(2)`, `"ababab--xx "`},
		{`[1, , 3].join() + [1, 2].join("") + [].join("x")`, `"1,,312"`},
		{`new Array(3).fill(7, 1)`, `[null,7,7]`},
		{`[Array(2).length, new Array(1, 2).length, Array.from("abc").length, Array.from({length: 2}, (_, i) => i * 2)]`, `[2,2,3,[0,2]]`},
		{`[[] instanceof Array, [].constructor === Array, Array.isArray(new Array(2)), [1, 2].map((x) => x + 1)]`, `[true,true,true,[2,3]]`},
		{`class A extends Array {}; const a = new A(); a.push(1); return [a instanceof A, a.map((x) => x) instanceof A, a.length]`, `[true,true,1]`},
		{`const u = new Uint8Array([1, 2, 3]); class S extends Uint8Array {}; const s = S.from([1]); return [s instanceof S, s instanceof Uint8Array, u instanceof Uint8Array, u.constructor === Uint8Array, Uint8Array.BYTES_PER_ELEMENT, Array.from(u.map((x) => x * 2)), new Uint16Array(new ArrayBuffer(4)).length]`, `[true,true,true,true,1,[2,4,6],2]`},
		{`[JSON.parse('[[1],{"a":[2]}]'), JSON.parse('"[[[["'), JSON.parse('{"a":1}', (k, v) => typeof v === "number" ? v + 1 : v)]`, `[[[1],{"a":[2]}],"[[[[",{"a":2}]`},
		{`[String.prototype.repeat.name, String.prototype.repeat.length, JSON.parse.name, RegExp.prototype.exec.name]`, `["repeat",1,"parse","exec"]`},
		// Without new, the guarded constructors throw as node's do, before
		// allocating anything (a call used to construct, unchecked).
		{`const e = []; for (const f of [() => Uint8Array(2**33), () => Float64Array(2**31), () => ArrayBuffer(2**40)]) { try { f(); e.push("no error") } catch (x) { e.push(x instanceof TypeError) } } return e`, `[true,true,true]`},
		// Wrapped built-ins print as node's do, not as their wrappers' source.
		{`[String(Array.prototype.map), String(String.prototype.repeat), String(Date.prototype.getHours), String(JSON.stringify)]`,
			`["function map() { [native code] }","function repeat() { [native code] }","function getHours() { [native code] }","function stringify() { [native code] }"]`},
		// The wrappers carry the originals' statics (key order as node's).
		{`[Uint8Array.name, Uint8Array.length, Object.getOwnPropertyNames(Uint8Array).slice(0, 4).join(), ArrayBuffer.isView(new Uint8Array(1)), ArrayBuffer[Symbol.species] === ArrayBuffer, RegExp.length, RegExp.name, Date.length, Date.name, Object.getOwnPropertyNames(Date).join(), typeof Date.now(), Date.UTC(2020, 1), Date.parse("2020-02-01T00:00:00Z")]`,
			`["Uint8Array",3,"length,name,prototype,BYTES_PER_ELEMENT",true,true,2,"RegExp",7,"Date","length,name,prototype,now,parse,UTC","number",1580515200000,1580515200000]`},
		{`const r = /(a)\1/g; r.lastIndex = 0; return [r.test("xaa"), r.lastIndex, "aab".replace(/(?<=a)b/, "c"), "a1b2".split(/(?=\d)/), /(\w)\1/.exec("xyy")[0]]`, `[true,3,"aac",["a","1b","2"],"yy"]`},
	}
	for _, tc := range cases {
		code := tc.code
		if !strings.Contains(code, "return") {
			code = "return " + code
		}
		res, err := Run(context.Background(), code, RunOptions{})
		if err != nil || string(res.Value) != tc.want {
			t.Errorf("%s: got %s, %v; want %s", tc.code, res.Value, err, tc.want)
		}
	}
}

// Catastrophic backtracking in regexp2 used to run for minutes past a 3 s
// timeout; now it ends with the timeout status within a slice of it.
func TestRegexBacktrackingStopsAtTimeout(t *testing.T) {
	for _, code := range []string{
		`/(a+)+\1b/.test("a".repeat(40))`,
		`/^(?=(a+)+b)/.test("a".repeat(40))`,
		`"a".repeat(40).replace(/(a+)+\1b/g, "x")`,
	} {
		t.Run(code, func(t *testing.T) {
			start := time.Now()
			_, stderr, status := newEnv(t).run(t, "", Options{Limits: Limits{Timeout: time.Second}}, "-c", code)
			t.Logf("ended after %s", time.Since(start).Round(time.Millisecond))
			if status != ExitTimeout || !strings.Contains(stderr, "js-exec: timeout exceeded (1s)") {
				t.Fatalf("status %d, stderr %q", status, stderr)
			}
		})
	}
}

// Reads of endless devices are bounded and fail with a clear error.
func TestEndlessReadsBounded(t *testing.T) {
	e := newEnv(t)
	if err := e.fs.MkdirAll("/dev", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := e.fs.Mknod("/dev/zero", vfs.DevZero); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := e.run(t, "", Options{}, "-c", `require("fs").readFileSync("/dev/zero")`)
	logMem(t, "readFileSync(/dev/zero)")
	if code != 1 || !strings.Contains(stderr, "EFBIG") {
		t.Fatalf("readFileSync: status %d, stderr %q", code, stderr)
	}
	_, stderr, code = e.run(t, "", Options{}, "/dev/zero")
	logMem(t, "js-exec /dev/zero")
	if code != 1 || !strings.Contains(strings.ToLower(stderr), "file too large") {
		t.Fatalf("js-exec /dev/zero: status %d, stderr %q", code, stderr)
	}
}

// A result too large to encode ends the run with the limit's error; it
// used to come back as a null value, as if the script had returned null.
func TestOversizedResultIsAnError(t *testing.T) {
	lim := Limits{MaxStringBytes: 1 << 20}
	for _, code := range []string{
		`return Array.from({length: 3}, () => "y".repeat(512 << 10))`,
		`return {a: "x".repeat(700 << 10), b: "x".repeat(700 << 10)}`,
	} {
		res, err := Run(context.Background(), code, RunOptions{Limits: lim})
		var e *Error
		if !errors.As(err, &e) || e.Kind != KindLimit || !strings.Contains(e.Message, "JSON.stringify") {
			t.Errorf("%s: value %.40q, error %v; want the JSON.stringify limit", code, res.Value, err)
		}
		p := Prepare(RunOptions{Limits: lim})
		if res, err := p.Run(context.Background(), code, PreparedRun{}); !errors.As(err, &e) || e.Kind != KindLimit {
			t.Errorf("prepared %s: value %.40q, error %v; want the limit", code, res.Value, err)
		}
	}
	// Below the bound the result is whole.
	res, err := Run(context.Background(), `return "y".repeat(512 << 10).length`, RunOptions{Limits: lim})
	if err != nil || string(res.Value) != "524288" {
		t.Errorf("a result within bounds: %s %v", res.Value, err)
	}
}
