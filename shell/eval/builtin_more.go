package eval

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// The builtins of bash 5.2's help list that manage the directory stack,
// the builtin table, completion specs, limits and the job control a
// sandbox has no terminal for.

func addMoreBuiltins(t map[string]builtinDef) {
	add := func(name string, fn builtinFunc) { t[name] = builtinDef{fn: fn, kind: regularBuiltin} }
	add("dirs", (*Runner).builtinDirs)
	add("pushd", (*Runner).builtinPushd)
	add("popd", (*Runner).builtinPopd)
	add("enable", (*Runner).builtinEnable)
	add("caller", (*Runner).builtinCaller)
	add("ulimit", (*Runner).builtinUlimit)
	add("disown", (*Runner).builtinDisown)
	add("help", (*Runner).builtinHelp)
	add("complete", (*Runner).builtinComplete)
	add("compgen", (*Runner).builtinCompgen)
	add("compopt", (*Runner).builtinCompopt)
	add("fg", (*Runner).builtinFg)
	add("bg", (*Runner).builtinBg)
	add("suspend", func(r *Runner, a []string) int {
		r.errorf("suspend: cannot suspend: no job control")
		return 1
	})
	add("logout", func(r *Runner, a []string) int {
		r.errorf("logout: not login shell: use `exit'")
		return 1
	})
	// history: the list of a script run with set -o history (the REPL
	// provides its own command).
	add("history", (*Runner).builtinHistory)
	add("fc", (*Runner).builtinFc)
	add("bind", func(r *Runner, a []string) int { return 0 })
}

// tildeDir abbreviates a directory with ~ for dirs without -l.
func (r *Runner) tildeDir(d string) string {
	home, _ := r.lookupVar("HOME").scalar()
	if home != "" && home != "/" && (d == home || strings.HasPrefix(d, home+"/")) {
		return "~" + d[len(home):]
	}
	return d
}

func (r *Runner) builtinDirs(args []string) int {
	if st := r.dirStackArgs("dirs", "clpv", args[1:]); st != 0 {
		return st
	}
	long, perLine, verbose := false, false, false
	var index string
	for _, a := range args[1:] {
		switch {
		case a == "-c":
			r.dirs = nil
			return 0
		case a == "-l":
			long = true
		case a == "-p":
			perLine = true
		case a == "-v":
			perLine, verbose = true, true
		case len(a) > 1 && (a[0] == '+' || a[0] == '-') && isDigits(a[1:]):
			index = a
		default:
			r.errorf("dirs: %s: invalid option", a)
			fmt.Fprintln(r.stderr(), "dirs: usage: dirs [-clpv] [+N] [-N]")
			return 2
		}
	}
	stack := r.dirStack()
	show := func(d string) string {
		if long {
			return d
		}
		return r.tildeDir(d)
	}
	if index != "" {
		i, ok := r.stackIndex(index, len(stack))
		if !ok {
			r.errorf("dirs: %s: directory stack index out of range", index[1:])
			return 1
		}
		if verbose {
			// -v shows the entry with its position from the left.
			return r.writeOut("dirs", fmt.Sprintf("%2d  %s\n", i, show(stack[i])))
		}
		return r.writeOut("dirs", show(stack[i])+"\n")
	}
	var b strings.Builder
	for i, d := range stack {
		switch {
		case verbose:
			fmt.Fprintf(&b, "%2d  %s\n", i, show(d))
		case perLine:
			b.WriteString(show(d) + "\n")
		default:
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(show(d))
		}
	}
	if !perLine {
		b.WriteByte('\n')
	}
	return r.writeOut("dirs", b.String())
}

// stackIndex turns +N (from the left) or -N (from the right) into a
// position in a stack of n entries.
func (r *Runner) stackIndex(spec string, n int) (int, bool) {
	k, err := strconv.Atoi(spec[1:])
	if err != nil || k < 0 || k >= n {
		return 0, false
	}
	if spec[0] == '-' {
		k = n - 1 - k
	}
	return k, true
}

// chdir changes directory as cd does, for pushd and popd (named in its
// messages).
func (r *Runner) chdir(name, dir string) bool {
	return r.builtinCd([]string{name, "--", dir}) == 0
}

func (r *Runner) builtinPushd(args []string) int {
	if st := r.dirStackArgs("pushd", "n", args[1:]); st != 0 {
		return st
	}
	args = args[1:]
	noCd := false
	if len(args) > 0 && args[0] == "-n" {
		noCd, args = true, args[1:]
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	stack := r.dirStack()
	switch {
	case len(args) == 0 && noCd:
		return 0 // bash swaps nothing for a lone -n
	case len(args) == 0:
		if len(stack) < 2 {
			r.errorf("pushd: no other directory")
			return 1
		}
		stack[0], stack[1] = stack[1], stack[0]
	case len(args[0]) > 1 && (args[0][0] == '+' || args[0][0] == '-') && isDigits(args[0][1:]):
		i, ok := r.stackIndex(args[0], len(stack))
		if !ok {
			r.errorf("pushd: %s: directory stack index out of range", args[0])
			return 1
		}
		stack = append(stack[i:], stack[:i]...)
	default:
		if noCd {
			r.dirs = append([]string{args[0]}, r.dirs...)
			return r.builtinDirs([]string{"dirs"})
		}
		old := r.dir
		if !r.chdir("pushd", args[0]) {
			return 1
		}
		r.dirs = append([]string{old}, r.dirs...)
		return r.builtinDirs([]string{"dirs"})
	}
	if !noCd && stack[0] != r.dir && !r.chdir("pushd", stack[0]) {
		return 1
	}
	r.dirs = stack[1:]
	if noCd && len(args) > 0 {
		return 0 // bash prints no stack for a rotation it makes with -n
	}
	return r.builtinDirs([]string{"dirs"})
}

func (r *Runner) builtinPopd(args []string) int {
	if st := r.dirStackArgs("popd", "n", args[1:]); st != 0 {
		return st
	}
	args = args[1:]
	noCd := false
	if len(args) > 0 && args[0] == "-n" {
		noCd, args = true, args[1:]
	}
	if len(r.dirs) == 0 {
		r.errorf("popd: directory stack empty")
		return 1
	}
	stack := r.dirStack()
	i := 0
	if len(args) > 0 {
		a := args[0]
		k, ok := 0, len(a) > 1 && (a[0] == '+' || a[0] == '-') && isDigits(a[1:])
		if ok {
			k, ok = r.stackIndex(a, len(stack))
		}
		if !ok {
			if len(a) > 1 && (a[0] == '+' || a[0] == '-') {
				r.errorf("popd: %s: directory stack index out of range", a)
			} else {
				r.errorf("popd: %s: invalid argument", a)
				fmt.Fprintln(r.stderr(), "popd: usage: popd [-n] [+N | -N]")
			}
			return 1
		}
		i = k
	}
	stack = append(stack[:i], stack[i+1:]...)
	if i == 0 && !noCd && !r.chdir("popd", stack[0]) {
		return 1
	}
	r.dirs = stack[1:]
	return r.builtinDirs([]string{"dirs"})
}

func (r *Runner) builtinEnable(args []string) int {
	args = args[1:]
	disable, all, print, special := false, false, false, false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		for _, c := range args[0][1:] {
			switch c {
			case 'n':
				disable = true
			case 'a':
				all = true
			case 'p':
				print = true
			case 's':
				special = true
			case 'f', 'd':
				r.errorf("enable: -%c: loadable builtins are not supported in the sandbox", c)
				return 1
			default:
				r.errorf("enable: -%c: invalid option", c)
				fmt.Fprintln(r.stderr(), "enable: usage: enable [-a] [-dnps] [-f filename] [name ...]")
				return 2
			}
		}
		args = args[1:]
	}
	if r.disabled == nil {
		r.disabled = map[string]bool{}
	}
	if len(args) == 0 || print {
		for _, n := range sortedKeys(builtins()) {
			off := r.disabled[n]
			if special && builtins()[n].kind != specialBuiltin {
				// -s lists only the special builtins.
				continue
			}
			if all || off == disable {
				if off {
					r.writeOut("enable", "enable -n "+n+"\n")
				} else {
					r.writeOut("enable", "enable "+n+"\n")
				}
			}
		}
		return 0
	}
	status := 0
	for _, n := range args {
		if _, ok := builtins()[n]; !ok {
			r.errorf("enable: %s: not a shell builtin", n)
			status = 1
			continue
		}
		if disable {
			r.disabled[n] = true
		} else {
			delete(r.disabled, n)
		}
	}
	return status
}

// builtinCaller prints the context of a function call: "LINE FILE"
// without an argument, "LINE FUNC FILE" for frame N.
func (r *Runner) builtinCaller(args []string) int {
	var frames []frame
	for _, f := range r.stack {
		if f.name != "eval" {
			frames = append(frames, f)
		}
	}
	file := func(f frame) string {
		if f.file != "" {
			return f.file
		}
		if r.mode == 'c' {
			return "environment"
		}
		return "main"
	}
	if len(args) < 2 {
		if len(frames) == 0 {
			return 1
		}
		f := frames[len(frames)-1]
		return r.writeOut("caller", fmt.Sprintf("%d %s\n", f.line, file(f)))
	}
	if a := args[1]; len(a) > 1 && a[0] == '-' && a != "--" {
		r.errorf("caller: %s: invalid option", a)
		fmt.Fprintln(r.stderr(), "caller: usage: caller [expr]")
		return 2
	}
	n, err := strconv.Atoi(args[1])
	if err != nil || n < 0 {
		r.errorf("caller: %s: invalid number", args[1])
		fmt.Fprintln(r.stderr(), "caller: usage: caller [expr]")
		return 2
	}
	i := len(frames) - 1 - n
	if i < 0 {
		return 1
	}
	caller := "main"
	if i > 0 {
		caller = frames[i-1].name
	}
	return r.writeOut("caller", fmt.Sprintf("%d %s %s\n", frames[i].line, caller, file(frames[i])))
}

// ulimitRows are ulimit -a's rows, in bash's order.
var ulimitRows = []struct {
	flag byte
	text string
}{
	{'R', "real-time non-blocking time  (microseconds, -R)"}, {'c', "core file size              (blocks, -c)"},
	{'d', "data seg size               (kbytes, -d)"}, {'e', "scheduling priority                 (-e)"},
	{'f', "file size                   (blocks, -f)"}, {'i', "pending signals                     (-i)"},
	{'l', "max locked memory           (kbytes, -l)"}, {'m', "max memory size             (kbytes, -m)"},
	{'n', "open files                          (-n)"}, {'p', "pipe size                (512 bytes, -p)"},
	{'q', "POSIX message queues         (bytes, -q)"}, {'r', "real-time priority                  (-r)"},
	{'s', "stack size                  (kbytes, -s)"}, {'t', "cpu time                   (seconds, -t)"},
	{'u', "max user processes                  (-u)"}, {'v', "virtual memory              (kbytes, -v)"},
	{'x', "file locks                          (-x)"},
}

// builtinUlimit reports the sandbox's limits; setting one records it for
// the shell (the sandbox's own limits are enforced in Go and cannot be
// raised from a script).
func (r *Runner) builtinUlimit(args []string) int {
	if r.ulimits == nil {
		r.ulimits = map[byte]string{'c': "0", 'p': "8", 'n': "1024", 's': "8192"}
	}
	get := func(c byte) string {
		if v, ok := r.ulimits[c]; ok {
			return v
		}
		return "unlimited"
	}
	flag := byte('f')
	var value string
	for _, a := range args[1:] {
		switch {
		case a == "-a":
			for _, row := range ulimitRows {
				r.writeOut("ulimit", row.text+" "+get(row.flag)+"\n")
			}
			return 0
		case a == "-H" || a == "-S" || a == "--":
		case len(a) == 2 && a[0] == '-':
			flag = a[1]
			known := false
			for _, row := range ulimitRows {
				known = known || row.flag == flag
			}
			if !known {
				r.errorf("ulimit: %s: invalid option", a)
				return 2
			}
		default:
			value = a
		}
	}
	if value == "" {
		return r.writeOut("ulimit", get(flag)+"\n")
	}
	if value != "unlimited" && !isDigits(value) {
		r.errorf("ulimit: %s: invalid number", value)
		return 1
	}
	r.ulimits[flag] = value
	return 0
}

func (r *Runner) builtinHelp(args []string) int {
	if len(args) < 2 {
		// The sandbox's own help command (which lists its commands and
		// tools) answers a bare help when it is installed.
		if _, st := r.findCommand("help"); st == 0 {
			r.runExternal(args)
			return r.status
		}
		names := sortedKeys(builtins())
		return r.writeOut("help", "GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)\n"+
			"These shell commands are defined internally.  Type `help' to see this list.\n\n"+
			strings.Join(names, "\n")+"\n")
	}
	status := 0
	for _, n := range args[1:] {
		if strings.HasPrefix(n, "-") {
			continue
		}
		if _, ok := builtins()[n]; !ok {
			r.errorf("help: no help topics match `%s'.  Try `help help' or `man -k %s' or `info %s'.", n, n, n)
			status = 1
			continue
		}
		if syn, ok := builtinSynopsis[n]; ok {
			r.writeOut("help", n+": "+syn[0]+"\n    "+syn[1]+"\n")
			continue
		}
		r.writeOut("help", n+": "+n+" [arg ...]\n")
	}
	return status
}

// compSpec is a completion specification (complete -W ... name).
type compSpec struct {
	args []string // the options as given, for complete -p
}

func (r *Runner) builtinComplete(args []string) int {
	if r.completions == nil {
		r.completions = map[string]compSpec{}
	}
	args = args[1:]
	if len(args) == 0 || args[0] == "-p" {
		names := args
		if len(names) > 0 {
			names = names[1:]
		}
		if len(names) == 0 {
			names = sortedKeys(r.completions)
		}
		for _, n := range names {
			spec, ok := r.completions[n]
			if !ok {
				r.errorf("complete: %s: no completion specification", n)
				return 1
			}
			r.writeOut("complete", "complete "+strings.Join(quoteSpec(spec.args), " ")+" "+n+"\n")
		}
		return 0
	}
	if args[0] == "-r" {
		if len(args) == 1 {
			r.completions = map[string]compSpec{}
		}
		for _, n := range args[1:] {
			delete(r.completions, n)
		}
		return 0
	}
	var opts, names []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			opts = append(opts, a)
			if strings.ContainsAny(a[1:], "WFCGXPSAo") && i+1 < len(args) {
				i++
				opts = append(opts, args[i])
			}
			continue
		}
		names = append(names, a)
	}
	for _, n := range names {
		r.completions[n] = compSpec{args: opts}
	}
	return 0
}

// quoteSpec quotes the option values of a completion spec as complete -p.
func quoteSpec(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if i > 0 && strings.HasPrefix(args[i-1], "-") && strings.ContainsAny(args[i-1][1:], "WGXPS") {
			out[i] = shellQuote(a)
			continue
		}
		out[i] = a
	}
	return out
}

// Completions is the completion spec registered for a command, as the
// options complete was given (for an interactive line editor).
func (r *Runner) Completions(name string) ([]string, bool) {
	s, ok := r.completions[name]
	return s.args, ok
}

func (r *Runner) builtinCompgen(args []string) int {
	args = args[1:]
	var words []string
	var prefix, suffix, filter string
	var cands []string
	word := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if i+1 < len(args) {
				word = args[i+1]
			}
			break
		}
		if !strings.HasPrefix(a, "-") || len(a) < 2 {
			word = a
			continue
		}
		next := func() string {
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		switch a {
		case "-W":
			s, _ := r.expandText(next())
			words = append(words, strings.Fields(s)...)
		case "-P":
			prefix = next()
		case "-S":
			suffix = next()
		case "-X":
			filter = next()
		case "-A":
			cands = append(cands, r.compAction(next())...)
		case "-G":
			pat := next()
			if m, ok := r.glob(pat); ok {
				cands = append(cands, m...)
			}
		case "-F", "-C", "-o":
			next()
		default:
			for _, c := range a[1:] {
				cands = append(cands, r.compAction(compActions[c])...)
			}
		}
	}
	cands = append(cands, words...)
	var out []string
	var fp interface{ Match(string) bool }
	if filter != "" {
		neg := strings.HasPrefix(filter, "!")
		p, ok := r.compilePattern(strings.TrimPrefix(filter, "!"), false)
		if ok {
			fp = matchFunc(func(s string) bool { return p.Match(s) != neg })
		}
	}
	for _, c := range cands {
		if !strings.HasPrefix(c, word) {
			continue
		}
		if fp != nil && fp.Match(c) {
			continue
		}
		out = append(out, prefix+c+suffix)
	}
	if len(out) == 0 {
		return 1
	}
	return r.writeOut("compgen", strings.Join(out, "\n")+"\n")
}

type matchFunc func(string) bool

func (f matchFunc) Match(s string) bool { return f(s) }

// compActions maps compgen's letter options to -A actions.
var compActions = map[rune]string{'a': "alias", 'b': "builtin", 'c': "command", 'd': "directory",
	'e': "export", 'f': "file", 'g': "group", 'j': "job", 'k': "keyword", 's': "service", 'u': "user", 'v': "variable"}

// compAction lists the candidates of a compgen -A action.
func (r *Runner) compAction(action string) []string {
	switch action {
	case "alias":
		return sortedKeys(r.aliases)
	case "builtin":
		return sortedKeys(builtins())
	case "function":
		return sortedKeys(r.funcs)
	case "keyword":
		return sortedKeys(keywords)
	case "variable":
		return r.allVarNames()
	case "export":
		var out []string
		for _, n := range r.vars.names() {
			if v := r.vars.visible(n); v.has(attrExport) {
				out = append(out, n)
			}
		}
		return out
	case "user":
		return []string{"root", "user"}
	case "group":
		return []string{"root", "user"}
	case "job":
		var out []string
		for _, j := range r.jobs.visible() {
			out = append(out, j.text)
		}
		return out
	case "command":
		seen := map[string]bool{}
		var out []string
		for _, l := range [][]string{sortedKeys(r.aliases), sortedKeys(builtins()), sortedKeys(r.funcs), sortedKeys(keywords)} {
			for _, n := range l {
				if !seen[n] {
					seen[n] = true
					out = append(out, n)
				}
			}
		}
		pathVar, _ := r.lookupVar("PATH").scalar()
		for _, d := range strings.Split(pathVar, ":") {
			ents, err := r.cfg.FS.ReadDir(r.abs(d))
			if err != nil {
				continue
			}
			for _, e := range ents {
				if !seen[e.Name()] {
					seen[e.Name()] = true
					out = append(out, e.Name())
				}
			}
		}
		return out
	case "file", "directory":
		ents, err := r.cfg.FS.ReadDir(r.dir)
		if err != nil {
			return nil
		}
		var out []string
		for _, e := range ents {
			if action == "directory" && !e.IsDir() {
				continue
			}
			out = append(out, e.Name())
		}
		sort.Strings(out)
		return out
	}
	return nil
}

func (r *Runner) builtinCompopt(args []string) int {
	if len(args) > 1 && !strings.HasPrefix(args[len(args)-1], "-") && !strings.HasPrefix(args[len(args)-1], "+") {
		name := args[len(args)-1]
		if _, ok := r.completions[name]; !ok {
			r.errorf("compopt: %s: no completion specification", name)
			return 1
		}
	}
	return 0
}
