package eval

import (
	"strconv"
	"strings"
)

// funcNestExceeded applies FUNCNEST: when it holds a number above zero,
// calling a function at that many levels of function calls fails, and
// like bash the whole top-level command is abandoned (status 1). Any
// other value sets no limit.
func (r *Runner) funcNestExceeded(name string) bool {
	s, set := r.lookupVar("FUNCNEST").scalar()
	if !set {
		return false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n <= 0 || int64(r.funcDepth) < n {
		return false
	}
	r.errorf("%s: maximum function nesting level exceeded (%d)", name, n)
	r.status = 1
	r.abortCommand()
	return true
}

// propagateTemp moves a scalar that the assignment put into a command's
// temporary scope (v=7 f, where f runs v=5 return) to the scope beneath,
// as bash propagates such variables when the temporary scope ends.
func (r *Runner) propagateTemp(name string) {
	v, sc := r.vars.lookup(name)
	if sc == nil || !sc.temp || v.isArray() || !v.set {
		return
	}
	delete(sc.vars, name)
	if !r.setVar(name, v.str, false) {
		sc.vars[name] = v
	}
}
