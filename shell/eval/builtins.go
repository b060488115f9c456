package eval

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// builtinFunc runs a builtin; args[0] is its name. It returns the status.
type builtinFunc func(r *Runner, args []string) int

// builtinKind says how the shell treats a builtin besides running it.
type builtinKind uint8

const (
	regularBuiltin builtinKind = iota
	// specialBuiltin is one of POSIX's special builtins: in posix mode
	// it is found before functions, cannot name a function, and the
	// assignments before it persist after it returns.
	specialBuiltin
)

// builtinDef is one row of the builtin table.
type builtinDef struct {
	fn   builtinFunc
	kind builtinKind
}

// builtinTable is the one table of builtins (name → kind → handler),
// every builtin bash 5.2's help lists. It is built on first use, not at
// start-up; rows come from the files that implement them (addCoreBuiltins
// here, addMoreBuiltins in builtin_more.go). The help text of each lives
// in builtin_help.go, checked against this table by a test.
var builtinTable struct {
	once   sync.Once
	byName map[string]builtinDef
}

// builtins returns the table.
func builtins() map[string]builtinDef {
	builtinTable.once.Do(func() {
		t := make(map[string]builtinDef, 80)
		addCoreBuiltins(t)
		addMoreBuiltins(t)
		builtinTable.byName = t
	})
	return builtinTable.byName
}

// isSpecialBuiltin reports whether name is a POSIX special builtin.
func isSpecialBuiltin(name string) bool {
	return builtins()[name].kind == specialBuiltin
}

func addCoreBuiltins(t map[string]builtinDef) {
	add := func(name string, fn builtinFunc) { t[name] = builtinDef{fn: fn, kind: regularBuiltin} }
	addSpecial := func(name string, fn builtinFunc) { t[name] = builtinDef{fn: fn, kind: specialBuiltin} }
	addSpecial(":", func(r *Runner, a []string) int { return 0 })
	add("true", func(r *Runner, a []string) int { return 0 })
	add("false", func(r *Runner, a []string) int { return 1 })
	add("echo", (*Runner).builtinEcho)
	addSpecial("exit", (*Runner).builtinExit)
	addSpecial("return", (*Runner).builtinReturn)
	addSpecial("break", (*Runner).builtinBreak)
	addSpecial("continue", (*Runner).builtinBreak)
	addSpecial("eval", (*Runner).builtinEval)
	addSpecial("source", (*Runner).builtinSource)
	addSpecial(".", (*Runner).builtinSource)
	addSpecial("shift", (*Runner).builtinShift)
	add("test", func(r *Runner, a []string) int { return r.builtinTest(a[0], a[1:]) })
	add("[", func(r *Runner, a []string) int { return r.builtinTest(a[0], a[1:]) })
	addSpecial("trap", func(r *Runner, a []string) int { return r.builtinTrap(a[1:]) })
	add("let", func(r *Runner, a []string) int { return r.builtinLet(a[1:]) })
	addSpecial("unset", (*Runner).builtinUnset)
	addSpecial("set", (*Runner).builtinSet)
	add("shopt", (*Runner).builtinShopt)
	add("declare", (*Runner).builtinDeclare)
	add("typeset", (*Runner).builtinDeclare)
	add("local", (*Runner).builtinDeclare)
	addSpecial("export", (*Runner).builtinDeclare)
	addSpecial("readonly", (*Runner).builtinDeclare)
	add("command", (*Runner).builtinCommand)
	add("builtin", (*Runner).builtinBuiltin)
	add("type", (*Runner).builtinType)
	add("cd", (*Runner).builtinCd)
	add("pwd", (*Runner).builtinPwd)
	add("alias", (*Runner).builtinAlias)
	add("unalias", (*Runner).builtinUnalias)
	add("wait", (*Runner).builtinWait)
	add("jobs", (*Runner).builtinJobs)
	addSpecial("exec", (*Runner).builtinExec)
	add("umask", (*Runner).builtinUmask)
	add("hash", (*Runner).builtinHash)
	add("read", (*Runner).builtinRead)
	add("mapfile", (*Runner).builtinMapfile)
	add("readarray", (*Runner).builtinMapfile)
	add("printf", (*Runner).builtinPrintf)
	add("getopts", (*Runner).builtinGetopts)
	add("kill", (*Runner).builtinKill)
	addSpecial("times", func(r *Runner, a []string) int {
		fmt.Fprint(r.stdout(), "0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n")
		return 0
	})
}

// BuiltinNames lists every builtin of the interpreter, sorted: the one
// table the REPL's completion and other name lists derive from.
func BuiltinNames() []string {
	names := make([]string, 0, len(builtins()))
	for n := range builtins() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// builtin finds an enabled builtin by name.
func (r *Runner) builtin(name string) (builtinDef, bool) {
	b, ok := builtins()[name]
	if !ok || r.disabled[name] {
		return builtinDef{}, false
	}
	return b, true
}

// runBuiltin runs a builtin under recover: a panic becomes status 2.
func (r *Runner) runBuiltin(b builtinDef, args []string) {
	defer func() {
		if p := recover(); p != nil {
			r.errorf("%s: internal error: %v", args[0], p)
			r.status = 2
		}
	}()
	if r.dashDashHelp(args) {
		return
	}
	defer r.setAssignCmd(args[0])()
	r.status = r.checkWrites(func() int { return b.fn(r, args) })
}

// checkWrites runs a builtin and makes its status 1 when its output
// failed, as bash's sh_chkwrite does.
func (r *Runner) checkWrites(run func() int) int {
	saved := r.writeFailed
	r.writeFailed = false
	st := run()
	if r.writeFailed && st == 0 {
		st = 1
	}
	r.writeFailed = saved
	return st
}

// writeOut writes a builtin's output; a failed write is reported as bash
// reports it and makes the status 1.
// Only a builtin's first failure is reported: bash's buffered output
// fails once, when it is flushed.
func (r *Runner) writeOut(name string, s string) int {
	if r.writeFailed {
		return 1
	}
	if _, err := io.WriteString(r.stdout(), s); err != nil {
		if errors.Is(err, errBrokenPipe) {
			return 141
		}
		r.errorf("%s: write error: %s", name, errText(err))
		r.writeFailed = true
		return 1
	}
	return 0
}

func (r *Runner) builtinEcho(args []string) int {
	args = args[1:]
	newline, escapes := true, r.shopts["xpg_echo"]
loop:
	for len(args) > 0 {
		a := args[0]
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for _, c := range a[1:] {
			if c != 'n' && c != 'e' && c != 'E' {
				break loop
			}
		}
		for _, c := range a[1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if escapes {
			s, stop := echoEscapes(a)
			b.WriteString(s)
			if stop {
				return r.writeOut("echo", b.String())
			}
			continue
		}
		b.WriteString(a)
	}
	if newline {
		b.WriteByte('\n')
	}
	return r.writeOut("echo", b.String())
}

// echoEscapes interprets echo -e's escapes; stop is set by \c.
func echoEscapes(s string) (string, bool) {
	if !strings.Contains(s, `\`) {
		return s, false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'c':
			return b.String(), true
		case '0':
			j := i + 1
			for j < len(s) && j < i+4 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint("0"+s[i+1:j], 8, 16)
			b.WriteByte(byte(n))
			i = j - 1
		case 'x':
			j := i + 1
			for j < len(s) && j < i+3 && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				b.WriteString(`\x`)
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 8)
			b.WriteByte(byte(n))
			i = j - 1
		case 'u', 'U', 'a', 'b', 'e', 'E', 'f', 'n', 'r', 't', 'v', '\\':
			b.WriteString(ansiCQuote(s[i-1 : min(len(s), i+1+hexLen(s[i]))]))
			i += consumedHex(s, i)
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return b.String(), false
}

func hexLen(c byte) int {
	switch c {
	case 'u':
		return 4
	case 'U':
		return 8
	}
	return 0
}

// consumedHex counts the hex digits after \u or \U that ansiCQuote used.
func consumedHex(s string, i int) int {
	n := hexLen(s[i])
	k := 0
	for k < n && i+1+k < len(s) && isHex(s[i+1+k]) {
		k++
	}
	return k
}

// numArg parses a numeric builtin argument as bash does (exit, return,
// shift, break).
func (r *Runner) numArg(name, s string) (int, bool) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		r.errorf("%s: %s: numeric argument required", name, s)
		return 0, false
	}
	return int(n), true
}

func (r *Runner) builtinExit(args []string) int {
	status := r.lastStatus(false)
	if len(args) >= 2 {
		n, ok := r.numArg("exit", args[1])
		if !ok {
			r.exit(2)
			return 2
		}
		if r.tooManyExitArgs("exit", args) {
			return 1
		}
		status = n & 0xff
	}
	r.exit(status)
	return status
}

func (r *Runner) builtinReturn(args []string) int {
	status := r.lastStatus(true)
	if len(args) > 1 {
		n, ok := r.numArg("return", args[1])
		if !ok {
			status = 2
		} else {
			if r.tooManyExitArgs("return", args) {
				return 1
			}
			status = n & 0xff
		}
	}
	if r.funcDepth == 0 && r.sourceDepth == 0 {
		r.errorf("return: can only `return' from a function or sourced script")
		return 2
	}
	r.beforeReturn = r.status
	r.flow = flowReturn
	return status
}

// tooManyExitArgs is bash's check after exit's or return's number: more
// operands are a usage error that throws to the top level (the rest of
// a -c string is dropped, a script goes on with its next command).
func (r *Runner) tooManyExitArgs(name string, args []string) bool {
	if len(args) <= 2 {
		return false
	}
	r.errorf("%s: too many arguments", name)
	r.status = 1
	r.discardCommand()
	return true
}

func (r *Runner) builtinBreak(args []string) int {
	// bash checks the loop level before it reads the count.
	if r.loopDepth == 0 {
		if !r.opts[optPosix] { // posix mode says nothing
			r.errorf("%s: only meaningful in a `for', `while', or `until' loop", args[0])
		}
		return 0
	}
	n := 1
	if len(args) > 1 {
		v, ok := r.numArg(args[0], args[1])
		if !ok {
			// A bad count throws to the top level: a non-interactive
			// shell ends with 128, an interactive one drops the line.
			r.status = 128
			if r.interactive {
				r.abortCommand()
			} else {
				r.exit(128)
			}
			return 128
		}
		if len(args) > 2 {
			// Extra operands discard the rest of the command line.
			r.errorf("%s: too many arguments", args[0])
			r.status = 1
			r.discardCommand()
			return 1
		}
		if v < 1 {
			// bash still leaves every enclosing loop.
			r.errorf("%s: %s: loop count out of range", args[0], args[1])
			r.flowN = r.loopDepth
			r.flow = flowBreak
			return 1
		}
		n = v
	}
	if n > r.loopDepth {
		n = r.loopDepth
	}
	r.flowN = n
	if args[0] == "break" {
		r.flow = flowBreak
	} else {
		r.flow = flowContinue
	}
	return 0
}

// evalText parses and runs text as eval does; false when no statement
// of it ran.
func (r *Runner) evalText(text, what string) bool {
	if err := r.enter(); err != nil {
		return false
	}
	defer r.leave()
	r.stack = append(r.stack, frame{name: "eval", line: r.lineno})
	defer func() { r.stack = r.stack[:len(r.stack)-1] }()
	base := r.lineno - 1
	file := ""
	if r.src != nil {
		file = r.src.file
	}
	src := &source{text: text, file: file, lineBase: base}
	r.runSource(src)
	return src.ran
}

func (r *Runner) builtinEval(args []string) int {
	_, rest, ok := r.builtinFlags("eval", "", "eval [arg ...]", args[1:])
	if !ok {
		r.specialUsage = true
		return 2
	}
	text := strings.Join(rest, " ")
	if strings.TrimSpace(text) == "" {
		return 0
	}
	// $? in the text is the status from before eval (bash does not
	// reset it); eval is status 0 only when nothing in it ran.
	if !r.evalText(text, "eval") && r.flow == flowNone {
		r.status = 0
	}
	if r.flow == flowAbort && r.subLevel == 0 {
		// eval's text is its own command line: an error that discards
		// the line (bad substitution, readonly assignment) ends the eval
		// with status 1, and the caller goes on; a subshell ends.
		r.flow = flowNone
	}
	return r.status
}

// builtinSource runs a file in the current shell.
func (r *Runner) builtinSource(args []string) int {
	_, rest, ok := r.builtinFlags(args[0], "", args[0]+" filename [arguments]", args[1:])
	if !ok {
		r.specialUsage = true
		return 2
	}
	args = append(args[:1:1], rest...)
	if len(args) < 2 {
		r.errorf("%s: filename argument required", args[0])
		fmt.Fprintf(r.stderr(), "%s: usage: %s filename [arguments]\n", args[0], args[0])
		r.specialUsage = true
		return 2
	}
	name := args[1]
	p := name
	viaCommand := r.sourceViaCommand
	r.sourceViaCommand = false
	if !strings.Contains(name, "/") && r.shopts["sourcepath"] {
		if found, ok := r.findSourceFile(name); ok {
			p = found
		} else if r.opts[optPosix] {
			// POSIX: a name without a slash is only looked for in PATH.
			r.errorf("%s: %s: file not found", args[0], name)
			r.sourceFailedVia(viaCommand)
			return 1
		}
	}
	text, err := r.readScript(p)
	if err != nil {
		if err == errIsDir {
			// bash names the builtin for a directory, not for a
			// missing file.
			name = args[0] + ": " + name
		}
		r.errorf("%s: %s", name, errText(err))
		r.sourceFailedVia(viaCommand)
		return 1
	}
	if err := r.enter(); err != nil {
		return r.status
	}
	defer r.leave()
	savedParams, setBefore := r.params, r.paramsSet
	if len(args) > 2 {
		r.params = args[2:]
	}
	r.sourceDepth++
	defer r.sourceDebugOff()()
	line := r.lineno
	r.stack = append(r.stack, frame{name: "source", file: name, line: r.lineno, params: r.params})
	// As with eval, the file starts with the caller's $?.
	src := &source{text: text, file: name}
	r.runSource(src)
	if !src.ran && r.flow == flowNone {
		r.status = 0
	}
	r.stack = r.stack[:len(r.stack)-1]
	r.sourceDepth--
	if len(args) > 2 && (r.funcDepth > 0 || r.paramsSet == setBefore) {
		// The file's arguments go, unless it ran set with words outside
		// a function (bash keeps those; shift does not count).
		r.params = savedParams
	}
	returned := r.flow == flowReturn
	if returned {
		r.flow = flowNone
	}
	r.sourceReturnTrap(line, returned)
	return r.status
}

// findSourceFile searches $PATH for a readable file to source.
func (r *Runner) findSourceFile(name string) (string, bool) {
	pathVar, _ := r.lookupVar("PATH").scalar()
	for _, dir := range strings.Split(pathVar, ":") {
		if dir == "" {
			continue
		}
		p := dir + "/" + name
		if fi, err := r.cfg.FS.Stat(r.abs(p)); err == nil && fi.Mode().IsRegular() {
			return p, true
		}
	}
	return "", false
}

// maxScriptBytes bounds a script file read by source or the shell.
const maxScriptBytes = 64 << 20

// readScript reads a script file, bounded, cancellable.
func (r *Runner) readScript(name string) (string, error) {
	if e, ok, err := r.fdDevice(name); ok {
		// /dev/stdin, /dev/fd/N (a process substitution): the shell's
		// own descriptors, not files.
		if err != nil {
			return "", err
		}
		if e.r == nil {
			return "", syscall.EBADF
		}
		return r.readScriptFrom(e.r)
	}
	f, err := r.openRead(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err == nil && fi.IsDir() {
		return "", errIsDir
	}
	return r.readScriptFrom(f)
}

// readScriptFrom reads a script to its end, within the string limit.
func (r *Runner) readScriptFrom(f io.Reader) (string, error) {
	limit := int64(maxScriptBytes)
	if m := r.cfg.Limits.MaxStringBytes; m > 0 && m < limit {
		limit = m
	}
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		if err := r.ctx.Err(); err != nil {
			return "", err
		}
		n, err := f.Read(buf)
		if int64(b.Len()+n) > limit {
			return "", r.g.trip("max string bytes", limit)
		}
		b.Write(buf[:n])
		if err == io.EOF {
			return b.String(), nil
		}
		if err != nil {
			return "", err
		}
	}
}

var errIsDir = errors.New("is a directory")

func (r *Runner) builtinShift(args []string) int {
	n := 1
	if len(args) > 2 {
		// A usage error of a special builtin: bash drops the line.
		r.errorf("shift: too many arguments")
		r.discardCommand()
		return 1
	}
	if len(args) > 1 {
		v, ok := r.numArg("shift", args[1])
		if !ok {
			return 1
		}
		n = v
	}
	if n < 0 {
		r.errorf("shift: %d: shift count out of range", n)
		return 1
	}
	if n > len(r.params) {
		// Posix mode reports it as shift_verbose does.
		if r.shopts["shift_verbose"] || r.opts[optPosix] {
			r.errorf("shift: %d: shift count out of range", n)
		}
		return 1
	}
	r.params = r.params[n:]
	return 0
}

func (r *Runner) builtinLet(args []string) int {
	if len(args) == 0 {
		r.errorf("let: expression expected")
		return 1
	}
	var n int64
	for _, a := range args {
		v, ok := r.letArith(a)
		if !ok {
			return 1
		}
		n = v
	}
	if n == 0 {
		return 1
	}
	return 0
}

func (r *Runner) builtinUnset(args []string) int {
	mode := byte(0)
	lit, all := r.takeArrayRefs(args), len(args)
	args = args[1:]
	funcs, vars := false, false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, c := range args[0][1:] {
			switch c {
			case 'f', 'v', 'n':
				mode = byte(c)
				funcs = funcs || c == 'f'
				vars = vars || c == 'v'
				if funcs && vars {
					r.errorf("unset: cannot simultaneously unset a function and a variable")
					return 1
				}
			default:
				r.errorf("unset: -%c: invalid option", c)
				fmt.Fprintln(r.stderr(), "unset: usage: unset [-f] [-v] [-n] [name ...]")
				return 2
			}
		}
		args = args[1:]
	}
	status := 0
	off := all - len(args)
	for i, a := range args {
		if mode == 'f' {
			if !r.unsetFunc(a) {
				status = 1
			}
			continue
		}
		name, sub, isElem := splitSubscript(a)
		if isElem && !lit[i+off] && subscriptEnd(a, len(name)) != len(a)-1 {
			// The subscript closes before the end (m[x]y]): not an
			// array reference, so not a variable's name.
			name, isElem = a, false
		}
		if !isName(name) && mode == 0 && !isElem {
			// A name no variable can have may still be a function's:
			// unset without -v tries that, quietly.
			if !r.unsetFunc(a) {
				status = 1
			}
			continue
		}
		if !isName(name) {
			r.errorf("unset: `%s': not a valid identifier", a)
			status = 1
			continue
		}
		if mode == 'n' {
			v, sc := r.vars.lookup(a)
			if v.has(attrReadonly) {
				r.errorf("unset: %s: cannot unset: readonly variable", a)
				status = 1
				continue
			}
			// Only a nameref goes (bash's unbind_nameref): unset -n
			// leaves any other variable alone.
			if sc != nil && v.has(attrNameref) {
				delete(sc.vars, a)
			}
			continue
		}
		if isElem {
			if !r.unsetElemAs(name, sub, lit[i+off] || r.shopts["assoc_expand_once"]) {
				status = 1
			}
			continue
		}
		if v := r.vars.visible(a); v == nil && mode == 0 {
			if _, ok := r.funcs[a]; ok && r.lookupVar(a) == nil {
				if !r.unsetFunc(a) {
					status = 1
				}
				continue
			}
		}
		if !r.unsetVar(a) {
			status = 1
		}
	}
	return status
}
