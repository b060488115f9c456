package eval

// unsetRefElem unsets the array element a nameref names (declare -n
// r='a[1]'; unset r). bash takes this path without unset's checks: the
// element goes even when the array is readonly, a scalar loses itself for
// [0] and nothing otherwise, and unset's status stays 0 (a bad subscript
// is still reported).
func (r *Runner) unsetRefElem(name, sub string) {
	v, _ := r.vars.lookup(name)
	if v == nil {
		return
	}
	ro := v.attrs & attrReadonly
	v.attrs &^= attrReadonly
	if v.isArray() {
		r.unsetElem(name, sub)
		v.attrs |= ro
		return
	}
	if sub != "@" && sub != "*" {
		if i, ok := r.arithText(sub); ok && i == 0 {
			r.unsetVar(name)
			return
		}
	}
	v.attrs |= ro
}
