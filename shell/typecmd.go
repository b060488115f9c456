package shell

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

type typeKind int

const (
	typeMode    typeKind = iota // type [-t|-p|-P|-a] name...
	commandV                    // command -v name...
	commandBigV                 // command -V name...
)

var bashKeywords = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "case": true, "esac": true,
	"for": true, "select": true, "while": true, "until": true, "do": true, "done": true,
	"in": true, "function": true, "time": true, "{": true, "}": true, "!": true, "[[": true, "]]": true, "coproc": true,
}

// declBuiltins are builtins the parser treats as keywords in interp but
// bash reports as builtins.
var declBuiltins = map[string]bool{
	"declare": true, "local": true, "export": true, "readonly": true, "typeset": true, "let": true, "nameref": true,
}

func isShellBuiltin(name string) bool {
	switch name {
	case "umask", "ulimit", "kill", "jobs", "fg", "bg", "disown", "history", "help", "enable",
		"caller", "compgen", "complete", "compopt", "logout", "suspend", "bind", "fc", "times":
		return true
	}
	return declBuiltins[name] || interp.IsBuiltin(name)
}

// typeFlags are the options of type (command -v/-V use none of them).
type typeFlags struct{ t, p, bigP, a, f bool }

// typeCand is one thing a name can be: the shell condition that detects it
// at run time and what to print when it does.
type typeCand struct{ cond, action string }

// typeBuiltin answers type and command -v/-V. Functions and aliases live
// in the runner, which a handler cannot read safely from a pipeline
// goroutine, so the answer is a small script: declare -f and alias run as
// builtins of the current (sub)shell; keywords, builtins and $PATH files
// are decided here. As in bash, -p prints only paths (a name that is not
// a file counts as found), -P searches $PATH only, -f skips functions,
// and -t, -p and -P report a missing name by the status alone.
func (sess *Session) typeBuiltin(hc interp.HandlerContext, args []string, kind typeKind) []string {
	var fl typeFlags
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, c := range args[0][1:] {
			switch c {
			case 't':
				fl.t = true
			case 'p':
				fl.p = true
			case 'P':
				fl.bigP = true
			case 'a':
				fl.a = true
			case 'f':
				fl.f = true
			default:
				return []string{forceExec, "__justbash_fail", "type: -" + string(c) + ": invalid option", "2"}
			}
		}
		args = args[1:]
	}
	var sb strings.Builder
	sb.WriteString("__JUSTBASH_ST=0\n")
	for _, name := range args {
		cands := sess.typeCands(hc, name, kind, fl)
		missing := typeNotFound(kind, fl, name)
		if fl.a {
			sb.WriteString("__JUSTBASH_F=0\n")
			for _, c := range cands {
				sb.WriteString("if " + c.cond + "; then " + c.action + "; __JUSTBASH_F=1; fi\n")
			}
			sb.WriteString("if [ $__JUSTBASH_F = 0 ]; then " + missing + "; fi\n")
			continue
		}
		for i, c := range cands {
			kw := "elif "
			if i == 0 {
				kw = "if "
			}
			sb.WriteString(kw + c.cond + "; then " + c.action + "\n")
		}
		if len(cands) == 0 {
			sb.WriteString(missing + "\n")
		} else {
			sb.WriteString("else " + missing + "; fi\n")
		}
	}
	if kind == commandV {
		// bash's command -v fails only when no name was found.
		sb.WriteString("[ -n \"$__JUSTBASH_OK\" ] && __JUSTBASH_ST=0\n")
	}
	sb.WriteString("(exit $__JUSTBASH_ST)")
	return []string{"eval", "__JUSTBASH_OK=\n" + sb.String()}
}

// typeCands lists, in bash's order of precedence, what name may be.
func (sess *Session) typeCands(hc interp.HandlerContext, name string, kind typeKind, fl typeFlags) []typeCand {
	q := quote(name)
	say := func(word, long, short string) string {
		switch {
		case fl.t:
			return "echo " + word
		case fl.p || fl.bigP:
			return ":"
		case kind == commandV:
			return "echo " + quote(short)
		}
		return "echo " + quote(long)
	}
	if kind == commandV {
		inner := say
		say = func(word, long, short string) string { return inner(word, long, short) + "; __JUSTBASH_OK=1" }
	}
	var cands []typeCand
	if !fl.bigP {
		aliasCond := "{ [[ $(builtin shopt expand_aliases 2>/dev/null) == *on ]] && __JUSTBASH_A=$(builtin alias " + q +
			" 2>/dev/null) && [ -n \"$__JUSTBASH_A\" ]; }"
		aliasAct := say("alias", "", "")
		switch {
		case fl.t || fl.p:
		case kind == commandV:
			aliasAct = `echo "$__JUSTBASH_A"; __JUSTBASH_OK=1`
		default:
			aliasAct = `eval "__JUSTBASH_A=${__JUSTBASH_A#*=}"; echo ` + quote(name+" is aliased to `") + `"$__JUSTBASH_A'"`
		}
		cands = append(cands, typeCand{aliasCond, aliasAct})
		if bashKeywords[name] {
			cands = append(cands, typeCand{"true", say("keyword", name+" is a shell keyword", name)})
		}
		if !fl.f {
			act := say("function", "", name)
			if !fl.t && !fl.p && kind != commandV {
				act = "echo " + quote(name+" is a function") + "; declare -f " + q + " | " + forceExec + " " + fnFmtCmd + " f"
			}
			cands = append(cands, typeCand{"declare -f " + q + " >/dev/null 2>&1", act})
		}
		if isShellBuiltin(name) {
			cands = append(cands, typeCand{"true", say("builtin", name+" is a shell builtin", name)})
		}
	}
	for _, p := range sess.typePaths(hc, name, fl.a) {
		act := say("file", name+" is "+p, p)
		if !fl.t && (fl.p || fl.bigP) {
			act = "echo " + quote(p)
		}
		cands = append(cands, typeCand{"true", act})
	}
	return cands
}

// typePaths finds the files name runs as: every executable match in $PATH
// with all, else the first one, or else (as bash does) the first match
// that is not executable. Paths keep the spelling of the $PATH entry.
func (sess *Session) typePaths(hc interp.HandlerContext, name string, all bool) []string {
	if strings.Contains(name, "/") {
		if fi, err := sess.sh.fs.Stat(absIn(hc.Dir, name)); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return []string{name}
		}
		return nil
	}
	var out []string
	fallback := ""
	seen := map[string]bool{}
	for _, dir := range strings.Split(hc.Env.Get("PATH").String(), ":") {
		if dir == "" {
			dir = "."
		}
		p := absIn(hc.Dir, path.Join(dir, name))
		if seen[p] {
			continue
		}
		seen[p] = true
		fi, err := sess.sh.fs.Stat(p)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if fi.Mode().Perm()&0o111 == 0 {
			if fallback == "" {
				fallback = path.Join(dir, name)
			}
			continue
		}
		out = append(out, path.Join(dir, name))
		if !all {
			return out
		}
	}
	if len(out) == 0 && fallback != "" && !all {
		out = append(out, fallback)
	}
	return out
}

// typeNotFound is the shell code for a name that is nothing.
func typeNotFound(kind typeKind, fl typeFlags, name string) string {
	switch {
	case kind == commandV || fl.t || fl.p || fl.bigP:
		return "__JUSTBASH_ST=1"
	case kind == commandBigV:
		return "echo " + quote("bash: command: "+name+": not found") + " >&2; __JUSTBASH_ST=1"
	}
	return "echo " + quote("bash: type: "+name+": not found") + " >&2; __JUSTBASH_ST=1"
}

func quote(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		return "''"
	}
	return q
}
