package eval

import (
	"io/fs"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// call runs a simple command: assignments, words, and the command they
// name (function, builtin, or a file on $PATH). Its redirections rds
// apply after the words are expanded and traced, as in bash: a command
// substitution in a word writes to the command's original stderr, and an
// expansion error leaves the redirection's file uncreated.
func (r *Runner) call(c *syntax.CallExpr, rds []*syntax.Redirect) {
	r.substRan = false
	r.setBashCommand(c, rds)
	if r.opts[optKeyword] && len(c.Args) > 0 {
		c = keywordCall(c)
	}
	// The DEBUG trap comes before the words are expanded (debugtrap.go).
	if !r.runDebugTrap() {
		return
	}
	if len(c.Args) == 0 {
		r.assignAll(c.Assigns)
		r.lastArg = "" // a command without words leaves $_ empty
		r.redirectAlone(rds)
		return
	}
	words := c.Args
	if !r.opts[optPosix] {
		words = r.tildeAssignArgs(words)
	}
	args, ok := r.expandCallFields(words)
	if !ok {
		if r.flow == flowNone {
			r.status = 1
		}
		return
	}
	if len(args) == 0 {
		r.assignAll(c.Assigns)
		r.lastArg = ""
		r.redirectAlone(rds)
		return
	}
	// $_ becomes the last word once the command is done (a function's
	// own commands change it meanwhile).
	last := args[len(args)-1]
	if len(c.Assigns) > 0 {
		// In posix mode the assignments before a special builtin
		// persist: they are made in the current scope, not a
		// temporary one.
		special := r.posixSpecial(args[0])
		if !special {
			r.vars.push(true)
			defer r.vars.pop()
		}
		for _, a := range c.Assigns {
			r.assignFailed = false
			if !r.assign(a, !special) {
				if r.assignFailed && r.flow == flowNone && !r.opts[optPosix] {
					// A readonly variable among a command's
					// assignments is only reported: bash runs
					// the command with the others.
					r.assignFailed = false
					continue
				}
				if r.flow == flowNone {
					r.status = 1
					r.posixAssignError(special)
				}
				return
			}
			if special {
				r.propagateTemp(a.Name.Value)
			}
		}
	}
	r.traceArgs(nil, args)
	if len(rds) > 0 {
		restore, ok := r.redirectBeside(rds, len(c.Assigns) > 0)
		defer restore()
		if !ok {
			r.status = 1
			if r.posixSpecial(args[0]) && !r.interactive && r.flow == flowNone {
				// A redirection error of a special builtin ends a
				// non-interactive shell in posix mode.
				r.aborted = true
				r.exit(1)
			}
			return
		}
	}
	r.run(args, false)
	r.lastArg = last
}

// redirectAlone performs the redirections of a command without a
// command name (its assignments done), then undoes them; a failure makes
// the status 1 and keeps the assignments.
func (r *Runner) redirectAlone(rds []*syntax.Redirect) {
	if len(rds) == 0 || r.flow != flowNone {
		return
	}
	restore, ok := r.redirect(rds)
	restore()
	if !ok {
		r.status = 1
	}
}

// assignAll performs the assignments of a command with no words; $? is
// the status of the last command substitution, or 0.
func (r *Runner) assignAll(as []*syntax.Assign) {
	status := 0
	if r.substRan {
		// Words that expanded to nothing: `$(exit 42)` alone has the
		// status of its last command substitution.
		status = r.substStatus
	}
	for _, a := range as {
		if !r.assign(a, false) {
			if r.flow == flowNone {
				r.status = 1
				if r.opts[optPosix] && r.posixAssignError(true) {
					return
				}
				if r.assignFailed && !r.interactive {
					// A failed assignment (readonly) ends a script's
					// current command line.
					r.assignFailed = false
					if r.opts[optErrExit] && r.noErrExit == 0 {
						// set -e exits (without the ERR trap).
						r.exit(1)
						return
					}
					r.abortCommand()
				}
			}
			return
		}
		if r.substRan {
			status = r.substStatus
		}
	}
	r.status = status
}

// assign performs one assignment. temp puts it in the innermost scope
// (the command's temporary environment), exported.
func (r *Runner) assign(a *syntax.Assign, temp bool) bool {
	name := a.Name.Value
	if a.Array != nil {
		if temp {
			// bash ignores array assignments before a command.
			return true
		}
		if a.Index != nil {
			r.errorf("%s[%s]: cannot assign list to array member", name, r.nodeText(a.Index))
			r.assignFailed = true
			return false
		}
		r.traceAssign(a, "", temp)
		return r.assignArray(name, a.Array, a.Append, 0)
	}
	if a.Index != nil && !temp && r.listToMember(name, a.Index) {
		return false
	}
	val, ok := r.expandTempValue(a.Value, temp)
	if !ok {
		return false
	}
	r.traceAssign(a, val, temp)
	if a.Index != nil {
		if temp {
			return true
		}
		if r.emptySubscript(name, a.Index) {
			return false
		}
		if name, ok = r.elemRefTarget(name); !ok {
			return false
		}
		v, _ := r.vars.lookup(name)
		if v.has(attrAssoc) {
			key, ok := r.assocKey(a.Index)
			if !ok {
				return false
			}
			if v.has(attrReadonly) {
				r.readonlyError(name)
				return false
			}
			return r.setAssocElem(v, key, val, a.Append)
		}
		return r.setElemText(name, r.nodeText(a.Index), val, a.Append)
	}
	if temp {
		return r.assignTemp(name, val, a.Append)
	}
	return r.setVar(name, val, a.Append)
}

// assignArray performs name=(...) and name+=(...).
func (r *Runner) assignArray(name string, arr *syntax.ArrayExpr, appendTo bool, attrs uint16) bool {
	written := name // a readonly target is reported by the name written
	v, sc := r.vars.lookup(name)
	if v.has(attrNameref) && v.set {
		target := r.resolveName(name)
		if target == "" {
			// A circular reference becomes an array itself, as in bash.
			r.dropRef(name)
			target = name
		}
		if _, _, ok := splitSubscript(target); ok {
			// An element cannot take a list (wholeArrayName).
			r.errorf("`%s': not a valid identifier", target)
			r.assignFailed = true
			return false
		}
		name = target
		v, sc = r.vars.lookup(name)
	} else {
		r.unrefForArray(v, name)
	}
	if v.has(attrReadonly) {
		r.readonlyError(written)
		return false
	}
	assoc := v.has(attrAssoc) || attrs&attrAssoc != 0
	if v == nil || sc == nil {
		v = &Var{}
		r.vars.global().vars[name] = v
	}
	if assoc {
		return r.fillAssoc(name, v, arr, appendTo)
	}
	return r.fillIndexed(name, v, arr, appendTo)
}

// fillIndexed performs name=(...) for an indexed array. As in bash, every
// value is expanded first; then the array is emptied (unless +=) and the
// elements are stored in order, each [index] evaluated just before its
// store, so an index sees the elements stored before it.
func (r *Runner) fillIndexed(name string, v *Var, arr *syntax.ArrayExpr, appendTo bool) bool {
	type item struct {
		elem *syntax.ArrayElem
		vals []string
	}
	items := make([]item, 0, len(arr.Elems))
	total := int64(0)
	for _, e := range arr.Elems {
		if e.Index != nil && e.Value != nil && r.opts[optBraceExpand] && hasBraces(e.Value) {
			// bash brace-expands [k]=a{b,c} as one word, which leaves
			// plain "[k]=ab" "[k]=ac" values.
			vals, ok := r.expandFields([]*syntax.Word{r.elemAsWord(e)})
			if !ok {
				return false
			}
			total += int64(len(vals))
			items = append(items, item{nil, vals})
			continue
		}
		if e.Index != nil {
			val, ok := r.expandAssignValue(e.Value)
			if !ok {
				return false
			}
			items = append(items, item{e, []string{val}})
			total++
			continue
		}
		vals, ok := r.expandFields([]*syntax.Word{e.Value})
		if !ok {
			return false
		}
		total += int64(len(vals))
		if err := r.g.checkElems(total); err != nil {
			r.stop(err)
			return false
		}
		items = append(items, item{nil, vals})
	}
	if r.declArrTrace {
		var parts []string
		for _, it := range items {
			for _, val := range it.vals {
				if it.elem != nil {
					parts = append(parts, "["+singleQuote(r.nodeText(it.elem.Index))+"]="+singleQuote(val))
				} else {
					parts = append(parts, singleQuote(val))
				}
			}
		}
		r.traceCompound(name, parts)
	}
	a := &indexedArray{}
	if appendTo {
		if v.has(attrIndexed) && v.arr != nil {
			// In place: the array is this variable's alone (subshells
			// clone variables), and copying it made a+=(x) in a loop
			// quadratic.
			a = v.arr
		} else if v.set {
			a.set(0, v.str)
		}
	}
	next := a.maxIndex() + 1
	tmp := &Var{attrs: v.attrs}
	v.attrs = v.attrs&^attrAssoc | attrIndexed
	v.arr, v.str, v.assoc, v.set = a, "", nil, true
	for _, it := range items {
		if it.elem != nil {
			i, ok, skip := r.elemIndex(it.elem)
			if skip {
				continue
			}
			if !ok {
				return false
			}
			if v.arr == nil {
				// The index expression replaced the variable's value.
				v.attrs = v.attrs&^attrAssoc | attrIndexed
				v.arr, v.str, v.assoc, v.set = &indexedArray{}, "", nil, true
			}
			if i < 0 {
				i += v.arr.maxIndex() + 1
				if i < 0 {
					r.errorf("%s: bad array subscript", r.elemText(it.elem))
					continue
				}
			}
			old, _ := v.arr.get(i)
			nv, ok := r.valueFor(tmp, old, it.vals[0], r.elemFixOf(it.elem.Index)&fixAppend != 0)
			if !ok {
				return false
			}
			v.arr.set(i, nv)
			next = i + 1
			continue
		}
		for _, s := range it.vals {
			nv, ok := r.valueFor(tmp, "", s, false)
			if !ok {
				return false
			}
			v.arr.set(next, nv)
			next++
		}
	}
	return true
}

func (r *Runner) fillAssoc(name string, v *Var, arr *syntax.ArrayExpr, appendTo bool) bool {
	a := newAssoc()
	if appendTo && v.assoc != nil {
		a = v.assoc.clone()
	} else if v.assoc != nil {
		// bash empties the table it has, keeping its size.
		a.nbuckets = v.assoc.nbuckets
	}
	prev := v.assoc
	if appendTo {
		prev = a
	}
	// When the first word has no [key]= subscript, bash 5.2 takes the
	// words as key value pairs, a later [k]=v being plain text; otherwise
	// a word without a subscript is skipped with a warning.
	pairs := len(arr.Elems) > 0 && arr.Elems[0].Index == nil
	var pending, traced []string
	for _, e := range arr.Elems {
		if e.Index != nil && pairs {
			e = &syntax.ArrayElem{Value: r.elemAsWord(e)}
		}
		if e.Index == nil && !pairs {
			r.errorf("%s: %s: must use subscript when assigning associative array", name, r.nodeText(e.Value))
			continue
		}
		if e.Index == nil {
			vals, ok := r.expandFields([]*syntax.Word{e.Value})
			if !ok {
				return false
			}
			pending = append(pending, vals...)
			continue
		}
		if r.elemFixOf(e.Index)&fixEmpty != 0 {
			r.errorf("%s: bad array subscript", r.elemText(e))
			continue
		}
		key, ok := r.assocKey(e.Index)
		if !ok {
			return false
		}
		// bash 5.2 does no tilde expansion in an associative literal's
		// [k]=v values (a[k]=~ alone does expand).
		val, ok := r.expandNoTilde(e.Value)
		if !ok {
			return false
		}
		// [k]+=v appends to the value k had before the assignment (to the
		// one being built under +=).
		old, _ := prev.get(key)
		nv, ok := r.valueFor(v, old, val, r.elemFixOf(e.Index)&fixAppend != 0)
		if !ok {
			return false
		}
		a.set(key, nv)
		if r.declArrTrace {
			traced = append(traced, "["+singleQuote(key)+"]="+singleQuote(val))
		}
	}
	if r.declArrTrace {
		for _, p := range pending {
			traced = append(traced, singleQuote(p))
		}
		r.traceCompound(name, traced)
	}
	for i := 0; i < len(pending); i += 2 {
		val := ""
		if i+1 < len(pending) {
			val = pending[i+1]
		}
		a.set(pending[i], val)
	}
	v.attrs = v.attrs&^attrIndexed | attrAssoc
	v.assoc, v.arr, v.str, v.set = a, nil, "", true
	return true
}

// run runs a command by name after expansion. noFunc skips functions
// (command, builtin).
func (r *Runner) run(args []string, noFunc bool) {
	name := args[0]
	if !noFunc && strings.HasPrefix(name, "%") && r.jobSpecCommand(args) {
		return
	}
	if !noFunc && !r.posixSpecial(name) { // POSIX finds special builtins first
		if f, ok := r.funcs[name]; ok {
			r.callFunc(f, args)
			return
		}
	}
	if b, ok := r.builtin(name); ok {
		r.assignFailed, r.textSyntaxErr, r.specialUsage = false, false, false
		r.runBuiltin(b, args)
		if !noFunc && b.kind == specialBuiltin {
			r.posixSpecialFailed(name)
		}
		return
	}
	r.runExternal(args)
}

// posixSpecialFailed applies POSIX's rule for a special builtin that
// failed (run by its own name, not through command or builtin): in posix
// mode a usage error (status 2: a bad option, eval's or a sourced file's
// syntax error, return outside a function) or an assignment to a
// readonly variable ends a non-interactive shell with that status.
func (r *Runner) posixSpecialFailed(name string) {
	failed, syntax := r.assignFailed, r.textSyntaxErr
	r.assignFailed, r.textSyntaxErr = false, false
	if !r.opts[optPosix] || r.interactive || r.flow != flowNone {
		return
	}
	usage := r.status == 2
	if name == "eval" || name == "." || name == "source" {
		// Their status is the text's; only their own errors count (a
		// syntax error in the text, a missing file name).
		usage = syntax || r.specialUsage
	}
	if usage || failed && r.status != 0 {
		r.aborted = true
		r.exit(r.status)
	}
}

// posixAssignError applies POSIX's rule to a failed assignment
// (readonly) in posix mode: before a special builtin or alone it ends a
// non-interactive shell; before another command it abandons the rest of
// the command line. It reports whether it acted.
func (r *Runner) posixAssignError(special bool) bool {
	if !r.assignFailed || !r.opts[optPosix] || r.interactive {
		return false
	}
	r.assignFailed = false
	if special {
		r.fatalReported(1)
	} else {
		r.abortCommand()
	}
	return true
}

// posixSpecial reports whether name runs as a POSIX special builtin:
// posix mode is on and the builtin is enabled.
func (r *Runner) posixSpecial(name string) bool {
	if !r.opts[optPosix] {
		return false
	}
	b, ok := r.builtin(name)
	return ok && b.kind == specialBuiltin
}

// runExternal finds args[0] on $PATH (or as a path) and runs it through
// the Exec handler.
func (r *Runner) runExternal(args []string) {
	name := args[0]
	p, status := r.findCommand(name)
	if status != 0 {
		if status == 127 && p == "" && !strings.Contains(name, "/") {
			if r.searchPath() == "" {
				// With PATH unset or empty bash tries the name in the
				// current directory, and exec reports it missing.
				r.errorf("%s: No such file or directory", name)
				r.status = status
				return
			}
			if f, ok := r.funcs["command_not_found_handle"]; ok {
				r.callFunc(f, append([]string{"command_not_found_handle"}, args...))
				return
			}
			r.errorf("%s: command not found", errName(name))
		}
		r.status = status
		return
	}
	if r.cfg.Exec == nil {
		r.errorf("%s: command not found", errName(name))
		r.status = 127
		return
	}
	hc := r.handlerCtx()
	if r.sigpipe != nil {
		// A command whose pipe reader went away dies of SIGPIPE in bash,
		// before it can complain: drop what it writes to stderr after
		// that, and give it SIGPIPE's status.
		hc.Stderr = sigpipeGate{w: hc.Stderr, broken: r.sigpipe}
	}
	r.status = r.cfg.Exec(r.ctx, hc, p, args)
	if r.sigpipe != nil && r.sigpipe.Load() {
		r.status = 141
	}
	// Waiting for a foreground command is where bash reaps the
	// background jobs that ended meanwhile.
	r.reapJobs()
	if e := r.g.err(); e != nil {
		r.stop(e)
	}
}

// handlerCtx describes the current shell to a handler.
func (r *Runner) handlerCtx() *HandlerCtx {
	return &HandlerCtx{
		Dir:    r.dir,
		Env:    r.environ(),
		Stdin:  r.stdin(),
		Stdout: r.stdout(),
		Stderr: r.stderr(),
		FD: func(n int) any {
			e := r.fds.get(n)
			if e == nil {
				return nil
			}
			if e.r != nil && e.w != nil {
				return struct {
					any
				}{e}
			}
			if e.r != nil {
				return e.r
			}
			return e.w
		},
		Runner: r,
	}
}

// findCommand resolves a command name to a file: a name with a slash is
// taken as a path, others are searched in $PATH (remembered by hash).
// It prints the error for a path that cannot run and returns its status;
// a path with status 127 is a remembered one that is gone (reported).
func (r *Runner) findCommand(name string) (string, int) {
	if strings.Contains(name, "/") {
		p := r.abs(name)
		fi, err := r.cfg.FS.Stat(p)
		if err != nil {
			r.errorf("%s: %s", name, errText(err))
			return "", 127
		}
		if fi.IsDir() {
			r.errorf("%s: Is a directory", name)
			return "", 126
		}
		if fi.Mode().Perm()&0o111 == 0 {
			r.errorf("%s: Permission denied", name)
			return "", 126
		}
		return p, 0
	}
	if p, ok := r.hash[name]; ok && r.pathOverride == "" {
		if fi, err := r.cfg.FS.Stat(p); err == nil && executable(fi) {
			r.hashHits[name]++
			return p, 0
		} else if !r.shopts["checkhash"] && err != nil {
			// bash runs a remembered command from its remembered path
			// without searching $PATH again (unless checkhash is set).
			r.errorf("%s: %s", p, errText(err))
			return p, 127
		}
		delete(r.hash, name)
	}
	if p, ok := r.lookPath(name); ok {
		if fi, err := r.cfg.FS.Stat(p); err == nil && !executable(fi) {
			// bash settles for a file it cannot execute when $PATH has
			// nothing better, and then fails to run it.
			r.errorf("%s: Permission denied", p)
			return "", 126
		}
		if r.opts[optHashAll] && r.pathOverride == "" {
			r.remember(name, p, 1)
		}
		return p, 0
	}
	if r.cfg.NotFound != nil {
		if p, ok := r.cfg.NotFound(name); ok {
			return p, 0
		}
	}
	return "", 127
}

func executable(fi fs.FileInfo) bool {
	return fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

// lookPath searches $PATH for an executable regular file. Like bash, it
// falls back to the first non-executable regular file it saw when no
// directory holds an executable one.
func (r *Runner) lookPath(name string) (string, bool) {
	pathVar := r.searchPath()
	fallback := ""
	for _, dir := range strings.Split(pathVar, ":") {
		if dir == "" {
			dir = "."
		}
		p := path.Join(dir, name)
		if !path.IsAbs(p) {
			p = path.Join(r.dir, p)
		}
		fi, err := r.cfg.FS.Stat(p)
		if err != nil {
			continue
		}
		if executable(fi) {
			return p, true
		}
		if fallback == "" && fi.Mode().IsRegular() {
			fallback = p
		}
	}
	return fallback, fallback != ""
}

// callFunc runs a shell function with args as its positional parameters.
func (r *Runner) callFunc(f *funcDef, args []string) {
	if r.funcNestExceeded(args[0]) {
		return
	}
	if err := r.enter(); err != nil {
		return
	}
	defer r.leave()
	savedParams, savedSrc := r.params, r.src
	r.stack = append(r.stack, frame{name: args[0], file: f.file, line: r.lineno, params: args[1:]})
	r.params = args[1:]
	r.src = f.src
	r.funcDepth++
	r.vars.push(false)
	// Loops of the caller are not the function's: break and continue in
	// a function see only its own loops.
	savedLoops := r.loopDepth
	r.loopDepth = 0
	savedOptind := r.localOptind
	savedOpt := r.saveGetopts()
	errTrap, hideErr := r.traps["ERR"]
	hideErr = hideErr && !r.opts[optErrTrace] && !r.errTrapInherited
	if hideErr {
		// Without set -E a function runs with the ERR trap reset; the
		// caller's comes back on return unless the function set its own.
		delete(r.traps, "ERR")
	}
	defer func() {
		if _, set := r.traps["ERR"]; hideErr && !set {
			r.traps["ERR"] = errTrap
		}
		r.restoreGetopts(savedOpt)
		r.vars.pop()
		r.funcDepth--
		r.restoreLocalOpts()
		r.stack = r.stack[:len(r.stack)-1]
		r.params, r.src = savedParams, savedSrc
		r.localOptind = savedOptind
		r.loopDepth = savedLoops
	}()
	body := f.decl.Body
	r.debugFuncEntry(f)
	r.stmt(body)
	returned := r.flow == flowReturn
	if returned {
		r.flow = flowNone
		r.returnedByTrap = r.trapReturn
	}
	r.trapReturn = false
	if trap, ok := r.traps["RETURN"]; ok && trap != "" && r.inTrap == "" && r.flow == flowNone && (r.opts[optFuncTrace] || r.returnTrapDepth >= r.funcDepth) {
		status := r.status
		if returned {
			// return has not set $? yet when the trap runs.
			r.status = r.beforeReturn
		}
		// The trap runs at the line where the function was defined.
		r.lineno = f.line
		r.runTrap("RETURN", trap)
		r.status = status
	}
}

// traceArgs prints the set -x line of a simple command.
func (r *Runner) traceArgs(as []*syntax.Assign, args []string) {
	if !r.opts[optXTrace] {
		return
	}
	var parts []string
	for _, a := range as {
		v, _ := r.lookupVar(a.Name.Value).scalar()
		parts = append(parts, a.Name.Value+"="+traceQuote(v))
	}
	for _, a := range args {
		parts = append(parts, traceQuote(a))
	}
	r.xtrace(strings.Join(parts, " "))
}

// traceQuote quotes a word as set -x prints it.
func traceQuote(s string) string {
	if s == "" {
		return "''"
	}
	if needsANSIC(s, false) {
		return shellQuote(s)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if strings.IndexByte(" \t\n'\"\\$`|&;<>()*?[]{}!#~=", c) >= 0 && !(c == '=' && i > 0) && !(c == '~' && i > 0) && !(c == '#' && i > 0) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}
