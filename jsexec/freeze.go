package jsexec

import (
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"slices"
	"sync"

	"github.com/dop251/goja"
)

// freezeSrc freezes the built-ins and makes their global names read-only
// (RunOptions.Freeze). It is trusted code, compiled once and run before the
// user's code with the names to leave alone (tool proxies refuse to be
// frozen; data values belong to the script).
//
// Freezing prototypes triggers the "override mistake": `this.name = "X"`
// in an Error subclass, or `obj.toString = f`, would throw because the
// inherited property is read-only. The few properties scripts commonly
// shadow become accessors whose setter defines an own property on the
// receiver, so those assignments keep working.
const freezeSrc = `(function (g, skip, walk) {
  "use strict";
  const { freeze, getOwnPropertyNames, getOwnPropertyDescriptor, defineProperty, getPrototypeOf } = Object;
  const isObj = (o) => o !== null && (typeof o === "object" || typeof o === "function");
  const tame = (proto, key) => {
    const d = getOwnPropertyDescriptor(proto, key);
    if (!d || !("value" in d) || !d.configurable) return;
    const value = d.value;
    defineProperty(proto, key, {
      get: function () { return value; },
      set: function (v) {
        if (this === proto) throw new TypeError("Cannot assign to read only property '" + String(key) + "' of frozen built-in");
        defineProperty(this, key, { value: v, writable: true, enumerable: true, configurable: true });
      },
      enumerable: d.enumerable, configurable: false,
    });
  };
  for (const k of ["constructor", "toString", "valueOf", "toLocaleString"]) tame(Object.prototype, k);
  for (const n of ["Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError", "AggregateError"]) {
    const E = g[n];
    if (typeof E === "function") for (const k of ["name", "message", "constructor"]) tame(E.prototype, k);
  }
  tame(Function.prototype, "toString");
  const fz = (o) => { if (isObj(o)) { try { freeze(o); } catch (e) {} } };
  // The walk over the globals; with walk false the host replays it from
  // the plan this returns (see freezePlan).
  const plan = [];
  const names = walk ? getOwnPropertyNames(g) : [];
  for (let i = 0; i < names.length; i++) {
    const k = names[i];
    if (skip.indexOf(k) >= 0 || k === "globalThis") continue;
    const d = getOwnPropertyDescriptor(g, k);
    if (!d || !("value" in d)) continue;
    if (d.configurable) defineProperty(g, k, { writable: false, configurable: false });
    const v = d.value;
    const step = [k, d.configurable, 0, []];
    plan.push(step);
    if (!isObj(v)) continue;
    fz(v);
    if (typeof v === "function") { step[2] = 1; fz(v.prototype); continue; }
    step[2] = 2;
    const inner = getOwnPropertyNames(v);
    for (let j = 0; j < inner.length; j++) { const x = getOwnPropertyDescriptor(v, inner[j]); if (x && "value" in x) { step[3].push(inner[j]); fz(x.value); } }
  }
  const gen = getPrototypeOf(function* () {});
  const intrinsics = [gen, gen.prototype, getPrototypeOf(gen.prototype), getPrototypeOf(async function () {}),
    getPrototypeOf([][Symbol.iterator]()), getPrototypeOf(new Map()[Symbol.iterator]()),
    getPrototypeOf(new Set()[Symbol.iterator]()), getPrototypeOf(""[Symbol.iterator]()),
    getPrototypeOf(/x/[Symbol.matchAll]("")), getPrototypeOf(Int8Array), getPrototypeOf(Int8Array.prototype)];
  for (let i = 0; i < intrinsics.length; i++) fz(intrinsics[i]);
  fz(g.console);
  return plan;
})`

// freeze runs freezeSrc unless the embedder left built-ins alone.
//
// Its walk over the globals is most of a prepared runtime's set-up, and
// most of that walk is JavaScript asking questions whose answers are the
// same in every VM of one configuration: which globals hold data, which
// can be redefined, which properties of the plain objects among them hold
// data. The first VM of a configuration walks in JavaScript and returns
// those answers (a plan); the next ones skip the questions and replay the
// plan from Go (replayFreeze), which does the same freezing.
func (r *rt) freeze() error {
	if !r.opts.Freeze {
		return nil
	}
	fv, err := r.vm.RunProgram(freezePrg)
	if err != nil {
		return err
	}
	fn, _ := goja.AssertFunction(fv)
	skip := []string{}
	skip = append(skip, sortedKeys(r.opts.ToolGlobals)...)
	skip = append(skip, sortedKeys(r.opts.Globals)...)
	if r.opts.Invoke != nil {
		skip = append(skip, "tools")
	}
	key := freezeKey{node: r.opts.Host != nil, network: r.opts.Network != nil}
	plan := freezePlans.get(key)
	walk := plan == nil || noFreezePlan
	out, err := fn(goja.Undefined(), r.vm.GlobalObject(), r.vm.ToValue(skip), r.vm.ToValue(walk))
	if err != nil {
		return err
	}
	if walk {
		if plan := readFreezePlan(out, skip); plan != nil {
			freezePlans.put(key, plan)
		}
		return nil
	}
	return r.replayFreeze(plan, skip)
}

// noFreezePlan makes every VM walk in JavaScript (tests compare the two).
var noFreezePlan = false

// freezeKey is what decides the set of globals a VM has before freezing.
// The names a run adds itself (tool globals, data, tools) are always in
// the skip list, so they do not change the plan.
type freezeKey struct{ node, network bool }

// freezeStep is the walk's work on one global.
type freezeStep struct {
	name         string
	configurable bool
	kind         int      // 0 not an object, 1 a function, 2 another object
	inner        []string // kind 2: its own properties that hold data
}

type freezePlanCache struct {
	mu    sync.Mutex
	plans map[freezeKey][]freezeStep
}

var freezePlans = &freezePlanCache{plans: map[freezeKey][]freezeStep{}}

func (c *freezePlanCache) get(k freezeKey) []freezeStep {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.plans[k]
}

func (c *freezePlanCache) put(k freezeKey, p []freezeStep) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.plans[k] = p
}

// readFreezePlan reads the walk's answers; nil if they are not what
// freezeSrc returns (then the next VM walks again). Names skipped in this
// VM are left out of the plan, so they are what run-specific globals the
// plan never touches.
func readFreezePlan(v goja.Value, skip []string) []freezeStep {
	var raw [][]any
	if v == nil || json.Unmarshal([]byte(mustJSON(v)), &raw) != nil {
		return nil
	}
	plan := make([]freezeStep, 0, len(raw))
	for _, s := range raw {
		if len(s) != 4 {
			return nil
		}
		name, ok1 := s[0].(string)
		conf, ok2 := s[1].(bool)
		kind, ok3 := s[2].(float64)
		inner, ok4 := s[3].([]any)
		if !ok1 || !ok2 || !ok3 || !ok4 || slices.Contains(skip, name) {
			return nil
		}
		st := freezeStep{name: name, configurable: conf, kind: int(kind)}
		for _, n := range inner {
			ns, ok := n.(string)
			if !ok {
				return nil
			}
			st.inner = append(st.inner, ns)
		}
		plan = append(plan, st)
	}
	return plan
}

func mustJSON(v goja.Value) string {
	b, err := json.Marshal(v.Export())
	if err != nil {
		return ""
	}
	return string(b)
}

// replayFreeze does the walk of freezeSrc from a plan: the same globals
// made read-only, the same objects frozen, without asking JavaScript.
func (r *rt) replayFreeze(plan []freezeStep, skip []string) error {
	objFreeze, ok := goja.AssertFunction(r.vm.Get("Object").ToObject(r.vm).Get("freeze"))
	if !ok {
		return errors.New("freeze: Object.freeze is not a function")
	}
	fz := func(v goja.Value) {
		if o, ok := v.(*goja.Object); ok {
			_, _ = objFreeze(goja.Undefined(), o) // as freezeSrc: a refusal is ignored
		}
	}
	g := r.vm.GlobalObject()
	for i := range plan {
		st := &plan[i]
		if slices.Contains(skip, st.name) {
			continue
		}
		v := g.Get(st.name)
		if v == nil {
			continue // not in this VM
		}
		if st.configurable {
			if err := g.DefineDataProperty(st.name, v, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_NOT_SET); err != nil {
				return err
			}
		}
		o, isObj := v.(*goja.Object)
		if !isObj {
			continue
		}
		fz(o)
		switch st.kind {
		case 1:
			fz(o.Get("prototype"))
		case 2:
			for _, n := range st.inner {
				fz(o.Get(n))
			}
		}
	}
	return nil
}

// intrinsics are the originals host code calls, captured before any user
// code runs so a script replacing JSON.stringify, Error or the like cannot
// change what the host sees.
type intrinsics struct {
	stringify, parse goja.Callable
	errorCtor        *goja.Object
	bigintReplacer   goja.Value
}

var bigIntType = reflect.TypeOf((*big.Int)(nil))

func (r *rt) captureIntrinsics() {
	j := r.vm.Get("JSON").ToObject(r.vm)
	r.in.stringify, _ = goja.AssertFunction(j.Get("stringify"))
	r.in.parse, _ = goja.AssertFunction(j.Get("parse"))
	r.in.errorCtor = r.vm.Get("Error").ToObject(r.vm)
	// BigInts are not JSON: results and tool arguments carry them as
	// decimal strings.
	r.in.bigintReplacer = r.vm.ToValue(func(c goja.FunctionCall) goja.Value {
		v := c.Argument(1)
		if v.ExportType() == bigIntType {
			return r.vm.ToValue(v.String())
		}
		return v
	})
}

// toJSON serialises v with the original JSON.stringify; ok is false for
// values JSON has no text for (undefined, functions, symbols).
func (r *rt) toJSON(v goja.Value) (s string, ok bool, err error) {
	out, err := r.in.stringify(goja.Undefined(), v, r.in.bigintReplacer)
	if err != nil {
		return "", false, err
	}
	if goja.IsUndefined(out) {
		return "", false, nil
	}
	return out.String(), true, nil
}

// newError builds an Error with the original constructor.
func (r *rt) newError(msg string) *goja.Object {
	e, err := r.vm.New(r.in.errorCtor, r.vm.ToValue(msg))
	if err != nil {
		return r.vm.NewTypeError(msg)
	}
	return e
}
