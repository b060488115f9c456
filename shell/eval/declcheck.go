package eval

import "strings"

// declOptionFor reports whether option c is one cmd takes: readonly and
// export take only -a, -A, -f, -n and -p; declare, typeset and local
// take every attribute.
func declOptionFor(cmd string, c rune) bool {
	if cmd == "readonly" || cmd == "export" {
		return strings.ContainsRune("aAfnp", c)
	}
	return true
}

// declBadOption is the option letter of w that declOptionFor refused.
func declBadOption(w string) rune {
	for _, c := range w[1:] {
		if !strings.ContainsRune("aAfnp", c) {
			return c
		}
	}
	return '?'
}

// declFuncChecks refuses what declare -f cannot do: give a function an
// array, integer or nameref attribute (bash reports the option as
// invalid, status 1), or (declare itself) define one from an
// assignment's text.
func (r *Runner) declFuncChecks(cmd string, f declFlags, items []declItem) (int, bool) {
	if !f.funcs {
		return 0, false
	}
	for _, a := range []struct {
		bit uint16
		c   string
	}{{attrIndexed, "a"}, {attrAssoc, "A"}, {attrInteger, "i"}, {attrNameref, "n"}} {
		if (f.set|f.unset)&a.bit != 0 {
			r.errorf("%s: -%s: invalid option", cmd, a.c)
			return 1, true
		}
	}
	if cmd == "export" || cmd == "readonly" {
		return 0, false // they name the word as a function they cannot find
	}
	for _, it := range items {
		if it.assign != nil {
			r.errorf("%s: cannot use `-f' to make functions", cmd)
			return 1, true
		}
	}
	return 0, false
}

// liftTempVars applies bash's rule for export, readonly and declare -x
// or -r naming a variable of the command's temporary environment
// (FOO=1 export FOO): the variable leaves it for the scope the name
// resolves to beneath it, so the attributes and value persist.
func (r *Runner) liftTempVars(cmd string, f declFlags, items []declItem) {
	if r.funcDepth > 0 && !f.global && cmd != "export" && cmd != "readonly" {
		r.tempToLocals(items)
		return
	}
	if cmd != "export" && cmd != "readonly" && f.set&(attrExport|attrReadonly) == 0 || cmd == "local" {
		return
	}
	for _, it := range items {
		name := declItemName(it)
		v, sc := r.vars.lookup(name)
		if sc == nil || !sc.temp {
			continue
		}
		delete(sc.vars, name)
		below, bsc := r.vars.lookup(name)
		switch {
		case below.has(attrReadonly):
			sc.vars[name] = v // the readonly error comes from declare
		case bsc != nil:
			bsc.vars[name] = v
		default:
			r.vars.global().vars[name] = v
		}
	}
}

// declItemName is the variable an operand of declare names.
func declItemName(it declItem) string {
	if it.assign != nil {
		return it.assign.Name.Value
	}
	if i := strings.IndexAny(it.word, "=+["); i >= 0 {
		return it.word[:i]
	}
	return it.word
}

// tempToLocals is declare, typeset or local in a function naming a
// variable of the command's own temporary environment (z=y typeset z):
// the local it makes starts as that variable, value and export included.
func (r *Runner) tempToLocals(items []declItem) {
	top := r.vars.top()
	if !top.temp {
		return
	}
	fs := r.vars.funcScope()
	for _, it := range items {
		name := declItemName(it)
		v, ok := top.vars[name]
		if !ok {
			continue
		}
		if old := fs.vars[name]; old.has(attrReadonly) {
			continue
		}
		delete(top.vars, name)
		v.local = true
		fs.vars[name] = v
	}
}
