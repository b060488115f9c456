package eval

// wholeArrayName is the variable a whole-array assignment through NAME
// acts on (mapfile NAME, read -a NAME, NAME=(...), coproc NAME): a set
// nameref is followed to the variable it names, as bash's
// find_or_make_array_variable does. A reference to an array element
// cannot take an array: bash reports the element as not a valid
// identifier, prefixed by the builtin's "NAME: " (prefix), and fails.
func (r *Runner) wholeArrayName(name, prefix string) (string, bool) {
	v := r.vars.visible(name)
	if !v.has(attrNameref) || !v.set || v.str == "" {
		return name, true
	}
	target := r.resolveName(name)
	if target == "" {
		return name, true
	}
	if _, _, ok := splitSubscript(target); ok {
		r.errorf("%s`%s': not a valid identifier", prefix, target)
		r.status = 1
		return "", false
	}
	return target, true
}
