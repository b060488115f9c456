package eval

import (
	"strings"
)

// State renders the runner's persistent state — global variables with
// their attributes, aliases, functions, traps, set and shopt options — as
// a bash script that recreates it in a fresh runner (the directory is
// Dir's). It is what a snapshot of a session keeps. Taken between runs,
// when no function is active; variables bash creates itself (dynamic
// ones, UID/EUID/PPID, BASH_VERSINFO, the call-stack arrays) are left to
// the fresh runner, and options come last so that errexit or posix mode
// do not change how the script itself runs.
func (r *Runner) State() string {
	var b strings.Builder
	for _, n := range r.vars.names() {
		if bashOwnVar[n] {
			continue
		}
		v := r.vars.visible(n)
		if v == nil || v.has(attrReadonly) && bashOwnReadonly[n] {
			continue
		}
		b.WriteString(r.declLine(n, v))
	}
	for _, n := range sortedKeys(r.aliases) {
		b.WriteString(aliasLine(n, r.aliases[n]))
	}
	for _, n := range sortedKeys(r.funcs) {
		b.WriteString(funcSource(n, r.funcs[n]))
		b.WriteByte('\n')
	}
	for _, n := range sortedKeys(r.traps) {
		b.WriteString("trap -- " + shellQuote(r.traps[n]) + " " + n + "\n")
	}
	for _, n := range shoptNames {
		if r.shopts[n] {
			b.WriteString("shopt -s " + n + "\n")
		} else {
			b.WriteString("shopt -u " + n + "\n")
		}
	}
	for i, o := range setOpts {
		sign := "+"
		if r.opts[i] {
			sign = "-"
		}
		b.WriteString("set " + sign + "o " + o.name + "\n")
	}
	return b.String()
}

// bashOwnVar are variables the shell maintains itself: a restored value
// would be wrong (LINENO, RANDOM's state) or refused (readonly ones).
var bashOwnVar = map[string]bool{
	"BASHOPTS": true, "BASHPID": true, "BASH_SUBSHELL": true, "LINENO": true, "RANDOM": true,
	"SECONDS": true, "SHELLOPTS": true, "PIPESTATUS": true, "EPOCHSECONDS": true,
	"EPOCHREALTIME": true, "SRANDOM": true, "GROUPS": true, "DIRSTACK": true, "FUNCNAME": true,
	"BASH_SOURCE": true, "BASH_LINENO": true, "BASH_ARGC": true, "BASH_ARGV": true,
	"BASH_ARGV0": true, "BASH_COMMAND": true, "BASH_REMATCH": true, "HISTCMD": true,
	"_": true, "PWD": true,
}

// bashOwnReadonly are the readonly variables every runner starts with.
var bashOwnReadonly = map[string]bool{"UID": true, "EUID": true, "PPID": true, "BASH_VERSINFO": true}
