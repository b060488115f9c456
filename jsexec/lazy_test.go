package jsexec

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands/curl"
)

// A prepared runtime replaying a cached plan leaves the lazy built-ins
// alone until a script names them: its set-up must not read them.
func TestLazyBuiltinsUntouchedBySetup(t *testing.T) {
	Prepare(mcpPrepareOpts()).Discard() // caches the plan
	p := Prepare(mcpPrepareOpts())
	defer p.Discard()
	if p.err != nil {
		t.Fatal(p.err)
	}
	if p.r.lazy == nil || len(p.r.lazy.groups) != len(lazyGroupDefs) {
		t.Fatalf("lazy groups: %+v", p.r.lazy)
	}
	for _, g := range p.r.lazy.groups {
		if g.state != lazyPending {
			t.Errorf("%s was realised during set-up", g.names[0])
		}
		for i, o := range g.orig {
			// guardSrc takes Math.trunc and Math.max from the original
			// (a template: its other methods stay unmade).
			if o != nil && g.names[i] != "Math" {
				t.Errorf("%s's original was read during set-up", g.names[i])
			}
		}
	}
	if p.r.lazy.goja == nil || p.r.lazy.goja == p.r.vm.GlobalObject() {
		t.Error("the VM kept goja's global object")
	}
}

// The global object of a lazy VM is a copy of goja's: the same names in
// the same order with the same attributes (a lazy one seen as the data
// property it stands for), the same tag, the same object as a sloppy
// function's this.
func TestLazyGlobalObjectAsGojas(t *testing.T) {
	code := globalDesc + `
const g = globalThis, sloppy = (function () { return this; })();
const names = Object.getOwnPropertyNames(g).map((k) => {
  const d = globalDesc(g, k);
  return k + ":" + ("value" in d ? "d" + (d.writable ? "w" : "") : "a") + (d.configurable ? "c" : "") + (d.enumerable ? "e" : "");
});
const tag = Object.getOwnPropertyDescriptor(g, Symbol.toStringTag);
return [names.join(","), Object.prototype.toString.call(g), tag.writable, tag.configurable, tag.enumerable,
  sloppy === g, g.globalThis === g, Object.getPrototypeOf(g) === Object.prototype,
  Object.isExtensible(g), Object.getOwnPropertySymbols(g).length]`
	run := func(lazy bool) string {
		noLazy = !lazy
		defer func() { noLazy = false }()
		Prepare(mcpPrepareOpts()).Discard()
		p := Prepare(mcpPrepareOpts())
		if lazy != (p.r.lazy != nil && p.r.lazy.goja != p.r.vm.GlobalObject()) {
			t.Fatalf("lazy %v: the VM's global object is not as asked", lazy)
		}
		res, err := p.Run(context.Background(), code, PreparedRun{})
		if err != nil {
			t.Fatal(err)
		}
		return string(res.Value)
	}
	eager, lazy := run(false), run(true)
	if eager != lazy {
		t.Errorf("goja's global:\n%s\nthe copy:\n%s", eager, lazy)
	}
	for _, want := range []string{`"Object:d,Function:d,`, `,Math:d,JSON:d,`, `,globalThis:dwc,NaN:d,`, `"[object global]",false,true,false,true,true,true,true,1]`} {
		if !strings.Contains(lazy, want) {
			t.Errorf("no %s in %s", want, lazy)
		}
	}
}

// A lazy built-in's name is as fixed as a frozen one's, and what it
// leads to is frozen by the time a script can hold it, whichever way the
// script gets there first.
func TestLazyBuiltinsFrozen(t *testing.T) {
	Prepare(mcpPrepareOpts()).Discard()
	for _, tc := range []struct{ name, code, want string }{
		// goja ignores an assignment to a getter-only accessor even in
		// strict code (a frozen data property throws there): the value
		// stays either way.
		{"assign", `"use strict"; try { Math = 1 } catch (e) {} return typeof Math`, `"object"`},
		{"sloppy assign", `Math = 1; Date = 2; return typeof Math + typeof Date`, `"objectfunction"`},
		{"delete", `return [delete globalThis.Math, delete globalThis.Int8Array, typeof Math, typeof Int8Array]`, `[false,false,"object","function"]`},
		{"redefine", `try { Object.defineProperty(globalThis, "Set", { value: 1 }); return "redefined" } catch (e) { return typeof Set }`, `"function"`},
		{"same value", `return Math === globalThis.Math && Date === Date && Date.prototype.constructor === Date`, `true`},
		{"frozen", `return [Math, Math.max, Reflect, Reflect.apply, Date, Date.prototype, Set.prototype, WeakSet.prototype, DataView.prototype,
			Uint8Array, Uint8Array.prototype, Object.getPrototypeOf(Int8Array), Object.getPrototypeOf(Int8Array.prototype)].every(Object.isFrozen)`, `true`},
		{"set iterator first", `const it = Object.getPrototypeOf(new Set([1]).values()); return [Object.isFrozen(it), Object.isFrozen(Set.prototype)]`, `[true,true]`},
		{"map and weakmap frozen", `return [Map, Map.prototype, WeakMap, WeakMap.prototype, Object.getPrototypeOf(new Map([[1, 2]]).entries())].every(Object.isFrozen)`, `true`},
		{"map iterator first", `const it = Object.getPrototypeOf(new Map([[1, 2]]).keys()); return [Object.isFrozen(it), Object.isFrozen(Map.prototype)]`, `[true,true]`},
		{"map works", `const m = new Map([["a", 1]]); const w = new WeakMap(); const k = {}; w.set(k, 2); return [m.get("a"), w.get(k), [...m.keys()][0]]`, `[1,2,"a"]`},
		{"proxy chain", `let p = {}; for (let i = 0; i < 5; i++) p = new Proxy(p, {}); return typeof p`, `"object"`},
		{"format without making", `console.log({ a: [1] }, "x"); return ["Map", "Set", "Date", "ArrayBuffer"].map((n) => n)`, `["Map","Set","Date","ArrayBuffer"]`},
		{"format made", `console.log(new Map([[1, {b: 2}]]), new Set([1]), new Uint8Array(2), new ArrayBuffer(3), new Date(0)); console.count(); console.count(); return 1`, `1`},
		{"typed via buffer", `const b = new Uint16Array(2).buffer; return [Object.isFrozen(Object.getPrototypeOf(b)), b instanceof ArrayBuffer]`, `[true,true]`},
		{"guards", `try { new Uint8Array(2 ** 40); return "allocated" } catch (e) { return "threw" }`, `null`},
		{"date zone", `return new Date(0).getHours() + "/" + new Date(0).toString().slice(0, 15)`, `"0/Thu Jan 01 1970"`},
		{"prelude classes", `const u = new URL("http://a/b?x=1"); u.searchParams.append("y", "2");
			return [u.href, new TextDecoder().decode(new TextEncoder().encode("hé")), [URL, URL.prototype, URLSearchParams.prototype, TextEncoder, TextDecoder.prototype].every(Object.isFrozen),
				delete globalThis.URL, u instanceof URL, Object.keys(globalThis).includes("URL")]`, `["http://a/b?x=1&y=2","hé",true,false,true,false]`},
		{"console", `console.log("a %s", { x: 1 }); console.table([{ a: 1 }]); const c = console;
			try { console.log = null } catch (e) {}
			return [c === console, Object.isFrozen(console), Object.isFrozen(console.log), typeof console.log, delete globalThis.console]`, `[true,true,true,"function",false]`},
		{"math works", `let s = 0; for (let i = 0; i < 100; i++) s += Math.max(i, 50); return s`, `6225`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := Prepare(mcpPrepareOpts())
			if p.r.lazy == nil {
				t.Fatal("not lazy")
			}
			res, err := p.Run(context.Background(), tc.code, PreparedRun{})
			switch tc.name {
			case "format without making":
				// Logging an object makes none of the built-ins the
				// formatter asks about.
				for _, g := range p.r.lazy.groups {
					if g.state != lazyPending && g.names[0] != "Math" {
						t.Errorf("%s was made", g.names[0])
					}
				}
				if want := "{ a: [ 1 ] } x\n"; res.Stdout != want {
					t.Errorf("stdout %q, want %q", res.Stdout, want)
				}
			case "format made":
				if want := "Map(1) { 1 => { b: 2 } } Set(1) { 1 } Uint8Array(2) [ 0, 0 ] ArrayBuffer { byteLength: 3 } 1970-01-01T00:00:00.000Z\ndefault: 1\ndefault: 2\n"; res.Stdout != want {
					t.Errorf("stdout %q, want %q", res.Stdout, want)
				}
			}
			if tc.name == "guards" {
				if err == nil || err.(*Error).Limit != "memory" {
					t.Fatalf("want a memory limit, got %s, %v", res.Value, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(res.Value) != tc.want {
				t.Errorf("got %s, want %s", res.Value, tc.want)
			}
		})
	}
}

// An ArrayBuffer that host code makes reaches a script without any
// typed-array name being read (a Response body): its prototype must be
// frozen all the same.
func TestLazyHostArrayBuffer(t *testing.T) {
	opts := RunOptions{Freeze: true, Network: &curl.Policy{}}
	if _, err := Run(context.Background(), "return 1", opts); err != nil { // caches the plan
		t.Fatal(err)
	}
	res, err := Run(context.Background(), `const b = await new Response("x").arrayBuffer();
		const p = Object.getPrototypeOf(b);
		try { p.slice = null } catch (e) {}
		return [Object.isFrozen(p), typeof p.slice]`, opts)
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Value) != `[true,"function"]` {
		t.Errorf("got %s", res.Value)
	}
}

// Without the freeze, the prelude's classes are plain data globals as
// before: a script may replace them.
func TestLazyPreludeClassesUnfrozen(t *testing.T) {
	res, err := Run(context.Background(), `URL = 1; TextEncoder = 2; return [URL, TextEncoder, typeof TextDecoder, Object.isFrozen(TextDecoder)]`, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Value) != `[1,2,"function",false]` {
		t.Errorf("got %s", res.Value)
	}
}

// A built-in first read with the call stack nearly full cannot be
// realised there: the run must end as it would have with the built-in
// ready (the stack limit), never go on with it half set up or unfrozen.
func TestLazyRealiseAtStackLimit(t *testing.T) {
	run := func(lazy bool, depth int) string {
		noLazy = !lazy
		defer func() { noLazy = false }()
		Prepare(mcpPrepareOpts()).Discard()
		p := Prepare(mcpPrepareOpts())
		if lazy != (p.r.lazy != nil) {
			t.Fatalf("lazy %v: got %v", lazy, p.r.lazy != nil)
		}
		code := fmt.Sprintf(`function f(n) { return n === 0 ? [new Date(0).getHours(), Math.max(1, 2), new Uint8Array(2).length] : f(n - 1) }
			let r; try { r = f(%d) } catch (e) { r = String(e) }
			return [r, [Date.prototype, Math, Uint8Array.prototype].every(Object.isFrozen)]`, depth)
		res, err := p.Run(context.Background(), code, PreparedRun{})
		return fmt.Sprint(string(res.Value), err)
	}
	limits := 0
	for depth := DefaultMaxCallStackSize - 12; depth < DefaultMaxCallStackSize; depth++ {
		eager, lazy := run(false, depth), run(true, depth)
		if eager != lazy {
			t.Errorf("depth %d: eager %s, lazy %s", depth, eager, lazy)
		}
		if strings.Contains(lazy, "call stack") {
			limits++
		}
	}
	if limits == 0 || limits == 12 {
		t.Errorf("the depths did not straddle the stack limit (%d of 12 hit it)", limits)
	}
}

// A lazy group's hidden intrinsic lands in its own slot of the hidden
// list: realising Map fills the Map iterator's, not the Array iterator's.
func TestLazyHiddenSlots(t *testing.T) {
	p := Prepare(mcpPrepareOpts())
	if p.err != nil || p.r.group("Map") == nil || p.r.group("Set") == nil {
		t.Skip("Map and Set are not lazy here")
	}
	res, err := p.Run(context.Background(), `
		const protos = [Object.getPrototypeOf([][Symbol.iterator]()), Object.getPrototypeOf(new Map().keys()), Object.getPrototypeOf(new Set().keys())];
		return protos.map((o) => Object.isFrozen(o))`, PreparedRun{})
	if err != nil || string(res.Value) != "[true,true,true]" {
		t.Fatalf("%s, %v", res.Value, err)
	}
	h := p.r.hidden.frozen
	if h[4] == nil || h[hiddenMapIter] == nil || h[hiddenSetIter] == nil || h[4] == h[hiddenMapIter] {
		t.Fatalf("array iterator %v, map iterator %v, set iterator %v", h[4], h[hiddenMapIter], h[hiddenSetIter])
	}
}
