package eval

import "mvdan.cc/sh/v3/syntax"

// declRefElem reports the array element a set nameref names when declare
// (or typeset, local, export, readonly) is given the nameref without -n
// or +n: declare acts on what the reference names, and for NAME[SUB]
// that is element SUB of array NAME (declare -i ref makes NAME -ai).
func (r *Runner) declRefElem(f declFlags, name string) (base, sub string, ok bool) {
	if (f.set|f.unset)&attrNameref != 0 {
		return "", "", false
	}
	v := r.vars.visible(name)
	if !v.has(attrNameref) || !v.set || v.str == "" {
		return "", "", false
	}
	if _, _, ok := splitSubscript(v.str); !ok {
		// Only a chain that ends at an element matters here.
		if t := r.vars.visible(v.str); !t.has(attrNameref) {
			return "", "", false
		}
	}
	return splitSubscript(r.resolveName(name))
}

// declThroughElemRef redirects declare's operand NAME, a nameref to an
// array element, to that element. export and readonly cannot mark an
// element: bash reports it, assigns a value given through the reference
// all the same, and succeeds. done is true when the operand is finished.
func (r *Runner) declThroughElemRef(cmd string, f declFlags, name, value string, hasValue, appendTo bool) (base string, index syntax.ArithmExpr, done, ok bool) {
	// In a function, declare makes a local of the target's text (bash
	// names it "NAME[SUB]"); only the global declare reaches the array.
	local := r.funcDepth > 0 && !f.global && cmd != "export" && cmd != "readonly"
	b, sub, isElem := r.declRefElem(f, name)
	if !isElem || local {
		return name, nil, false, true
	}
	if cmd == "readonly" || cmd == "export" {
		r.errorf("%s: `%s[%s]': not a valid identifier", cmd, b, sub)
		if hasValue {
			return name, nil, true, r.setVar(name, value, appendTo)
		}
		return name, nil, true, true
	}
	return b, &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: sub}}}, false, true
}

// declUnsetRef handles declare's operand NAME when it is a nameref that
// names nothing yet and no -n or +n is given; done is true when the
// operand is finished. bash's rules differ by builtin: export and
// readonly follow the reference to an empty name and report it (a value
// that is no name first; one that is a name becomes the target, which
// they mark); a local of the current function refuses a value
// that is no name as a name for a reference; a global declare refuses it
// as an identifier and the nameref is gone; declare -a or -A makes a
// global one an array, no longer a reference, and so does declare
// ref[SUB]=value (elem).
func (r *Runner) declUnsetRef(cmd string, f declFlags, name, value string, hasValue, elem bool) (done, ok bool) {
	if (f.set|f.unset)&attrNameref != 0 {
		return false, true
	}
	if elem {
		// declare ref[1]=x: the reference becomes an array, as an
		// array assigned to it does (unrefForArray).
		if cmd != "export" && cmd != "readonly" && (r.funcDepth == 0 || f.global) {
			v, _ := r.vars.lookup(name)
			r.unrefForArray(v, name)
		}
		return false, true
	}
	v, sc := r.vars.lookup(name)
	if !v.has(attrNameref) || v.set && v.str != "" {
		return false, true
	}
	if v.has(attrReadonly) && f.unset&attrReadonly != 0 && !hasValue {
		// +r follows the reference to nothing: no variable changes.
		return true, true
	}
	bad := hasValue && !validRefTarget(value)
	local := r.funcDepth > 0 && !f.global && cmd != "export" && cmd != "readonly"
	switch {
	case cmd == "export" || cmd == "readonly":
		if bad {
			r.errorf("%s: `%s': not a valid identifier", cmd, value)
			r.errorf("%s: `': not a valid identifier", cmd)
			return true, false
		}
		if !hasValue {
			r.errorf("%s: `': not a valid identifier", cmd)
			return true, true
		}
		// The value names the target, which gets the attribute.
		v.str, v.set = value, true
		return true, r.declareOne(cmd, f, declItem{word: value})
	case local && sc == r.vars.funcScope():
		if bad {
			r.errorf("%s: `%s': invalid variable name for name reference", cmd, value)
			return true, false
		}
	case !local:
		if bad {
			r.errorf("%s: `%s': not a valid identifier", cmd, value)
			delete(sc.vars, name)
			return true, false
		}
		if f.set&(attrIndexed|attrAssoc) != 0 {
			v.attrs &^= attrNameref
			v.str, v.set = "", false
		}
	}
	return false, true
}

// emptyRefElem reports an element assignment (ref[1]=x, ((ref[1]=3)),
// read 'ref[1]') through a nameref that names nothing yet: the reference
// leads to an empty name, which bash refuses as an identifier, prefixed
// by the command's "NAME: " (prefix).
func (r *Runner) emptyRefElem(name, prefix string) bool {
	v := r.vars.visible(name)
	if !v.has(attrNameref) || v.set && v.str != "" {
		return false
	}
	r.errorf("%s`': not a valid identifier", prefix)
	return true
}

// readonlyDeclRefused reports whether declare must refuse to change the
// readonly variable v: a value, +r, -n, and +n of a nameref that has a
// target are refused (attributes may be added). +r or +n through a
// nameref that names nothing finds no variable and does nothing.
func (r *Runner) readonlyDeclRefused(f declFlags, v *Var, hasValue bool) bool {
	emptyRef := v.has(attrNameref) && (!v.set || v.str == "")
	switch {
	case hasValue, f.set&attrNameref != 0:
		return true
	case f.unset&attrNameref != 0:
		return !emptyRef
	case f.unset&attrReadonly != 0:
		return !emptyRef
	}
	return false
}

// declShownName is the name declare's readonly error shows: the variable
// a nameref operand leads to (bash reports what it failed to change).
func (r *Runner) declShownName(f declFlags, name string) string {
	if (f.set|f.unset)&attrNameref != 0 {
		return name
	}
	if v := r.vars.visible(name); v.has(attrNameref) && v.set && v.str != "" {
		if t := r.resolveName(name); t != "" {
			return t
		}
	}
	return name
}

// funcOperand is the function name declare -f or -F is given by an
// operand: the whole word, so an operand written as an assignment
// (declare -F v=x) names the function "v=x", which bash reports as not
// found.
func (r *Runner) funcOperand(it declItem) string {
	a := it.assign
	if a == nil {
		return it.word
	}
	name := a.Name.Value
	if a.Append {
		name += "+"
	}
	if a.Index != nil {
		name += "[" + r.nodeText(a.Index) + "]"
	}
	val := it.value
	if !it.expanded && a.Value != nil {
		val, _ = r.expandAssignValue(a.Value)
	}
	return name + "=" + val
}
