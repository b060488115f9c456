package jsexec

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestEscapeAttempts(t *testing.T) {
	const noCodegen = "TypeError: js-exec: code generation from strings is disabled in the sandbox (no eval, no Function constructor)"
	const notCtor = "TypeError: Value is not a constructor"
	cases := []struct{ name, code, want string }{
		{"this.constructor.constructor", `this.constructor.constructor("return process")()`, noCodegen},
		{"Function", `Function("return 1")()`, noCodegen},
		{"new Function", `new Function("return 1")`, notCtor},
		{"function constructor", `(function(){}).constructor("return 1")()`, noCodegen},
		{"async function constructor", `(async function(){}).constructor("return 1")()`, noCodegen},
		{"generator constructor", `(function*(){}).constructor("yield 1")().next()`, noCodegen},
		{"arrow constructor", `(() => 1).constructor("return 1")()`, noCodegen},
		{"class constructor chain", `(class {}).constructor("return 1")()`, noCodegen},
		{"eval", `eval("1")`, "ReferenceError: eval is not defined"},
		{"indirect eval", `(0, globalThis.eval)("1")`, "TypeError: Value is not an object: undefined"},
		{"Reflect.construct Function", `Reflect.construct(Object.getPrototypeOf(function(){}).constructor, ["return 1"])`, notCtor},
		{"require host module", `require("/usr/lib/node_modules/npm")`, "Error: Cannot find module '/usr/lib/node_modules/npm'"},
		{"WebAssembly", `WebAssembly.compile`, "ReferenceError: WebAssembly is not defined"},
		{"SharedArrayBuffer", `new SharedArrayBuffer(8)`, "ReferenceError: SharedArrayBuffer is not defined"},
		{"Atomics", `Atomics.wait`, "ReferenceError: Atomics is not defined"},
	}
	// A file that exists on the host but not in the sandbox: this test's
	// own source. Reaching it by import() or require() must fail with
	// node's not-found error, not a syntax error or anything else.
	host, err := filepath.Abs("sandbox_test.go")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(host); err != nil {
		t.Fatalf("the host file the probe needs is missing: %v", err)
	}
	notFound := "Error: Cannot find module '" + host + "'"
	cases = append(cases,
		struct{ name, code, want string }{"import() of a host file", `await import(` + jsonString(host) + `)`, notFound},
		struct{ name, code, want string }{"import() of a host file, computed", `const p = [` + jsonString(host) + `][0]; await import(p)`, notFound},
		struct{ name, code, want string }{"require of a host file", `require(` + jsonString(host) + `)`, notFound},
	)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := js(t, tc.code+`; console.log("ESCAPED")`)
			if code != 1 || strings.Contains(out, "ESCAPED") || !strings.HasPrefix(errOut, tc.want+"\n") {
				t.Fatalf("not refused as expected: out %q err %q code %d; want stderr starting %q", out, errOut, code, tc.want)
			}
		})
	}
	// instanceof Function still works after the constructor is gone.
	out, _, code := js(t, `console.log((()=>1) instanceof Function, typeof Function, typeof eval, typeof WebAssembly)`)
	if out != "true function undefined undefined\n" || code != 0 {
		t.Fatalf("got %q %d", out, code)
	}
}

func TestChildProcessStaysInSandbox(t *testing.T) {
	e := newEnv(t)
	out, _, code := e.run(t, "", Options{}, "-c", `console.log(require("child_process").execSync("echo via-sandbox", {encoding: "utf8"}).trim())`)
	if out != "via-sandbox\n" || code != 0 || len(e.scripts) != 1 || e.scripts[0] != "echo via-sandbox" {
		t.Fatalf("out %q code %d scripts %q", out, code, e.scripts)
	}
}

func TestNoPollutionAcrossRuns(t *testing.T) {
	ctx := context.Background()
	_, err := Run(ctx, `Object.prototype.polluted = 1; Array.prototype.push = () => 0; globalThis.leak = 2; JSON.parse = () => 3`, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(ctx, `const a = []; a.push(1); return [({}).polluted, typeof leak, a.length, JSON.parse("4")]`, RunOptions{})
	if err != nil || string(res.Value) != `[null,"undefined",1,4]` {
		t.Fatalf("got %s %v", res.Value, err)
	}
}

func TestLimits(t *testing.T) {
	short := Limits{Timeout: 300 * time.Millisecond}
	cases := []struct {
		name, code string
		lim        Limits
		limit      string
		kind       ErrorKind
	}{
		{"busy loop", `while (1) {}`, short, "timeout", KindLimit},
		{"busy loop after await", `await null; await new Promise(r => setTimeout(r, 1)); for (;;) {}`, short, "timeout", KindLimit},
		{"busy loop in timer", `setTimeout(() => { for (;;) {} }, 1); await new Promise(r => setTimeout(r, 50))`, short, "timeout", KindLimit},
		{"catch cannot swallow", `try { while (1) {} } catch (e) {} for (;;) {}`, short, "timeout", KindLimit},
		{"interval forever", `setInterval(() => {}, 1); await new Promise(r => setTimeout(r, 1e9))`, short, "timeout", KindLimit},
		{"deep recursion", `function f() { return f() + 1 } f()`, Limits{}, "call stack", KindLimit},
		{"memory bomb", `const a = []; for (;;) a.push(new Array(1e6).fill(1))`, Limits{MaxMemoryBytes: 32 << 20, Timeout: 20 * time.Second}, "memory", KindLimit},
		{"string doubling", `let s = "x"; for (;;) s = s + s + "y"`, Limits{MaxMemoryBytes: 64 << 20, Timeout: 20 * time.Second}, "", KindLimit},
		{"output", `for (;;) console.log("spam spam spam")`, Limits{MaxOutputBytes: 1000}, "output", KindLimit},
		{"never settles", `await new Promise(() => {})`, short, "", KindUnsettled},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Run(context.Background(), tc.code, RunOptions{Limits: tc.lim})
			e, ok := err.(*Error)
			if !ok || e.Kind != tc.kind || (tc.limit != "" && e.Limit != tc.limit) {
				t.Fatalf("got %#v", err)
			}
			if tc.kind == KindLimit && !strings.Contains(e.Message, "exceeded") {
				t.Fatalf("message does not name the limit: %q", e.Message)
			}
			if tc.limit == "output" && len(res.Stdout) != 1000 {
				t.Fatalf("output kept %d bytes", len(res.Stdout))
			}
		})
	}
	// The host and the next run are unaffected.
	res, err := Run(context.Background(), `return 1 + 1`, RunOptions{})
	if err != nil || string(res.Value) != "2" {
		t.Fatalf("after limits: %s %v", res.Value, err)
	}
}

func TestCommandLimitStatus(t *testing.T) {
	_, errOut, code := newEnv(t).run(t, "", Options{Limits: Limits{Timeout: 200 * time.Millisecond}}, "-c", "while(1){}")
	if code != ExitTimeout || !strings.Contains(errOut, "js-exec: timeout exceeded (200ms)") {
		t.Fatalf("got %q %d", errOut, code)
	}
	_, errOut, code = newEnv(t).run(t, "", Options{}, "-c", "await new Promise(() => {})")
	if code != 13 || !strings.Contains(errOut, "never settle") {
		t.Fatalf("got %q %d", errOut, code)
	}
}

func TestContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	_, err := Run(ctx, `while (1) {}`, RunOptions{})
	if e, ok := err.(*Error); !ok || e.Kind != KindCanceled {
		t.Fatalf("got %#v", err)
	}
}
