package eval

import (
	"fmt"

	"mvdan.cc/sh/v3/syntax"
)

// heredocMax is how many here-documents bash lets one line open before
// their bodies are read (its HEREDOC_MAX).
const heredocMax = 16

// tooManyHeredocs reports a line that opens more here-documents than
// bash reads at once: bash stops reading there, before running any of
// the line, as after a syntax error ("maximum here-document count
// exceeded", the shell exits with status 2 outside eval).
func (r *Runner) tooManyHeredocs(src *source, stmts []*syntax.Stmt) bool {
	n := 0
	var at syntax.Pos
	for _, st := range stmts {
		syntax.Walk(st, func(node syntax.Node) bool {
			if rd, ok := node.(*syntax.Redirect); ok && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc) {
				n++
				if n == heredocMax+1 {
					at = rd.OpPos
				}
			}
			return n <= heredocMax
		})
		if n > heredocMax {
			break
		}
	}
	if n <= heredocMax {
		return false
	}
	line := int(at.Line()) - src.padsBefore(int(at.Offset())) + src.cutsBefore(int(at.Offset())) + src.lineBase
	fmt.Fprintf(r.stderr(), "%smaximum here-document count exceeded\n", r.syntaxPrefix(src, line))
	r.status = 2
	if r.evalLevel() == 0 {
		r.exit(2)
	}
	return true
}
