package jsexec

import (
	"errors"
	"slices"
	"sync"

	"github.com/dop251/goja"
)

// The freeze (RunOptions.Freeze) makes the built-ins and their global
// names read-only before the user's code runs: every global becomes a
// read-only, non-configurable property (except the names the run brings
// itself: tool proxies, which refuse to be frozen, and data values, which
// belong to the script); its value is frozen, and so is a function's
// prototype or, for a namespace object (Math, JSON, console...), each
// object it holds; so are the intrinsics no global name leads to (the
// iterator and generator prototypes, %TypedArray%).
//
// Freezing prototypes triggers the "override mistake": `this.name = "X"`
// in an Error subclass, or `obj.toString = f`, would throw because the
// inherited property is read-only. The few properties scripts commonly
// shadow become accessors whose setter defines an own property on the
// receiver, so those assignments keep working (tame).
//
// The cost is goja's: its built-ins are templates, materialised property
// by property on first use, and a frozen object has every property
// materialised. What is ours is kept small. The objects to freeze and
// their own keys are the same in every VM of one configuration, so the
// first VM of a configuration discovers them (walkFreeze, with goja's
// Object.freeze) and records a plan; the next VMs replay it
// (replayFreeze): each property is made read-only in place from Go, with
// no descriptor objects, key lists or iterators.

// tamed are the properties tame turns into accessors.
var tamed = []struct {
	global string // whose prototype holds them
	keys   []string
}{
	{"Object", []string{"constructor", "toString", "valueOf", "toLocaleString"}},
	{"Error", []string{"name", "message", "constructor"}},
	{"TypeError", []string{"name", "message", "constructor"}},
	{"RangeError", []string{"name", "message", "constructor"}},
	{"SyntaxError", []string{"name", "message", "constructor"}},
	{"ReferenceError", []string{"name", "message", "constructor"}},
	{"EvalError", []string{"name", "message", "constructor"}},
	{"URIError", []string{"name", "message", "constructor"}},
	{"AggregateError", []string{"name", "message", "constructor"}},
	{"Function", []string{"toString"}},
}

// ownKey is one own property of an object the freeze covers.
type ownKey struct {
	name     string
	sym      *goja.Symbol // set for a symbol key (always a well-known one)
	accessor bool
}

// frozenObj is one object a global leads to: its value (via ""), or the
// object held by one of its properties ("prototype", "abs", ...).
type frozenObj struct {
	via  string
	keys []ownKey
}

// freezeStep is the freeze's work on one global.
type freezeStep struct {
	name     string
	readOnly bool // it was configurable: make it read-only
	objs     []frozenObj
}

// tameStep is one property tame turned into an accessor.
type tameStep struct {
	global, key string
	enumerable  bool
}

type freezePlan struct {
	tames  []tameStep
	steps  []freezeStep
	hidden [][]ownKey // aligned with rt.hidden.frozen; nil: not an object
	// console is frozen by itself as well, whatever the global walk did.
	console []ownKey
	// consoleUnwalked: the walk's console was lazy, console is not known.
	consoleUnwalked bool
	// accessors are the global names the walk found as accessors (and
	// left alone).
	accessors []string
	// embedded is set on the plan built into the binary (freezeplan.go),
	// which the first VM of a process checks as it replays it.
	embedded *embeddedState
	// byName indexes steps by global name (for the lazy built-ins).
	byName map[string]int
}

// step is the plan's step for the global name, or nil.
func (p *freezePlan) step(name string) *freezeStep {
	if i, ok := p.byName[name]; ok {
		return &p.steps[i]
	}
	return nil
}

// freezeKey is what decides the set of globals a VM has before freezing.
// The names a run adds itself (tool globals, data, tools) are always in
// the skip list, so they do not change the plan.
type freezeKey struct{ node, network bool }

type freezePlanCache struct {
	mu    sync.Mutex
	plans map[freezeKey]*freezePlan
}

var freezePlans = &freezePlanCache{plans: map[freezeKey]*freezePlan{}}

func (c *freezePlanCache) get(k freezeKey) *freezePlan {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p := c.plans[k]; p != nil {
		return p
	}
	if k == (freezeKey{}) && !noEmbeddedPlan && !embeddedStale.Load() {
		return embeddedPlan()
	}
	return nil
}

func (c *freezePlanCache) put(k freezeKey, p *freezePlan) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.plans[k] = p
}

// noFreezePlan makes every VM walk (tests compare the two).
var noFreezePlan = false

// freeze freezes the built-ins unless the embedder left them alone.
func (r *rt) freeze() error {
	if !r.opts.Freeze {
		return nil
	}
	skip := make([]string, 0, len(r.opts.ToolGlobals)+len(r.opts.Globals)+1)
	skip = append(skip, sortedKeys(r.opts.ToolGlobals)...)
	skip = append(skip, sortedKeys(r.opts.Globals)...)
	if r.opts.Invoke != nil {
		skip = append(skip, "tools")
	}
	key := freezeKey{node: r.opts.Host != nil, network: r.opts.Network != nil}
	plan := freezePlans.get(key)
	if r.lazy != nil {
		// The plan its getters replay, even if the cache has since
		// dropped it (a stale embedded plan): a walk here would skip
		// the lazy names and record a plan without them.
		plan = r.lazy.plan
	}
	if plan != nil && !noFreezePlan {
		return r.replayFreeze(plan, skip)
	}
	plan, err := r.walkFreeze(skip)
	if err != nil {
		return err
	}
	if plan != nil {
		freezePlans.put(key, plan)
	}
	return nil
}

// freezeWalker is the discovering freeze: it asks JavaScript's own
// reflection about every object and freezes with Object.freeze.
type freezeWalker struct {
	r                 *rt
	ownKeys, gopd, fz goja.Callable
	// ok turns false when something could not be recorded (a symbol key
	// that is not a well-known symbol): the plan is then not kept.
	ok bool
	// accessors are the global names the walk left as accessors.
	accessors []string
}

// newWalker captures the reflection a walk asks. Reflect.ownKeys is
// read on the first keysOf: a VM that only describes a property
// (copyStatics) leaves Reflect, which is lazy, alone.
func (r *rt) newWalker() (*freezeWalker, error) {
	obj := r.vm.Get("Object").ToObject(r.vm)
	w := &freezeWalker{r: r, ok: true}
	w.gopd, _ = goja.AssertFunction(obj.Get("getOwnPropertyDescriptor"))
	w.fz, _ = goja.AssertFunction(obj.Get("freeze"))
	if w.gopd == nil || w.fz == nil {
		return nil, errReflectionMissing
	}
	return w, nil
}

var errReflectionMissing = errors.New("freeze: reflection is missing")

func (r *rt) walkFreeze(skip []string) (*freezePlan, error) {
	w, err := r.newWalker()
	if err != nil {
		return nil, err
	}
	plan := &freezePlan{}
	if plan.tames, err = w.tame(); err != nil {
		return nil, err
	}
	if plan.steps, err = w.globals(skip); err != nil {
		return nil, err
	}
	for _, o := range r.hidden.frozen {
		keys, err := w.freeze(o)
		if err != nil {
			return nil, err
		}
		plan.hidden = append(plan.hidden, keys)
	}
	// A lazy console freezes itself when first read (lazyAPI in core.js);
	// reading it here would make it, and compile its part of the prelude,
	// for a run that may never log. A later VM that keeps the name then
	// walks its console by itself (replayFreeze).
	if r.preludeLazyName("console") {
		plan.consoleUnwalked = true
	} else if plan.console, err = w.freeze(r.vm.Get("console")); err != nil {
		return nil, err
	}
	if !w.ok {
		return nil, nil
	}
	plan.accessors = w.accessors
	plan.byName = make(map[string]int, len(plan.steps))
	for i, st := range plan.steps {
		plan.byName[st.name] = i
	}
	return plan, nil
}

// descriptor is what the walk needs of one own property.
type descriptor struct {
	exists, data, writable, configurable, enumerable bool
	value, get, set                                  goja.Value
}

func (w *freezeWalker) describe(o *goja.Object, key goja.Value) (descriptor, error) {
	dv, err := w.gopd(goja.Undefined(), o, key)
	if err != nil {
		return descriptor{}, err
	}
	d, ok := dv.(*goja.Object)
	if !ok {
		return descriptor{}, nil
	}
	v := d.Get("value")
	get, hasGet := d.Get("get").(*goja.Object)
	set, hasSet := d.Get("set").(*goja.Object)
	data := v != nil || d.Get("writable") != nil
	if hasGet || hasSet {
		data = false
	}
	return descriptor{exists: true, data: data, writable: data && d.Get("writable").ToBoolean(),
		configurable: d.Get("configurable").ToBoolean(), enumerable: d.Get("enumerable").ToBoolean(),
		value: v, get: orNil(get, hasGet), set: orNil(set, hasSet)}, nil
}

func (w *freezeWalker) tame() ([]tameStep, error) {
	var steps []tameStep
	for _, t := range tamed {
		c, ok := w.r.vm.Get(t.global).(*goja.Object)
		if !ok {
			continue
		}
		proto, ok := c.Get("prototype").(*goja.Object)
		if !ok {
			continue
		}
		for _, k := range t.keys {
			d, err := w.describe(proto, w.r.vm.ToValue(k))
			if err != nil {
				return nil, err
			}
			if !d.exists || !d.data || !d.configurable {
				continue
			}
			st := tameStep{global: t.global, key: k, enumerable: d.enumerable}
			if err := w.r.tameProp(proto, st); err != nil {
				return nil, err
			}
			steps = append(steps, st)
		}
	}
	return steps, nil
}

func (w *freezeWalker) globals(skip []string) ([]freezeStep, error) {
	r := w.r
	g := r.vm.GlobalObject()
	names, err := w.keysOf(g)
	if err != nil {
		return nil, err
	}
	var steps []freezeStep
	for _, kv := range names {
		if _, isSym := kv.(*goja.Symbol); isSym {
			continue // getOwnPropertyNames: strings only
		}
		k := kv.String()
		if slices.Contains(skip, k) || k == "globalThis" {
			continue
		}
		d, err := w.describe(g, kv)
		if err != nil {
			return nil, err
		}
		if !d.exists || !d.data {
			if d.exists {
				w.accessors = append(w.accessors, k)
			}
			continue
		}
		if d.configurable {
			if err := g.DefineDataProperty(k, nil, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_NOT_SET); err != nil {
				return nil, err
			}
		}
		st := freezeStep{name: k, readOnly: d.configurable}
		if err := w.value(&st, d.value); err != nil {
			return nil, err
		}
		steps = append(steps, st)
	}
	return steps, nil
}

// value freezes what a global's value v leads to, recording it in st: v
// itself, and a function's prototype or each object a namespace holds.
func (w *freezeWalker) value(st *freezeStep, value goja.Value) error {
	v, isObj := value.(*goja.Object)
	if !isObj {
		return nil
	}
	add := func(via string, o goja.Value) error {
		keys, err := w.freeze(o)
		if err == nil && keys != nil {
			st.objs = append(st.objs, frozenObj{via: via, keys: keys})
		}
		return err
	}
	if err := add("", v); err != nil {
		return err
	}
	if _, isFn := goja.AssertFunction(v); isFn {
		return add("prototype", v.Get("prototype"))
	}
	inner, err := w.keysOf(v)
	if err != nil {
		return err
	}
	for _, iv := range inner {
		if _, isSym := iv.(*goja.Symbol); isSym {
			continue
		}
		x, err := w.describe(v, iv)
		if err != nil {
			return err
		}
		if x.exists && x.data {
			if err := add(iv.String(), x.value); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w *freezeWalker) keysOf(o *goja.Object) ([]goja.Value, error) {
	if w.ownKeys == nil {
		if refl := w.r.builtin("Reflect"); refl != nil {
			w.ownKeys, _ = goja.AssertFunction(refl.Get("ownKeys"))
		}
		if w.ownKeys == nil {
			return nil, errReflectionMissing
		}
	}
	kv, err := w.ownKeys(goja.Undefined(), o)
	if err != nil {
		return nil, err
	}
	var keys []goja.Value
	if err := w.r.vm.ExportTo(kv, &keys); err != nil {
		return nil, err
	}
	return keys, nil
}

// freeze records o's own keys and freezes it; nil keys when o is not an
// object. A refusal to be frozen (a proxy) is ignored, as
// Object.freeze's would be caught.
func (w *freezeWalker) freeze(v goja.Value) ([]ownKey, error) {
	o, isObj := v.(*goja.Object)
	if !isObj {
		return nil, nil
	}
	if _, err := w.fz(goja.Undefined(), o); err != nil {
		w.ok = false // the plan could not replay a refusal
		return nil, nil
	}
	kvs, err := w.keysOf(o)
	if err != nil {
		return nil, err
	}
	keys := make([]ownKey, 0, len(kvs))
	for _, kv := range kvs {
		d, err := w.describe(o, kv)
		if err != nil {
			return nil, err
		}
		k := ownKey{accessor: !d.data}
		if s, isSym := kv.(*goja.Symbol); isSym {
			if !wellKnown(s) {
				w.ok = false
			}
			k.sym = s
		} else {
			k.name = kv.String()
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// wellKnown reports whether s is one of goja's well-known symbols, which
// are the same in every VM (a plan can only name those).
func wellKnown(s *goja.Symbol) bool {
	for _, w := range []*goja.Symbol{goja.SymHasInstance, goja.SymIsConcatSpreadable, goja.SymIterator,
		goja.SymMatch, goja.SymMatchAll, goja.SymReplace, goja.SymSearch, goja.SymSpecies, goja.SymSplit,
		goja.SymToPrimitive, goja.SymToStringTag, goja.SymUnscopables} {
		if s == w {
			return true
		}
	}
	return false
}

// replayFreeze does the walk's freezing from a plan.
func (r *rt) replayFreeze(plan *freezePlan, skip []string) error {
	// Making the objects non-extensible is left to one call at the end
	// (sealSrc): a call into the VM from Go per object costs more than
	// the loop.
	sealed := make([]any, 0, 256)
	pe := func(o *goja.Object) { sealed = append(sealed, o) }
	for _, t := range plan.tames {
		if c, ok := r.vm.Get(t.global).(*goja.Object); ok {
			if proto, ok := c.Get("prototype").(*goja.Object); ok {
				if err := r.tameProp(proto, t); err != nil {
					return err
				}
			}
		}
	}
	g := r.vm.GlobalObject()
	for i := range plan.steps {
		st := &plan.steps[i]
		if slices.Contains(skip, st.name) || r.isLazy(st.name) {
			continue
		}
		v := g.Get(st.name)
		if v == nil {
			continue // not in this VM
		}
		if st.readOnly {
			if err := g.DefineDataProperty(st.name, nil, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_NOT_SET); err != nil {
				return err
			}
		}
		o, isObj := v.(*goja.Object)
		if !isObj {
			continue
		}
		if err := freezeObjs(o, st.objs, pe); err != nil {
			return err
		}
	}
	for i, keys := range plan.hidden {
		if keys != nil && i < len(r.hidden.frozen) && r.hidden.frozen[i] != nil {
			if err := freezeKnown(r.hidden.frozen[i], keys, pe); err != nil {
				return err
			}
		}
	}
	// A lazy console (preludeLazy) freezes itself when first read.
	if r.keeps("console") {
		if err := r.freezeConsole(plan, pe); err != nil {
			return err
		}
	}
	fv, err := r.vm.RunProgram(sealPrg)
	if err != nil {
		return err
	}
	seal, _ := goja.AssertFunction(fv)
	if _, err = seal(goja.Undefined(), r.vm.NewArray(sealed...), r.vm.Get("Object").ToObject(r.vm).Get("preventExtensions")); err != nil {
		return err
	}
	return r.checkReplay(plan, skip, sealed)
}

// freezeConsole freezes the console of a VM whose console is not lazy,
// from the plan or, when the plan's walk left a lazy console alone, as the
// walk would have.
func (r *rt) freezeConsole(plan *freezePlan, pe func(*goja.Object)) error {
	c, ok := r.vm.Get("console").(*goja.Object)
	switch {
	case !ok:
		return nil
	case plan.console != nil:
		return freezeKnown(c, plan.console, pe)
	case plan.consoleUnwalked:
		w, err := r.newWalker()
		if err != nil {
			return err
		}
		_, err = w.freeze(c)
		return err
	}
	return nil
}

// sealSrc makes the objects of a list non-extensible.
const sealSrc = `(function (list, preventExtensions) {
  "use strict";
  for (let i = 0; i < list.length; i++) preventExtensions(list[i]);
})`

// freezeKnown freezes o, whose own keys are keys: each property is made
// non-configurable (and a data property read-only) in place, without
// touching its value, then o is handed to preventExtensions. That is
// what Object.freeze does, minus the key list and iterator it builds.
func freezeKnown(o *goja.Object, keys []ownKey, preventExtensions func(*goja.Object)) error {
	for _, k := range keys {
		var err error
		switch {
		case k.sym != nil && k.accessor:
			err = o.DefineAccessorPropertySymbol(k.sym, nil, nil, goja.FLAG_FALSE, goja.FLAG_NOT_SET)
		case k.sym != nil:
			err = o.DefineDataPropertySymbol(k.sym, nil, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_NOT_SET)
		case k.accessor:
			err = o.DefineAccessorProperty(k.name, nil, nil, goja.FLAG_FALSE, goja.FLAG_NOT_SET)
		default:
			err = o.DefineDataProperty(k.name, nil, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_NOT_SET)
		}
		if err != nil {
			return err
		}
	}
	preventExtensions(o)
	return nil
}

// tameProp turns proto[t.key] into an accessor: reading gives the value
// it had; assigning through an object that inherits it defines an own
// property there, while assigning to the prototype itself fails as a
// frozen property would.
//
// Each is two function objects, and a function object is most of what
// the set-up costs, so they are shared where that changes nothing a
// script can see: one setter per key (it refuses the prototypes that
// hold the key's accessors, and an assignment reaches a setter through
// the first of them on the chain, the receiver itself when it is one),
// and one getter per key and primitive value (message is "" on every
// Error prototype).
func (r *rt) tameProp(proto *goja.Object, t tameStep) error {
	value := proto.Get(t.key)
	var tk *tamedKey
	for _, k := range r.tamedKeys {
		if k.key == t.key {
			tk = k
		}
	}
	if tk == nil {
		tk = &tamedKey{key: t.key}
		tk.set = r.tameSetter(tk)
		r.tamedKeys = append(r.tamedKeys, tk)
	}
	tk.protos = append(tk.protos, proto)
	var get *goja.Object
	if _, isObj := value.(*goja.Object); !isObj {
		for _, g := range tk.getters {
			if g.value.SameAs(value) {
				get = g.get
			}
		}
	}
	if get == nil {
		get = r.native("get", 0, func(goja.FunctionCall) goja.Value { return value })
		tk.getters = append(tk.getters, tamedGetter{value, get})
	}
	enum := goja.FLAG_FALSE
	if t.enumerable {
		enum = goja.FLAG_TRUE
	}
	return proto.DefineAccessorProperty(t.key, get, tk.set, goja.FLAG_FALSE, enum)
}

// tamedKey is the shared setter and getters of one tamed key in a VM.
type tamedKey struct {
	key     string
	protos  []*goja.Object
	set     *goja.Object
	getters []tamedGetter
}

type tamedGetter struct {
	value goja.Value
	get   *goja.Object
}

func (r *rt) tameSetter(tk *tamedKey) *goja.Object {
	key := tk.key
	return r.native("set", 1, func(c goja.FunctionCall) goja.Value {
		for _, p := range tk.protos {
			if c.This.SameAs(p) {
				panic(r.vm.NewTypeError("Cannot assign to read only property '" + key + "' of frozen built-in"))
			}
		}
		this, ok := c.This.(*goja.Object)
		if !ok {
			panic(r.vm.NewTypeError("Object.defineProperty called on non-object"))
		}
		if err := this.DefineDataProperty(key, c.Argument(0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
			panic(err)
		}
		return goja.Undefined()
	})
}

// orNil is o as a Value, nil when absent (a nil *goja.Object in a Value
// would not be nil).
func orNil(o *goja.Object, ok bool) goja.Value {
	if !ok {
		return nil
	}
	return o
}
