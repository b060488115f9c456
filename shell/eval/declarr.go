package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A declaration's value that expands to "(...)" is, for an array, a
// compound assignment given as a string: bash reads it again as one
// (declare -a a="$l" with l='(1 2)' assigns two elements) and expands the
// words inside. These helpers read such a text and run the assignment
// with that text as the source its nodes point into.

// quotedCompound reports whether value has the shape of a compound
// assignment.
func quotedCompound(value string) bool {
	return len(value) >= 2 && value[0] == '(' && value[len(value)-1] == ')'
}

// quotedCompound decides what NAME[index]="(...)" given to declare means:
// with -a or -A the whole array is assigned (the subscript is dropped);
// without, an existing array is assigned by declare when there is no
// subscript (compoundTarget), and an element gets the text as is (with
// bash's deprecation warning when NAME is not an array yet). It returns the subscript to keep and the
// text to read as a compound assignment ("" for none).
func (r *Runner) quotedCompound(cmd string, f declFlags, name string, index syntax.ArithmExpr, value string) (syntax.ArithmExpr, string) {
	switch {
	case f.set&(attrIndexed|attrAssoc) != 0:
		return nil, value
	case index == nil && r.compoundTarget(cmd, name):
		return nil, value
	case index != nil && !r.isArrayVar(name):
		r.errorf("warning: %s[%s]=%s: quoted compound array assignment deprecated", name, r.subscriptText(index), value)
	}
	return index, ""
}

// compoundTarget reports whether a value "(...)" given to cmd without -a
// or -A assigns the array name as a whole: for declare, typeset and local
// when name is an array; export and readonly assign it to element 0.
func (r *Runner) compoundTarget(cmd, name string) bool {
	return (cmd == "declare" || cmd == "typeset" || cmd == "local") && r.isArrayVar(name)
}

// parseArrayText parses "(a b c)" as the right side of an assignment.
func (r *Runner) parseArrayText(s string) (*syntax.ArrayExpr, bool) {
	if nestingDepth(s) > maxParseNesting {
		return nil, false
	}
	p := parserPool.Get().(*syntax.Parser)
	defer parserPool.Put(p)
	f, _, err := parseBytes(p, "x="+s)
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	c, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Assigns) != 1 || c.Assigns[0].Array == nil || len(c.Args) > 0 {
		return nil, false
	}
	return c.Assigns[0].Array, true
}

// fillDeclText is fillDecl for a compound assignment parseArrayText
// read from text: while it runs, that text is the running source (its
// nodes' offsets point into it), under the same name in messages.
func (r *Runner) fillDeclText(name string, v *Var, arr *syntax.ArrayExpr, text string, appendTo bool) bool {
	saved := r.src
	tmp := &source{text: escapedText("x=" + text), escaped: true}
	if saved != nil {
		tmp.file, tmp.lineBase = saved.file, saved.lineBase
	}
	r.src = tmp
	defer func() { r.src = saved }()
	return r.fillDecl(name, v, arr, appendTo)
}

// refDeclOK checks declare -n NAME[=value] as bash does before making
// NAME a reference: an element cannot be one, nor can an existing array
// in the scope declare works on; a reference to itself is refused at
// the global level and only warned about in a function (where bash
// resolves it to the variable of an outer scope).
func (r *Runner) refDeclOK(cmd string, f declFlags, name string, index syntax.ArithmExpr, value string, hasValue bool) bool {
	if index != nil {
		r.errorf("%s: %s[%s]: reference variable cannot be an array", cmd, name, r.subscriptText(index))
		return false
	}
	var old *Var
	if r.funcDepth > 0 && !f.global && cmd != "export" && cmd != "readonly" {
		old = r.vars.funcScope().vars[name]
	} else {
		old = r.vars.global().vars[name]
	}
	if old.has(attrIndexed) || old.has(attrAssoc) {
		r.errorf("%s: %s: reference variable cannot be an array", cmd, name)
		return false
	}
	if hasValue && value == name {
		if r.funcDepth == 0 || f.global {
			r.errorf("%s: %s: nameref variable self references not allowed", cmd, name)
			return false
		}
		// bash warns again when it assigns the reference its value.
		r.errorf("%s: warning: %s: circular name reference", cmd, name)
		r.errorf("warning: %s: circular name reference", name)
	}
	return true
}

// posixDeclLine turns a declare -p line into what readonly and export
// list in posix mode: "readonly NAME=value", "readonly -a NAME=(...)".
func posixDeclLine(cmd, line string, v *Var) string {
	flags := attrFlags(v)
	if flags == "" {
		flags = "-"
	}
	rest := strings.TrimPrefix(line, "declare -"+flags+" ")
	switch {
	case v.has(attrAssoc):
		return cmd + " -A " + rest
	case v.has(attrIndexed):
		return cmd + " -a " + rest
	}
	return cmd + " " + rest
}

// declItemText is a declaration operand's NAME[SUB], for messages.
func (r *Runner) declItemText(it declItem, name string, index syntax.ArithmExpr) string {
	if it.assign == nil {
		n, _, _ := strings.Cut(it.word, "=")
		return strings.TrimSuffix(n, "+")
	}
	return name + "[" + r.subscriptText(index) + "]"
}

// convertedAssocBuckets is the size of the table bash gives a variable
// it converts to an associative array (a fresh one has assocBuckets).
const convertedAssocBuckets = 128

// declExists reports whether declare finds name already there, in the
// scope it works on: such a variable is converted rather than created.
func (r *Runner) declExists(cmd string, f declFlags, name string) bool {
	if r.funcDepth > 0 && !f.global && (cmd == "local" || cmd == "declare" || cmd == "typeset") {
		_, ok := r.vars.funcScope().vars[name]
		return ok
	}
	return r.vars.visible(name) != nil
}
