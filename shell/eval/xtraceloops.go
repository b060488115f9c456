package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// set -x lines of compound commands, in bash's form: a for loop shows
// its word list as written before each iteration, an arithmetic for
// shows each expression it evaluates, a case shows its word as written.

// traceFor prints "for NAME in WORDS" for one iteration of a for loop.
func (r *Runner) traceFor(l *syntax.WordIter) {
	if !r.opts[optXTrace] || !l.InPos.IsValid() {
		return
	}
	words := ""
	if n := len(l.Items); n > 0 {
		words = r.srcOffsets(int(l.Items[0].Pos().Offset()), int(l.Items[n-1].End().Offset()))
		if words == "" {
			parts := make([]string, n)
			for i, w := range l.Items {
				parts[i] = r.nodeText(w)
			}
			words = strings.Join(parts, " ")
		}
	}
	r.xtrace("for " + l.Name.Value + " in " + words)
}

// traceArithFor prints "(( EXPR ))" for an expression of for (( )): its
// text from the first character to the delimiter, blanks before the
// delimiter kept as bash keeps them; an empty expression is 1.
func (r *Runner) traceArithFor(e syntax.ArithmExpr) {
	if !r.opts[optXTrace] {
		return
	}
	text := "1"
	if e != nil {
		text = strings.TrimSpace(r.nodeText(e))
		if r.src != nil && e.End().IsValid() {
			for i := int(e.End().Offset()); i < len(r.src.text) && (r.src.text[i] == ' ' || r.src.text[i] == '\t'); i++ {
				text += r.src.text[i : i+1]
			}
		}
	}
	r.xtrace("(( " + text + " ))")
}

// traceCase prints "case WORD in".
func (r *Runner) traceCase(c *syntax.CaseClause) {
	if r.opts[optXTrace] {
		r.xtrace("case " + r.nodeText(c.Word) + " in")
	}
}
