package shell

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// interp's arithmetic assigns only to plain names: for a target such as
// a[i] or $x it panics ("variable name must not be empty"), and on a
// pipeline goroutine that panic would kill the host process. So before
// running, each (( T op= E )), (( T++ )) and let "T op= E" whose target is
// not a plain name becomes equivalent shell code that interp handles:
//
//	{ __JUSTBASH_T=$(( T op (E) )); eval "T=\$__JUSTBASH_T"; (( __JUSTBASH_T )); }
//
// Such assignments nested inside a larger expression, and in $(( )), are
// refused with an error instead.

const arithTmp = "__JUSTBASH_T"

var errArithTarget = "arithmetic assignment to an array element or expansion is only supported as a whole (( )) or let expression"

// badAssign reports whether x (an assignment or inc/dec target) is
// something interp cannot assign to.
func badTarget(x syntax.ArithmExpr) bool {
	w, ok := x.(*syntax.Word)
	return !ok || !syntax.ValidName(w.Lit())
}

// containsBadAssign looks for a bad assignment anywhere in e.
func containsBadAssign(e syntax.ArithmExpr) bool {
	found := false
	syntax.Walk(e, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryArithm:
			if isAssignOp(n.Op) && badTarget(n.X) {
				found = true
			}
		case *syntax.UnaryArithm:
			if (n.Op == syntax.Inc || n.Op == syntax.Dec) && badTarget(n.X) {
				found = true
			}
		}
		return !found
	})
	return found
}

func isAssignOp(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn,
		syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
		return true
	}
	return false
}

var assignOpText = map[syntax.BinAritOperator]string{
	syntax.AddAssgn: "+", syntax.SubAssgn: "-", syntax.MulAssgn: "*", syntax.QuoAssgn: "/",
	syntax.RemAssgn: "%", syntax.AndAssgn: "&", syntax.OrAssgn: "|", syntax.XorAssgn: "^",
	syntax.ShlAssgn: "<<", syntax.ShrAssgn: ">>",
}

func printNode(n syntax.Node) (string, bool) {
	var sb strings.Builder
	if err := syntax.NewPrinter().Print(&sb, n); err != nil {
		return "", false
	}
	return sb.String(), true
}

// arithStmtSource turns one top-level arithmetic expression with a bad
// target into shell source, or reports false when it cannot.
func arithStmtSource(e syntax.ArithmExpr) (string, bool) {
	switch n := e.(type) {
	case *syntax.ParenArithm:
		return arithStmtSource(n.X)
	case *syntax.BinaryArithm:
		if !isAssignOp(n.Op) || containsBadAssign(n.Y) {
			return "", false
		}
		target, ok := printNode(n.X)
		if !ok {
			return "", false
		}
		rhs, ok := printNode(n.Y)
		if !ok {
			return "", false
		}
		value := "(" + rhs + ")"
		if n.Op != syntax.Assgn {
			value = "(" + target + ") " + assignOpText[n.Op] + " " + value
		}
		return fmt.Sprintf("%s=$(( %s )); eval %s; (( %s ))", arithTmp, value,
			quote(target+"=$"+arithTmp), arithTmp), true
	case *syntax.UnaryArithm:
		if n.Op != syntax.Inc && n.Op != syntax.Dec {
			return "", false
		}
		target, ok := printNode(n.X)
		if !ok {
			return "", false
		}
		op := "+"
		if n.Op == syntax.Dec {
			op = "-"
		}
		status := arithTmp
		if n.Post {
			status = "(" + arithTmp + " " + map[string]string{"+": "-", "-": "+"}[op] + " 1)"
		}
		return fmt.Sprintf("%s=$(( (%s) %s 1 )); eval %s; (( %s ))", arithTmp, target, op,
			quote(target+"=$"+arithTmp), status), true
	}
	return "", false
}

// rewriteArith replaces the statement's command when it is an arithmetic
// command or let with bad targets. It returns an error text for shapes it
// cannot rewrite.
func rewriteArithCmd(st *syntax.Stmt) string {
	var exprs []syntax.ArithmExpr
	switch c := st.Cmd.(type) {
	case *syntax.ArithmCmd:
		exprs = []syntax.ArithmExpr{c.X}
	case *syntax.LetClause:
		for i, e := range c.Exprs {
			c.Exprs[i] = unquoteLetExpr(e)
		}
		exprs = c.Exprs
	default:
		return ""
	}
	bad := false
	for _, e := range exprs {
		if containsBadAssign(e) {
			bad = true
		}
	}
	if !bad {
		return ""
	}
	var parts []string
	for _, e := range exprs {
		if !containsBadAssign(e) {
			src, ok := printNode(e)
			if !ok {
				return errArithTarget
			}
			parts = append(parts, "(( "+src+" ))")
			continue
		}
		src, ok := arithStmtSource(e)
		if !ok {
			return errArithTarget
		}
		parts = append(parts, src)
	}
	f, err := syntax.NewParser().Parse(strings.NewReader("{ "+strings.Join(parts, "; ")+"; }"), "")
	if err != nil || len(f.Stmts) != 1 {
		return errArithTarget
	}
	st.Cmd = f.Stmts[0].Cmd
	return ""
}

// unquoteLetExpr parses let "a[0]+=1": the parser keeps a quoted argument
// as a word, which interp would evaluate as a plain string.
func unquoteLetExpr(e syntax.ArithmExpr) syntax.ArithmExpr {
	w, ok := e.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return e
	}
	var text string
	switch p := w.Parts[0].(type) {
	case *syntax.SglQuoted:
		text = p.Value
	case *syntax.DblQuoted:
		if len(p.Parts) != 1 {
			return e
		}
		lit, ok := p.Parts[0].(*syntax.Lit)
		if !ok {
			return e
		}
		text = lit.Value
	default:
		return e
	}
	f, err := syntax.NewParser().Parse(strings.NewReader("(( "+text+" ))"), "")
	if err != nil || len(f.Stmts) != 1 {
		return e
	}
	ac, ok := f.Stmts[0].Cmd.(*syntax.ArithmCmd)
	if !ok {
		return e
	}
	return ac.X
}
