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
	if n := hc.Env.Get(jobVar); n.IsSet() {
		if st, killed := sess.killedJob(n.String()); killed {
			// The job was killed: it ends at its next command.
			return []string{"exit", strconv.Itoa(st)}, nil
		}
	}
	if len(args) == 4 && args[0] == forceExec && args[1] == lastArgCmd {
		sess.env.setLast(args[3])
		return []string{forceExec, statusCmd, args[2]}, nil
	}
	if len(args) > 2 && args[0] == forceExec && args[1] == psCmd {
		return []string{forceExec, statusCmd, sess.ps.handle(args[2:])}, nil
	}
	if len(args) == 3 && args[0] == forceExec && args[1] == timeCmd && args[2] == "start" {
		return timeStart(), nil
	}
	if len(args) > 2 && args[0] == forceExec && args[1] == jobCmd {
		return sess.jobHandle(args[2:]), nil
	}
	if strings.HasPrefix(args[0], "__justbash") {
		return sess.route(ctx, hc, args)
	}
	if args[0] == "exit" {
		// An exit after a subshell's fatal expansion error is a real exit.
		sess.env.fatal.Store(false)
	}
	sess.ps.cmds.Add(1)
	last := args[len(args)-1]
	sess.env.setLast(last)
	out, err = sess.route(ctx, hc, args)
	if err == nil && len(out) == 2 && out[0] == "eval" && !isUserEval(args) {
		// A reroute runs as a script, whose commands would change $_:
		// its last step puts back the value of this command.
		out[1] += "\n" + forceExec + " " + lastArgCmd + " \"$?\" " + quote(last)
	}
	return out, err
}

// fnMarkerVar names the function a rerouted builtin's name stands for.
const fnMarkerVar = "__JUSTBASH_FN"

// reroutedNames are the commands route may send elsewhere.
var reroutedNames = map[string]bool{
	"builtin": true, "shopt": true, "type": true, "command": true, "cd": true, "pwd": true, "echo": true, "printf": true,
	"test": true, "[": true, "source": true, ".": true, "read": true, "set": true, "eval": true, "unset": true,
	"shift": true, "break": true, "continue": true, "wait": true, "jobs": true, "umask": true, "ulimit": true,
	"kill": true, "fg": true, "bg": true, "disown": true, "history": true, "help": true, "enable": true, "caller": true,
	"compgen": true, "complete": true, "compopt": true, "logout": true, "suspend": true, "bind": true, "fc": true,
	"newgrp": true, "times": true, "return": true, "alias": true, "unalias": true, "getopts": true,
}

// lastArgCmd exits with its first argument's status; the call handler
// sets $_ to the second.
const lastArgCmd = "__justbash_lastarg"

// isUserEval reports whether args run the eval builtin.
func isUserEval(args []string) bool {
	for _, a := range args {
		if a != "builtin" && a != "command" {
			return a == "eval"
		}
	}
	return false
}

// route reroutes one command (see callHandler).
func (sess *Session) route(ctx context.Context, hc interp.HandlerContext, args []string) ([]string, error) {
	// builtin NAME and command NAME still reach interp's builtins, so the
	// reroute below must look through them.
	if len(args) >= 2 && args[0] == "builtin" && args[1] == "--" {
		args = append([]string{"builtin"}, args[2:]...)
	}
	i := 0
	for i < len(args)-1 {
		if args[i] == "builtin" || (args[i] == "command" && !strings.HasPrefix(args[i+1], "-")) {
			i++
			continue
		}
		break
	}
	name, rest := args[i], args[i+1:]
	if i == 0 && reroutedNames[name] && sess.isKnownFunc(name) {
		// A function named like a rerouted builtin wins, as in bash. The
		// marker lets the call through when the script below makes it.
		if hc.Env.Get(fnMarkerVar).String() == name {
			return args, nil
		}
		var words []string
		for _, a := range args {
			words = append(words, quote(a))
		}
		call := strings.Join(words, " ")
		return []string{"eval", "if declare -f " + quote(name) + " >/dev/null 2>&1; then " + fnMarkerVar + "=" + quote(name) + " " +
			call + "; else builtin " + call + "; fi"}, nil
	}
	if declBuiltins[name] {
		// builtin export X=1: declarations are keywords in interp, so
		// run them as a statement.
		var words []string
		for _, a := range args[i:] {
			words = append(words, quote(a))
		}
		return []string{"eval", strings.Join(words, " ")}, nil
	}
	if out, ok, err := sess.routeCommand(hc, name, rest); ok {
		return out, err
	}
	return sess.routeState(ctx, hc, args, name, rest, i)
}

// routeCommand reroutes the builtins that print or test.
func (sess *Session) routeCommand(hc interp.HandlerContext, name string, rest []string) ([]string, bool, error) {
	switch name {
	case "builtin":
		// Only reached with nothing after builtin (or just --).
		if len(rest) == 0 || (len(rest) == 1 && rest[0] == "--") {
			return []string{"true"}, true, nil
		}
	case "shopt":
		return sess.shoptBuiltin(rest), true, nil
	case "type":
		return sess.typeBuiltin(hc, rest, typeMode), true, nil
	case "command":
		if len(rest) > 1 && rest[0] == "-p" {
			// The default PATH of bash, for this one command.
			words := []string{"PATH=/usr/bin:/bin", "command"}
			for _, a := range rest[1:] {
				words = append(words, quote(a))
			}
			return []string{"eval", strings.Join(words, " ")}, true, nil
		}
		if len(rest) > 0 && (rest[0] == "-v" || rest[0] == "-V" || rest[0] == "-vp" || rest[0] == "-pv") {
			mode := commandV
			if strings.Contains(rest[0], "V") {
				mode = commandBigV
			}
			return sess.typeBuiltin(hc, rest[1:], mode), true, nil
		}
	case "echo":
		// interp's echo takes -n and -e only as separate words; bash
		// also accepts them combined (-ne, -en, -neE).
		if len(rest) > 0 && len(rest[0]) > 2 && strings.Trim(rest[0][1:], "neE") == "" && rest[0][0] == '-' {
			return append([]string{forceExec, "echo"}, rest...), true, nil
		}
	case "printf":
		return sess.printfBuiltin(hc, rest), true, nil
	case "test", "[":
		if script, ok := varSetTestArgs(rest); ok {
			text := rewriteEval([]string{name + " " + script}, hc.Env)
			return append([]string{"eval"}, text...), true, nil
		}
		return sess.testBuiltin(hc, name, rest), true, nil
	case "source", ".":
		return sess.sourceBuiltin(hc, name, rest), true, nil
	case "read":
		if out := sess.readBuiltin(hc, rest); out != nil {
			return out, true, nil
		}
	case declPCmd:
		return printText(declPListing(hc.Env, rest), "", 0), true, nil
	case declFuncCmd:
		return declFuncBuiltin(rest, sess.knownFuncs()), true, nil
	case fdCmd:
		return sess.fdBuiltin(hc, rest), true, nil
	case "alias":
		return aliasBuiltin(hc, rest), true, nil
	case "getopts":
		return getoptsBuiltin(hc, rest), true, nil
	case getoptsCmd:
		return getoptsRun(hc, rest), true, nil
	case "unalias":
		return unaliasBuiltin(hc, rest), true, nil
	case aliasEvalCmd:
		if len(rest) == 1 {
			return sess.aliasEval(hc, rest[0], hc.LastExitStatus), true, nil
		}
	}
	return nil, false, nil
}

// routeState reroutes the builtins that change or report shell state.
func (sess *Session) routeState(ctx context.Context, hc interp.HandlerContext, args []string, name string, rest []string, i int) ([]string, error) {
	switch name {
	case "cd":
		return sess.cdBuiltin(hc, rest, i > 0), nil
	case "pwd":
		// interp's pwd prints $PWD, and its -P resolves symlinks on the
		// host: print the directory the shell is in (our pwd for -P).
		for _, a := range rest {
			if a == "--" || !strings.HasPrefix(a, "-") {
				break
			}
			if strings.Trim(a[1:], "LP") != "" {
				return printText("", "bash: pwd: "+a[:2]+": invalid option\npwd: usage: pwd [-LP]\n", 2), nil
			}
			if strings.Contains(a, "P") {
				return []string{forceExec, "pwd", "-P"}, nil
			}
		}
		return printText(hc.Dir+"\n", "", 0), nil
	case "set":
		if len(rest) == 0 {
			return printText(setListing(hc.Env), "", 0), nil
		}
		return sess.setBuiltin(rest), nil
	case "return":
		if len(rest) == 0 {
			// bash returns the status of the last command.
			return []string{"return", strconv.Itoa(hc.LastExitStatus)}, nil
		}
	case "eval":
		if len(rest) > 0 && rest[0] == "--" {
			rest = rest[1:]
		} else if len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
			return printText("", "bash: eval: "+rest[0][:2]+": invalid option\neval: usage: eval [arg ...]\n", 2), nil
		}
		if text := strings.Join(rest, " "); mayUseAliases(text, aliasTable(hc.Env)) {
			return sess.aliasEval(hc, text, hc.LastExitStatus), nil
		}
		sess.noteFuncsIn(strings.Join(rest, " "))
		return append([]string{"eval"}, rewriteEval(rest, hc.Env)...), nil
	case "unset":
		if out := unsetReadonly(hc, rest); out != nil {
			return out, nil
		}
	case "shift":
		return shiftBuiltin(rest), nil
	case "break", "continue":
		if out := loopCtlBuiltin(name, rest); out != nil {
			return out, nil
		}
	case "wait":
		if out := sess.waitBuiltin(ctx, rest); out != nil {
			return out, nil
		}
	case "jobs":
		return sess.jobsBuiltin(rest), nil
	case "kill":
		if out := sess.killBuiltin(rest); out != nil {
			return out, nil
		}
		fallthrough
	case "umask", "ulimit", "fg", "bg", "disown", "history", "help",
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
		if !syntax.ValidName(name) && elemRe.FindStringSubmatch(name) == nil {
			return printText("", "bash: printf: `"+name+"': not a valid identifier\n", 2)
		}
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
// Fatal expansion errors are not rewritten: in bash they end only the eval.
func rewriteEval(args []string, env expand.Environ) []string {
	src := strings.Join(args, " ")
	if !needsRewrite(src) {
		return args
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		return args
	}
	if rewrite(f, src, envAssoc(env)) != nil {
		return args
	}
	var sb strings.Builder
	if err := syntax.NewPrinter().Print(&sb, f); err != nil {
		return args
	}
	return []string{sb.String()}
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
