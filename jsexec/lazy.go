package jsexec

import (
	"errors"
	"slices"
	"sync"

	"github.com/dop251/goja"
)

// Lazy built-ins. Freezing a built-in costs goja materialising every
// method of it (its templates make a function object per method on first
// touch) and then a property definition per key; Math, Reflect, Date, the
// typed arrays, Set and WeakSet are about half of what the freeze covers,
// and most runs never name them. So a VM frozen from a cached plan
// (replayFreeze) leaves them as they are and gives each global name a
// getter instead: a non-configurable accessor without a setter, which to a
// script is a name it cannot assign, delete or redefine, as the frozen
// data property was. The first read of the name does what setup and the
// freeze would have done for it (the guards and the Date wrapper, then the
// plan's freezing) and every read returns the same, frozen, value.
//
// A built-in is lazy only if nothing but its global name leads to it
// before that name is read: no literal makes a Date, a Set or a typed
// array, so every object of the group is first reached through the
// getter. The typed arrays are one group (an instance's buffer leads to
// ArrayBuffer.prototype, any of them to %TypedArray%), and the host code
// that makes an ArrayBuffer from Go realises the group first
// (rt.newArrayBuffer). The first VM of a configuration is always eager: its
// walk records the plan the getters replay.

// lazyGroupDefs are the groups; a group is realised as a whole.
var lazyGroupDefs = [][]string{
	{"Math"}, {"Reflect"}, {"Date"}, {"Set"}, {"WeakSet"}, {"Map"}, {"WeakMap"},
	{"ArrayBuffer", "DataView", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array",
		"Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array"},
}

// Indexes of rt.hidden.frozen the lazy groups fill (captureHidden's order).
const (
	hiddenMapIter    = 5
	hiddenSetIter    = 6
	hiddenTyped      = 9
	hiddenTypedProto = 10
)

const (
	lazyPending = iota
	lazyBusy
	lazyDone
)

// lazyGroup is one group in one VM.
type lazyGroup struct {
	names []string
	def   int            // index in lazyGroupDefs
	orig  []*goja.Object // the originals, read on first use (lazyOrig)
	val   []goja.Value   // what the getters return
	state int
}

// lazyState is a VM's lazy groups.
type lazyState struct {
	plan   *freezePlan
	groups []*lazyGroup
	// goja is goja's own global object, where the originals of the lazy
	// names are (installLazy).
	goja       *goja.Object
	preventExt goja.Callable
}

// noLazy makes every VM eager (tests compare the two).
var noLazy = false

// lazyGetterNames are the getters' function names ("get Math"), made on
// the first use, not at package init.
var lazyGetterNames = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, g := range lazyGroupDefs {
		for _, n := range g {
			m[n] = "get " + n
		}
	}
	return m
})

// pickLazy decides, before setup, whether this VM replays a cached plan
// and can leave the lazy built-ins alone; keep reports the names the run
// brings itself (they are never lazy: the run assigns them).
func (r *rt) pickLazy(keep func(string) bool) {
	if !r.opts.Freeze || noFreezePlan || noLazy {
		return
	}
	plan := freezePlans.get(freezeKey{node: r.opts.Host != nil, network: r.opts.Network != nil})
	if plan == nil {
		return
	}
	ls := &lazyState{plan: plan}
	for gi, def := range lazyGroupDefs {
		ok := true
		for _, n := range def {
			if keep(n) || plan.step(n) == nil {
				ok = false
				break
			}
		}
		if ok {
			ls.groups = append(ls.groups, &lazyGroup{names: def, def: gi})
		}
	}
	if len(ls.groups) > 0 {
		r.lazy = ls
	}
}

// isLazy reports whether the global name is left to its getter.
func (r *rt) isLazy(name string) bool {
	if r.lazy == nil {
		return false
	}
	for _, g := range r.lazy.groups {
		if slices.Contains(g.names, name) {
			return true
		}
	}
	return false
}

// group is the lazy group holding name, or nil.
func (r *rt) group(name string) *lazyGroup {
	if r.lazy == nil {
		return nil
	}
	for _, g := range r.lazy.groups {
		if slices.Contains(g.names, name) {
			return g
		}
	}
	return nil
}

// installLazy puts the getters in place, first thing in setup: nothing
// may have read the names yet.
//
// goja's global object is a template: a name's value is made on the
// first touch of the name, and defining or deleting a property touches
// it, so a getter put in a lazy name's place there would cost the
// original all the same (Set and Reflect make all their methods at once,
// the typed arrays their 11 constructors: ~900 allocations a VM). So the
// VM gets a global object of its own instead (goja.Runtime.SetGlobalObject):
// an ordinary object with goja's global properties copied in their
// order and with their attributes (globalLayout), the lazy names as
// getters that read goja's global only when a script first names them.
// Every other name is copied as its value, which the freeze would have
// made anyway. Without a layout (goja's global had something a copy
// cannot carry) the getters go on goja's own global, as before.
func (r *rt) installLazy() error {
	ls := r.lazy
	if ls == nil {
		return nil
	}
	orig := r.vm.GlobalObject()
	ls.goja = orig
	obj, _ := orig.Get("Object").(*goja.Object)
	if obj == nil {
		return errMissingBuiltins
	}
	pe, ok := goja.AssertFunction(obj.Get("preventExtensions"))
	if !ok {
		return errMissingBuiltins
	}
	ls.preventExt = pe
	for _, lg := range ls.groups {
		lg.orig = make([]*goja.Object, len(lg.names))
	}
	layout := r.globalLayout()
	if layout == nil {
		return r.lazyGettersOn(orig)
	}
	g := r.vm.NewObject()
	for _, p := range layout {
		if p.sym != nil {
			if err := g.DefineDataPropertySymbol(p.sym, orig.GetSymbol(p.sym), p.w, p.c, p.e); err != nil {
				return err
			}
			continue
		}
		if lg, i := r.lazyAt(p.name); lg != nil {
			if err := r.lazyGetter(g, lg, i); err != nil {
				return err
			}
			continue
		}
		var v goja.Value = g
		if p.name != "globalThis" {
			v = orig.Get(p.name)
		}
		if err := g.DefineDataProperty(p.name, v, p.w, p.c, p.e); err != nil {
			return err
		}
	}
	r.vm.SetGlobalObject(g)
	return nil
}

// lazyGettersOn puts the getters on goja's own global, reading each
// original first (defining the property would make it anyway).
func (r *rt) lazyGettersOn(g *goja.Object) error {
	for _, lg := range r.lazy.groups {
		for i := range lg.names {
			if r.lazyOrig(lg, i) == nil {
				return errMissingBuiltins
			}
			if err := r.lazyGetter(g, lg, i); err != nil {
				return err
			}
		}
	}
	return nil
}

// lazyGetter defines the getter of lg's i-th name on g.
func (r *rt) lazyGetter(g *goja.Object, lg *lazyGroup, i int) error {
	name := lg.names[i]
	get := r.native(lazyGetterNames()[name], 0, func(goja.FunctionCall) goja.Value {
		return r.lazyValue(lg, i)
	})
	return g.DefineAccessorProperty(name, get, nil, goja.FLAG_FALSE, goja.FLAG_FALSE)
}

// lazyAt is the lazy group holding name and the name's index in it.
func (r *rt) lazyAt(name string) (*lazyGroup, int) {
	for _, g := range r.lazy.groups {
		if i := slices.Index(g.names, name); i >= 0 {
			return g, i
		}
	}
	return nil, -1
}

// lazyOrig is the original value of lg's i-th name, read from goja's
// global on first use.
func (r *rt) lazyOrig(lg *lazyGroup, i int) *goja.Object {
	if lg.orig[i] == nil {
		lg.orig[i], _ = r.lazy.goja.Get(lg.names[i]).(*goja.Object)
	}
	return lg.orig[i]
}

// globalProp is one own property of goja's global object as a new VM
// has it.
type globalProp struct {
	name    string
	sym     *goja.Symbol
	w, c, e goja.Flag
}

// globalLayout is goja's global object's own properties, in order, read
// once from a VM of its own; nil when one of them is something a copy
// would not reproduce (an accessor, a symbol that is not well known).
var globalLayout = sync.OnceValue(func() []globalProp {
	vm := goja.New()
	v, err := vm.RunString(globalLayoutSrc)
	if err != nil {
		return nil
	}
	var rows [][]any
	if err := vm.ExportTo(v, &rows); err != nil {
		return nil
	}
	syms, _ := vm.GlobalObject().Get("Symbol").(*goja.Object)
	var out []globalProp
	for _, row := range rows {
		if len(row) != 6 {
			return nil
		}
		name, _ := row[0].(string)
		isSym, _ := row[1].(bool)
		w, _ := row[2].(bool)
		c, _ := row[3].(bool)
		e, _ := row[4].(bool)
		if data, _ := row[5].(bool); !data {
			return nil
		}
		p := globalProp{name: name, w: flag(w), c: flag(c), e: flag(e)}
		if isSym {
			s, _ := syms.Get(name).(*goja.Symbol)
			if s == nil || !wellKnown(s) {
				return nil
			}
			p.name, p.sym = "", s
		}
		out = append(out, p)
	}
	return out
})

// globalLayoutSrc lists the global's own properties: [name, isSymbol,
// writable, configurable, enumerable, isData]; a symbol by its key on
// Symbol (toStringTag for Symbol.toStringTag).
const globalLayoutSrc = `(() => {
  const g = globalThis, row = (k, d, sym) => [k, sym, !!d.writable, !!d.configurable, !!d.enumerable, "value" in d];
  const out = Object.getOwnPropertyNames(g).map((k) => row(k, Object.getOwnPropertyDescriptor(g, k), false));
  for (const s of Object.getOwnPropertySymbols(g)) {
    const key = Object.getOwnPropertyNames(Symbol).find((k) => Symbol[k] === s);
    out.push(row(key === undefined ? "" : key, Object.getOwnPropertyDescriptor(g, s), true));
  }
  return out;
})()`

// builtin is the original value of a global, lazy or not, without
// realising it.
func (r *rt) builtin(name string) *goja.Object {
	if r.lazy != nil && r.lazy.goja != nil {
		if lg, i := r.lazyAt(name); lg != nil {
			return r.lazyOrig(lg, i)
		}
	}
	o, _ := r.vm.Get(name).(*goja.Object)
	return o
}

// lazyValue is a getter's answer: the group's value, realised on first
// use. A read while the group is being realised (the set-up code of the
// group itself) gets the value as it is so far.
func (r *rt) lazyValue(lg *lazyGroup, i int) goja.Value {
	switch lg.state {
	case lazyDone:
		return lg.val[i]
	case lazyBusy:
		if lg.val != nil && lg.val[i] != nil {
			return lg.val[i]
		}
		return r.lazyOrig(lg, i)
	}
	r.realiseOrThrow(lg)
	return lg.val[i]
}

// realiseOrThrow realises lg or throws. A realisation that fails (the
// call stack is full, the run was interrupted) leaves the group pending,
// so that nothing half-done is ever returned: the next read starts over
// (every step can be done twice). The stack and interrupt errors are
// thrown as themselves, so that the run ends as it would have on any
// other call at that depth or moment.
func (r *rt) realiseOrThrow(lg *lazyGroup) {
	done := false
	defer func() {
		if !done {
			lg.state, lg.val = lazyPending, nil
		}
	}()
	if err := r.realise(lg); err != nil {
		var so *goja.StackOverflowError
		var ie *goja.InterruptedError
		switch {
		case errors.As(err, &so):
			panic(so)
		case errors.As(err, &ie):
			panic(ie)
		}
		panic(r.vm.NewTypeError("js-exec: internal error: " + err.Error()))
	}
	done = true
}

// realiseTyped makes sure the typed-array group is frozen and guarded
// before host code hands the script an ArrayBuffer made in Go.
func (r *rt) realiseTyped() {
	if lg := r.group("ArrayBuffer"); lg != nil && lg.state == lazyPending {
		r.realiseOrThrow(lg)
	}
}

// newArrayBuffer is vm.NewArrayBuffer for host code: the buffer's
// prototype must be frozen before a script can reach it.
func (r *rt) newArrayBuffer(b []byte) goja.ArrayBuffer {
	r.realiseTyped()
	return r.vm.NewArrayBuffer(b)
}

// realise does for a group what setup and the freeze do for the eager
// built-ins.
func (r *rt) realise(lg *lazyGroup) error {
	for i := range lg.names {
		if r.lazyOrig(lg, i) == nil {
			return errMissingBuiltins
		}
	}
	lg.state = lazyBusy
	lg.val = make([]goja.Value, len(lg.names))
	for i, o := range lg.orig {
		lg.val[i] = o
	}
	if err := r.guardLazy(lg); err != nil {
		return err
	}
	var sealed []*goja.Object
	pe := func(o *goja.Object) { sealed = append(sealed, o) }
	plan := r.lazy.plan
	for i, name := range lg.names {
		st := plan.step(name)
		o, _ := lg.val[i].(*goja.Object)
		if st == nil || o == nil {
			return errors.New("lazy built-in " + name + " has no plan")
		}
		if err := freezeObjs(o, st.objs, pe); err != nil {
			return err
		}
	}
	for _, idx := range r.hiddenOf(lg) {
		if idx < len(plan.hidden) && plan.hidden[idx] != nil && r.hidden.frozen[idx] != nil {
			if err := freezeKnown(r.hidden.frozen[idx], plan.hidden[idx], pe); err != nil {
				return err
			}
		}
	}
	for _, o := range sealed {
		if _, err := r.lazy.preventExt(goja.Undefined(), o); err != nil {
			return err
		}
	}
	if err := r.checkLazyReplay(lg, sealed); err != nil {
		return err
	}
	lg.state = lazyDone
	return nil
}

// guardLazy installs what setup installs eagerly for these built-ins: the
// Date wrapper, the constructor guards of the typed arrays, and the
// hidden intrinsics only they lead to.
func (r *rt) guardLazy(lg *lazyGroup) error {
	switch lg.names[0] {
	case "Date":
		W, err := r.wrapDate(lg.orig[0])
		if err != nil {
			return err
		}
		lg.val[0] = W
	case "Set", "Map":
		it, err := r.iterProto(lg.orig[0])
		if err != nil {
			return err
		}
		r.hidden.frozen[r.hiddenOf(lg)[0]] = it
	case "ArrayBuffer":
		for i, name := range lg.names {
			if name == "DataView" {
				continue
			}
			W, err := r.guardCtor(name, lg.orig[i])
			if err != nil {
				return err
			}
			if W != nil {
				lg.val[i] = W
			}
		}
		typed := lg.orig[slices.Index(lg.names, "Int8Array")].Prototype()
		r.hidden.frozen[hiddenTyped] = typed
		if typed != nil {
			r.hidden.frozen[hiddenTypedProto], _ = typed.Get("prototype").(*goja.Object)
		}
	}
	return nil
}

// hiddenOf are the hidden intrinsics a group leads to.
func (r *rt) hiddenOf(lg *lazyGroup) []int {
	switch lg.names[0] {
	case "Set":
		return []int{hiddenSetIter}
	case "Map":
		return []int{hiddenMapIter}
	case "ArrayBuffer":
		return []int{hiddenTyped, hiddenTypedProto}
	}
	return nil
}

// iterProto is %SetIteratorPrototype% or %MapIteratorPrototype%, from a
// new collection's iterator.
func (r *rt) iterProto(S *goja.Object) (*goja.Object, error) {
	s, err := r.vm.New(S)
	if err != nil {
		return nil, err
	}
	it, ok := goja.AssertFunction(s.GetSymbol(goja.SymIterator))
	if !ok {
		return nil, errMissingBuiltins
	}
	iv, err := it(s)
	if err != nil {
		return nil, err
	}
	o, _ := iv.(*goja.Object)
	if o == nil {
		return nil, errMissingBuiltins
	}
	return o.Prototype(), nil
}

// freezeObjs freezes the objects a plan's step lists for the value v.
func freezeObjs(v *goja.Object, objs []frozenObj, pe func(*goja.Object)) error {
	for _, fo := range objs {
		target := v
		if fo.via != "" {
			var ok bool
			if target, ok = v.Get(fo.via).(*goja.Object); !ok {
				continue
			}
		}
		if err := freezeKnown(target, fo.keys, pe); err != nil {
			return err
		}
	}
	return nil
}
