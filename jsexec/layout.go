package jsexec

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dop251/goja"
)

// The global layout (globalLayout) built into the binary with the freeze
// plan: reading it from a VM of its own costs every global's value and a
// descriptor each, about 4,000 allocations of a process's first Prepare.
// Its names are checked once per process against goja's global object
// (Object.getOwnPropertyNames lists a template's names without making
// their values); on a mismatch the layout is read as before. Its
// attributes need no check: every name is then either frozen by the plan
// (checkReplay checks that it knows every name) or the run's own.

var (
	layoutChecked atomic.Bool
	layoutStale   atomic.Bool
	// embeddedLayout is the parsed layout; nil if it does not parse.
	embeddedLayout = sync.OnceValue(func() []globalProp {
		l, err := parseLayout(embeddedLayoutText)
		if err != nil {
			return nil
		}
		return l
	})
)

// globalLayout is the layout for this VM, whose global object must still
// be goja's own and untouched.
func (r *rt) globalLayout() []globalProp {
	l := embeddedLayout()
	if l == nil || noEmbeddedPlan || layoutStale.Load() {
		return globalLayout()
	}
	if layoutChecked.Load() {
		return l
	}
	if r.layoutMatches(l) {
		layoutChecked.Store(true)
		return l
	}
	layoutStale.Store(true)
	return globalLayout()
}

// layoutMatches reports whether goja's global object has the layout's
// names, in its order.
func (r *rt) layoutMatches(l []globalProp) bool {
	g := r.vm.GlobalObject()
	obj, _ := g.Get("Object").(*goja.Object)
	if obj == nil {
		return false
	}
	list := func(fn string) []goja.Value {
		f, ok := goja.AssertFunction(obj.Get(fn))
		if !ok {
			return nil
		}
		v, err := f(goja.Undefined(), g)
		if err != nil {
			return nil
		}
		var out []goja.Value
		if r.vm.ExportTo(v, &out) != nil {
			return nil
		}
		return out
	}
	names, syms := list("getOwnPropertyNames"), list("getOwnPropertySymbols")
	i := 0
	for _, p := range l {
		if p.sym != nil {
			continue
		}
		if i >= len(names) || names[i].String() != p.name {
			return false
		}
		i++
	}
	j := 0
	for _, p := range l {
		if p.sym == nil {
			continue
		}
		if j >= len(syms) || syms[j] != p.sym {
			return false
		}
		j++
	}
	return i == len(names) && j == len(syms)
}

// layoutText renders a layout, a line per property: its name (a symbol's
// as "@" and its well-known name), then writable, configurable and
// enumerable as 0 or 1.
func layoutText(l []globalProp) (string, error) {
	var b strings.Builder
	for _, p := range l {
		name := p.name
		if p.sym != nil {
			name = "@" + symbolName(p.sym)
		}
		if name == "" || strings.ContainsAny(name, " \t\n`") {
			return "", errPlanText
		}
		b.WriteString(name)
		for _, f := range []goja.Flag{p.w, p.c, p.e} {
			if f == goja.FLAG_TRUE {
				b.WriteString(" 1")
			} else {
				b.WriteString(" 0")
			}
		}
		b.WriteByte('\n')
	}
	return b.String(), nil
}

func parseLayout(text string) ([]globalProp, error) {
	var out []globalProp
	for line := range strings.SplitSeq(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 4 {
			return nil, errors.New("global layout: malformed line")
		}
		p := globalProp{name: f[0], w: flag(f[1] == "1"), c: flag(f[2] == "1"), e: flag(f[3] == "1")}
		if s, ok := strings.CutPrefix(f[0], "@"); ok {
			if p.sym = symbolByName(s); p.sym == nil {
				return nil, errors.New("global layout: no well-known symbol " + s)
			}
			p.name = ""
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, errors.New("global layout: empty")
	}
	return out, nil
}
