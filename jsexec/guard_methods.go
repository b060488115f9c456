package jsexec

import (
	"fmt"
	"sync"

	"github.com/dop251/goja"
)

// The method guards (see guard.go for why) are Go functions that take the
// place of the built-in methods: each checks the size its call would
// allocate and ends the run before calling the original, which only the
// wrapper can reach. Being Go, they cost a VM a function object each and
// no JavaScript closures, descriptors or prelude run.

// elementLoops are the Array.prototype methods whose native loop visits
// every index below length, holes included, without looking at the
// interrupt flag: the count is checked first (checkElementLoop).
var elementLoops = []string{"slice", "splice", "map", "filter", "forEach", "reduce", "reduceRight", "some", "every",
	"find", "findIndex", "findLast", "findLastIndex", "indexOf", "lastIndexOf", "includes", "sort", "reverse",
	"copyWithin", "flat", "flatMap", "toLocaleString", "shift", "unshift", "toReversed", "toSorted", "toSpliced", "with"}

// installMethodGuards wraps the methods; installGuards runs the
// constructor guards, which stay JavaScript, afterwards.
func (r *rt) installMethodGuards() error {
	g := r.vm.GlobalObject()
	proto := func(name string) *goja.Object {
		c, _ := g.Get(name).(*goja.Object)
		if c == nil {
			return nil
		}
		p, _ := c.Get("prototype").(*goja.Object)
		return p
	}
	arrayCtor, _ := g.Get("Array").(*goja.Object)
	arrayProto, stringProto, regexpProto := proto("Array"), proto("String"), proto("RegExp")
	jsonObj, _ := g.Get("JSON").(*goja.Object)
	if arrayCtor == nil || arrayProto == nil || stringProto == nil || regexpProto == nil || jsonObj == nil || r.hidden.genFnProto == nil {
		return errMissingBuiltins
	}
	for _, w := range []struct {
		obj        *goja.Object
		name, kind string
	}{
		{stringProto, "repeat", "repeat"}, {stringProto, "padStart", "pad"}, {stringProto, "padEnd", "pad"},
		{arrayProto, "join", "join"}, {arrayProto, "fill", "fill"},
	} {
		if err := r.wrapChecked(w.obj, w.name, w.kind); err != nil {
			return err
		}
	}
	for _, name := range elementLoops {
		if err := r.wrapChecked(arrayProto, name, "Array.prototype."+name); err != nil {
			return err
		}
	}
	// concat sizes all its arguments.
	if err := r.wrap(arrayProto, "concat", -1, func(orig goja.Callable, c goja.FunctionCall) goja.Value {
		if !r.checkConcatArgs(c.This, c.Arguments, int64(r.lim.MaxMemoryBytes)) {
			return goja.Undefined()
		}
		return callOrig(orig, c.This, c.Arguments...)
	}); err != nil {
		return err
	}
	for _, name := range []string{"split", "replace", "replaceAll"} {
		if err := r.wrapChecked(stringProto, name, name); err != nil {
			return err
		}
	}
	if err := r.wrapChecked(arrayCtor, "from", "from"); err != nil {
		return err
	}
	// match, matchAll and search compile a string argument as a pattern.
	for _, name := range []string{"match", "matchAll", "search"} {
		if err := r.wrap(stringProto, name, -1, func(orig goja.Callable, c goja.FunctionCall) goja.Value {
			if _, isObj := c.Argument(0).(*goja.Object); !isObj && !r.check("regexsrc", goja.Null(), c.Argument(0), goja.Undefined(), goja.Undefined()) {
				return goja.Undefined()
			}
			return callOrig(orig, c.This, c.Arguments...)
		}); err != nil {
			return err
		}
	}
	// JSON.stringify is Go (jsonstr.go); JSON.parse recurses once per
	// nesting level, so the depth is checked first.
	if err := method(jsonObj, "stringify", r.native("stringify", 3, r.jsonStringify)); err != nil {
		return err
	}
	if err := r.wrap(jsonObj, "parse", -1, func(orig goja.Callable, c goja.FunctionCall) goja.Value {
		if !r.check("json", goja.Null(), c.Argument(0), goja.Undefined(), goja.Undefined()) {
			return goja.Undefined()
		}
		if v, ok := r.fastJSONParse(c.Argument(0), c.Argument(1)); ok {
			return v // jsonparse.go: goja's own reads token by token
		}
		return callOrig(orig, c.This, c.Arguments...)
	}); err != nil {
		return err
	}
	for _, name := range []string{"exec", "test"} {
		if err := r.wrap(regexpProto, name, 1, func(orig goja.Callable, c goja.FunctionCall) goja.Value {
			return r.regexCall(c.This, orig, c.Argument(0))
		}); err != nil {
			return err
		}
	}
	return nil
}

// wrapChecked replaces obj[name] by a wrapper that calls the original
// only when check(kind, this, arguments...) lets it.
func (r *rt) wrapChecked(obj *goja.Object, name, kind string) error {
	return r.wrap(obj, name, -1, func(orig goja.Callable, c goja.FunctionCall) goja.Value {
		if !r.check(kind, c.This, c.Argument(0), c.Argument(1), c.Argument(2)) {
			return goja.Undefined()
		}
		return callOrig(orig, c.This, c.Arguments...)
	})
}

// wrap replaces obj[name] (a method) by f, which gets the original. The
// wrapper has the original's name and, with length -1, its length.
func (r *rt) wrap(obj *goja.Object, name string, length int, f func(orig goja.Callable, c goja.FunctionCall) goja.Value) error {
	origV, isObj := obj.Get(name).(*goja.Object)
	if !isObj {
		return nil // not in this goja
	}
	orig, ok := goja.AssertFunction(origV)
	if !ok {
		return nil
	}
	if length < 0 {
		length = int(origV.Get("length").ToInteger())
	}
	w := r.native(name, length, func(c goja.FunctionCall) goja.Value {
		// goja calls some methods from Go (toString calls join), where
		// the call is no frame of the VM's counted stack: the wrappers
		// count themselves, or nested arrays would recurse in Go as deep
		// as they go.
		r.wrapDepth++
		defer func() { r.wrapDepth-- }()
		if r.wrapDepth > r.lim.MaxCallStackSize {
			r.cancel(&limitError{limit: "call stack", msg: fmt.Sprintf("js-exec: call stack exceeded (%d frames): RangeError: Maximum call stack size exceeded", r.lim.MaxCallStackSize)})
			r.vm.Interrupt(r.ctx.Err())
			return goja.Undefined()
		}
		return f(orig, c)
	})
	return method(obj, name, w)
}

// callOrig calls an original from inside a wrapper: what it throws is
// thrown on (an exception, the run's interrupt, a stack overflow).
func callOrig(orig goja.Callable, this goja.Value, args ...goja.Value) goja.Value {
	v, err := orig(this, args...)
	if err != nil {
		panic(err)
	}
	return v
}

// method defines obj[name] as a method: writable, configurable, not
// enumerable, as built-in methods are.
func method(obj *goja.Object, name string, fn goja.Value) error {
	return obj.DefineDataProperty(name, fn, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// staticProp is one own property of a guarded constructor, as the first
// VM of the process found it; the properties of a built-in are the same
// in every VM.
type staticProp struct {
	name     string
	sym      *goja.Symbol
	accessor bool
	w, c, e  goja.Flag
}

// staticLayouts maps a constructor's name to its []staticProp.
var staticLayouts sync.Map

func flag(b bool) goja.Flag {
	if b {
		return goja.FLAG_TRUE
	}
	return goja.FLAG_FALSE
}

// copyStatics gives W the own properties of C, except name (W has its
// own) and the legacy caller and arguments.
func (r *rt) copyStatics(name string, C, W *goja.Object) error {
	var w *freezeWalker
	layout, ok := staticLayouts.Load(name)
	if !ok {
		var err error
		if w, err = r.newWalker(); err != nil {
			return err
		}
		l, err := w.statics(C)
		if err != nil {
			return err
		}
		if w.ok {
			staticLayouts.Store(name, l)
		}
		layout = l
	}
	for _, p := range layout.([]staticProp) {
		var key goja.Value
		if p.sym != nil {
			key = p.sym
		} else {
			key = stringValue(r.vm, p.name)
		}
		if p.accessor {
			// The getter and setter are only reachable through a
			// descriptor (only [Symbol.species] is an accessor here).
			if w == nil {
				var err error
				if w, err = r.newWalker(); err != nil {
					return err
				}
			}
			d, err := w.describe(C, key)
			if err != nil {
				return err
			}
			if p.sym != nil {
				err = W.DefineAccessorPropertySymbol(p.sym, d.get, d.set, p.c, p.e)
			} else {
				err = W.DefineAccessorProperty(p.name, d.get, d.set, p.c, p.e)
			}
			if err != nil {
				return err
			}
			continue
		}
		var err error
		if p.sym != nil {
			err = W.DefineDataPropertySymbol(p.sym, C.GetSymbol(p.sym), p.w, p.c, p.e)
		} else {
			err = W.DefineDataProperty(p.name, C.Get(p.name), p.w, p.c, p.e)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// statics reads C's own properties for copyStatics.
func (w *freezeWalker) statics(C *goja.Object) ([]staticProp, error) {
	keys, err := w.keysOf(C)
	if err != nil {
		return nil, err
	}
	var out []staticProp
	for _, kv := range keys {
		p := staticProp{}
		if s, isSym := kv.(*goja.Symbol); isSym {
			if !wellKnown(s) {
				w.ok = false
			}
			p.sym = s
		} else {
			p.name = kv.String()
			if p.name == "name" || p.name == "caller" || p.name == "arguments" {
				continue
			}
		}
		d, err := w.describe(C, kv)
		if err != nil {
			return nil, err
		}
		if !d.exists {
			continue
		}
		p.accessor = !d.data
		p.w, p.c, p.e = flag(d.writable), flag(d.configurable), flag(d.enumerable)
		if p.accessor {
			p.w = goja.FLAG_NOT_SET
		}
		out = append(out, p)
	}
	return out, nil
}
