package eval

// setGlobalForCycle is bash's answer to an assignment through a circular
// name reference: inside a function it assigns the global variable of
// that name instead (typeset -n v=$1 called with v sets the caller's
// global v); at the global scope, or when the global is itself a
// reference or readonly, the assignment fails.
func (r *Runner) setGlobalForCycle(name, val string, appendTo bool) bool {
	if r.funcDepth == 0 {
		return false
	}
	g := r.vars.global()
	v := g.vars[name]
	switch {
	case v == nil:
		v = &Var{}
		if r.opts[optAllExport] {
			v.attrs |= attrExport
		}
		g.vars[name] = v
	case v.has(attrNameref) || v.isArray():
		return false
	case v.has(attrReadonly):
		r.readonlyError(name)
		return false
	}
	if appendTo && v.set {
		val = v.str + val
	}
	v.str, v.set = val, true
	return true
}
