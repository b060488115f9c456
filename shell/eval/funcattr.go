package eval

// Readonly functions (readonly -f, declare -fr): they can be neither
// redefined nor unset, and declare lists them with their attribute.

// funcAttrs is the attribute letters declare shows after -f.
func funcAttrs(fd *funcDef) string {
	if fd.readonly {
		return "r"
	}
	return ""
}

// unsetFunc is unset -f NAME; false (reported) for a readonly function.
func (r *Runner) unsetFunc(name string) bool {
	if fd := r.funcs[name]; fd != nil && fd.readonly {
		r.errorf("unset: %s: cannot unset: readonly function", name)
		return false
	}
	r.dropFunc(name)
	return true
}

// funcFlags are a function's attributes as declare prints them: r for
// readonly, x for exported ("declare -frx f").
func (r *Runner) funcFlags(name string, fd *funcDef) string {
	return funcAttrs(fd) + r.funcExportFlag(name)
}

// readonlyFuncs handles the readonly attribute of declare -f/-F and
// readonly -f: with names it sets it (+r refuses to remove it), without
// it lists only the readonly functions. handled is false when the
// attribute is not involved.
func (r *Runner) readonlyFuncs(cmd string, f declFlags, names []string, named bool) (handled bool, status int) {
	set := cmd == "readonly" || f.set&attrReadonly != 0
	if !set && f.unset&attrReadonly == 0 {
		return false, 0
	}
	if !named && !f.print && f.unset&attrReadonly == 0 {
		for _, n := range names {
			fd := r.funcs[n]
			if !fd.readonly {
				continue
			}
			if !f.funcNames {
				r.writeOut(cmd, funcSource(n, fd)+"\n")
			}
			r.writeOut(cmd, "declare -f"+r.funcFlags(n, fd)+" "+n+"\n")
		}
		return true, 0
	}
	if !named {
		return false, 0
	}
	for _, n := range names {
		fd, ok := r.funcs[n]
		switch {
		case !ok:
			if cmd == "readonly" {
				r.errorf("readonly: %s: not a function", n)
			}
			status = 1
		case !set && fd.readonly:
			r.errorf("%s: %s: readonly function", cmd, n)
			status = 1
		case set && !fd.readonly:
			// A copy: a subshell shares its parent's definitions.
			c := *fd
			c.readonly = true
			r.funcs[n] = &c
		}
	}
	return true, status
}
