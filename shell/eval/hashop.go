package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// badHashOp reports ${#/} ${#%} ${#=} ${#+} ${#^} ${#,}: after ${# a lone
// operator character and the closing brace is neither the length of a
// parameter nor an operator with a word, and bash refuses it as a bad
// substitution (${#-} and ${#?} are the lengths of $- and $?; ${#%%} and
// ${#=x} are $# with an operator).
func (r *Runner) badHashOp(p *syntax.ParamExp) bool {
	if p.Param == nil || p.Param.Value != "#" || !p.Dollar.IsValid() {
		return false
	}
	t := r.nodeText(p)
	if len(t) != 5 || !strings.HasPrefix(t, "${#") || t[4] != '}' || strings.IndexByte("/%=+^,", t[3]) < 0 {
		return false
	}
	r.errorf("%s: bad substitution", t)
	r.status = 1
	r.abortCommand()
	return true
}
