package eval

import "mvdan.cc/sh/v3/syntax"

// badFuncBody finds a function definition in stmts whose body is not a
// compound command. bash's grammar only takes a compound command there
// (mvdan/sh also takes a simple one), so bash rejects such a line when it
// reads it; the error points at the body's first token.
func badFuncBody(stmts []*syntax.Stmt) error {
	var bad *syntax.Stmt
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if bad != nil {
				return false
			}
			fd, ok := n.(*syntax.FuncDecl)
			if !ok || fd.Body == nil {
				return true
			}
			if !compoundBody(fd.Body) {
				bad = fd.Body
				return false
			}
			return true
		})
		if bad != nil {
			return syntax.ParseError{Pos: bad.Pos(), Text: "function body is not a compound command"}
		}
	}
	return nil
}

// compoundBody reports whether a function body is one of bash's compound
// commands.
func compoundBody(st *syntax.Stmt) bool {
	if st.Negated || st.Background || st.Coprocess {
		return false
	}
	switch st.Cmd.(type) {
	case *syntax.Block, *syntax.Subshell, *syntax.IfClause, *syntax.WhileClause,
		*syntax.ForClause, *syntax.CaseClause, *syntax.ArithmCmd, *syntax.TestClause:
		return true
	}
	return false
}
