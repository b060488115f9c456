package shell

import (
	"context"
	"fmt"
	"path"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/justbash/justbash/commands"
)

// callHandler sees every simple command after expansion. It enforces the
// argument-size and call-depth limits and reroutes the builtins that interp
// would run against the host, or does not implement, to code of ours.
func (sess *Session) callHandler(ctx context.Context, args []string) (out []string, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = []string{forceExec, "__justbash_fail", fmt.Sprintf("internal error: %v", p)}, nil
		}
	}()
	hc := interp.HandlerCtx(ctx)
	if rs := sess.current(); rs != nil {
		if le := sess.checkCall(hc, rs, args); le != nil {
			return nil, le
		}
	}
	// builtin NAME and command NAME still reach interp's builtins, so the
	// reroute below must look through them.
	i := 0
	for i < len(args)-1 {
		if args[i] == "builtin" || (args[i] == "command" && !strings.HasPrefix(args[i+1], "-")) {
			i++
			continue
		}
		break
	}
	name, rest := args[i], args[i+1:]
	if i > 0 && declBuiltins[name] {
		// builtin export X=1: declarations are keywords in interp, so
		// run them as a statement.
		var words []string
		for _, a := range args[i:] {
			words = append(words, quote(a))
		}
		return []string{"eval", strings.Join(words, " ")}, nil
	}
	switch name {
	case "shopt":
		if out := shoptQueries(rest); out != nil {
			return out, nil
		}
	case "type":
		return sess.typeBuiltin(hc, rest, typeMode), nil
	case "command":
		if len(rest) > 0 && (rest[0] == "-v" || rest[0] == "-V" || rest[0] == "-vp" || rest[0] == "-pv") {
			mode := commandV
			if strings.Contains(rest[0], "V") {
				mode = commandBigV
			}
			return sess.typeBuiltin(hc, rest[1:], mode), nil
		}
	case "pwd":
		// interp's pwd -P resolves symlinks on the host; plain pwd and
		// pwd -L print the logical directory, which interp knows.
		for _, a := range rest {
			if strings.HasPrefix(a, "-") && strings.Contains(a, "P") {
				return append([]string{forceExec, "pwd"}, rest...), nil
			}
		}
	case "echo":
		// interp's echo takes -n and -e only as separate words; bash
		// also accepts them combined (-ne, -en, -neE).
		if len(rest) > 0 && len(rest[0]) > 2 && strings.Trim(rest[0][1:], "neE") == "" && rest[0][0] == '-' {
			return append([]string{forceExec, "echo"}, rest...), nil
		}
	case "printf":
		return sess.printfBuiltin(hc, rest), nil
	case "test", "[":
		return append([]string{name}, ownerTestsToExists(rest)...), nil
	case "source", ".":
		return sess.sourceBuiltin(hc, name, rest), nil
	case "read":
		if out := sess.readBuiltin(hc, rest); out != nil {
			return out, nil
		}
	case fdCmd:
		return sess.fdBuiltin(hc, rest), nil
	case "set":
		return sess.setBuiltin(rest), nil
	case "eval":
		return append([]string{"eval"}, rewriteEval(rest, envAssoc(hc.Env))...), nil
	case "umask", "ulimit", "kill", "jobs", "fg", "bg", "disown", "history", "help",
		"enable", "caller", "compgen", "complete", "compopt", "logout", "suspend", "bind", "fc", "newgrp", "times":
		if _, ok := sess.sh.reg.Lookup(name); ok {
			return append([]string{forceExec, name}, rest...), nil
		}
		return []string{forceExec, "__justbash_fail", name + ": not supported in this sandbox"}, nil
	}
	return args, nil
}

// checkCall enforces MaxStringBytes on arguments and MaxCallDepth.
func (sess *Session) checkCall(hc interp.HandlerContext, rs *runState, args []string) *LimitError {
	lim := &rs.g.limits
	if lim.MaxStringBytes > 0 {
		for _, a := range args {
			if int64(len(a)) > lim.MaxStringBytes {
				return rs.g.trip("max string bytes", fmt.Sprint(lim.MaxStringBytes))
			}
		}
		if rs.g.scanVars.Load() {
			var big bool
			hc.Env.Each(func(name string, vr expand.Variable) bool {
				big = int64(len(vr.Str)) > lim.MaxStringBytes
				return !big
			})
			if big {
				return rs.g.trip("max string bytes", fmt.Sprint(lim.MaxStringBytes))
			}
		}
	}
	if lim.MaxCallDepth > 0 {
		if d := hc.Env.Get(depthVar); d.IsSet() {
			if n, _ := strconv.Atoi(d.String()); n > lim.MaxCallDepth {
				return rs.g.trip("max call depth", fmt.Sprint(lim.MaxCallDepth))
			}
		}
	}
	return nil
}

// printfBuiltin runs our printf (interp's lacks floats, %q and more). With
// -v it assigns through eval, since a handler cannot set variables.
func (sess *Session) printfBuiltin(hc interp.HandlerContext, args []string) []string {
	if len(args) >= 2 && args[0] == "-v" {
		name := args[1]
		fargs := args[2:]
		if len(fargs) > 0 && fargs[0] == "--" {
			fargs = fargs[1:]
		}
		if len(fargs) == 0 {
			return []string{forceExec, "__justbash_fail", "printf: usage: printf [-v var] format [arguments]"}
		}
		out, errs, status := commands.Printf(fargs[0], fargs[1:])
		for _, e := range errs {
			fmt.Fprintf(hc.Stderr, "bash: printf: %s\n", e)
		}
		script := name + "=" + quote(out)
		if status != 0 {
			script += "; false"
		}
		return []string{"eval", script}
	}
	return append([]string{forceExec, "printf"}, args...)
}

// ownerTestsToExists rewrites test -O/-G: every sandbox file belongs to
// the sandbox user, and interp's version would read the host's passwd.
func ownerTestsToExists(args []string) []string {
	var out []string
	for i, a := range args {
		if a == "-O" || a == "-G" {
			if out == nil {
				out = append([]string(nil), args...)
			}
			out[i] = "-e"
		}
	}
	if out == nil {
		return args
	}
	return out
}

// sourceBuiltin resolves the file in the VFS (PATH first for a bare name,
// then the working directory, as bash does) and marks the path so interp's
// own host lookup cannot succeed; see sourceMarker.
func (sess *Session) sourceBuiltin(hc interp.HandlerContext, name string, args []string) []string {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return []string{name}
	}
	file := args[0]
	resolved := absIn(hc.Dir, file)
	if !strings.Contains(file, "/") {
		for _, dir := range strings.Split(hc.Env.Get("PATH").String(), ":") {
			if dir == "" {
				continue
			}
			p := absIn(hc.Dir, path.Join(dir, file))
			if fi, err := sess.sh.fs.Stat(p); err == nil && fi.Mode().IsRegular() {
				resolved = p
				break
			}
		}
	}
	return append([]string{name, sourceMarker + resolved}, args[1:]...)
}

// rewriteEval applies the same AST rewrites to eval'd text as to scripts.
func rewriteEval(args []string, isAssoc assocScope) []string {
	src := strings.Join(args, " ")
	if !needsRewrite(src) {
		return args
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		return args
	}
	if rewrite(f, src, isAssoc) != nil {
		return args
	}
	var sb strings.Builder
	if err := syntax.NewPrinter().Print(&sb, f); err != nil {
		return args
	}
	return []string{sb.String()}
}

// setBuiltin records set -C / set -o noclobber (which interp lacks) and
// passes the other options on.
func (sess *Session) setBuiltin(args []string) []string {
	out := []string{"set"}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || len(a) < 2 || (a[0] != '-' && a[0] != '+') {
			out = append(out, args[i:]...)
			break
		}
		on := a[0] == '-'
		if a[1:] == "o" && i+1 < len(args) {
			if args[i+1] == "noclobber" {
				sess.noclobber.Store(on)
			} else {
				out = append(out, a, args[i+1])
			}
			i++
			continue
		}
		if strings.ContainsRune(a, 'C') {
			sess.noclobber.Store(on)
			a = strings.ReplaceAll(a, "C", "")
			if len(a) == 1 {
				continue
			}
		}
		out = append(out, a)
	}
	if len(out) == 1 && len(args) > 0 {
		return []string{"true"}
	}
	return out
}

// envAssoc reports the associative arrays of env.
func envAssoc(env expand.Environ) assocScope {
	return func(name string) bool {
		vr := env.Get(name)
		if vr.Kind == expand.NameRef {
			_, vr = vr.Resolve(env)
		}
		return vr.Kind == expand.Associative
	}
}

// shoptQueries implements shopt -q and shopt -p, which interp lacks, on top
// of interp's "shopt NAME" report.
func shoptQueries(args []string) []string {
	var quiet, print bool
	var names []string
	for _, a := range args {
		switch a {
		case "-q":
			quiet = true
		case "-p":
			print = true
		default:
			if strings.HasPrefix(a, "-") {
				return nil
			}
			names = append(names, a)
		}
	}
	if !quiet && !print {
		return nil
	}
	var sb strings.Builder
	sb.WriteString("__JUSTBASH_ST=0\n")
	if len(names) == 0 && print {
		sb.WriteString(`builtin shopt | while read -r __JUSTBASH_N __JUSTBASH_V; do if [ "$__JUSTBASH_V" = on ]; then echo "shopt -s $__JUSTBASH_N"; else echo "shopt -u $__JUSTBASH_N"; fi; done` + "\n")
	}
	for _, n := range names {
		q := quote(n)
		sb.WriteString("case \"$(builtin shopt " + q + " 2>/dev/null)\" in\n")
		on, off := "", ""
		if print {
			on, off = "echo "+quote("shopt -s "+n), "echo "+quote("shopt -u "+n)+";"
		}
		sb.WriteString("*on) " + on + ";;\n*off) " + off + " __JUSTBASH_ST=1;;\n")
		sb.WriteString("*) echo " + quote("bash: shopt: "+n+": invalid shell option name") + " >&2; __JUSTBASH_ST=1;;\nesac\n")
	}
	sb.WriteString("(exit $__JUSTBASH_ST)")
	return []string{"eval", sb.String()}
}
