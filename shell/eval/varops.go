package eval

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/justbash/justbash/shell/arith"
)

// maxNamerefDepth bounds a chain of namerefs, as bash does.
const maxNamerefDepth = 8

// resolveName follows namerefs from name to the variable it designates,
// which may carry a subscript ("a[2]"). A chain that does not end (a
// cycle) designates nothing: bash warns and returns "", so reads are
// empty and writes fail.
func (r *Runner) resolveName(name string) string {
	orig := name
	for i := 0; i < maxNamerefDepth; i++ {
		v := r.vars.visible(name)
		if !v.has(attrNameref) || !v.set || v.str == "" {
			return name
		}
		name = v.str
	}
	r.errorf("warning: %s: circular name reference", orig)
	return ""
}

// lookupVar finds the variable a name designates, with dynamic variables
// computed on the fly. It returns nil when none exists.
func (r *Runner) lookupVar(name string) *Var {
	if d := r.dynamicVar(name); d != nil {
		return d
	}
	v := r.vars.visible(name)
	if v.has(attrNameref) && v.set {
		target := r.resolveName(name)
		if n, sub, ok := splitSubscript(target); ok {
			// bash gives a cycle through an element reference no value.
			if r.nrefDepth >= maxNamerefDepth {
				return nil
			}
			r.nrefDepth++
			pv, _, _ := r.subscriptValue(n, sub)
			r.nrefDepth--
			if !pv.set {
				return nil
			}
			return &Var{set: true, str: pv.s}
		}
		return r.vars.visible(target)
	}
	return v
}

// dynamicVar computes the variables whose values bash makes up on each
// read. A script that unsets one takes the special meaning away.
func (r *Runner) dynamicVar(name string) *Var {
	if name == "_" {
		// $_ is the last word of the previous command; unset does not
		// take that meaning away.
		return &Var{set: true, str: r.lastArg}
	}
	switch name {
	case "LINENO", "RANDOM", "SRANDOM", "SECONDS", "EPOCHSECONDS", "EPOCHREALTIME", "BASHPID",
		"BASH_SUBSHELL", "SHELLOPTS", "BASHOPTS", "FUNCNAME", "BASH_SOURCE", "BASH_LINENO",
		"PIPESTATUS", "BASH_COMMAND", "DIRSTACK", "BASH_ARGC", "BASH_ARGV", "GROUPS",
		"BASH_ALIASES", "BASH_CMDS", "BASH_ARGV0":
	default:
		return nil
	}
	if r.lostSpecial[name] {
		return nil
	}
	if i := dynIndex(name); i >= 0 {
		return r.keepDyn(i, func() string { return r.dynValue(name) })
	}
	str := func(s string) *Var { return &Var{set: true, str: s} }
	arr := func(ss []string) *Var {
		a := &indexedArray{}
		for i, s := range ss {
			a.set(int64(i), s)
		}
		return &Var{set: true, attrs: attrIndexed, arr: a}
	}
	switch name {
	case "SHELLOPTS":
		return &Var{set: true, str: r.shellOpts(), attrs: attrReadonly}
	case "BASHOPTS":
		return &Var{set: true, str: r.bashOpts(), attrs: attrReadonly}
	case "GROUPS":
		if r.unreferenced(dynGroups) {
			return arr(nil)
		}
		return arr([]string{"1000"})
	case "PIPESTATUS":
		if r.pipeStatus == nil {
			return arr([]string{strconv.Itoa(r.lastPipeStatus)})
		}
		if len(r.pipeStatus) == 0 {
			// Before the first command: not there yet.
			return nil
		}
		ss := make([]string, len(r.pipeStatus))
		for i, s := range r.pipeStatus {
			ss[i] = strconv.Itoa(s)
		}
		return arr(ss)
	case "BASH_COMMAND":
		return str(r.bashCommand())
	case "DIRSTACK":
		if r.unreferenced(dynDirStack) {
			return arr(nil)
		}
		return arr(r.dirStack())
	case "FUNCNAME", "BASH_SOURCE", "BASH_LINENO", "BASH_ARGC", "BASH_ARGV":
		return r.callStackVar(name)
	case "BASH_ARGV0":
		return str(r.arg0)
	case "BASH_ALIASES":
		return assocView(r.aliases, aliasBuckets)
	case "BASH_CMDS":
		return assocView(r.hash, hashBuckets)
	}
	return nil
}

func leftPad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}

// random is bash's $RANDOM: 0..32767, reseeded by assigning RANDOM
// (specialvars.go).
func (r *Runner) random() int { return r.rnd.next(r.pid) }

// callStackVar renders FUNCNAME, BASH_SOURCE and BASH_LINENO from the
// call stack, innermost first, as bash does.
func (r *Runner) callStackVar(name string) *Var {
	if name == "FUNCNAME" && r.funcDepth == 0 {
		// Declared but without a value outside functions.
		return &Var{attrs: attrIndexed}
	}
	if (name == "BASH_ARGC" || name == "BASH_ARGV") && !r.shopts["extdebug"] {
		// bash keeps these only in extended debugging mode.
		return &Var{set: true, attrs: attrIndexed, arr: &indexedArray{}}
	}
	a := &indexedArray{}
	n := len(r.stack)
	idx := int64(0)
	argv := func(params []string) {
		for j := len(params) - 1; j >= 0; j-- {
			a.set(idx, params[j])
			idx++
		}
	}
	for i := n - 1; i >= 0; i-- {
		f := r.stack[i]
		if f.name == "eval" {
			continue
		}
		switch name {
		case "FUNCNAME":
			a.set(idx, f.name)
		case "BASH_SOURCE":
			a.set(idx, r.frameFile(f))
		case "BASH_LINENO":
			a.set(idx, strconv.Itoa(f.line))
		case "BASH_ARGC":
			a.set(idx, strconv.Itoa(len(f.params)))
		case "BASH_ARGV":
			argv(f.params)
			continue
		}
		idx++
	}
	// The script's own level: named only for a script file, not for -c
	// or standard-input text; its arguments are those the shell started
	// with.
	switch {
	case name == "BASH_ARGC":
		a.set(idx, strconv.Itoa(len(r.startArgs)))
	case name == "BASH_ARGV":
		argv(r.startArgs)
	case r.scriptFile == "":
	case name == "FUNCNAME":
		a.set(idx, "main")
	case name == "BASH_SOURCE":
		a.set(idx, r.topFile())
	case name == "BASH_LINENO":
		a.set(idx, "0")
	}
	return &Var{set: true, attrs: attrIndexed, arr: a}
}

// topFile is the script's own name in BASH_SOURCE ("" for -c text).
func (r *Runner) topFile() string {
	if r.scriptFile != "" {
		return r.scriptFile
	}
	return ""
}

// dynValue computes the value of a dynamic variable that keeps its last
// value (dynlast.go).
func (r *Runner) dynValue(name string) string {
	switch name {
	case "LINENO":
		return strconv.Itoa(r.lineno)
	case "RANDOM":
		return strconv.Itoa(r.random())
	case "SRANDOM":
		return strconv.FormatUint(uint64(rand.Uint32()), 10)
	case "SECONDS":
		return strconv.FormatInt(int64(time.Since(r.started).Seconds())+r.secondsBase, 10)
	case "EPOCHSECONDS":
		return strconv.FormatInt(time.Now().Unix(), 10)
	case "EPOCHREALTIME":
		t := time.Now()
		return strconv.FormatInt(t.Unix(), 10) + "." + leftPad(strconv.Itoa(t.Nanosecond()/1000), 6)
	case "BASHPID":
		return strconv.Itoa(r.pid)
	case "BASH_SUBSHELL":
		return strconv.Itoa(r.subLevel)
	}
	return ""
}

// setVar assigns val to name (element 0 for an array), applying the
// variable's attributes. appendTo is +=.
func (r *Runner) setVar(name, val string, appendTo bool) bool {
	if t := r.tempExpand; t != nil {
		if _, sc := r.vars.lookup(name); sc == t {
			return r.setThroughTemp(name, val, appendTo)
		}
	}
	if i := dynIndex(name); i >= 0 && !r.lostSpecial[name] {
		r.dynKept[i] = keptDyn{set: true, s: val} // listed until next read
	}
	if name == "RANDOM" && !r.lostSpecial[name] {
		r.rnd.seedFrom(val, r.pid)
		return true
	}
	if name == "OPTIND" {
		r.optVar = nil // assigning OPTIND restarts getopts (POSIX)
	}
	if name == "SECONDS" && !r.lostSpecial[name] {
		n, _ := strconv.ParseInt(val, 10, 64)
		r.secondsBase, r.started = n, time.Now()
		return true
	}
	if name == "BASH_ARGV0" && !r.lostSpecial[name] {
		// Assigning BASH_ARGV0 sets $0 (and the value is kept).
		r.arg0 = val
	}
	if name == "POSIXLY_CORRECT" {
		// Setting it enters posix mode (unsetting it leaves).
		r.setLongOpt("posix", true)
	}
	if name == "IGNOREEOF" {
		r.opts[setOptIndex("ignoreeof")] = true
	}
	v, _ := r.vars.lookup(name)
	if v.has(attrNameref) && v.set && v.str != "" {
		target := r.resolveName(name)
		if target == "" {
			return r.setGlobalForCycle(name, val, appendTo)
		}
		if n, sub, ok := splitSubscript(target); ok {
			return r.setElemText(n, sub, val, appendTo)
		}
		name = target
		v, _ = r.vars.lookup(name)
	}
	if v.has(attrReadonly) {
		r.readonlyError(name)
		return false
	}
	if r.badRefValue(v, val, r.assignCmd) {
		return false
	}
	if v == nil {
		v = &Var{}
		r.vars.global().vars[name] = v
		if r.opts[optAllExport] {
			v.attrs |= attrExport
		}
	}
	if v.has(attrAssoc) {
		old, _ := v.assoc.get("0")
		nv, ok := r.valueFor(v, old, val, appendTo)
		if !ok {
			return false
		}
		v.assoc.set("0", nv)
		v.set = true
		return true
	}
	if v.has(attrIndexed) {
		old, _ := v.arr.get(0)
		nv, ok := r.valueFor(v, old, val, appendTo)
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
	nv, ok := r.valueFor(v, old, val, appendTo)
	if !ok {
		return false
	}
	v.str, v.set = nv, true
	if r.opts[optAllExport] {
		v.attrs |= attrExport
	}
	return true
}

// valueFor computes what an assignment stores: integer evaluation, case
// conversion, appending.
func (r *Runner) valueFor(v *Var, old, val string, appendTo bool) (string, bool) {
	if v.has(attrInteger) {
		n, ok := r.arithValue(val)
		if !ok {
			return "", false
		}
		if appendTo {
			o, _ := r.arithValue(old)
			n += o
		}
		return strconv.FormatInt(n, 10), true
	}
	if appendTo {
		if err := r.g.checkString(int64(len(old) + len(val))); err != nil {
			r.stop(err)
			return "", false
		}
		val = r.appendBuf.concat(old, val)
	} else if err := r.g.checkString(int64(len(val))); err != nil {
		r.stop(err)
		return "", false
	}
	return applyCase(v.attrs, val), true
}

func (r *Runner) readonlyError(name string) {
	r.errorf("%s: readonly variable", name)
	r.status = 1
	r.assignFailed = true
}

// setElemText assigns name[sub] = val with the subscript as text.
func (r *Runner) setElemText(name, sub, val string, appendTo bool) bool {
	if name == "DIRSTACK" && !r.lostSpecial[name] {
		return r.setDirStackElem(sub, val, appendTo)
	}
	v, _ := r.vars.lookup(name)
	if v.has(attrReadonly) && v.has(attrAssoc) {
		r.readonlyError(name)
		return false
	}
	if v.has(attrAssoc) {
		key, ok := r.assocKeyText(sub)
		if !ok {
			return false
		}
		return r.setAssocElem(v, key, val, appendTo)
	}
	if sub == "*" || sub == "@" {
		// Not an element of an indexed array: the line is abandoned.
		r.errorf("%s[%s]: bad array subscript", name, sub)
		r.status = 1
		r.assignFailed = true
		return false
	}
	// The subscript is evaluated, and a negative one checked, before
	// a readonly variable is refused.
	i, ok := r.arithText(sub)
	if !ok {
		return false
	}
	if v.has(attrReadonly) {
		top := elemCount(v)
		if v.set && !v.isArray() {
			top = 1 // assigning makes the scalar element 0
		}
		if i < 0 && i+top < 0 {
			r.errorf("%s[%d]: bad array subscript", name, i)
			r.status = 1
			r.assignFailed = true
			return false
		}
		r.readonlyError(name)
		return false
	}
	return r.setIndexedElem(name, v, i, val, appendTo)
}

// elemCount is one past the highest index of an indexed array, 0 for
// any other variable (bash counts no element back from a scalar's end).
func elemCount(v *Var) int64 {
	if v.has(attrIndexed) && v.arr != nil {
		return v.arr.maxIndex() + 1
	}
	return 0
}

func (r *Runner) setAssocElem(v *Var, key, val string, appendTo bool) bool {
	old, _ := v.assoc.get(key)
	nv, ok := r.valueFor(v, old, val, appendTo)
	if !ok {
		return false
	}
	v.assoc.set(key, nv)
	v.set = true
	return true
}

// setIndexedElem assigns element i of the indexed array name, turning a
// scalar into an array.
func (r *Runner) setIndexedElem(name string, v *Var, i int64, val string, appendTo bool) bool {
	if v == nil {
		v = &Var{}
		r.vars.global().vars[name] = v
		if r.opts[optAllExport] {
			v.attrs |= attrExport
		}
	}
	if !v.has(attrIndexed) {
		toArray(v)
	}
	if i < 0 {
		i += v.arr.maxIndex() + 1
		if i < 0 {
			r.errorf("%s[%d]: bad array subscript", name, i-v.arr.maxIndex()-1)
			r.status = 1
			return false
		}
	}
	if err := r.g.checkElems(int64(len(v.arr.elems) + 1)); err != nil {
		r.stop(err)
		return false
	}
	old, _ := v.arr.get(i)
	nv, ok := r.valueFor(v, old, val, appendTo)
	if !ok {
		return false
	}
	v.arr.set(i, nv)
	v.set = true
	return true
}

// toArray makes a scalar variable an indexed array with its value at 0.
func toArray(v *Var) {
	a := &indexedArray{}
	if v.set && v.attrs&attrAssoc == 0 {
		a.set(0, v.str)
	}
	v.attrs |= attrIndexed
	v.str = ""
	v.arr = a
}

// unsetVar removes name from the innermost scope that has it (bash's
// unset reveals an outer variable of the same name).
func (r *Runner) unsetVar(name string) bool {
	if name == "POSIXLY_CORRECT" {
		defer r.setLongOpt("posix", false)
	}
	if name == "IGNOREEOF" {
		defer func() { r.opts[setOptIndex("ignoreeof")] = false }()
	}
	if r.dynamicVar(name) != nil {
		if r.lostSpecial == nil {
			r.lostSpecial = map[string]bool{}
		}
		r.lostSpecial[name] = true
	}
	v, sc := r.vars.lookup(name)
	if v == nil {
		return true
	}
	// A nameref is followed before anything is checked: unset ref
	// unsets its target even when the reference itself is readonly.
	if v.has(attrReadonly) && !(v.has(attrNameref) && v.set && v.str != "") {
		r.errorf("unset: %s: cannot unset: readonly variable", name)
		return false
	}
	if v.has(attrNameref) && v.set {
		// A circular reference ("") unsets the reference itself.
		target := r.resolveName(name)
		if target != name && target != "" {
			if n, sub, ok := splitSubscript(target); ok {
				r.unsetRefElem(n, sub)
				return true
			}
			return r.unsetVar(target)
		}
	}
	if sc != r.vars.global() && v.local && sc == r.vars.funcScope() {
		// Unsetting a local of the current function leaves it declared
		// but unset, hiding outer variables (localvar_unset off).
		*v = Var{local: true}
		return true
	}
	delete(sc.vars, name)
	return true
}

// unsetElem removes one array element (unset 'a[i]').
func (r *Runner) unsetElem(name, sub string) bool {
	v, _ := r.vars.lookup(name)
	if v == nil {
		return true
	}
	if v.has(attrReadonly) {
		r.errorf("unset: %s: cannot unset: readonly variable", name)
		return false
	}
	if (sub == "@" || sub == "*") && v.has(attrIndexed) {
		// Every element goes; the (now empty) array stays.
		v.arr = &indexedArray{}
		return true
	}
	switch {
	case v.has(attrAssoc):
		// @ and * are keys like any other here.
		key, ok := r.assocKeyText(sub)
		if !ok {
			return false
		}
		v.assoc.unset(key)
	case v.has(attrIndexed):
		i, ok := r.arithText(sub)
		if !ok {
			return false
		}
		if i < 0 {
			i += v.arr.maxIndex() + 1
			if i < 0 {
				r.errorf("unset: [%s]: bad array subscript", sub)
				return false
			}
		}
		v.arr.unset(i)
	default:
		// A scalar is element 0; any other subscript is refused.
		if sub != "@" && sub != "*" {
			i, ok := r.arithText(sub)
			if !ok {
				return false
			}
			if i == 0 {
				return r.unsetVar(name)
			}
		}
		r.errorf("unset: %s: not an array variable", name)
		return false
	}
	return true
}

// environ lists the exported variables as NAME=value for commands.
func (r *Runner) environ() []string {
	var out []string
	for _, n := range r.vars.names() {
		v := r.vars.visible(n)
		if !v.has(attrExport) || !v.set || v.isArray() {
			continue
		}
		out = append(out, n+"="+v.str)
	}
	return append(out, r.funcEnviron()...)
}

// arithEnv adapts the runner to arith.Env.
type arithEnv struct{ r *Runner }

func (e arithEnv) Get(name string, sub *string) (string, bool, error) {
	r := e.r
	if sub == nil {
		v := r.lookupVar(name)
		s, set := v.scalar()
		if !set && r.opts[optNoUnset] {
			return "", false, errUnbound(name)
		}
		return s, set, nil
	}
	restore := r.subscriptCtx()
	pv, _, ok := r.subscriptValue(name, *sub)
	restore()
	if !ok {
		return "", false, errAborted
	}
	if !pv.set && r.opts[optNoUnset] {
		return "", false, errUnbound(name + "[" + *sub + "]")
	}
	return pv.s, pv.set, nil
}

func (e arithEnv) Set(name string, sub *string, val int64) error {
	r := e.r
	s := strconv.FormatInt(val, 10)
	var ok bool
	if sub == nil && r.arithBadRef(name, s) {
		return nil
	} else if sub == nil {
		ok = r.setVar(name, s, false)
	} else {
		prefix := ""
		if r.arithCtx != "" {
			prefix = r.arithCtx + ": "
		}
		t, found := r.elemRefTargetAs(name, prefix)
		if !found {
			// As arithBadRef: reported, and the expression goes on.
			r.assignFailed = false
			return nil
		}
		name = t
		restore := r.subscriptCtx()
		ok = r.setElemText(name, *sub, s, false)
		restore()
	}
	if !ok {
		return errAborted
	}
	return nil
}

// Index resolves an indexed array's subscript once, for an element that
// is read and then written (a[i++]++, a[RANDOM%6]+=2): the index, as a
// number. An associative key, * and @ stay as written.
func (e arithEnv) Index(name, sub string) (string, error) {
	r := e.r
	if sub == "*" || sub == "@" || r.lookupVar(name).has(attrAssoc) {
		return sub, nil
	}
	restore := r.subscriptCtx()
	i, ok := r.arithText(sub)
	restore()
	if !ok {
		return "", errAborted
	}
	return strconv.FormatInt(i, 10), nil
}

var _ arith.IndexEnv = arithEnv{}

type unboundError string

func (e unboundError) Error() string { return string(e) + ": unbound variable" }

func errUnbound(name string) error { return unboundError(name) }

type abortedError struct{}

func (abortedError) Error() string { return "aborted" }

var errAborted error = abortedError{}

var _ arith.Env = arithEnv{}

// trimQuotes removes the double quotes bash drops from arithmetic text.
func trimQuotes(s string) string {
	if !strings.Contains(s, `"`) {
		return s
	}
	return strings.ReplaceAll(s, `"`, "")
}

// elemRefTarget maps name in name[sub]=... through a nameref: the element
// is assigned in the variable the reference names. A reference to an
// element (ref=a[0]) cannot itself be subscripted, so that fails as an
// invalid identifier.
func (r *Runner) elemRefTarget(name string) (string, bool) {
	return r.elemRefTargetAs(name, "")
}

// elemRefTargetAs is elemRefTarget for a builtin that assigns an element
// it is given (read 'a[1]', printf -v 'a[1]'): errors name it (prefix).
func (r *Runner) elemRefTargetAs(name, prefix string) (string, bool) {
	if r.emptyRefElem(name, prefix) {
		r.status = 1
		r.assignFailed = true
		return name, false
	}
	v, _ := r.vars.lookup(name)
	if !v.has(attrNameref) || !v.set || v.str == "" {
		return name, true
	}
	target := r.resolveName(name)
	if target == "" {
		// A circular reference becomes an array itself. bash resolves
		// the name twice on this path, so it warns twice.
		r.errorf("warning: %s: circular name reference", name)
		r.dropRef(name)
		return name, true
	}
	if _, _, ok := splitSubscript(target); ok {
		r.errorf("%s`%s': not a valid identifier", prefix, target)
		r.status = 1
		r.assignFailed = true
		return name, false
	}
	return target, true
}

// dropRef turns the nameref name into a plain unset variable, which is
// what bash does to a circular reference assigned an array.
func (r *Runner) dropRef(name string) {
	if v, _ := r.vars.lookup(name); v != nil {
		v.attrs &^= attrNameref
		v.str, v.set = "", false
	}
}
