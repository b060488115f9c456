package jsexec

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dop251/goja"
)

// The freeze plan built into the binary. A process's first frozen VM
// used to discover the plan by walking every built-in with JavaScript's
// reflection (walkFreeze): a descriptor object per property, every lazy
// built-in made, some 20,000 allocations and a megabyte of garbage, the
// largest part of a worker's first Prepare. The plan of the common
// configuration (no Node shims, no network: the MCP server's) is the same
// in every process of one build, so it is recorded as text
// (freezeplan_gen.go, written by TestFreezePlanEmbedded, which fails when
// goja or the prelude changed it) and the first VM replays it as any
// later VM does.
//
// A plan that no longer matches (a goja that added a method, a prelude
// that added a global) must never leave a built-in unfrozen, so until a
// replay of the embedded plan has been checked in this process, the VM
// that replays it checks the result, without a descriptor per property:
// every object the replay froze must be frozen by Object.isFrozen (a key
// the plan lacks is still configurable), and every global name must be
// one the plan knows. A lazy group is checked likewise when first
// realised. On a mismatch the VM is frozen again by the discovering walk
// in place (refreeze) and the embedded plan is dropped for the process:
// the next VM walks and records a plan of its own, as before.

// embeddedState is what a process has checked of the embedded plan.
type embeddedState struct {
	checked atomic.Bool   // a replay of the eager part was checked
	groups  []atomic.Bool // a realisation of each lazy group was checked
}

var (
	// embeddedStale is set when a check found the embedded plan stale.
	embeddedStale atomic.Bool
	// noEmbeddedPlan makes the first VM walk (tests, the generator).
	noEmbeddedPlan = false
	// embeddedPlan is the parsed plan; nil if it does not parse.
	embeddedPlan = sync.OnceValue(func() *freezePlan {
		p, err := parsePlan(embeddedPlanText)
		if err != nil {
			return nil
		}
		p.embedded = &embeddedState{groups: make([]atomic.Bool, len(lazyGroupDefs))}
		return p
	})
)

// checkReplay checks a replay of an embedded plan not yet checked in this
// process (see above); sealed are the objects the replay froze.
func (r *rt) checkReplay(plan *freezePlan, skip []string, sealed []any) error {
	e := plan.embedded
	if e == nil || e.checked.Load() {
		return nil
	}
	if !embeddedStale.Load() {
		ok, err := r.allFrozen(sealed)
		if err != nil {
			return err
		}
		if ok && r.globalsKnown(plan, skip) {
			e.checked.Store(true)
			return nil
		}
	}
	embeddedStale.Store(true)
	return r.refreeze(skip)
}

// checkLazyReplay checks the first realisation of a lazy group from an
// embedded plan; on a mismatch the group is frozen by the walk.
func (r *rt) checkLazyReplay(lg *lazyGroup, sealed []*goja.Object) error {
	e := r.lazy.plan.embedded
	if e == nil || e.groups[lg.def].Load() {
		return nil
	}
	if !embeddedStale.Load() {
		objs := make([]any, len(sealed))
		for i, o := range sealed {
			objs[i] = o
		}
		ok, err := r.allFrozen(objs)
		if err != nil {
			return err
		}
		if ok {
			e.groups[lg.def].Store(true)
			return nil
		}
	}
	embeddedStale.Store(true)
	w, err := r.newWalker()
	if err != nil {
		return err
	}
	for _, v := range lg.val {
		if err := w.value(&freezeStep{}, v); err != nil {
			return err
		}
	}
	for _, idx := range r.hiddenOf(lg) {
		if o := r.hidden.frozen[idx]; o != nil {
			if _, err := w.freeze(o); err != nil {
				return err
			}
		}
	}
	return nil
}

// allFrozen reports whether Object.isFrozen holds for every object.
func (r *rt) allFrozen(objs []any) (bool, error) {
	isFrozen, ok := goja.AssertFunction(r.builtin("Object").Get("isFrozen"))
	if !ok {
		return false, errMissingBuiltins
	}
	for _, o := range objs {
		v, err := isFrozen(goja.Undefined(), r.vm.ToValue(o))
		if err != nil {
			return false, err
		}
		if !v.ToBoolean() {
			return false, nil
		}
	}
	return true, nil
}

// globalsKnown reports whether the plan knows every global name of the VM.
func (r *rt) globalsKnown(plan *freezePlan, skip []string) bool {
	for _, name := range r.vm.GlobalObject().GetOwnPropertyNames() {
		if _, ok := plan.byName[name]; ok || name == "globalThis" || slices.Contains(skip, name) || slices.Contains(plan.accessors, name) {
			continue
		}
		return false
	}
	return true
}

// refreeze freezes a VM that replayed a stale plan as the discovering walk
// would, in place: the lazy built-ins are made (their getters stay, as the
// walk skips accessors their values are walked by name), then everything
// is walked. Objects the plan froze already are left as they are. The
// walk's plan is not kept: this VM's lazy getters would hide the groups
// from it.
func (r *rt) refreeze(skip []string) error {
	if r.lazy != nil {
		for _, lg := range r.lazy.groups {
			if lg.state == lazyPending {
				r.realiseOrThrow(lg)
			}
		}
	}
	w, err := r.newWalker()
	if err != nil {
		return err
	}
	if _, err := w.tame(); err != nil {
		return err
	}
	if _, err := w.globals(skip); err != nil {
		return err
	}
	for _, o := range r.hidden.frozen {
		if o == nil {
			continue // a lazy group's, left alone as the replay did
		}
		if _, err := w.freeze(o); err != nil {
			return err
		}
	}
	if r.keeps("console") {
		if _, err := w.freeze(r.vm.Get("console")); err != nil {
			return err
		}
	}
	return nil
}

// The plan's text: one line per record, fields separated by spaces.
//
//	tame GLOBAL KEY ENUMERABLE(0|1)
//	step NAME READONLY(0|1)
//	obj VIA|- KEY...        an object of the step above
//	hidden -|KEY...         rt.hidden.frozen's objects, in order
//	console -|KEY...        or: console-unwalked
//	accessors NAME...
//
// A key is its name, "@" and a well-known symbol's name for a symbol,
// behind "!" when it is an accessor.

var errPlanText = errors.New("freeze plan: a name the text cannot hold")

// text renders the plan.
func (p *freezePlan) text() (string, error) {
	var b strings.Builder
	bad := false
	word := func(s string) {
		if s == "" || s == "-" || strings.ContainsAny(s, " \t\n`!@") {
			bad = true
		}
		b.WriteByte(' ')
		b.WriteString(s)
	}
	keys := func(ks []ownKey) {
		for _, k := range ks {
			b.WriteByte(' ')
			if k.accessor {
				b.WriteByte('!')
			}
			if k.sym != nil {
				b.WriteByte('@')
				b.WriteString(symbolName(k.sym))
				continue
			}
			if k.name == "" || strings.ContainsAny(k.name, " \t\n`!@") {
				bad = true
			}
			b.WriteString(k.name)
		}
	}
	for _, t := range p.tames {
		b.WriteString("tame")
		word(t.global)
		word(t.key)
		b.WriteString(bit(t.enumerable))
	}
	for _, st := range p.steps {
		b.WriteString("step")
		word(st.name)
		b.WriteString(bit(st.readOnly))
		for _, o := range st.objs {
			b.WriteString("obj")
			if o.via == "" {
				b.WriteString(" -")
			} else {
				word(o.via)
			}
			keys(o.keys)
			b.WriteByte('\n')
		}
	}
	for _, h := range p.hidden {
		b.WriteString("hidden")
		if h == nil {
			b.WriteString(" -")
		}
		keys(h)
		b.WriteByte('\n')
	}
	switch {
	case p.consoleUnwalked:
		b.WriteString("console-unwalked\n")
	case p.console == nil:
		b.WriteString("console -\n")
	default:
		b.WriteString("console")
		keys(p.console)
		b.WriteByte('\n')
	}
	b.WriteString("accessors")
	for _, a := range p.accessors {
		word(a)
	}
	b.WriteByte('\n')
	if bad {
		return "", errPlanText
	}
	return b.String(), nil
}

func bit(b bool) string {
	if b {
		return " 1\n"
	}
	return " 0\n"
}

// parsePlan reads a plan's text.
func parsePlan(text string) (*freezePlan, error) {
	p := &freezePlan{byName: map[string]int{}}
	bad := errors.New("freeze plan: malformed text")
	for line := range strings.SplitSeq(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		var err error
		switch {
		case f[0] == "tame" && len(f) == 4:
			p.tames = append(p.tames, tameStep{global: f[1], key: f[2], enumerable: f[3] == "1"})
		case f[0] == "step" && len(f) == 3:
			p.byName[f[1]] = len(p.steps)
			p.steps = append(p.steps, freezeStep{name: f[1], readOnly: f[2] == "1"})
		case f[0] == "obj" && len(f) >= 2 && len(p.steps) > 0:
			o := frozenObj{}
			if f[1] != "-" {
				o.via = f[1]
			}
			o.keys, err = parseKeys(f[2:])
			st := &p.steps[len(p.steps)-1]
			st.objs = append(st.objs, o)
		case f[0] == "hidden":
			var keys []ownKey
			if len(f) != 2 || f[1] != "-" {
				keys, err = parseKeys(f[1:])
			}
			p.hidden = append(p.hidden, keys)
		case f[0] == "console-unwalked" && len(f) == 1:
			p.consoleUnwalked = true
		case f[0] == "console" && len(f) == 2 && f[1] == "-":
		case f[0] == "console":
			p.console, err = parseKeys(f[1:])
		case f[0] == "accessors":
			p.accessors = append(p.accessors, f[1:]...)
		default:
			return nil, bad
		}
		if err != nil {
			return nil, err
		}
	}
	if len(p.steps) == 0 {
		return nil, bad
	}
	return p, nil
}

// parseKeys reads an object's keys; never nil.
func parseKeys(f []string) ([]ownKey, error) {
	keys := make([]ownKey, 0, len(f))
	for _, w := range f {
		k := ownKey{}
		if k.accessor = strings.HasPrefix(w, "!"); k.accessor {
			w = w[1:]
		}
		if name, ok := strings.CutPrefix(w, "@"); ok {
			if k.sym = symbolByName(name); k.sym == nil {
				return nil, errors.New("freeze plan: no well-known symbol " + name)
			}
		} else {
			k.name = w
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// wellKnownSymbols are goja's well-known symbols by name.
func wellKnownSymbols() []struct {
	name string
	sym  *goja.Symbol
} {
	return []struct {
		name string
		sym  *goja.Symbol
	}{{"hasInstance", goja.SymHasInstance}, {"isConcatSpreadable", goja.SymIsConcatSpreadable},
		{"iterator", goja.SymIterator}, {"match", goja.SymMatch}, {"matchAll", goja.SymMatchAll},
		{"replace", goja.SymReplace}, {"search", goja.SymSearch}, {"species", goja.SymSpecies},
		{"split", goja.SymSplit}, {"toPrimitive", goja.SymToPrimitive}, {"toStringTag", goja.SymToStringTag},
		{"unscopables", goja.SymUnscopables}}
}

func symbolByName(name string) *goja.Symbol {
	for _, w := range wellKnownSymbols() {
		if w.name == name {
			return w.sym
		}
	}
	return nil
}

func symbolName(s *goja.Symbol) string {
	for _, w := range wellKnownSymbols() {
		if w.sym == s {
			return w.name
		}
	}
	return "?"
}
