package eval

import (
	"io"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// traceAssign is set -x's line for one assignment, printed as it is made
// (a command substitution in the next one traces after it): the name,
// the subscript's text, the operator and the expanded value; a compound
// value shows as written. A prefix assignment shows as name=value.
func (r *Runner) traceAssign(a *syntax.Assign, val string, temp bool) {
	if !r.opts[optXTrace] {
		return
	}
	op := "="
	if a.Append && !temp {
		op = "+="
	}
	lhs := a.Name.Value
	if a.Index != nil {
		lhs += "[" + r.nodeText(a.Index) + "]"
	}
	if a.Array != nil {
		r.xtrace(lhs + op + r.nodeText(a.Array))
		return
	}
	r.xtrace(lhs + op + traceQuote(val))
}

// traceDeclAssign is the extra set -x line export and readonly print for
// an operand that assigns a scalar (export e+=3 traces e+=3 after the
// command's own line).
func (r *Runner) traceDeclAssign(cmd string, it declItem) {
	if !r.opts[optXTrace] || cmd != "export" && cmd != "readonly" {
		return
	}
	var lhs, op, val string
	switch a := it.assign; {
	case a != nil && a.Array == nil && it.expanded:
		lhs, op, val = a.Name.Value, "=", it.value
		if a.Append {
			op = "+="
		}
		if a.Index != nil {
			lhs += "[" + r.nodeText(a.Index) + "]"
		}
	case a == nil && strings.Contains(it.word, "="):
		i := strings.IndexByte(it.word, '=')
		lhs, op, val = it.word[:i], "=", it.word[i+1:]
		if strings.HasSuffix(lhs, "+") {
			lhs, op = lhs[:len(lhs)-1], "+="
		}
	default:
		return
	}
	r.xtrace(lhs + op + traceQuote(val))
}

// traceWriter is where set -x writes: the descriptor BASH_XTRACEFD names
// when it is open for writing, else standard error.
func (r *Runner) traceWriter() io.Writer {
	if v, ok := r.lookupVar("BASH_XTRACEFD").scalar(); ok && v != "" {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			if e := r.fds.get(n); e != nil && e.w != nil {
				return e.w
			}
		}
	}
	return r.stderr()
}
