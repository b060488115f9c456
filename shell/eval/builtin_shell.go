package eval

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
)

// builtinSet is set: options, positional parameters, or the variable list.
// listVarsAndFuncs is set's listing (and declare's without arguments):
// every set variable as NAME=value, $_ among them, then the functions.
func (r *Runner) listVarsAndFuncs(cmd string) int {
	r.listing = true
	defer func() { r.listing = false }()
	names := r.allVarNames()
	if i, found := slices.BinarySearch(names, "_"); !found {
		names = slices.Insert(names, i, "_")
	}
	for _, n := range names {
		v := r.lookupVar(n)
		if n == "_" && (v == nil || v.str == r.lastArg) {
			v = r.dynamicVar(n)
		}
		if v == nil || !v.set {
			continue
		}
		if v.isArray() {
			line := r.declLine(n, v)
			line = line[strings.Index(line, n):]
			r.writeOut(cmd, line)
			continue
		}
		r.writeOut(cmd, n+"="+setQuote(v.str)+"\n")
	}
	for _, n := range sortedKeys(r.funcs) {
		r.writeOut(cmd, funcSource(n, r.funcs[n])+"\n")
	}
	return 0
}

func (r *Runner) builtinSet(args []string) int {
	args = args[1:]
	if len(args) == 0 {
		return r.listVarsAndFuncs("set")
	}
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			r.params = append([]string(nil), args[1:]...)
			r.paramsSet++
			return 0
		}
		if a == "-" {
			r.opts[optXTrace], r.opts[optVerbose] = false, false
			args = args[1:]
			if len(args) > 0 {
				r.params = append([]string(nil), args...)
				r.paramsSet++
			}
			return 0
		}
		if a == "+" {
			// A lone + is an option word that changes nothing.
			args = args[1:]
			continue
		}
		if len(a) < 2 || a[0] != '-' && a[0] != '+' {
			break
		}
		on := a[0] == '-'
		args = args[1:]
		for _, c := range a[1:] {
			if c == 'o' {
				if len(args) == 0 {
					r.printSetO(on)
					continue
				}
				name := args[0]
				args = args[1:]
				if !r.setLongOpt(name, on) {
					r.errorf("set: %s: invalid option name", name)
					return 2
				}
				continue
			}
			i := setOptByLetter(byte(c))
			if i < 0 {
				r.errorf("set: %c%c: invalid option", a[0], c)
				fmt.Fprintln(r.stderr(), "set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]")
				return 2
			}
			r.opts[i] = on
		}
	}
	if len(args) > 0 {
		r.params = append([]string(nil), args...)
		r.paramsSet++
	}
	return 0
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// setQuote quotes a value as set prints it: bare when safe, else '...'.
func setQuote(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == 0x7f {
			return shellQuote(s)
		}
		if setMeta(s, i) {
			if s == "'" {
				return `\'` // bash's one exception to '...'
			}
			return shellQuote(s)
		}
	}
	return s
}

// setMeta reports whether s[i] needs quoting in set's output: blanks,
// quotes, operators, reserved-word and glob characters, ^, $ and ` do
// anywhere; ~ only where tilde expansion would see it (at the start or
// after = or :), # only at the start, where it would begin a comment.
func setMeta(s string, i int) bool {
	switch c := s[i]; c {
	case '~':
		return i == 0 || s[i-1] == '=' || s[i-1] == ':'
	case '#':
		return i == 0
	default:
		return strings.IndexByte(" \t\n'\"\\|&;()<>!{}*[?]^$`", c) >= 0
	}
}

func (r *Runner) setLongOpt(name string, on bool) bool {
	i := setOptIndex(name)
	if i < 0 {
		return false
	}
	was := r.opts[i]
	r.opts[i] = on
	if i == optHistory && on && !was {
		r.enableHistory()
	}
	if name == "vi" && on {
		r.opts[optEmacs] = false
	}
	if name == "emacs" && on {
		r.opts[optVi] = false
	}
	if name == "ignoreeof" {
		r.ignoreEOFVar(on)
	}
	return true
}

// printSetO is set -o (table) and set +o (commands that restore it).
func (r *Runner) printSetO(table bool) {
	for i, o := range setOpts {
		if table {
			state := "off"
			if r.opts[i] {
				state = "on"
			}
			r.writeOut("set", fmt.Sprintf("%-15s\t%s\n", o.name, state))
		} else {
			sign := "+"
			if r.opts[i] {
				sign = "-"
			}
			r.writeOut("set", "set "+sign+"o "+o.name+"\n")
		}
	}
}

// builtinShopt is shopt -s/-u/-p/-q/-o.
func (r *Runner) builtinShopt(args []string) int {
	var set, unset, print, quiet, setO bool
	args = args[1:]
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, c := range args[0][1:] {
			switch c {
			case 's':
				set = true
			case 'u':
				unset = true
			case 'p':
				print = true
			case 'q':
				quiet = true
			case 'o':
				setO = true
			default:
				r.errorf("shopt: -%c: invalid option", c)
				fmt.Fprintln(r.stderr(), "shopt: usage: shopt [-pqsu] [-o] [optname ...]")
				return 2
			}
		}
		args = args[1:]
	}
	if set && unset {
		r.errorf("shopt: cannot set and unset shell options simultaneously")
		return 1
	}
	get := func(n string) (bool, bool) {
		if setO {
			i := setOptIndex(n)
			return i >= 0 && r.opts[i], i >= 0
		}
		return r.shopts[n], isShopt(n)
	}
	names := args
	if len(names) == 0 {
		if setO {
			for _, o := range setOpts {
				names = append(names, o.name)
			}
		} else {
			names = shoptNames
		}
		if set || unset {
			var sel []string
			for _, n := range names {
				if on, _ := get(n); on == set {
					sel = append(sel, n)
				}
			}
			r.printShopts(sel, get, print, setO)
			return 0
		}
		r.printShopts(names, get, print, setO)
		return 0
	}
	status := 0
	for _, n := range names {
		on, ok := get(n)
		if !ok {
			if setO {
				r.errorf("shopt: %s: invalid option name", n)
			} else {
				r.errorf("shopt: %s: invalid shell option name", n)
			}
			status = 1
			continue
		}
		switch {
		case set || unset:
			if setO {
				r.setLongOpt(n, set)
			} else {
				r.shopts[n] = set
			}
		case quiet:
			if !on {
				status = 1
			}
		default:
			r.printShopts([]string{n}, get, print, setO)
			if !on {
				status = 1
			}
		}
	}
	return status
}

func (r *Runner) printShopts(names []string, get func(string) (bool, bool), asCmd, setO bool) {
	for _, n := range names {
		on, _ := get(n)
		if asCmd {
			flag := map[bool]string{true: "-s", false: "-u"}[on]
			if setO {
				flag = map[bool]string{true: "-o", false: "+o"}[on]
				r.writeOut("shopt", "set "+flag+" "+n+"\n")
				continue
			}
			r.writeOut("shopt", "shopt "+flag+" "+n+"\n")
			continue
		}
		r.writeOut("shopt", fmt.Sprintf("%-15s\t%s\n", n, map[bool]string{true: "on", false: "off"}[on]))
	}
}

// builtinCommand is command [-pVv] name args.
func (r *Runner) builtinCommand(args []string) int {
	args = args[1:]
	var describe, verbose, stdPath bool
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, c := range args[0][1:] {
			switch c {
			case 'p':
				stdPath = true
			case 'v':
				describe = true
			case 'V':
				verbose = true
			default:
				r.errorf("command: -%c: invalid option", c)
				fmt.Fprintln(r.stderr(), "command: usage: command [-pVv] command [arg ...]")
				return 2
			}
		}
		args = args[1:]
	}
	if len(args) == 0 {
		return 0
	}
	if stdPath {
		// command -p searches the standard utilities' path, not $PATH.
		saved := r.pathOverride
		r.pathOverride = stdUtilPath
		defer func() { r.pathOverride = saved }()
	}
	if describe || verbose {
		// The status is 0 when any name was found.
		status := 1
		for _, n := range args {
			if r.describe(n, verbose, false, false, false) {
				status = 0
			} else if verbose {
				r.errorf("command: %s: not found", n)
			}
		}
		return status
	}
	if args[0] == "." || args[0] == "source" {
		r.sourceViaCommand = true // read (and cleared) by the builtin
		defer func() { r.sourceViaCommand = false }()
	}
	r.run(args, true)
	return r.status
}

// stdUtilPath is the path command -p searches (getconf PATH on Linux).
const stdUtilPath = "/bin:/usr/bin"

// searchPath is the list of directories commands are looked up in.
func (r *Runner) searchPath() string {
	if r.pathOverride != "" {
		return r.pathOverride
	}
	p, _ := r.lookupVar("PATH").scalar()
	return p
}

func (r *Runner) builtinBuiltin(args []string) int {
	_, rest, ok := r.builtinFlags("builtin", "", "builtin [shell-builtin [arg ...]]", args[1:])
	if !ok {
		return 2
	}
	args = append(args[:1:1], rest...)
	if len(args) < 2 {
		return 0
	}
	b, ok := r.builtin(args[1])
	if !ok {
		r.errorf("builtin: %s: not a shell builtin", args[1])
		return 1
	}
	r.runBuiltin(b, args[1:])
	return r.status
}

// keywords are bash's reserved words, for type.
var keywords = map[string]bool{"if": true, "then": true, "else": true, "elif": true, "fi": true, "case": true,
	"esac": true, "for": true, "select": true, "while": true, "until": true, "do": true, "done": true,
	"in": true, "function": true, "time": true, "{": true, "}": true, "!": true, "[[": true, "]]": true, "coproc": true}

// describe prints what a name is for type and command -v/-V. typeFlag
// selects type -t output; all is type -a; noFuncs is type -f, which
// skips shell functions.
func (r *Runner) describe(name string, verbose, typeFlag, all, noFuncs bool) bool {
	found := false
	say := func(short, long, kind string) {
		found = true
		switch {
		case typeFlag:
			r.writeOut("type", kind+"\n")
		case verbose:
			r.writeOut("type", long+"\n")
		default:
			r.writeOut("type", short+"\n")
		}
	}
	if a, ok := r.aliases[name]; ok && r.shopts["expand_aliases"] {
		say("alias "+name+"="+shellQuote(a), name+" is aliased to `"+a+"'", "alias")
		if !all {
			return true
		}
	}
	if keywords[name] {
		say(name, name+" is a shell keyword", "keyword")
		if !all {
			return true
		}
	}
	if f, ok := r.funcs[name]; ok && !noFuncs {
		say(name, name+" is a function\n"+funcSource(name, f), "function")
		if !all {
			return true
		}
	}
	if _, ok := r.builtin(name); ok {
		say(name, name+" is a shell builtin", "builtin")
		if !all {
			return true
		}
	}
	if strings.Contains(name, "/") {
		if fi, err := r.cfg.FS.Stat(r.abs(name)); err == nil && executable(fi) {
			say(name, name+" is "+name, "file")
		}
		return found
	}
	if p, ok := r.hashed(name); ok && !all {
		say(p, name+" is hashed ("+p+")", "file")
		return true
	}
	for _, p := range r.pathMatches(name, all) {
		say(p, name+" is "+p, "file")
	}
	return found
}

// pathMatches lists the executables named name on $PATH (the first only
// unless all).
func (r *Runner) pathMatches(name string, all bool) []string {
	var out []string
	fallback := ""
	pathVar := r.searchPath()
	for _, dir := range strings.Split(pathVar, ":") {
		if dir == "" {
			dir = "."
		}
		p := path.Join(dir, name)
		fi, err := r.cfg.FS.Stat(r.abs(p))
		if err != nil {
			continue
		}
		if executable(fi) {
			out = append(out, p)
			if !all {
				break
			}
		} else if fallback == "" && fi.Mode().IsRegular() {
			fallback = p
		}
	}
	if len(out) == 0 && !all && fallback != "" {
		// The file a command search would settle for (see lookPath).
		out = append(out, fallback)
	}
	return out
}

// foundBeforePath reports whether a command search finds name as an
// alias, keyword, function (unless noFuncs) or builtin.
func (r *Runner) foundBeforePath(name string, noFuncs bool) bool {
	if _, ok := r.aliases[name]; ok && r.shopts["expand_aliases"] {
		return true
	}
	if _, ok := r.funcs[name]; ok && !noFuncs {
		return true
	}
	_, ok := r.builtin(name)
	return ok || keywords[name]
}

func (r *Runner) builtinType(args []string) int {
	args = args[1:]
	var tflag, all, pathOnly, forcePath, noFuncs bool
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, c := range args[0][1:] {
			switch c {
			case 't':
				tflag = true
			case 'a':
				all = true
			case 'p':
				pathOnly = true
			case 'P':
				forcePath = true
			case 'f':
				noFuncs = true
			default:
				r.errorf("type: -%c: invalid option", c)
				fmt.Fprintln(r.stderr(), "type: usage: type [-afptP] name [name ...]")
				return 2
			}
		}
		args = args[1:]
	}
	status := 0
	for _, n := range args {
		if pathOnly || forcePath {
			// type -p prints nothing for a name found before $PATH
			// (it still counts as found), but with -a it goes on to
			// list every file.
			early := !forcePath && r.foundBeforePath(n, noFuncs)
			if early && !all {
				continue
			}
			if hp, ok := r.hashed(n); ok && !all {
				// Without -a, type reports a remembered path as it is.
				r.writeOut("type", hp+"\n")
				continue
			}
			ps := r.pathMatches(n, all)
			if len(ps) == 0 && !early {
				status = 1
			}
			for _, p := range ps {
				r.writeOut("type", p+"\n")
			}
			continue
		}
		if !r.describe(n, !tflag, tflag, all, noFuncs) {
			if !tflag {
				r.errorf("type: %s: not found", n)
			}
			status = 1
		}
	}
	return status
}

// builtinCd changes the working directory.
func (r *Runner) builtinCd(args []string) int {
	name := args[0] // pushd and popd change directory through cd
	args = args[1:]
	physical := r.opts[optPhysical]
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		ok := true
		for _, c := range args[0][1:] {
			switch c {
			case 'P':
				physical = true
			case 'L':
				physical = false
			case 'e', '@':
			default:
				ok = false
			}
		}
		if !ok {
			break
		}
		args = args[1:]
	}
	if len(args) > 1 {
		r.errorf("cd: too many arguments")
		return 1
	}
	var dir string
	printDir := false
	switch {
	case len(args) == 0:
		h, ok := r.lookupVar("HOME").scalar()
		if !ok {
			r.errorf("cd: HOME not set")
			return 1
		}
		dir = h
	case args[0] == "-":
		o, ok := r.lookupVar("OLDPWD").scalar()
		if !ok {
			r.errorf("cd: OLDPWD not set")
			return 1
		}
		dir, printDir = o, true
	default:
		dir = args[0]
	}
	if dir == "" {
		return 0
	}
	target := ""
	if !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "./") && !strings.HasPrefix(dir, "../") && dir != "." && dir != ".." {
		cdpath, _ := r.lookupVar("CDPATH").scalar()
		for _, base := range strings.Split(cdpath, ":") {
			if base == "" {
				continue
			}
			cand := path.Join(r.abs(base), dir)
			if fi, err := r.cfg.FS.Stat(cand); err == nil && fi.IsDir() {
				target, printDir = cand, true
				break
			}
		}
	}
	if target == "" {
		target = r.abs(dir)
	}
	fi, err := r.cfg.FS.Stat(target)
	if err == nil {
		// Logical or physical, a directory named before ".." must
		// exist (cd -P hands the path to the kernel as written).
		err = r.checkDotDot(dir)
	}
	if err != nil {
		r.errorf("%s: %s: %s", name, errName(dir), errText(err))
		return 1
	}
	if !fi.IsDir() {
		r.errorf("%s: %s: Not a directory", name, errName(dir))
		return 1
	}
	if physical {
		target = r.realpath(target)
	}
	old := r.dir
	r.dir = target
	r.setVar("OLDPWD", old, false)
	r.setVar("PWD", target, false)
	if printDir {
		r.writeOut("cd", target+"\n")
	}
	return 0
}

// realpath resolves every symlink in an absolute path.
func (r *Runner) realpath(p string) string {
	cur := "/"
	for i, part := range strings.Split(p, "/") {
		if i > 64 {
			break
		}
		switch part {
		case "", ".":
			continue
		case "..":
			cur = path.Dir(cur)
			continue
		}
		next := path.Join(cur, part)
		for n := 0; n < 40; n++ {
			fi, err := r.cfg.FS.Lstat(next)
			if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
				break
			}
			t, err := r.cfg.FS.Readlink(next)
			if err != nil {
				break
			}
			if !path.IsAbs(t) {
				t = path.Join(path.Dir(next), t)
			}
			next = path.Clean(t)
		}
		cur = next
	}
	return cur
}

func (r *Runner) builtinPwd(args []string) int {
	physical := r.opts[optPhysical]
	for _, a := range args[1:] {
		switch a {
		case "-P":
			physical = true
		case "-L":
			physical = false
		default:
			if strings.HasPrefix(a, "-") {
				r.errorf("pwd: %s: invalid option", a)
				fmt.Fprintln(r.stderr(), "pwd: usage: pwd [-LP]")
				return 2
			}
		}
	}
	d := r.dir
	if physical {
		d = r.realpath(d)
	}
	return r.writeOut("pwd", d+"\n")
}

func (r *Runner) builtinAlias(args []string) int {
	flags, args, ok := r.builtinFlags("alias", "p", "alias [-p] [name[=value] ... ]", args[1:])
	if !ok {
		return 2
	}
	if len(args) == 0 || flags['p'] {
		for _, n := range sortedKeys(r.aliases) {
			r.writeOut("alias", aliasLine(n, r.aliases[n]))
		}
		if len(args) == 0 {
			return 0
		}
	}
	status := 0
	for _, a := range args {
		name, val, ok := strings.Cut(a, "=")
		if !ok {
			v, found := r.aliases[a]
			if !found {
				r.errorf("alias: %s: not found", a)
				status = 1
				continue
			}
			r.writeOut("alias", aliasLine(a, v))
			continue
		}
		if name == "" || strings.ContainsAny(name, "/$`=\"' \t\n;|&<>()") {
			r.errorf("alias: `%s': invalid alias name", name)
			status = 1
			continue
		}
		putMap(&r.aliases, name, val)
	}
	return status
}

func (r *Runner) builtinUnalias(args []string) int {
	const usage = "unalias [-a] name [name ...]"
	flags, args, ok := r.builtinFlags("unalias", "a", usage, args[1:])
	if !ok {
		return 2
	}
	if flags['a'] {
		r.aliases = nil
		return 0
	}
	if len(args) == 0 {
		fmt.Fprintln(r.stderr(), "unalias: usage: "+usage)
		return 2
	}
	status := 0
	for _, a := range args {
		if _, ok := r.aliases[a]; !ok {
			r.errorf("unalias: %s: not found", a)
			status = 1
			continue
		}
		delete(r.aliases, a)
	}
	return status
}

// builtinExec: with no command its redirections stay; a command replaces
// the shell (here: runs, then the shell exits with its status).
func (r *Runner) builtinExec(args []string) int {
	args, eo, ok := r.execFlags(args[1:])
	if !ok {
		// A bad option is an ordinary error: the shell goes on.
		return 2
	}
	if len(args) == 0 {
		r.keepRedirs = true
		return 0
	}
	if p, st := r.findCommand(args[0]); st != 0 {
		if st == 127 && p == "" && !strings.Contains(args[0], "/") {
			// A path that is not there was reported by the search.
			r.errorf("exec: %s: not found", args[0])
		}
		// execfail (and an interactive shell) survive a failed exec.
		if !r.shopts["execfail"] && !r.interactive {
			r.exit(st)
		}
		return st
	}
	r.execExternal(args, eo)
	r.exit(r.status)
	return r.status
}

func (r *Runner) builtinHash(args []string) int {
	args = args[1:]
	for _, a := range args {
		if a == "--" || len(a) < 2 || a[0] != '-' {
			break
		}
		for _, c := range a[1:] {
			if !strings.ContainsRune("lrpdt", c) {
				r.errorf("hash: -%c: invalid option", c)
				fmt.Fprintln(r.stderr(), "hash: usage: hash [-lr] [-p pathname] [-dt] [name ...]")
				return 2
			}
		}
	}
	if !r.opts[optHashAll] && (len(args) == 0 || args[0] != "-r" && args[0] != "-l") {
		r.errorf("hash: hashing disabled")
		return 1
	}
	if len(args) == 0 {
		if len(r.hash) == 0 {
			r.writeOut("hash", "hash: hash table empty\n")
			return 0
		}
		r.writeOut("hash", "hits\tcommand\n")
		for _, n := range r.hashOrder() {
			r.writeOut("hash", fmt.Sprintf("%4d\t%s\n", r.hashHits[n], r.hash[n]))
		}
		return 0
	}
	if args[0] == "-r" {
		r.hash, r.hashHits = nil, nil
		return 0
	}
	if args[0] == "-p" && len(args) > 2 {
		// hash -p PATH NAME remembers PATH for NAME without a search.
		for _, n := range args[2:] {
			r.remember(n, args[1], 0)
		}
		return 0
	}
	status := 0
	for _, n := range args {
		if strings.HasPrefix(n, "-") {
			continue
		}
		if p, ok := r.lookPath(n); ok {
			r.remember(n, p, 0)
		} else {
			r.errorf("hash: %s: not found", n)
			status = 1
		}
	}
	return status
}

const execUsage = "exec [-cl] [-a name] [command [argument ...]] [redirection ...]"
