package jsexec

import (
	"context"
	"io"
	"math"
	"strconv"
	"syscall"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// Guards against inputs that would take the host down rather than just
// the run: goja allocates in one step whatever size a script asks for (a
// 4 GiB typed array, a 2^31-element fill, 'x'.repeat(2**30)), its native
// loops (join, fill) never look at the interrupt flag, its JSON.parse
// recurses once per nesting level on the Go stack, and its backtracking
// regex engine (regexp2, used for backreferences and lookaround) runs a
// single match for as long as it takes. The memory watchdog samples the
// heap every few milliseconds, which is too late for any of these.
//
// So, before the prelude captures anything, the constructors and methods
// where the script picks a size are wrapped: the size is computed first
// and the run ends with a "memory" limit when it is over budget; the
// originals are reachable only through the wrappers.

// The methods are wrapped in Go (guard_methods.go). guardSrc wraps what
// stays JavaScript: the constructors (their wrappers construct with
// new.target), flat's deep path, the generator resumes (which must be
// counted frames) and Proxy. It is trusted code, compiled once;
// `check(kind, receiver, arg0, arg1, arg2)` (constructors pass the argument count as receiver) is Go (rt.guardCheck) and returns false
// after it has ended the run, so the original is never called.
//
// apply is Reflect.apply made of Function.prototype's own call and apply,
// construct is Go (rt.constructFn): reading Reflect would make all its
// methods in every set-up, and Reflect is lazy (lazy.go).
const guardSrc = `(function (g, check, maxNest, construct, M, newWeakMap) {
  "use strict";
  const apply = Function.prototype.call.bind(Function.prototype.apply);
  const defineProperty = Object.defineProperty, isArray = Array.isArray;
  { // flat recurses in Go once per level it descends: beyond a depth that
    // is safe, it is done here with an explicit stack instead.
    const orig = Array.prototype.flat, trunc = M.trunc;
    const w = { flat(depth) {
      const d = depth === undefined ? 1 : trunc(Number(depth));
      if (!(d > 1000)) return apply(orig, this, arguments); // NaN and small depths
      const O = Object(this), out = [];
      const len = (o) => { const n = trunc(Number(o.length)); return n > 0 ? n : 0; };
      if (!isArray(O) && !check("Array.prototype.flat", O)) return undefined;
      const stack = [[O, 0, len(O), d]];
      let n = 0;
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        if (top[1] >= top[2]) { stack.pop(); continue; }
        const i = top[1]++;
        if (!(i in top[0])) continue;
        const el = top[0][i];
        if (top[3] > 0 && isArray(el)) stack.push([el, 0, len(el), top[3] - 1]);
        else defineProperty(out, n++, { value: el, writable: true, enumerable: true, configurable: true });
      }
      return out;
    } }.flat;
    defineProperty(w, "length", { value: 0 });
    defineProperty(Array.prototype, "flat", { value: w, writable: true, enumerable: false, configurable: true });
  }
  { // A generator resumed by yield* runs nested in Go, uncounted by the
    // call-stack limit: a 100,000-deep delegation chain overflowed Go's
    // stack. Through these JS wrappers every resume is a counted frame
    // (goja calls an iterator's next from Go, where a Go wrapper would
    // not be counted).
    const GP = Object.getPrototypeOf(function* () {}).prototype;
    const names = ["next", "return", "throw"];
    for (let i = 0; i < names.length; i++) {
      const name = names[i], orig = GP[name];
      const w = { [name](v) { return apply(orig, this, [v]); } }[name];
      defineProperty(w, "length", { value: 1 });
      defineProperty(GP, name, { value: w, writable: true, enumerable: false, configurable: true });
    }
  }
  { // A get on a proxy without traps recurses in Go into its target, once
    // per proxy of a chain: chains are limited to maxNest proxies.
    // depth is made on the first proxy, from the original WeakMap (Go's
    // newWeakMap: WeakMap is a lazy built-in, and reading its global
    // name would make it); it is never seen outside this closure.
    const P = g.Proxy, revocable = P.revocable, mmax = M.max;
    let depthMap;
    const depth = () => depthMap || (depthMap = newWeakMap());
    const level = (t, h) => {
      const d = mmax(depth().get(t) || 0, depth().get(h) || 0) + 1;
      return d > maxNest && !check("proxydepth") ? -1 : d;
    };
    const W = { Proxy: function (target, handler) {
      if (new.target === undefined) return apply(P, undefined, [target, handler]); // throws: needs new
      const d = level(target, handler);
      if (d < 0) return undefined;
      const p = construct(P, [target, handler]);
      depth().set(p, d);
      return p;
    } }.Proxy;
    W.prototype = undefined;
    defineProperty(W, "revocable", { value: { revocable(target, handler) {
      const d = level(target, handler);
      if (d < 0) return undefined;
      const r = apply(revocable, P, [target, handler]);
      depth().set(r.proxy, d);
      return r;
    } }.revocable, writable: true, enumerable: false, configurable: true });
    defineProperty(g, "Proxy", { value: W, writable: true, enumerable: false, configurable: true });
  }
  const isObj = (v) => v !== null && (typeof v === "object" || typeof v === "function");
  // A function, not a Proxy: goja's instanceof refuses proxies. The Go
  // side (installGuards) gives it the original's prototype, statics and
  // name, so instanceof, subclassing, species and from/of behave as before.
  // ctor makes the wrapper of the constructor C; Go calls it for each
  // (guardCtor), when setup runs or, for a lazy one, on its first use.
  const made = { apply, construct, ctor: (C, name, size) => {
    const W = { [name]: function (...args) {
      if (new.target === undefined) return apply(C, undefined, args); // throws like the original: needs new
      return check(size, args.length, args[0]) ? construct(C, args, new.target === W ? C : new.target) : undefined;
    } }[name];
    return W;
  } };
  { // RegExp: a pattern nested too deep would overflow Go's stack in the
    // regex parsers, so its source is checked first. Objects other than
    // real regexps are read once here (source and flags of a regexp-like
    // object, else its string), so what is checked is what is compiled.
    const R = g.RegExp, sym = Symbol.match;
    const W = { RegExp: function (pattern, flags) {
      let args = arguments;
      const real = isObj(pattern) && check("isregexp", pattern);
      if (new.target === undefined && real && flags === undefined && pattern.constructor === W) return pattern;
      if (isObj(pattern) && !real) {
        const like = pattern[sym] !== undefined && !!pattern[sym];
        const src = like ? pattern.source : pattern;
        args = [src === undefined ? "" : String(src), like && flags === undefined ? pattern.flags : flags];
      }
      if (!check("regexsrc", null, args[0])) return undefined;
      if (new.target === undefined) return apply(R, undefined, args);
      return construct(R, args, new.target === W ? R : new.target);
    } }.RegExp;
    made.RegExp = W;
  }
  return made;
})`

// Sizes of goja values, for estimates: an Array element is an interface.
const (
	arrayElemBytes = 16
	// MaxProxyChain bounds a chain of proxies, each the target (or the
	// handler) of the next.
	MaxProxyChain = 10000
	// MaxJSONDepth bounds JSON.parse nesting (node's own limit is its
	// stack; deeper than this is never data a script needs).
	MaxJSONDepth = 10000
	// regexSlice is regexp2's match timeout. goja gives no way to tie a
	// match to the run, so every backtracking match stops after this long
	// and the wrapper retries it until it completes or the run ends: a
	// pathological pattern ends with the run's timeout, late by at most
	// one slice, instead of running forever.
	regexSlice = 500 * time.Millisecond
)

func (r *rt) installGuards() error {
	isArray, _ := goja.AssertFunction(r.vm.Get("Array").ToObject(r.vm).Get("isArray"))
	r.arrayIsArray = isArray
	if err := r.installMethodGuards(); err != nil {
		return err
	}
	M := r.builtin("Math")
	if M == nil {
		return errMissingBuiltins
	}
	newWeakMap := r.native("newWeakMap", 0, func(goja.FunctionCall) goja.Value {
		WM := r.builtin("WeakMap")
		if WM == nil {
			panic(r.vm.NewTypeError("js-exec: internal error: " + errMissingBuiltins.Error()))
		}
		o, err := r.vm.New(WM)
		if err != nil {
			panic(err)
		}
		return o
	})
	fv, err := r.vm.RunProgram(guardPrg)
	if err != nil {
		return err
	}
	fn, _ := goja.AssertFunction(fv)
	made, err := fn(goja.Undefined(), r.vm.GlobalObject(), r.vm.ToValue(r.guardCheck), r.vm.ToValue(MaxProxyChain), r.constructFn(), M, newWeakMap)
	if err != nil {
		return err
	}
	r.guardMade = made.(*goja.Object)
	return r.installCtorGuards()
}

// constructFn is Reflect.construct(C, args, newTarget) for the trusted
// JavaScript (guardSrc, dateSrc), which must not read Reflect. args is
// always an array of theirs.
func (r *rt) constructFn() *goja.Object {
	return r.native("construct", 2, func(c goja.FunctionCall) goja.Value {
		ctor, ok := goja.AssertConstructor(c.Argument(0))
		nt := c.Argument(0)
		if len(c.Arguments) > 2 {
			nt = c.Argument(2)
		}
		_, ntOK := goja.AssertConstructor(nt)
		list, isObj := c.Argument(1).(*goja.Object)
		if !ok || !ntOK || !isObj {
			panic(r.vm.NewTypeError("construct: not a constructor"))
		}
		// A real array of theirs: its length is what it holds, so the
		// copy is no larger than memory the run has already.
		n := list.Get("length").ToInteger()
		if n < 0 || n > int64(r.lim.MaxMemoryBytes)/arrayElemBytes {
			panic(r.vm.NewTypeError("construct: bad argument list"))
		}
		args := make([]goja.Value, n)
		for i := range args {
			args[i] = list.Get(itoa(int64(i)))
		}
		o, err := ctor(nt.(*goja.Object), args...)
		if err != nil {
			panic(err)
		}
		return o
	})
}

// guardedCtors are the constructors guardSrc's ctor wraps, with the kind
// of check their size gets; RegExp, which guardSrc wraps itself, is last.
var guardedCtors = []struct{ name, size string }{{"ArrayBuffer", "buffer"},
	{"Int8Array", "typed1"}, {"Uint8Array", "typed1"}, {"Uint8ClampedArray", "typed1"}, {"Int16Array", "typed2"}, {"Uint16Array", "typed2"},
	{"Int32Array", "typed4"}, {"Uint32Array", "typed4"}, {"Float32Array", "typed4"}, {"Float64Array", "typed8"},
	{"BigInt64Array", "typed8"}, {"BigUint64Array", "typed8"}, {"RegExp", ""}}

// installCtorGuards puts the wrappers in the originals' place, except
// for the lazy ones (lazy.go), which get theirs on first use.
func (r *rt) installCtorGuards() error {
	g := r.vm.GlobalObject()
	for _, c := range guardedCtors {
		if r.isLazy(c.name) {
			continue
		}
		C, _ := g.Get(c.name).(*goja.Object)
		W, err := r.guardCtor(c.name, C)
		if err != nil {
			return err
		}
		if W == nil {
			continue
		}
		if err := method(g, c.name, W); err != nil {
			return err
		}
	}
	return nil
}

// guardCtor makes the wrapper of the constructor C: it gets C's
// prototype chain and static properties (length, prototype,
// BYTES_PER_ELEMENT, from, of, [Symbol.species], ...), and the
// prototype's constructor leads to it. nil when C is missing.
func (r *rt) guardCtor(name string, C *goja.Object) (*goja.Object, error) {
	if C == nil {
		return nil, nil
	}
	var W *goja.Object
	if name == "RegExp" {
		W, _ = r.guardMade.Get("RegExp").(*goja.Object)
	} else {
		mk, _ := goja.AssertFunction(r.guardMade.Get("ctor"))
		size := ""
		for _, c := range guardedCtors {
			if c.name == name {
				size = c.size
			}
		}
		if mk == nil || size == "" {
			return nil, errMissingBuiltins
		}
		wv, err := mk(goja.Undefined(), C, stringValue(r.vm, name), stringValue(r.vm, size))
		if err != nil {
			return nil, err
		}
		W, _ = wv.(*goja.Object)
	}
	if W == nil {
		return nil, errMissingBuiltins
	}
	if err := W.SetPrototype(C.Prototype()); err != nil {
		return nil, err
	}
	if err := r.copyStatics(name, C, W); err != nil {
		return nil, err
	}
	if proto, ok := C.Get("prototype").(*goja.Object); ok {
		if err := method(proto, "constructor", W); err != nil {
			return nil, err
		}
	}
	return W, nil
}

// refuse ends the run with a memory limit before anything is allocated.
func (r *rt) refuse(what string, bytes float64, limit int64) bool {
	r.cancel(newLimitError("memory", "%s would need %.0f bytes; limit %d", what, bytes, limit))
	r.vm.Interrupt(r.ctx.Err())
	return false
}

// guardCheck is check for the constructor guards in guardSrc.
func (r *rt) guardCheck(call goja.FunctionCall) goja.Value {
	return r.vm.ToValue(r.check(call.Argument(0).String(), call.Argument(1), call.Argument(2), call.Argument(3), call.Argument(4)))
}

// check reports whether a call of the built-in kind stands for, on this
// with the arguments a0..a2, stays within the limits; when it would not,
// the run has been ended.
func (r *rt) check(kind string, this, a0, a1, a2 goja.Value) bool {
	args := [3]goja.Value{a0, a1, a2}
	arg := func(i int) goja.Value { return args[i] }
	strMax, memMax := r.lim.MaxStringBytes, int64(r.lim.MaxMemoryBytes)
	ok := true
	switch kind {
	case "repeat":
		n := float64(stringLen(this)) * integer(arg(0))
		if n > float64(strMax) {
			ok = r.refuse("String.prototype.repeat", n, strMax)
		}
	case "pad":
		if n := integer(arg(0)); n > float64(strMax) {
			ok = r.refuse("String.prototype.padStart/padEnd", n, strMax)
		}
	case "join":
		n := lengthOf(r.vm, this)
		sep := 1.0
		if !goja.IsUndefined(arg(0)) {
			sep = float64(stringLen(arg(0)))
		}
		// The loop itself is native and cannot be interrupted, so its
		// element count is bounded too.
		if total := (n - 1) * sep; total > float64(strMax) || n > float64(strMax) {
			ok = r.refuse("Array.prototype.join", max(total, n), strMax)
		}
	case "fill":
		n := fillCount(lengthOf(r.vm, this), arg(1), arg(2))
		if b := n * arrayElemBytes; b > float64(memMax) {
			ok = r.refuse("Array.prototype.fill", b, memMax)
		}
	case "from":
		if o, isObj := arg(0).(*goja.Object); isObj && o.ClassName() != "Array" {
			if b := lengthOf(r.vm, o) * arrayElemBytes; b > float64(memMax) {
				ok = r.refuse("Array.from", b, memMax)
			}
		}
	case "buffer":
		if b := number(arg(0)); b > float64(memMax) {
			ok = r.refuse("ArrayBuffer", b, memMax)
		}
	case "typed1", "typed2", "typed4", "typed8":
		ok = r.checkTyped(float64(kind[5]-'0'), arg(0), memMax)
	case "json":
		if d := jsonDepth(arg(0).String()); d > MaxJSONDepth {
			r.cancel(newLimitError("max nesting depth", "%d", MaxJSONDepth))
			r.vm.Interrupt(r.ctx.Err())
			ok = false
		}
	case "proxydepth":
		r.cancel(newLimitError("max nesting depth", "%d", MaxProxyChain))
		r.vm.Interrupt(r.ctx.Err())
		ok = false
	case "isregexp":
		o, isObj := this.(*goja.Object)
		ok = isObj && o.ClassName() == "RegExp"
	case "regexsrc":
		if v := arg(0); v != nil && !goja.IsUndefined(v) {
			if regexNesting(v.String()) > MaxSourceNesting {
				r.cancel(newLimitError("max nesting depth", "%d", MaxSourceNesting))
				r.vm.Interrupt(r.ctx.Err())
				ok = false
			}
		}
	case "split":
		ok = r.checkSplit(this, arg(0), arg(1), memMax)
	case "replace", "replaceAll":
		ok = r.checkReplace(kind, this, arg(0), arg(1), strMax)
	default:
		ok = r.checkElementLoop(kind, this, arg(0), arg(1), memMax)
	}
	return ok
}

// checkTyped sizes a typed array: a length, or an array-like's length
// (a buffer or another typed array is a view or a bounded copy).
func (r *rt) checkTyped(elem float64, a goja.Value, limit int64) bool {
	n := 0.0
	switch o := a.(type) {
	case *goja.Object:
		if _, isBuf := o.Export().(goja.ArrayBuffer); isBuf {
			return true
		}
		n = lengthOf(r.vm, o)
	default:
		n = number(a)
	}
	if b := n * elem; b > float64(limit) {
		return r.refuse("typed array", b, limit)
	}
	return true
}

// regexCall runs the original exec/test. A null result that took a whole
// slice may be regexp2 giving up, so it is retried (with lastIndex as it
// was) until it completes or the run's context ends and the interrupt
// stops the VM.
func (r *rt) regexCall(this goja.Value, orig goja.Callable, s goja.Value) goja.Value {
	obj, _ := this.(*goja.Object)
	var last goja.Value
	backtracking := false
	if obj != nil {
		last = obj.Get("lastIndex")
		src, flags := obj.Get("source"), obj.Get("flags")
		if src != nil && flags != nil {
			f := flags.String()
			_, err := parser.TransformRegExp(src.String(), containsRune(f, 's'), containsRune(f, 'u'))
			backtracking = err != nil
		}
	}
	for {
		start := time.Now()
		v, err := orig(this, s)
		if err != nil {
			panic(err)
		}
		gaveUp := backtracking && time.Since(start) >= regexSlice && (goja.IsNull(v) || v.SameAs(r.vm.ToValue(false)))
		if !gaveUp || r.ctx.Err() != nil {
			return v
		}
		if last != nil {
			_ = obj.Set("lastIndex", last)
		}
	}
}

func containsRune(s string, c rune) bool {
	for _, x := range s {
		if x == c {
			return true
		}
	}
	return false
}

func stringLen(v goja.Value) int {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return 0
	}
	if s, ok := v.ToString().(goja.String); ok {
		return s.Length()
	}
	return len(v.String())
}

// integer is ToIntegerOrInfinity, with NaN as 0 and negatives as 0 (the
// originals throw or do nothing for those).
func integer(v goja.Value) float64 {
	f := number(v)
	if math.IsInf(f, 1) {
		return 0 // the original throws a RangeError
	}
	return math.Trunc(f)
}

func number(v goja.Value) float64 {
	if v == nil || goja.IsUndefined(v) {
		return 0
	}
	if _, isObj := v.(*goja.Object); isObj {
		return 0 // converted by the original; objects never pick a size here
	}
	f := v.ToFloat()
	if math.IsNaN(f) || f < 0 {
		return 0
	}
	return f
}

func lengthOf(vm *goja.Runtime, v goja.Value) float64 {
	o, ok := v.(*goja.Object)
	if !ok {
		return 0
	}
	return number(o.Get("length"))
}

// fillCount is the number of elements fill(v, start, end) writes.
func fillCount(n float64, start, end goja.Value) float64 {
	rel := func(v goja.Value, def float64) float64 {
		if v == nil || goja.IsUndefined(v) {
			return def
		}
		f := math.Trunc(v.ToFloat())
		if math.IsNaN(f) {
			f = 0
		}
		if f < 0 {
			return max(n+f, 0)
		}
		return min(f, n)
	}
	return max(rel(end, n)-rel(start, 0), 0)
}

// jsonDepth is the deepest nesting of arrays and objects in s, counted
// outside strings. Malformed text is left for JSON.parse to reject.
func jsonDepth(s string) int {
	depth, deepest, inStr, esc := 0, 0, false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr:
			if esc {
				esc = false
			} else if c == '\\' {
				esc = true
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// errTooLarge is a read that went past Limits.MaxFileBytes.
type errTooLarge struct{ limit int64 }

func (e errTooLarge) Error() string {
	return "file too large (js-exec reads at most " + itoa(e.limit) + " bytes)"
}

// readLimited reads r to the end, but at most limit bytes, checking ctx
// between chunks: an endless device (/dev/zero) or a stdin that is still
// being written ends with an error instead of holding the host's memory.
func readLimited(ctx context.Context, rd io.Reader, limit int64) ([]byte, error) {
	var buf []byte
	chunk := make([]byte, 32<<10)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		n, err := rd.Read(chunk)
		if int64(len(buf)+n) > limit {
			return nil, errTooLarge{limit}
		}
		buf = append(buf, chunk[:n]...)
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// Unwrap makes the fs shim report it as node's EFBIG.
func (e errTooLarge) Unwrap() error { return syscall.EFBIG }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
