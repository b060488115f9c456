package eval

import (
	"fmt"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// declItem is one operand of declare and friends: a word from the command
// line (an option, a name, name=value) or an assignment parsed with its
// array syntax intact.
type declItem struct {
	word   string
	assign *syntax.Assign
	// value is assign's scalar value, expanded before any operand is
	// applied (bash expands all the words first: export a=1 b=$a sees
	// the old a).
	value    string
	expanded bool
}

// declClause runs declare/local/export/readonly/typeset parsed by the
// parser with their assignments.
func (r *Runner) declClause(c *syntax.DeclClause) {
	r.substRan = false
	name := c.Variant.Value
	var items []declItem
	words := []string{name}
	for _, a := range c.Args {
		if a.Naked && a.Name == nil {
			fs, ok := r.expandFields([]*syntax.Word{a.Value})
			if !ok {
				return
			}
			for _, f := range fs {
				items = append(items, declItem{word: f})
				words = append(words, f)
			}
			continue
		}
		if a.Naked {
			w := a.Name.Value
			if a.Index != nil {
				w += "[" + r.subscriptText(a.Index) + "]" // declare a[5]
			}
			items = append(items, declItem{word: w})
			words = append(words, w)
			continue
		}
		items = append(items, declItem{assign: a})
		words = append(words, r.nodeText(a))
	}
	if f, ok := r.funcs[name]; ok {
		// A function named like the builtin wins, as for any command.
		args := []string{name}
		for _, it := range items {
			if it.assign != nil {
				s, ok := r.expandString(&syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: r.nodeText(it.assign)}}})
				if !ok {
					return
				}
				args = append(args, s)
				continue
			}
			args = append(args, it.word)
		}
		r.callFunc(f, args)
		return
	}
	r.setBashCommand(c, nil)
	if !r.runDebugTrap() {
		return
	}
	for i := range items {
		if a := items[i].assign; a != nil && a.Array == nil {
			v, ok := r.expandAssignValue(a.Value)
			if !ok {
				return
			}
			items[i].value, items[i].expanded = v, true
		}
	}
	if len(words) > 1 && r.dashDashHelp(words[:2]) {
		r.lastArg = words[len(words)-1]
		return
	}
	arrays := r.traceDecl(name, items)
	savedDecl := r.declName
	r.declName = name
	r.assignFailed = false
	r.status = r.checkWrites(func() int { return r.declare(name, items) })
	if arrays {
		r.declArrTrace = false
		r.traceDeclLine(name, items)
	}
	r.declName = savedDecl
	r.lastArg = r.declLastArg(c, words)
	if isSpecialBuiltin(name) && !r.disabled[name] { // export, readonly
		r.posixSpecialFailed(name)
	}
}

// declLastArg is $_ after a declaration command: its last word, where a
// compound array assignment counts as the bare name, as in bash.
func (r *Runner) declLastArg(c *syntax.DeclClause, words []string) string {
	if len(c.Args) == 0 {
		return words[len(words)-1]
	}
	a := c.Args[len(c.Args)-1]
	if a.Naked || a.Name == nil {
		return words[len(words)-1]
	}
	if a.Array != nil {
		return a.Name.Value
	}
	op := "="
	if a.Append {
		op = "+="
	}
	if a.Value == nil {
		return a.Name.Value + op
	}
	if lit := a.Value.Lit(); lit != "" || len(a.Value.Parts) == 0 {
		return a.Name.Value + op + lit
	}
	// The expanded value: read back what was assigned rather than
	// expanding (and running substitutions) twice; a reference's value
	// is the name it was given.
	if v := r.vars.visible(a.Name.Value); v.has(attrNameref) {
		return a.Name.Value + op + v.str
	}
	s, _ := r.lookupVar(a.Name.Value).scalar()
	return a.Name.Value + op + s
}

// builtinDeclare is declare and friends called as ordinary commands
// (builtin declare, command export, "export" from a variable...).
func (r *Runner) builtinDeclare(args []string) int {
	items := make([]declItem, 0, len(args)-1)
	for _, a := range args[1:] {
		items = append(items, declItem{word: a})
	}
	return r.declare(args[0], items)
}

// declFlags are the parsed options of declare.
type declFlags struct {
	set, unset uint16
	print      bool
	funcs      bool
	funcNames  bool
	global     bool
	remove     bool // export -n
}

func (r *Runner) declare(cmd string, items []declItem) int {
	var f declFlags
	switch cmd {
	case "export":
		f.set |= attrExport
	case "readonly":
		f.set |= attrReadonly
	case "local":
		if r.funcDepth == 0 {
			r.errorf("local: can only be used in a function")
			return 1
		}
	}
	i := 0
	for ; i < len(items); i++ {
		w := items[i].word
		if items[i].assign != nil || len(w) < 2 || w[0] != '-' && w[0] != '+' {
			break
		}
		if w == "--" {
			i++
			break
		}
		if w[0] == '+' && (cmd == "export" || cmd == "readonly") {
			break // their getopt takes no +x: a name (not a valid one)
		}
		on := w[0] == '-'
		for _, c := range w[1:] {
			bit := uint16(0)
			if !declOptionFor(cmd, c) {
				c = 0 // reported as invalid below
			}
			switch c {
			case 'a':
				bit = attrIndexed
			case 'A':
				bit = attrAssoc
			case 'i':
				bit = attrInteger
			case 'l':
				bit = attrLower
			case 'u':
				bit = attrUpper
			case 'n':
				if cmd == "export" || cmd == "readonly" {
					// export -n unexports; readonly -n assigns without
					// making readonly (it cannot take readonly away).
					f.remove = true
					continue
				}
				bit = attrNameref
			case 'r':
				bit = attrReadonly
			case 'x':
				bit = attrExport
			case 't':
				bit = attrTrace
			case 'c':
				bit = attrCapital
			case 'p':
				f.print = true
			case 'f':
				f.funcs = true
			case 'F':
				f.funcNames = true
			case 'g':
				f.global = f.global || on // +g changes nothing
			case 'I':
			default:
				if c == 0 {
					c = declBadOption(w)
				}
				r.errorf("%s: -%c: invalid option", cmd, c)
				fmt.Fprintf(r.stderr(), "%s: usage: %s\n", cmd, declUsage(cmd))
				return 2
			}
			if on {
				f.set |= bit
			} else {
				f.unset |= bit
			}
		}
	}
	items = items[i:]
	if cmd == "local" {
		var dash bool
		if items, dash = r.localDash(items); dash && len(items) == 0 {
			return 0
		}
	}
	if f.funcs || f.funcNames {
		return r.declareFuncs(cmd, f, items)
	}
	// With no names, declare -a (any attribute) lists the variables that
	// have it, as declare -p -a does.
	if len(items) == 0 && (f.print || f.unset == 0 && (f.set == 0 || cmd != "local") || cmd != "declare" && cmd != "typeset" && cmd != "local") {
		return r.printDecls(cmd, f)
	}
	if f.print && cmd != "export" && cmd != "readonly" { // their -p lists only without names
		status := 0
		for _, it := range items {
			if !r.printDecl(it.word) {
				r.errorf("%s: %s: not found", cmd, it.word)
				status = 1
			}
		}
		return status
	}
	r.liftTempVars(cmd, f, items)
	status := 0
	for _, it := range items {
		if !r.declareOne(cmd, f, it) {
			status = 1
			if r.flow != flowNone {
				return status
			}
			continue
		}
		r.traceDeclAssign(cmd, it)
	}
	return status
}

func declUsage(cmd string) string {
	switch cmd {
	case "export":
		return "export [-fn] [name[=value] ...] or export -p"
	case "readonly":
		return "readonly [-aAf] [name[=value] ...] or readonly -p"
	case "local":
		return "local [option] name[=value] ..."
	case "typeset": // bash's typeset usage differs from declare's
		return "typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]"
	}
	return cmd + " [-aAfFgiIlnrtux] [name[=value] ...] or " + cmd + " -p [-aAfFilnrtux] [name ...]"
}

// declareOne applies declare's attributes and value to one operand.
func (r *Runner) declareOne(cmd string, f declFlags, it declItem) bool {
	var name, value string
	var hasValue, appendTo bool
	var index syntax.ArithmExpr
	var arr *syntax.ArrayExpr
	arrText := "" // a compound assignment given as a string
	if a := it.assign; a != nil {
		name, index, arr, appendTo = a.Name.Value, a.Index, a.Array, a.Append
		if index != nil && r.elemFixOf(index) != 0 {
			if r.elemFixOf(index)&fixList != 0 {
				arr = &syntax.ArrayExpr{}
			} else if r.emptySubscript(name, index) {
				r.assignFailed = false // declare goes on with the line
				return false
			}
		}
		if index != nil && arr != nil {
			// bash abandons the whole line here, as after a failed
			// assignment statement.
			r.errorf("%s[%s]: cannot assign list to array member", name, r.subscriptText(index))
			if !r.interactive {
				r.abortCommand()
			}
			return false
		}
		if it.expanded {
			value, hasValue = it.value, true
		} else if a.Value != nil || a.Array == nil {
			v, ok := r.expandAssignValue(a.Value)
			if !ok {
				return false
			}
			value, hasValue = v, true
		}
		if a.Array != nil {
			hasValue = true
		} else if quotedCompound(value) {
			index, arrText = r.quotedCompound(cmd, f, name, index, value)
		}
		if w, ok := index.(*syntax.Word); ok && arr == nil && arrText == "" && hasExpansion(w) {
			if index, ok = r.declAssignSubscript(cmd, name, w, value, appendTo); !ok {
				return false
			}
		}
	} else {
		name = it.word
		if k, v, ok := strings.Cut(it.word, "="); ok {
			name, value, hasValue = k, v, true
			if strings.HasSuffix(name, "+") {
				name, appendTo = name[:len(name)-1], true
			}
			if quotedCompound(value) && (f.set&(attrIndexed|attrAssoc) != 0 || r.compoundTarget(cmd, name)) {
				// declare -a x='(1 2)' parses the value as an array.
				arrText = value
			}
		}
		if n, sub, ok := splitSubscript(name); ok {
			key, ok := r.declSubscript(cmd, it, name, sub)
			if !ok {
				return false
			}
			name = n
			index = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: key}}}
		}
	}
	if arrText != "" && arr == nil {
		if parsed, ok := r.parseArrayText(arrText); ok {
			arr, hasValue = parsed, true
		} else {
			arrText = ""
		}
	}
	if !isName(name) {
		r.errorf("%s: `%s': not a valid identifier", cmd, it.display())
		return false
	}
	if f.set&attrNameref != 0 && hasValue && !validRefTarget(value) && arr == nil {
		if value == "" {
			// An empty name is refused as an identifier first.
			r.errorf("%s: `': not a valid identifier", cmd)
			return false
		}
		r.errorf("%s: `%s': invalid variable name for name reference", cmd, value)
		return false
	}
	if index == nil && arr == nil {
		var done, ok bool
		if name, index, done, ok = r.declThroughElemRef(cmd, f, name, value, hasValue, appendTo); done {
			return ok
		}
	}
	if index != nil && arr == nil {
		if cmd == "readonly" || cmd == "export" {
			// Only declare takes a subscript here.
			r.errorf("%s: `%s': not a valid identifier", cmd, r.declItemText(it, name, index))
			return false
		}
		if !hasValue && f.set&attrAssoc == 0 && !r.vars.visible(name).has(attrAssoc) {
			// declare NAME[N] makes NAME an indexed array.
			f.set |= attrIndexed
		}
	}
	if f.set&attrNameref != 0 && !r.refDeclOK(cmd, f, name, index, value, hasValue) {
		return false
	}
	if t, ok := r.localRefTarget(cmd, f, name); ok && index == nil {
		name = t
	}
	if arr == nil || index == nil {
		if done, ok := r.declUnsetRef(cmd, f, name, value, hasValue && arr == nil, index != nil); done {
			return ok
		}
	}
	if (cmd == "local" || r.funcDepth > 0 && !f.global && (cmd == "declare" || cmd == "typeset")) && r.vars.funcScope().vars[name] == nil {
		if old := r.vars.visible(name); old.has(attrReadonly) {
			// A readonly variable cannot be shadowed by a local.
			r.errorf("%s: %s: readonly variable", cmd, name)
			r.status = 1
			return false
		}
	}
	had := r.declExists(cmd, f, name)
	v := r.declTarget(cmd, f, name)
	// bash adds attributes to a readonly variable (declare -i r), but
	// refuses a value, +r and -n.
	if v.has(attrReadonly) && r.readonlyDeclRefused(f, v, hasValue) {
		// A compound assignment given as text with -a or -A (readonly -a
		// r='(7)') is refused by the builtin itself.
		if cmd == "declare" || cmd == "typeset" || cmd == "local" || arrText != "" {
			r.errorf("%s: %s: readonly variable", cmd, r.declShownName(f, name))
			r.status = 1
			return false
		}
		if cmd == "export" && !f.remove {
			v.attrs |= attrExport // export marks it, then fails to assign
		}
		r.readonlyError(name)
		return false
	}
	if f.unset&attrNameref != 0 && v.has(attrNameref) && v.set && hasValue && arr == nil && index == nil {
		// declare +n ref=value assigns through the reference first; then
		// ref stops being one and keeps the target's name as its value.
		if !r.setVar(name, value, appendTo) {
			return false
		}
		hasValue = false
	}
	if f.remove {
		// export -n name=value unexports and still assigns.
		if cmd == "export" {
			v.attrs &^= attrExport
		}
		if hasValue && arr == nil && index == nil {
			return r.setDeclValue(name, v, value, appendTo)
		}
		return true
	}
	if f.set&attrNameref != 0 && !hasValue && v.set && !v.isArray() && !v.has(attrNameref) && !validRefTarget(v.str) {
		// declare -n on a set variable takes its value as the target name,
		// so that value must name a variable.
		r.errorf("%s: `%s': invalid variable name for name reference", cmd, v.str)
		return false
	}
	// An array, even one declared without a value, keeps its kind.
	if v.has(attrAssoc) && f.set&attrIndexed != 0 {
		return r.convertError(cmd, name, "associative to indexed", arr != nil && arrText == "")
	}
	if v.has(attrIndexed) && f.set&attrAssoc != 0 {
		return r.convertError(cmd, name, "indexed to associative", arr != nil && arrText == "")
	}
	if v.attrs&f.unset&(attrIndexed|attrAssoc) != 0 {
		r.errorf("%s: %s: cannot destroy array variables in this way", cmd, name)
		return false
	}
	newAttrs := (v.attrs | f.set) &^ f.unset
	if f.set&attrLower != 0 {
		newAttrs &^= attrUpper
	}
	if f.set&attrUpper != 0 {
		newAttrs &^= attrLower
	}
	if newAttrs&attrAssoc != 0 && v.assoc == nil {
		v.assoc = newAssoc()
		if had {
			// bash converts an existing variable into a table of
			// hash_create's default size, which orders the keys.
			v.assoc.nbuckets = convertedAssocBuckets
		}
		if v.set && !v.isArray() {
			v.assoc.set("0", v.str)
		}
		v.str, v.arr = "", nil
	} else if newAttrs&attrIndexed != 0 && newAttrs&attrAssoc == 0 && v.arr == nil {
		// declare -a NAME alone leaves an array without a value: listed as
		// "declare -a NAME", unset for [[ -v ]] until an element is set.
		wasSet := v.set
		toArray(v)
		v.set = wasSet
	}
	readonly := newAttrs&attrReadonly != 0
	v.attrs = newAttrs &^ attrReadonly
	ok := true
	switch {
	case arr != nil && arrText != "":
		ok = r.fillDeclText(name, v, arr, arrText, appendTo)
	case arr != nil:
		ok = r.fillDecl(name, v, arr, appendTo)
	case hasValue && index != nil:
		ok = r.assignIndexed(name, index, value, appendTo)
	case hasValue && v.has(attrNameref):
		if f.set&attrNameref == 0 && r.badRefValue(v, value, cmd+": ") {
			ok = false
			break
		}
		v.str, v.set = value, true
	case hasValue:
		ok = r.setDeclValue(name, v, value, appendTo)
	}
	if readonly {
		v.attrs |= attrReadonly
	}
	return ok
}

func (it declItem) display() string {
	if it.assign != nil {
		return it.assign.Name.Value
	}
	return it.word
}

func validRefTarget(s string) bool {
	n, _, _ := splitSubscript(s)
	return isName(n)
}

func (r *Runner) isArrayVar(name string) bool {
	v := r.vars.visible(name)
	return v != nil && v.isArray()
}

// declTarget finds or creates the variable declare works on: a local in
// a function (unless -g or export/readonly of an existing variable).
func (r *Runner) declTarget(cmd string, f declFlags, name string) *Var {
	local := r.funcDepth > 0 && !f.global && (cmd == "local" || cmd == "declare" || cmd == "typeset")
	if local {
		sc := r.vars.funcScope()
		if v, ok := sc.vars[name]; ok {
			return v
		}
		v := &Var{local: true}
		if old := r.vars.visible(name); old != nil && r.shopts["localvar_inherit"] {
			*v = *old.clone()
			v.local = true
		} else if old := r.vars.callTempVar(name); old != nil {
			// A variable of the function call's temporary environment
			// (v=t f) is inherited, value and attributes, as bash does.
			*v = *old.clone()
			v.local = true
		} else if old := r.vars.visible(name); old.has(attrExport) {
			// A local shadowing an exported variable is exported too
			// (bash's make_local_variable keeps only that attribute).
			v.attrs |= attrExport
		}
		sc.vars[name] = v
		return v
	}
	if f.global {
		g := r.vars.global()
		if v, ok := g.vars[name]; ok {
			return v
		}
		v := &Var{}
		g.vars[name] = v
		return v
	}
	if v, _ := r.vars.lookup(name); v != nil {
		if v.has(attrNameref) && v.set && f.set&attrNameref == 0 && f.unset&attrNameref == 0 {
			target := r.resolveName(name)
			if target == "" {
				return v
			}
			if t, _ := r.vars.lookup(target); t != nil {
				return t
			}
			name = target
		} else {
			return v
		}
	}
	v := &Var{}
	r.vars.global().vars[name] = v
	return v
}

// setDeclValue assigns a scalar value after declare set the attributes.
func (r *Runner) setDeclValue(name string, v *Var, value string, appendTo bool) bool {
	if r.declName != "" {
		saved := r.arithName
		r.arithName = r.declName
		defer func() { r.arithName = saved }()
	}
	switch {
	case v.has(attrAssoc):
		return r.setAssocElem(v, "0", value, appendTo)
	case v.has(attrIndexed):
		old, _ := v.arr.get(0)
		nv, ok := r.valueFor(v, old, value, appendTo)
		if !ok {
			return false
		}
		v.arr.set(0, nv)
		v.set = true
		return true
	}
	old := ""
	if v.set {
		old = v.str
	}
	nv, ok := r.valueFor(v, old, value, appendTo)
	if !ok {
		return false
	}
	v.str, v.set = nv, true
	if r.opts[optAllExport] {
		// set -a exports what declare and local assign too.
		v.attrs |= attrExport
	}
	return true
}

func (r *Runner) fillDecl(name string, v *Var, arr *syntax.ArrayExpr, appendTo bool) bool {
	if v.has(attrAssoc) {
		return r.fillAssoc(name, v, arr, appendTo)
	}
	return r.fillIndexed(name, v, arr, appendTo)
}

// printDecls lists variables as declare -p (or export -p, readonly -p)
// does.
func (r *Runner) printDecls(cmd string, f declFlags) int {
	want := f.set
	if (cmd == "declare" || cmd == "typeset") && !f.print && want == 0 && f.unset == 0 {
		// Plain declare lists what set lists.
		return r.listVarsAndFuncs(cmd)
	}
	r.listing = true
	defer func() { r.listing = false }()
	names := r.allVarNames()
	if cmd == "local" {
		// local lists the function's own variables.
		names = sortedKeys(r.vars.funcScope().vars)
	}
	for _, n := range names {
		// The variable itself, not a nameref's target: -n lists namerefs.
		v := r.dynamicVar(n)
		if v == nil || cmd == "local" {
			v = r.vars.visible(n)
		}
		if v == nil {
			continue
		}
		if want != 0 && v.attrs&want != want {
			continue
		}
		if cmd == "declare" || cmd == "typeset" {
			if !f.print && want == 0 {
				// Plain declare lists NAME=value like set.
				if v.set && !v.isArray() {
					r.writeOut(cmd, n+"="+declQuote(v.str)+"\n")
					continue
				}
			}
		}
		if (cmd == "readonly" || cmd == "export") && r.opts[optPosix] {
			r.writeOut(cmd, posixDeclLine(cmd, r.declLine(n, v), v))
			continue
		}
		r.writeOut(cmd, r.declLine(n, v))
	}
	return 0
}

// allVarNames lists visible variables and the dynamic ones, sorted.
func (r *Runner) allVarNames() []string {
	names := r.vars.names()
	seen := map[string]bool{}
	for _, n := range names {
		seen[n] = true
	}
	for _, n := range []string{"BASHOPTS", "BASHPID", "BASH_SUBSHELL", "LINENO", "RANDOM", "SECONDS", "SHELLOPTS", "PIPESTATUS", "EPOCHSECONDS", "EPOCHREALTIME", "SRANDOM", "PPID", "GROUPS", "DIRSTACK",
		"BASH_ALIASES", "BASH_ARGC", "BASH_ARGV", "BASH_CMDS", "BASH_LINENO", "BASH_SOURCE", "FUNCNAME"} {
		if !seen[n] && !r.lostSpecial[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// printDecl prints one variable's declaration; false if it is unknown.
func (r *Runner) printDecl(name string) bool {
	v := r.vars.visible(name)
	if v == nil {
		v = r.dynamicVar(name)
	}
	if v == nil {
		if _, ok := r.funcs[name]; ok {
			return false
		}
		return false
	}
	r.writeOut("declare", r.declLine(name, v))
	return true
}

// declLine renders "declare -x name="value"" as bash prints it.
func (r *Runner) declLine(name string, v *Var) string {
	flags := attrFlags(v)
	if flags == "" {
		flags = "-"
	}
	head := "declare -" + flags + " " + name
	if !v.set {
		return head + "\n"
	}
	switch {
	case v.has(attrAssoc):
		var b strings.Builder
		b.WriteString(head + "=(")
		for _, k := range v.assoc.keys() {
			val, _ := v.assoc.get(k)
			fmt.Fprintf(&b, "[%s]=%s ", assocKeyQuote(k), declQuote(val))
		}
		b.WriteString(")\n")
		return b.String()
	case v.has(attrIndexed):
		var b strings.Builder
		b.WriteString(head + "=(")
		for i, e := range v.arr.elems {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "[%d]=%s", e.idx, declQuote(e.val))
		}
		b.WriteString(")\n")
		return b.String()
	}
	return head + "=" + declQuote(v.str) + "\n"
}

// declQuote double-quotes a value as declare -p does ($'...' when it
// holds a character it cannot show, see quoteansi.go).
func declQuote(s string) string {
	if needsANSIC(s, true) {
		return shellQuote(s)
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\', '$', '`':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// assocKeyQuote quotes an associative array key in declare -p output:
// only when it holds a shell meta character (see keyNeedsQuotes).
func assocKeyQuote(k string) string {
	if k != "" && !keyNeedsQuotes(k) {
		return k
	}
	return declQuote(k)
}

// declareFuncs handles declare -f and -F.
func (r *Runner) declareFuncs(cmd string, f declFlags, items []declItem) int {
	if status, done := r.declFuncChecks(cmd, f, items); done {
		return status
	}
	if status, done := r.funcAttrs(cmd, f, items); done {
		return status
	}
	var names []string
	if len(items) == 0 {
		for n := range r.funcs {
			names = append(names, n)
		}
		sort.Strings(names)
	} else {
		for _, it := range items {
			names = append(names, r.funcOperand(it))
		}
	}
	if handled, status := r.readonlyFuncs(cmd, f, names, len(items) > 0); handled {
		return status
	}
	status := 0
	for _, n := range names {
		fd, ok := r.funcs[n]
		if !ok {
			if len(items) > 0 {
				status = 1
				switch {
				case cmd == "export" || cmd == "readonly":
					r.errorf("%s: %s: not a function", cmd, n)
				case f.print:
					// declare -p reports each name it cannot print.
					r.errorf("%s: %s: not found", cmd, n)
				}
			}
			continue
		}
		if cmd == "export" || cmd == "readonly" {
			// export -fp NAME prints nothing: -p lists only without
			// names, the functions with the attribute, in full.
			if len(items) == 0 && (cmd == "export" && r.funcExported(n) || cmd == "readonly" && fd.readonly) {
				r.writeOut(cmd, funcSource(n, fd)+"\ndeclare -f"+r.funcFlags(n, fd)+" "+n+"\n")
			}
			continue
		}
		if f.funcNames {
			if len(items) > 0 {
				r.writeOut(cmd, n+"\n")
			} else {
				r.writeOut(cmd, "declare -f"+r.funcFlags(n, fd)+" "+n+"\n")
			}
			continue
		}
		r.writeOut(cmd, funcSource(n, fd)+"\n")
		if attrs := r.funcFlags(n, fd); (f.print || len(items) == 0) && attrs != "" {
			r.writeOut(cmd, "declare -f"+attrs+" "+n+"\n")
		}
	}
	return status
}
