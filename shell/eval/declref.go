package eval

// localRefTarget is the variable that local (or declare and typeset in a
// function) acts on when NAME is a nameref of the function's own scope
// and no -n or +n is given: bash follows the reference, so local -A ref,
// local -i ref=3+4 or local ref=1 make or change a local of the target's
// name, and the nameref itself stays as it was.
func (r *Runner) localRefTarget(cmd string, f declFlags, name string) (string, bool) {
	if r.funcDepth == 0 || f.global || (f.set|f.unset)&attrNameref != 0 {
		return "", false
	}
	if cmd != "local" && cmd != "declare" && cmd != "typeset" {
		return "", false
	}
	v := r.vars.funcScope().vars[name]
	if !v.has(attrNameref) || !v.set || v.str == "" {
		return "", false
	}
	target := r.resolveName(name)
	if target == "" || target == name || !validRefTarget(target) {
		return "", false
	}
	return target, true
}

// badRefValue reports an assignment to a nameref that has no target yet:
// the value becomes the name it refers to, so bash requires a valid
// identifier (NAME or NAME[SUB]) and otherwise fails the assignment as it
// fails one to a readonly variable. prefix is the builtin's "NAME: ", or
// "" for an assignment statement.
func (r *Runner) badRefValue(v *Var, val, prefix string) bool {
	if !v.has(attrNameref) || v.set && v.str != "" || validRefTarget(val) {
		return false
	}
	r.errorf("%s`%s': not a valid identifier", prefix, val)
	r.status = 1
	r.assignFailed = true
	return true
}

// assignsDirectly are the builtins that assign variables they are given
// as operands: bash names them in an assignment's error (printf -v r /).
var assignsDirectly = map[string]bool{"printf": true, "getopts": true, "read": true, "mapfile": true, "readarray": true}

// setAssignCmd notes the builtin about to run for assignment errors and
// returns the function that restores the previous one.
func (r *Runner) setAssignCmd(name string) func() {
	saved := r.assignCmd
	r.assignCmd = ""
	if assignsDirectly[name] {
		r.assignCmd = name + ": "
	}
	return func() { r.assignCmd = saved }
}

// arithBadRef is badRefValue for an arithmetic assignment (((r=0)), let,
// $((r=1))): bash reports it, named by the command, and the expression
// goes on with its value; nothing is assigned and the line continues.
func (r *Runner) arithBadRef(name, val string) bool {
	v, _ := r.vars.lookup(name)
	if !v.has(attrNameref) || v.set && v.str != "" || validRefTarget(val) {
		return false
	}
	prefix := ""
	if r.arithCtx != "" {
		prefix = r.arithCtx + ": "
	}
	r.errorf("%s`%s': not a valid identifier", prefix, val)
	return true
}

// unrefForArray: an array assigned to a nameref that names nothing yet
// (r=(1 2), mapfile r, read -a r) makes the name an array; bash warns
// that it stops being a reference.
func (r *Runner) unrefForArray(v *Var, name string) {
	if v.has(attrNameref) && (!v.set || v.str == "") {
		r.errorf("warning: %s: removing nameref attribute", name)
		v.attrs &^= attrNameref
		v.str, v.set = "", false
	}
}
