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
		"PIPESTATUS", "BASH_COMMAND", "DIRSTACK", "BASH_ARGC", "BASH_ARGV", "GROUPS":
	default:
		return nil
	}
	if r.lostSpecial[name] {
		return nil
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
	case "LINENO":
		return str(strconv.Itoa(r.lineno))
	case "RANDOM":
		return str(strconv.Itoa(r.random()))
	case "SRANDOM":
		return str(strconv.FormatUint(uint64(rand.Uint32()), 10))
	case "SECONDS":
		return str(strconv.FormatInt(int64(time.Since(r.started).Seconds())+r.secondsBase, 10))
	case "EPOCHSECONDS":
		return str(strconv.FormatInt(time.Now().Unix(), 10))
	case "EPOCHREALTIME":
		t := time.Now()
		return str(strconv.FormatInt(t.Unix(), 10) + "." + leftPad(strconv.Itoa(t.Nanosecond()/1000), 6))
	case "BASHPID":
		return str(strconv.Itoa(r.pid))
	case "BASH_SUBSHELL":
		return str(strconv.Itoa(r.subLevel))
	case "SHELLOPTS":
		return &Var{set: true, str: r.shellOpts(), attrs: attrReadonly}
	case "BASHOPTS":
		return &Var{set: true, str: r.bashOpts(), attrs: attrReadonly}
	case "GROUPS":
		return arr([]string{"1000"})
	case "PIPESTATUS":
		if r.pipeStatus == nil {
			return arr([]string{strconv.Itoa(r.lastPipeStatus)})
		}
		ss := make([]string, len(r.pipeStatus))
		for i, s := range r.pipeStatus {
			ss[i] = strconv.Itoa(s)
		}
		return arr(ss)
	case "BASH_COMMAND":
		return str(r.bashCmd)
	case "DIRSTACK":
		return arr(r.dirStack())
	case "FUNCNAME", "BASH_SOURCE", "BASH_LINENO", "BASH_ARGC", "BASH_ARGV":
		return r.callStackVar(name)
	}
	return nil
}

func leftPad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}

// random is bash's $RANDOM: 0..32767, reseeded by assigning RANDOM.
func (r *Runner) random() int {
	if r.rng == nil {
		r.rng = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	}
	return int(r.rng.Uint32() & 32767)
}

// callStackVar renders FUNCNAME, BASH_SOURCE and BASH_LINENO from the
// call stack, innermost first, as bash does.
func (r *Runner) callStackVar(name string) *Var {
	if name == "FUNCNAME" && r.funcDepth == 0 {
		return nil
	}
	a := &indexedArray{}
	n := len(r.stack)
	idx := int64(0)
	for i := n - 1; i >= 0; i-- {
		f := r.stack[i]
		if f.name == "eval" {
			continue
		}
		switch name {
		case "FUNCNAME":
			a.set(idx, f.name)
		case "BASH_SOURCE":
			a.set(idx, f.file)
		case "BASH_LINENO":
			a.set(idx, strconv.Itoa(f.line))
		case "BASH_ARGC":
			a.set(idx, strconv.Itoa(len(f.params)))
		case "BASH_ARGV":
			for j := len(f.params) - 1; j >= 0; j-- {
				a.set(idx, f.params[j])
				idx++
			}
			continue
		}
		idx++
	}
	switch name {
	case "FUNCNAME":
		// bash names the script's own level "main" only for a script
		// file, not for -c or standard-input text.
		if r.scriptFile != "" {
			a.set(idx, "main")
		}
	case "BASH_SOURCE":
		a.set(idx, r.topFile())
	case "BASH_LINENO":
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

// setVar assigns val to name (element 0 for an array), applying the
// variable's attributes. appendTo is +=.
func (r *Runner) setVar(name, val string, appendTo bool) bool {
	if name == "RANDOM" {
		if n, err := strconv.ParseInt(val, 10, 64); err == nil {
			r.rng = rand.New(rand.NewPCG(uint64(n), 0))
		}
		return true
	}
	if name == "OPTIND" {
		r.optVar = nil // assigning OPTIND restarts getopts (POSIX)
	}
	if name == "SECONDS" {
		n, _ := strconv.ParseInt(val, 10, 64)
		r.secondsBase, r.started = n, time.Now()
		return true
	}
	v, _ := r.vars.lookup(name)
	if v.has(attrNameref) && v.set && v.str != "" {
		target := r.resolveName(name)
		if target == "" {
			return false
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
		n, ok := r.arithText(val)
		if !ok {
			return "", false
		}
		if appendTo {
			o, _ := r.arithText(old)
			n += o
		}
		return strconv.FormatInt(n, 10), true
	}
	if appendTo {
		if err := r.g.checkString(int64(len(old) + len(val))); err != nil {
			r.stop(err)
			return "", false
		}
		val = old + val
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
	v, _ := r.vars.lookup(name)
	if v.has(attrReadonly) {
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
	i, ok := r.arithText(sub)
	if !ok {
		return false
	}
	return r.setIndexedElem(name, v, i, val, appendTo)
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
	if v.has(attrReadonly) {
		r.errorf("unset: %s: cannot unset: readonly variable", name)
		return false
	}
	if v.has(attrNameref) && v.set {
		// A circular reference ("") unsets the reference itself.
		target := r.resolveName(name)
		if target != name && target != "" {
			if n, sub, ok := splitSubscript(target); ok {
				return r.unsetElem(n, sub)
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
	if sub == "@" || sub == "*" {
		return r.unsetVar(name)
	}
	switch {
	case v.has(attrAssoc):
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
		i, ok := r.arithText(sub)
		if ok && i == 0 {
			return r.unsetVar(name)
		}
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
	pv, _, ok := r.subscriptValue(name, *sub)
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
	if sub == nil {
		ok = r.setVar(name, s, false)
	} else {
		ok = r.setElemText(name, *sub, s, false)
	}
	if !ok {
		return errAborted
	}
	return nil
}

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
		r.errorf("`%s': not a valid identifier", target)
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
