package jsexec

import (
	"math/big"
	"reflect"

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
const freezeSrc = `(function (g, skip) {
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
  const names = getOwnPropertyNames(g);
  for (let i = 0; i < names.length; i++) {
    const k = names[i];
    if (skip.indexOf(k) >= 0 || k === "globalThis") continue;
    const d = getOwnPropertyDescriptor(g, k);
    if (!d || !("value" in d)) continue;
    if (d.configurable) defineProperty(g, k, { writable: false, configurable: false });
    const v = d.value;
    if (!isObj(v)) continue;
    fz(v);
    if (typeof v === "function") { fz(v.prototype); continue; }
    const inner = getOwnPropertyNames(v);
    for (let j = 0; j < inner.length; j++) { const x = getOwnPropertyDescriptor(v, inner[j]); if (x && "value" in x) fz(x.value); }
  }
  const gen = getPrototypeOf(function* () {});
  const intrinsics = [gen, gen.prototype, getPrototypeOf(gen.prototype), getPrototypeOf(async function () {}),
    getPrototypeOf([][Symbol.iterator]()), getPrototypeOf(new Map()[Symbol.iterator]()),
    getPrototypeOf(new Set()[Symbol.iterator]()), getPrototypeOf(""[Symbol.iterator]()),
    getPrototypeOf(/x/[Symbol.matchAll]("")), getPrototypeOf(Int8Array), getPrototypeOf(Int8Array.prototype)];
  for (let i = 0; i < intrinsics.length; i++) fz(intrinsics[i]);
  fz(g.console);
})`

// freeze runs freezeSrc unless the embedder left built-ins alone.
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
	_, err = fn(goja.Undefined(), r.vm.GlobalObject(), r.vm.ToValue(skip))
	return err
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
