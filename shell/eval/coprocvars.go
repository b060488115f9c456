package eval

import "strconv"

// coprocSetVars sets NAME=(rfd wfd) and NAME_PID for a coprocess just
// started, as bash's coproc_setvars does, and returns the name the shell
// records for it (and unsets when it is reaped), or "" when none is set.
// A set nameref is followed; one that names nothing yet makes its
// target's name the coprocess's (an unset nameref stops being one, with
// bash's warning); one that names an element is not a valid identifier.
// A readonly NAME is reported and left alone, the coprocess running on.
func (r *Runner) coprocSetVars(name string, rfd, wfd, pid int) string {
	v := r.vars.visible(name)
	if ref := v; ref.has(attrNameref) {
		if !ref.set || ref.str == "" {
			r.errorf("warning: %s: removing nameref attribute", name)
			ref.attrs &^= attrNameref
			ref.str, ref.set = "", false
		} else {
			target := r.resolveName(name)
			if !isName(target) {
				if target != "" {
					r.errorf("`%s': not a valid identifier", target)
				}
				return ""
			}
			if v = r.vars.visible(target); v == nil {
				name = target
			}
		}
	}
	if v.has(attrReadonly) {
		r.readonlyError(name)
		r.status = 0
		return name
	}
	target := r.resolveName(name)
	if target == "" {
		target = name
	}
	// An existing variable becomes an array, keeping its attributes and
	// other elements; an associative one is replaced.
	old, sc := r.vars.lookup(target)
	switch {
	case old == nil || sc == nil:
		old = &Var{attrs: attrIndexed, arr: &indexedArray{}}
		r.vars.global().vars[target] = old
	case old.has(attrAssoc):
		old = &Var{attrs: attrIndexed, arr: &indexedArray{}, local: old.local}
		sc.vars[target] = old
	case !old.has(attrIndexed):
		toArray(old)
	}
	old.arr.set(0, strconv.Itoa(rfd))
	old.arr.set(1, strconv.Itoa(wfd))
	old.set = true
	r.setVar(name+"_PID", strconv.Itoa(pid), false)
	r.assignFailed = false
	return name
}

// coprocUnsetVars is bash's coproc_unsetvars when a coprocess is reaped:
// NAME is unset through any nameref, but not when readonly (reported
// without unset's own prefix); NAME_PID goes as it is, readonly or not.
func (r *Runner) coprocUnsetVars(name string) {
	if name == "" {
		return
	}
	if v := r.lookupVar(name); v.has(attrReadonly) {
		r.errorf("%s: cannot unset: readonly variable", name)
	} else {
		r.unsetVar(name)
	}
	if _, sc := r.vars.lookup(name + "_PID"); sc != nil {
		delete(sc.vars, name+"_PID")
	}
}
