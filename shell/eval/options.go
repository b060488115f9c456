package eval

import "strings"

// setOpt is one option of set -o, in bash's listing order.
type setOpt struct {
	name   string
	letter byte // 0 when the option has no single-letter form
}

// setOpts is bash 5.2's set -o table, in the order set -o lists it.
var setOpts = []setOpt{
	{"allexport", 'a'}, {"braceexpand", 'B'}, {"emacs", 0}, {"errexit", 'e'},
	{"errtrace", 'E'}, {"functrace", 'T'}, {"hashall", 'h'}, {"histexpand", 'H'},
	{"history", 0}, {"ignoreeof", 0}, {"interactive-comments", 0}, {"keyword", 'k'},
	{"monitor", 'm'}, {"noclobber", 'C'}, {"noexec", 'n'}, {"noglob", 'f'},
	{"nolog", 0}, {"notify", 'b'}, {"nounset", 'u'}, {"onecmd", 't'},
	{"physical", 'P'}, {"pipefail", 0}, {"posix", 0}, {"privileged", 'p'},
	{"verbose", 'v'}, {"vi", 0}, {"xtrace", 'x'},
}

// Indexes into Runner.opts of the options the evaluator consults.
const (
	optAllExport = iota
	optBraceExpand
	optEmacs
	optErrExit
	optErrTrace
	optFuncTrace
	optHashAll
	optHistExpand
	optHistory
	optIgnoreEOF
	optInteractiveComments
	optKeyword
	optMonitor
	optNoClobber
	optNoExec
	optNoGlob
	optNoLog
	optNotify
	optNoUnset
	optOneCmd
	optPhysical
	optPipeFail
	optPosix
	optPrivileged
	optVerbose
	optVi
	optXTrace
	numSetOpts
)

// IsSetOption reports whether name is an option of set -o (bash checks
// one given on its command line before it runs anything).
func IsSetOption(name string) bool { return setOptIndex(name) >= 0 }

func setOptIndex(name string) int {
	for i, o := range setOpts {
		if o.name == name {
			return i
		}
	}
	return -1
}

func setOptByLetter(c byte) int {
	for i, o := range setOpts {
		if o.letter == c {
			return i
		}
	}
	return -1
}

// shoptNames is bash 5.2's shopt table in listing order; shoptDefaults
// holds those on in a non-interactive shell.
var shoptNames = strings.Fields(`autocd assoc_expand_once cdable_vars cdspell checkhash checkjobs
checkwinsize cmdhist compat31 compat32 compat40 compat41 compat42 compat43 compat44
complete_fullquote direxpand dirspell dotglob execfail expand_aliases extdebug extglob extquote
failglob force_fignore globasciiranges globskipdots globstar gnu_errfmt histappend histreedit
histverify hostcomplete huponexit inherit_errexit interactive_comments lastpipe lithist
localvar_inherit localvar_unset login_shell mailwarn no_empty_cmd_completion nocaseglob
nocasematch noexpand_translation nullglob patsub_replacement progcomp progcomp_alias promptvars
restricted_shell shift_verbose sourcepath varredir_close xpg_echo`)

var shoptDefaults = strings.Fields(`checkwinsize cmdhist complete_fullquote extquote force_fignore
globasciiranges globskipdots hostcomplete interactive_comments patsub_replacement progcomp
promptvars sourcepath`)

func isShopt(name string) bool {
	for _, n := range shoptNames {
		if n == name {
			return true
		}
	}
	return false
}

// dashFlags renders $-: the single-letter options that are on, in bash's
// order, then i for interactive and c/s for how the script came.
func (r *Runner) dashFlags() string {
	var b strings.Builder
	order := "abefhkmnptuvxBCEHPT"
	for i := 0; i < len(order); i++ {
		if j := setOptByLetter(order[i]); j >= 0 && r.opts[j] {
			b.WriteByte(order[i])
		}
	}
	if r.interactive {
		b.WriteByte('i')
	}
	if r.mode != 0 {
		b.WriteByte(r.mode)
	}
	return b.String()
}

// shellOpts renders SHELLOPTS: the set -o names that are on.
func (r *Runner) shellOpts() string {
	var on []string
	for i, o := range setOpts {
		if r.opts[i] {
			on = append(on, o.name)
		}
	}
	return strings.Join(on, ":")
}

// bashOpts renders BASHOPTS: the shopt names that are on.
func (r *Runner) bashOpts() string {
	var on []string
	for _, n := range shoptNames {
		if r.shopts[n] {
			on = append(on, n)
		}
	}
	return strings.Join(on, ":")
}
