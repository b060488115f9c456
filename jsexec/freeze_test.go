package jsexec

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// A built-in frozen on first use (lazy.go) is a getter-only,
// non-configurable accessor of the global object: to a script a name it
// cannot assign, delete or redefine, as a read-only data property is. The
// fingerprints describe it as the data property it stands for, with the
// value its getter returns (reading it realises the built-in).
const globalDesc = `
const globalDesc = (o, k) => {
  const d = Object.getOwnPropertyDescriptor(o, k);
  if (o === globalThis && d && d.get && !d.set && !d.configurable) return { value: o[k], writable: false, configurable: false, enumerable: d.enumerable };
  return d;
};`

// freezeFingerprint describes, for every global, its property flags and
// whether it, its prototype and its data properties are frozen.
const freezeFingerprint = globalDesc + `
const out = [];
const g = globalThis;
for (const k of Object.getOwnPropertyNames(g).sort()) {
  const d = globalDesc(g, k);
  let line = k + ":" + ("value" in d ? "data" : "accessor") + (d.writable ? "w" : "") + (d.configurable ? "c" : "") + (d.enumerable ? "e" : "");
  const v = d.value;
  if (v !== null && (typeof v === "object" || typeof v === "function")) {
    line += " frozen=" + Object.isFrozen(v);
    if (typeof v === "function" && v.prototype) line += " proto=" + Object.isFrozen(v.prototype);
    if (typeof v === "object") {
      for (const n of Object.getOwnPropertyNames(v).sort()) {
        const x = globalDesc(v, n);
        if ("value" in x && x.value !== null && (typeof x.value === "object" || typeof x.value === "function")) line += " " + n + "=" + Object.isFrozen(x.value);
      }
    }
  }
  out.push(line);
}
return out.join("\n");`

// deepFingerprint describes, for every object the freeze covers (the
// globals' values, their prototypes and held objects, the hidden
// intrinsics), whether it is extensible and, for each own key, the
// kind and flags of the property: what Object.freeze decides.
const deepFingerprint = globalDesc + `
const out = [];
const g = globalThis;
const isObj = (v) => v !== null && (typeof v === "object" || typeof v === "function");
const describe = (label, o) => {
  if (!isObj(o)) return;
  const keys = Reflect.ownKeys(o).map((k) => [String(k), k]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  out.push(label + " ext=" + Object.isExtensible(o) + " " + keys.map(([n, k]) => {
    const d = globalDesc(o, k);
    return n + ":" + ("value" in d ? "d" + (d.writable ? "w" : "") : "a" + (d.get ? "g" : "") + (d.set ? "s" : "")) + (d.configurable ? "c" : "") + (d.enumerable ? "e" : "");
  }).join(","));
};
for (const k of Object.getOwnPropertyNames(g).sort()) {
  const d = globalDesc(g, k);
  if (!("value" in d)) continue;
  const v = d.value;
  describe(k, v);
  if (typeof v === "function") describe(k + ".prototype", v.prototype);
  else if (isObj(v)) for (const n of Object.getOwnPropertyNames(v).sort()) {
    const x = globalDesc(v, n);
    if ("value" in x) describe(k + "." + n, x.value);
  }
}
const gen = Object.getPrototypeOf(function* () {});
const hidden = {gen, genProto: gen.prototype, iterProto: Object.getPrototypeOf(gen.prototype), asyncFn: Object.getPrototypeOf(async function () {}),
  arrayIter: Object.getPrototypeOf([][Symbol.iterator]()), mapIter: Object.getPrototypeOf(new Map()[Symbol.iterator]()),
  setIter: Object.getPrototypeOf(new Set()[Symbol.iterator]()), stringIter: Object.getPrototypeOf(""[Symbol.iterator]()),
  regexpIter: Object.getPrototypeOf(/x/[Symbol.matchAll]("")), typed: Object.getPrototypeOf(Int8Array), typedProto: Object.getPrototypeOf(Int8Array.prototype)};
for (const k of Object.keys(hidden)) describe("%" + k, hidden[k]);
return out.join("\n");`

// A runtime frozen from the cached plan is frozen exactly as one whose
// walk ran in JavaScript: the same globals read-only, the same objects
// frozen, the run's own globals left alone.
func TestFreezePlanMatchesWalk(t *testing.T) {
	opts := func() RunOptions {
		o := mcpPrepareOpts()
		o.Invoke = func(context.Context, string, json.RawMessage) (json.RawMessage, error) { return nil, nil }
		return o
	}
	fingerprint := func(walk bool, code string) string {
		noFreezePlan = walk
		defer func() { noFreezePlan = false }()
		p := Prepare(opts())
		res, err := p.Run(context.Background(), code, PreparedRun{})
		if err != nil {
			t.Fatal(err)
		}
		return string(res.Value)
	}
	if walked, replayed := fingerprint(true, deepFingerprint), fingerprint(false, deepFingerprint); walked != replayed {
		t.Errorf("deep: frozen by the walk:\n%s\n\nfrom the plan:\n%s", walked, replayed)
	} else {
		var text string
		if err := json.Unmarshal([]byte(walked), &text); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"\n%arrayIter ext=false ", "\n%typedProto ext=false ", "\nArray.prototype ext=false ",
			"\nObject.prototype ext=false __proto__:ags,constructor:ags,", "\nMath.abs ext=false length:d,name:d\n"} {
			if !strings.Contains(text, want) {
				t.Errorf("deep fingerprint lacks %q", want)
			}
		}
		// Only the run's own globals (skipped) and the global object
		// itself stay extensible.
		for _, line := range strings.Split(text, "\n") {
			label, _, _ := strings.Cut(line, " ")
			root, _, _ := strings.Cut(label, ".")
			if strings.Contains(line, " ext=true") && !slices.Contains([]string{"docs", "jsmcp", "math", "tools", "globalThis"}, root) {
				t.Errorf("not frozen: %s", line)
			}
		}
	}
	walked := fingerprint(true, freezeFingerprint)
	Prepare(opts()).Discard() // makes sure a plan is cached
	if freezePlans.get(freezeKey{}) == nil {
		t.Fatal("no freeze plan was cached")
	}
	replayed := fingerprint(false, freezeFingerprint)
	if walked != replayed {
		t.Errorf("frozen by the JavaScript walk:\n%s\n\nfrom the plan:\n%s", walked, replayed)
	}
	var text string
	if err := json.Unmarshal([]byte(replayed), &text); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	for _, want := range []string{"Array:data frozen=true proto=true", "math:data frozen=false proto=false", "tools:data frozen=false proto=false"} {
		if !slices.Contains(lines, want) {
			t.Errorf("no line %q in\n%s", want, text)
		}
	}
	if !strings.Contains(text, "\nMath:data frozen=true abs=true") || !strings.Contains(text, "\nconsole:data frozen=true assert=true") {
		t.Errorf("Math or console not frozen with their methods:\n%s", text)
	}
}

// The tamed accessors share their setters and equal getters: each still
// answers for its own prototype and refuses every tamed prototype.
func TestTamedAccessorsShared(t *testing.T) {
	Prepare(mcpPrepareOpts()).Discard()
	code := `"use strict";
const refused = (f) => { try { f(); return false } catch (e) { return e instanceof TypeError } };
class E extends RangeError { constructor() { super("m"); this.name = "E"; this.message = "n"; } }
const f = function () {}; f.toString = () => "mine";
const o = {}; o.toString = () => "own"; o.constructor = 1;
return [new TypeError("a").name, new RangeError().name, new URIError().message, String(new E()),
  refused(() => { TypeError.prototype.message = "x" }), refused(() => { RangeError.prototype.name = "x" }),
  refused(() => { Object.prototype.toString = null }), refused(() => { Function.prototype.toString = null }),
  TypeError.prototype.message, RangeError.prototype.name, String(f), String(o), o.constructor, ({}).constructor === Object,
  Object.getOwnPropertyDescriptor(TypeError.prototype, "name").set === Object.getOwnPropertyDescriptor(Error.prototype, "name").set]`
	for _, lazy := range []bool{false, true} {
		noLazy = !lazy
		p := Prepare(mcpPrepareOpts())
		noLazy = false
		res, err := p.Run(context.Background(), code, PreparedRun{})
		if err != nil {
			t.Fatal(err)
		}
		want := `["TypeError","RangeError","","E: n",true,true,true,true,"","RangeError","mine","own",1,true,true]`
		if string(res.Value) != want {
			t.Errorf("got  %s\nwant %s", res.Value, want)
		}
	}
}

// A VM whose console is not lazy (the run keeps the name) has it frozen
// whether the plan it replays was walked by a VM with a lazy console
// (which leaves console alone) or not.
func TestFreezeKeptConsole(t *testing.T) {
	saved := freezePlans
	defer func() { freezePlans = saved }()
	kept := RunOptions{Freeze: true, Globals: map[string]any{"console": nil}}
	lazy := RunOptions{Freeze: true}
	for _, walker := range []RunOptions{kept, lazy} {
		freezePlans = &freezePlanCache{plans: map[freezeKey]*freezePlan{}}
		for i, opts := range []RunOptions{walker, kept} {
			res, err := Prepare(opts).Run(context.Background(), `
				const d = Object.getOwnPropertyDescriptor(globalThis, "console");
				return ["value" in d, Object.isFrozen(console), typeof console.log]`, PreparedRun{})
			want := `[true,true,"function"]`
			if opts.Globals == nil {
				want = `[false,true,"function"]` // the getter of a lazy console
			}
			if err != nil || string(res.Value) != want {
				t.Errorf("walked with console kept %v, VM %d: %s, %v; want %s", walker.Globals != nil, i, res.Value, err, want)
			}
		}
	}
}
