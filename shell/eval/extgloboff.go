package eval

import "mvdan.cc/sh/v3/syntax"

// The parser always reads @(…), *(…), +(…), ?(…) and !(…) as extended
// globs; bash reads them so only while extglob is on when it reads the
// line (outside [[ ]], where bash 5.2 always reads them). Otherwise the
// ( is a syntax error, like any ( inside a word. A shopt -s extglob on
// the same line comes too late: bash has read the line already.

// lineSyntaxError is the read-time error bash would report for a line the
// parser accepted: a function body that is not a compound command, or an
// extended glob read while extglob is off.
func (r *Runner) lineSyntaxError(stmts []*syntax.Stmt) error {
	if err := badFuncBody(stmts); err != nil {
		return err
	}
	if r.shopts["extglob"] {
		return nil
	}
	var bad *syntax.ExtGlob
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if bad != nil {
				return false
			}
			switch n := n.(type) {
			case *syntax.TestClause:
				return false
			case *syntax.ExtGlob:
				bad = n
				return false
			}
			return true
		})
		if bad != nil {
			p := bad.OpPos // the ( follows the operator's one character
			at := syntax.NewPos(p.Offset()+1, p.Line(), p.Col()+1)
			return syntax.ParseError{Pos: at, Text: "extended glob while extglob is off"}
		}
	}
	return nil
}
