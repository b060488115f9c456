package eval

import "mvdan.cc/sh/v3/syntax"

// A command's prefix assignments (X= Y=${X:=b} cmd) live in a temporary
// scope. bash's rule for an assignment that an expansion makes while
// those values are expanded (${X:=b}, $((X=5))) to a name already in the
// temporary scope: the value goes there and also to the variable the
// name means outside it, so it outlives the command. Once the command
// runs (a function, eval, a sourced file) the scope is an ordinary one
// and assignments stay in it.

// expandTempValue expands a prefix assignment's value with the
// write-through rule on when temp is set.
func (r *Runner) expandTempValue(w *syntax.Word, temp bool) (string, bool) {
	if t := r.vars.top(); temp && t.temp {
		saved := r.tempExpand
		r.tempExpand = t
		defer func() { r.tempExpand = saved }()
	}
	return r.expandAssignValue(w)
}

// setThroughTemp assigns name in the temporary scope being expanded and
// then the value it got there to the same name outside that scope.
func (r *Runner) setThroughTemp(name, val string, appendTo bool) bool {
	t := r.tempExpand
	r.tempExpand = nil
	defer func() { r.tempExpand = t }()
	if !r.setVar(name, val, appendTo) {
		return false
	}
	v := t.vars[name]
	n := len(r.vars.scopes)
	if v == nil || n < 2 || r.vars.scopes[n-1] != t {
		return true
	}
	final, _ := v.scalar()
	r.vars.scopes = r.vars.scopes[:n-1]
	defer func() { r.vars.scopes = append(r.vars.scopes, t) }()
	return r.setVar(name, final, false)
}
