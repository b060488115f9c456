package eval

import "strings"

// set -x for a declaration command (declare, local, export, readonly,
// typeset) prints its words after expansion, as for any command:
// `local x=$1` traces `local x=value`. A compound assignment traces on a
// line of its own, each element expanded and quoted (`a=('1' '2 3')`),
// before the command's line, which names only the array; bash expands
// those while the builtin runs, so with one the command's line follows
// them.

// traceDecl prints the command's set -x line now, unless one of its
// operands is a compound assignment: then it turns on the element trace
// and reports true, and traceDeclLine prints the line afterwards.
func (r *Runner) traceDecl(cmd string, items []declItem) bool {
	if !r.opts[optXTrace] {
		return false
	}
	for _, it := range items {
		if it.assign != nil && it.assign.Array != nil {
			r.declArrTrace = true
			return true
		}
	}
	r.traceDeclLine(cmd, items)
	return false
}

// traceDeclLine prints a declaration command's words as set -x shows
// them.
func (r *Runner) traceDeclLine(cmd string, items []declItem) {
	words := []string{cmd}
	for _, it := range items {
		a := it.assign
		if a == nil {
			words = append(words, it.word)
			continue
		}
		lhs := a.Name.Value
		if a.Index != nil {
			lhs += "[" + r.nodeText(a.Index) + "]"
		}
		if a.Array != nil || !it.expanded && a.Value == nil && !strings.Contains(r.nodeText(a), "=") {
			words = append(words, lhs)
			continue
		}
		op := "="
		if a.Append {
			op = "+="
		}
		words = append(words, lhs+op+it.value)
	}
	r.traceArgs(nil, words)
}

// traceCompound prints the set -x line of a declaration's compound
// assignment from its expanded elements.
func (r *Runner) traceCompound(name string, parts []string) {
	r.xtrace(name + "=(" + strings.Join(parts, " ") + ")")
}
