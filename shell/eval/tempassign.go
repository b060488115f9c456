package eval

// assignTemp makes the prefix assignment name=val (or name+=val) of a
// command in the temporary scope on top. As bash's assign_in_env does, it
// assigns through a nameref to the variable it names (set or not), and the
// new variable is exported and has no other attribute: the old variable's
// attributes only shape the value of a += (x+=4 adds when x is -i).
func (r *Runner) assignTemp(name, val string, appendTo bool) bool {
	if v, _ := r.vars.lookup(name); v.has(attrReadonly) {
		r.readonlyError(name)
		return false
	}
	target := name
	if v := r.vars.visible(name); v.has(attrNameref) && v.set && v.str != "" {
		if t := r.resolveName(name); isName(t) {
			target = t
		}
	}
	old := r.vars.visible(target)
	if target != name && old.has(attrReadonly) {
		r.readonlyError(name)
		return false
	}
	nv := &Var{attrs: attrExport, set: true, str: val}
	if appendTo && old != nil && !old.isArray() && old.set {
		s, ok := r.valueFor(old, old.str, val, true)
		if !ok {
			return false
		}
		nv.str = s
	}
	r.vars.top().vars[target] = nv
	return true
}
