package shell

import (
	"encoding/hex"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// Aliases are ours, not interp's: bash expands them while reading the
// script (aliasexpand.go), which interp cannot do. Each alias lives in a
// shell variable named aliasVarPrefix + hex(name), so a subshell's alias
// commands (echo $(alias x=y)) stay in the subshell, as in bash.
const aliasVarPrefix = "__JUSTBASH_AL_"

func aliasVar(name string) string { return aliasVarPrefix + hex.EncodeToString([]byte(name)) }

// aliasTable reads the aliases defined in env.
func aliasTable(env expand.Environ) map[string]string {
	var m map[string]string
	env.Each(func(name string, vr expand.Variable) bool {
		if h, ok := strings.CutPrefix(name, aliasVarPrefix); ok && vr.IsSet() && vr.Kind == expand.String {
			if b, err := hex.DecodeString(h); err == nil {
				if m == nil {
					m = map[string]string{}
				}
				m[string(b)] = vr.Str
			}
		}
		return true
	})
	return m
}

// aliasTableOf reads the aliases of the session's top level, between runs.
func (sess *Session) aliasTableOf() map[string]string {
	var m map[string]string
	for name, vr := range sess.runner.Vars {
		if h, ok := strings.CutPrefix(name, aliasVarPrefix); ok && vr.IsSet() && vr.Kind == expand.String {
			if b, err := hex.DecodeString(h); err == nil {
				if m == nil {
					m = map[string]string{}
				}
				m[string(b)] = vr.Str
			}
		}
	}
	return m
}

// validAliasName rejects what bash rejects: empty names and names with
// quotes, expansions, slashes or shell metacharacters.
func validAliasName(s string) bool {
	return s != "" && !strings.ContainsAny(s, "/$`=\"'\\ \t\n;&|<>()")
}

// aliasLine is one alias as alias prints it.
func aliasLine(name, value string) string {
	prefix := "alias "
	if strings.HasPrefix(name, "-") {
		prefix = "alias -- "
	}
	return prefix + name + "=" + singleQuote(value) + "\n"
}

// singleQuote quotes s the way bash's alias and trap print values.
func singleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// aliasBuiltin implements alias: definitions become variable assignments
// run by the returned script; listings are printed from env.
func aliasBuiltin(hc interp.HandlerContext, args []string) []string {
	const usage = "alias: usage: alias [-p] [name[=value] ... ]\n"
	table := aliasTable(hc.Env)
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		if strings.Trim(args[0][1:], "p") != "" {
			return printText("", "bash: alias: "+args[0][:2]+": invalid option\n"+usage, 2)
		}
		args = args[1:]
		if len(args) == 0 {
			break
		}
	}
	if len(args) == 0 {
		var out strings.Builder
		names := make([]string, 0, len(table))
		for n := range table {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			out.WriteString(aliasLine(n, table[n]))
		}
		return printText(out.String(), "", 0)
	}
	var out, errs, script strings.Builder
	status := 0
	for _, a := range args {
		name, value, isDef := strings.Cut(a, "=")
		if !isDef {
			if v, ok := table[a]; ok {
				out.WriteString(aliasLine(a, v))
			} else {
				errs.WriteString("bash: alias: " + a + ": not found\n")
				status = 1
			}
			continue
		}
		if !validAliasName(name) {
			errs.WriteString("bash: alias: `" + name + "': invalid alias name\n")
			status = 1
			continue
		}
		script.WriteString(aliasVar(name) + "=" + quote(value) + "\n")
	}
	return aliasScript(script.String(), out.String(), errs.String(), status)
}

// unaliasBuiltin implements unalias.
func unaliasBuiltin(hc interp.HandlerContext, args []string) []string {
	const usage = "unalias: usage: unalias [-a] name [name ...]\n"
	table := aliasTable(hc.Env)
	all := false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		if strings.Trim(args[0][1:], "a") != "" {
			return printText("", "bash: unalias: "+args[0][:2]+": invalid option\n"+usage, 2)
		}
		all = true
		args = args[1:]
	}
	var unset []string
	if all {
		for n := range table {
			unset = append(unset, aliasVar(n))
		}
		slices.Sort(unset)
		return aliasScript(unsetScript(unset), "", "", 0)
	}
	if len(args) == 0 {
		return printText("", usage, 2)
	}
	var errs strings.Builder
	status := 0
	for _, a := range args {
		if _, ok := table[a]; !ok {
			errs.WriteString("bash: unalias: " + a + ": not found\n")
			status = 1
			continue
		}
		unset = append(unset, aliasVar(a))
	}
	return aliasScript(unsetScript(unset), "", errs.String(), status)
}

func unsetScript(vars []string) string {
	if len(vars) == 0 {
		return ""
	}
	return "unset " + strings.Join(vars, " ") + "\n"
}

// aliasScript changes the alias variables with script, then prints and
// exits like printText.
func aliasScript(script, out, errs string, status int) []string {
	p := printText(out, errs, status)
	if script == "" {
		return p
	}
	return []string{"eval", script + p[1]}
}
