package shell

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// interp knows only a few of bash's set -o and shopt options. The session
// mirrors all of them (every set and shopt goes through the call handler),
// passes on to interp the ones it implements, and answers listings,
// queries and $- from the mirror.

// setOptTable lists bash's set -o options with their letter (0: none).
var setOptTable = []struct {
	name   string
	letter byte
}{
	{"allexport", 'a'}, {"braceexpand", 'B'}, {"emacs", 0}, {"errexit", 'e'}, {"errtrace", 'E'},
	{"functrace", 'T'}, {"hashall", 'h'}, {"histexpand", 'H'}, {"history", 0}, {"ignoreeof", 0},
	{"interactive-comments", 0}, {"keyword", 'k'}, {"monitor", 'm'}, {"noclobber", 'C'}, {"noexec", 'n'},
	{"noglob", 'f'}, {"nolog", 0}, {"notify", 'b'}, {"nounset", 'u'}, {"onecmd", 't'}, {"physical", 'P'},
	{"pipefail", 0}, {"posix", 0}, {"privileged", 'p'}, {"verbose", 'v'}, {"vi", 0}, {"xtrace", 'x'},
}

// interpSetOpts are the set options interp implements itself.
var interpSetOpts = map[string]bool{"allexport": true, "errexit": true, "noexec": true, "noglob": true, "nounset": true, "xtrace": true, "pipefail": true}

// shoptNames are bash 5.2's shopt options; shoptDefaultOn those on by
// default in a non-interactive shell.
var shoptNames = strings.Fields(`autocd assoc_expand_once cdable_vars cdspell checkhash checkjobs checkwinsize
	cmdhist compat31 compat32 compat40 compat41 compat42 compat43 compat44 complete_fullquote direxpand dirspell
	dotglob execfail expand_aliases extdebug extglob extquote failglob force_fignore globasciiranges globskipdots
	globstar gnu_errfmt histappend histreedit histverify hostcomplete huponexit inherit_errexit interactive_comments
	lastpipe lithist localvar_inherit localvar_unset login_shell mailwarn no_empty_cmd_completion nocaseglob
	nocasematch noexpand_translation nullglob patsub_replacement progcomp progcomp_alias promptvars restricted_shell
	shift_verbose sourcepath varredir_close xpg_echo`)

var shoptDefaultOn = []string{"checkwinsize", "cmdhist", "complete_fullquote", "extquote", "force_fignore",
	"globasciiranges", "globskipdots", "hostcomplete", "interactive_comments", "patsub_replacement", "progcomp",
	"promptvars", "sourcepath"}

// interpShopts are the shopt options interp implements itself.
var interpShopts = map[string]bool{"dotglob": true, "expand_aliases": true, "extglob": true, "globstar": true, "nocaseglob": true, "nullglob": true}

// optState is the mirror. mode is 'c' for bash -c, else 's'.
type optState struct {
	mu          sync.Mutex
	set         map[string]bool
	shopt       map[string]bool
	mode        byte
	interactive bool
}

func newOptState() *optState {
	o := &optState{set: map[string]bool{"braceexpand": true, "hashall": true, "interactive-comments": true},
		shopt: map[string]bool{}, mode: 's'}
	for _, n := range shoptDefaultOn {
		o.shopt[n] = true
	}
	return o
}

func setOptByLetter(c byte) string {
	for _, o := range setOptTable {
		if o.letter == c {
			return o.name
		}
	}
	return ""
}

func isSetOpt(name string) bool {
	return slices.ContainsFunc(setOptTable, func(o struct {
		name   string
		letter byte
	}) bool {
		return o.name == name
	})
}

// setLong records set -o/+o name; vi and emacs exclude each other.
func (o *optState) setLong(name string, on bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.set[name] = on
	if on && name == "vi" {
		o.set["emacs"] = false
	}
	if on && name == "emacs" {
		o.set["vi"] = false
	}
}

func (o *optState) isSet(name string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.set[name]
}

// dash is $-: the letters of the options that are on, in bash's order,
// then i for an interactive shell and c or s.
func (o *optState) dash() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var sb strings.Builder
	for _, c := range []byte("abefhikmnptuvxBCEHPT") {
		if c == 'i' {
			if o.interactive {
				sb.WriteByte('i')
			}
			continue
		}
		if name := setOptByLetter(c); name != "" && o.set[name] {
			sb.WriteByte(c)
		}
	}
	sb.WriteByte(o.mode)
	return sb.String()
}

// listing prints set -o (table) or set +o (commands).
func (o *optState) listing(plus bool) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var sb strings.Builder
	for _, opt := range setOptTable {
		sb.WriteString(fmtSetOpt(opt.name, o.set[opt.name], plus))
	}
	return sb.String()
}

func fmtSetOpt(name string, on, cmd bool) string {
	if cmd {
		if on {
			return "set -o " + name + "\n"
		}
		return "set +o " + name + "\n"
	}
	return fmt.Sprintf("%-15s\t%s\n", name, onOff(on))
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// printText is a command that prints text and exits with status.
func printText(text string, errText string, status int) []string {
	script := ""
	if text != "" {
		script += "printf '%s' " + quote(text) + "\n"
	}
	if errText != "" {
		script += "printf '%s' " + quote(errText) + " >&2\n"
	}
	return []string{"eval", script + fmt.Sprintf("(exit %d)", status)}
}

// setBuiltin mirrors the options of a set command and passes on to interp
// what it implements: the rest would be errors there.
func (sess *Session) setBuiltin(args []string) []string {
	o := sess.opts
	out := []string{"set"}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || len(a) < 2 || (a[0] != '-' && a[0] != '+') {
			if a == "+" {
				continue // an ignored flag, not an argument
			}
			if a == "-" {
				// A lone - ends the options and turns off -x and -v;
				// what follows (if anything) are the positional parameters.
				o.setLong("xtrace", false)
				o.setLong("verbose", false)
				out = append(out, "+x")
				if i+1 < len(args) {
					out = append(out, "--")
					out = append(out, args[i+1:]...)
				}
				break
			}
			out = append(out, args[i:]...)
			break
		}
		on := a[0] == '-'
		if a[1:] == "o" {
			if i+1 >= len(args) {
				return printText(o.listing(!on), "", 0)
			}
			i++
			out = append(out, sess.setLongOpt(args[i], on, a)...)
			continue
		}
		keep := []byte{a[0]}
		for j := 1; j < len(a); j++ {
			c := a[j]
			name := setOptByLetter(c)
			switch {
			case c == 'C':
				sess.noclobber.Store(on)
				o.setLong("noclobber", on)
			case name == "" || interpSetOpts[name]:
				keep = append(keep, c)
				if name != "" {
					o.setLong(name, on)
				}
			default:
				o.setLong(name, on)
			}
		}
		if len(keep) > 1 {
			out = append(out, string(keep))
		}
	}
	if len(out) == 1 && len(args) > 0 {
		return []string{"true"}
	}
	return out
}

// setLongOpt handles set -o NAME / +o NAME; flag is "-o" or "+o".
func (sess *Session) setLongOpt(name string, on bool, flag string) []string {
	switch {
	case name == "noclobber":
		sess.noclobber.Store(on)
	case interpSetOpts[name]:
		sess.opts.setLong(name, on)
		return []string{flag, name}
	case !isSetOpt(name):
		return []string{flag, name} // interp reports the error
	}
	sess.opts.setLong(name, on)
	return nil
}

// shoptBuiltin implements shopt from the mirror; options interp
// implements are passed on to its shopt too.
// parseShoptFlags reads shopt's options; bad is an unknown option letter.
func parseShoptFlags(args []string) (fs, fu, fp, fq, fo bool, names []string, bad string) {
	for i, a := range args {
		if a == "--" {
			names = append(names, args[i+1:]...)
			break
		}
		if strings.HasPrefix(a, "-") && len(a) > 1 && len(names) == 0 {
			for _, c := range a[1:] {
				switch c {
				case 's':
					fs = true
				case 'u':
					fu = true
				case 'p':
					fp = true
				case 'q':
					fq = true
				case 'o':
					fo = true
				default:
					return fs, fu, fp, fq, fo, nil, string(c)
				}
			}
			continue
		}
		names = append(names, a)
	}
	return fs, fu, fp, fq, fo, names, ""
}

func (sess *Session) shoptBuiltin(args []string) []string {
	fs, fu, fp, fq, fo, names, bad := parseShoptFlags(args)
	if bad != "" {
		return printText("", "bash: shopt: -"+bad+": invalid option\nshopt: usage: shopt [-pqsu] [-o] [optname ...]\n", 2)
	}
	if fs && fu {
		return printText("", "bash: shopt: cannot set and unset shell options simultaneously\n", 1)
	}
	o := sess.opts
	valid := func(n string) bool { return slices.Contains(shoptNames, n) }
	invalid := "invalid shell option name"
	if fo {
		valid, invalid = isSetOpt, "invalid option name"
	}
	var errs strings.Builder
	status := 0
	var good []string
	for _, n := range names {
		if !valid(n) {
			errs.WriteString("bash: shopt: " + n + ": " + invalid + "\n")
			status = 1
			continue
		}
		good = append(good, n)
	}
	if (fs || fu) && len(names) > 0 {
		return sess.shoptSet(good, fs, fo, errs.String(), status)
	}
	explicit := len(names) > 0
	if !explicit {
		if fo {
			for _, opt := range setOptTable {
				good = append(good, opt.name)
			}
		} else {
			good = shoptNames
		}
	}
	var out strings.Builder
	for _, n := range good {
		on := o.get(n, fo)
		if (fs && !on) || (fu && on) {
			continue
		}
		if !on && explicit {
			status = 1
		}
		switch {
		case fq:
		case fp && fo:
			out.WriteString(fmtSetOpt(n, on, true))
		case fp:
			out.WriteString("shopt -" + map[bool]string{true: "s", false: "u"}[on] + " " + n + "\n")
		default:
			out.WriteString(fmtSetOpt(n, on, false))
		}
	}
	return printText(out.String(), errs.String(), status)
}

func (o *optState) get(name string, setOpt bool) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if setOpt {
		return o.set[name]
	}
	return o.shopt[name]
}

// shoptSet is shopt -s/-u NAMES (already validated).
func (sess *Session) shoptSet(names []string, on, setOpts bool, errs string, status int) []string {
	var pass []string
	for _, n := range names {
		if setOpts {
			pass = append(pass, sess.setLongOpt(n, on, map[bool]string{true: "-o", false: "+o"}[on])...)
			continue
		}
		sess.opts.mu.Lock()
		sess.opts.shopt[n] = on
		sess.opts.mu.Unlock()
		if interpShopts[n] {
			pass = append(pass, n)
		}
	}
	if errs != "" || len(pass) == 0 {
		return printText("", errs, status)
	}
	if setOpts {
		return append([]string{"set"}, pass...)
	}
	return append([]string{"shopt", map[bool]string{true: "-s", false: "-u"}[on]}, pass...)
}

// setListing is the output of set without arguments: every variable, as
// bash prints it (internal variables of the sandbox left out).
func setListing(env expand.Environ) string {
	type line struct{ name, text string }
	var lines []line
	env.Each(func(name string, vr expand.Variable) bool {
		if strings.HasPrefix(name, "__JUSTBASH") || !vr.IsSet() || !syntax.ValidName(name) {
			return true
		}
		switch vr.Kind {
		case expand.Indexed:
			var sb strings.Builder
			for i, v := range vr.List {
				if i > 0 {
					sb.WriteByte(' ')
				}
				fmt.Fprintf(&sb, "[%d]=%s", i, dqValue(v))
			}
			lines = append(lines, line{name, name + "=(" + sb.String() + ")"})
		case expand.Associative:
			var sb strings.Builder
			for _, k := range slices.Sorted(maps.Keys(vr.Map)) {
				key := k
				if !isPlainWord(k) {
					key = dqValue(k)
				}
				fmt.Fprintf(&sb, "[%s]=%s ", key, dqValue(vr.Map[k]))
			}
			lines = append(lines, line{name, name + "=(" + sb.String() + ")"})
		case expand.String:
			v := vr.Str
			if !isPlainWord(v) {
				v = quote(v)
			}
			lines = append(lines, line{name, name + "=" + v})
		}
		return true
	})
	slices.SortFunc(lines, func(a, b line) int { return strings.Compare(a.name, b.name) })
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString(l.text + "\n")
	}
	return sb.String()
}

// dqValue is s in double quotes, as declare -p and set print values.
func dqValue(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' || r == '$' || r == '`' {
			sb.WriteByte('\\')
		}
		sb.WriteRune(r)
	}
	sb.WriteByte('"')
	return sb.String()
}

func isPlainWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./:,+@%=-", r)) {
			return false
		}
	}
	return true
}

// shiftBuiltin gives shift bash's statuses: 1 (silently) for a count past
// $#, 1 with a message for a bad count; interp says usage and 2.
func shiftBuiltin(args []string) []string {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return []string{"shift"}
	}
	if len(args) > 1 {
		return printText("", "bash: shift: too many arguments\n", 1)
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return printText("", "bash: shift: "+args[0]+": numeric argument required\n", 1)
	}
	if n < 0 {
		return printText("", "bash: shift: "+args[0]+": shift count out of range\n", 1)
	}
	return []string{"eval", fmt.Sprintf(`if [ %d -gt $# ]; then (exit 1); else set -- "${@:%d}"; fi`, n, n+1)}
}

// loopCtlBuiltin handles the arguments of break and continue that interp
// rejects with a usage message: bash exits on a non-numeric count (status
// 128) and, oddly, breaks on too many arguments.
func loopCtlBuiltin(name string, args []string) []string {
	if len(args) > 1 {
		return []string{"eval", "echo " + quote("bash: "+name+": too many arguments") + " >&2; break"}
	}
	if len(args) == 1 {
		if _, err := strconv.Atoi(args[0]); err != nil {
			return []string{"eval", "echo " + quote("bash: "+name+": "+args[0]+": numeric argument required") + " >&2; exit 128"}
		}
	}
	return nil
}

// unsetReadonly makes unset of a readonly variable fail as in bash (interp
// prints the error but returns 0); the other names are still unset.
func unsetReadonly(hc interp.HandlerContext, args []string) []string {
	var flags, keep []string
	var errs strings.Builder
	funcs := false
	for i, a := range args {
		if strings.HasPrefix(a, "-") && len(keep) == 0 && errs.Len() == 0 {
			flags = append(flags, a)
			funcs = funcs || strings.Contains(a, "f")
			if a == "--" {
				keep = append(keep, args[i+1:]...)
				break
			}
			continue
		}
		if !funcs && syntax.ValidName(a) && hc.Env.Get(a).ReadOnly {
			errs.WriteString("bash: unset: " + a + ": cannot unset: readonly variable\n")
			continue
		}
		keep = append(keep, a)
	}
	if errs.Len() == 0 {
		return nil
	}
	script := "printf '%s' " + quote(errs.String()) + " >&2\n"
	if len(keep) > 0 {
		words := []string{"unset"}
		for _, w := range append(flags, keep...) {
			words = append(words, quote(w))
		}
		script += strings.Join(words, " ") + "\n"
	}
	return []string{"eval", script + "(exit 1)"}
}
