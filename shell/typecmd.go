package shell

import (
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

// typeBuiltin answers type and command -v/-V. Functions and aliases live
// in the runner, which a handler cannot read safely from a pipeline
// goroutine, so the answer is a small script: declare -F and alias run as
// builtins of the current (sub)shell; keywords, builtins and $PATH files
// are decided here.
func (sess *Session) typeBuiltin(hc interp.HandlerContext, args []string, kind typeKind) []string {
	var flagT, flagP, flagBigP, flagA bool
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, c := range args[0][1:] {
			switch c {
			case 't':
				flagT = true
			case 'p':
				flagP = true
			case 'P':
				flagBigP = true
			case 'a':
				flagA = true
			case 'f':
			default:
				return []string{forceExec, "__justbash_fail", "type: -" + string(c) + ": invalid option", "2"}
			}
		}
		args = args[1:]
	}
	var sb strings.Builder
	sb.WriteString("__JUSTBASH_ST=0\n")
	for _, name := range args {
		q := quote(name)
		var cases []string
		if !flagBigP {
			if !flagP {
				// Aliases are not reported: interp's alias builtin
				// cannot be queried silently.
				if bashKeywords[name] {
					cases = append(cases, "true; then "+sayType(kind, flagT, name, "keyword", name+" is a shell keyword", name))
				}
				cases = append(cases, "declare -f "+q+" >/dev/null 2>&1; then "+sayFunc(kind, flagT, name, q))
				if isShellBuiltin(name) {
					cases = append(cases, "true; then "+sayType(kind, flagT, name, "builtin", name+" is a shell builtin", name))
				}
			} else if bashKeywords[name] || isShellBuiltin(name) {
				cases = append(cases, "false; then :")
			}
		}
		var paths []string
		if p, _, ok := sess.lookPath(hc.Env, name); ok {
			paths = append(paths, p)
			if flagA {
				paths = sess.allPaths(hc, name)
			}
		} else if strings.Contains(name, "/") {
			if fi, err := sess.sh.fs.Stat(absIn(hc.Dir, name)); err == nil && !fi.IsDir() && fi.Mode().Perm()&0o111 != 0 {
				paths = append(paths, name)
			}
		}
		for _, p := range paths {
			cases = append(cases, "true; then "+sayType(kind, flagT, name, "file", name+" is "+p, p))
			if !flagA {
				break
			}
		}
		if flagA {
			for _, c := range cases {
				sb.WriteString("if " + c + "; fi\n")
			}
			if len(cases) == 0 {
				sb.WriteString(notFound(kind, name, flagT))
			}
			continue
		}
		for i, c := range cases {
			if i == 0 {
				sb.WriteString("if " + c + "\n")
			} else {
				sb.WriteString("elif " + c + "\n")
			}
		}
		if len(cases) == 0 {
			sb.WriteString(notFound(kind, name, flagT))
		} else {
			sb.WriteString("else " + notFound(kind, name, flagT) + "fi\n")
		}
	}
	sb.WriteString("(exit $__JUSTBASH_ST)")
	return []string{"eval", sb.String()}
}

func (sess *Session) allPaths(hc interp.HandlerContext, name string) []string {
	var out []string
	seen := map[string]bool{}
	for _, dir := range strings.Split(hc.Env.Get("PATH").String(), ":") {
		if dir == "" {
			dir = "."
		}
		p := absIn(hc.Dir, dir+"/"+name)
		if seen[p] {
			continue
		}
		seen[p] = true
		if fi, err := sess.sh.fs.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			out = append(out, dir+"/"+name)
		}
	}
	return out
}

func sayType(kind typeKind, flagT bool, name, word, long, short string) string {
	switch {
	case flagT:
		return "echo " + word
	case kind == commandV:
		return "echo " + quote(short)
	default:
		return "echo " + quote(long)
	}
}

func sayFunc(kind typeKind, flagT bool, name, q string) string {
	switch {
	case flagT:
		return "echo function"
	case kind == commandV:
		return "echo " + q
	default:
		return "echo " + quote(name+" is a function") + "; declare -f " + q + " | " + forceExec + " " + stripDepthCmd
	}
}

func notFound(kind typeKind, name string, flagT bool) string {
	if kind == commandV || flagT {
		return "__JUSTBASH_ST=1\n"
	}
	return "echo " + quote("bash: type: "+name+": not found") + " >&2; __JUSTBASH_ST=1\n"
}

func quote(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		return "''"
	}
	return q
}
