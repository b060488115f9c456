package shell

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash treats a division by zero in $(( )) and a ${x:?msg} error as fatal
// expansion errors: the message is "bash: <what>: <why>" and a
// non-interactive shell (or the subshell at hand) exits with status 1.
// interp prints "division by zero" and carries on, and prints "x: msg"
// without the shell's name.
//
// The one expansion error interp does treat as fatal is ${name:?msg}, and
// it prints "name: msg". So both errors become such an expansion of the
// variable "bash", which is never set (the rewrite is skipped when a
// script could set it):
//
//	X / Y        ->  X / (Y ? Y : ${bash:?${__JUSTBASH_FATAL-}'X / Y: division by 0 ...'})
//	${x:?msg}    ->  ${x:((${x:+1} ? 0 : ${bash:?${__JUSTBASH_FATAL-}'x: 'msg}))}
//
// Reading __JUSTBASH_FATAL tells the session that the exit came from an
// expansion error, so an interactive session stays alive (see Exited).
// A divisor with side effects is evaluated once, through a temporary.

const (
	fatalVar   = "__JUSTBASH_FATAL"
	divisorVar = "__JUSTBASH_D"
)

// mayNounset spots set -u in a script: under it, the slice that carries
// the ${x:?} check would itself fail with "unbound variable".
var mayNounset = regexp.MustCompile(`nounset|set\s+-[a-zA-Z]*u|bash\s+-[a-zA-Z]*u`)

// guardFatal applies both rewrites to f, parsed from src; params is false
// when set -u is on.
func guardFatal(f *syntax.File, src string, params bool) {
	if setsBashVar(f) {
		return
	}
	params = params && !mayNounset.MatchString(src)
	ours := map[syntax.Node]bool{}
	syntax.Walk(f, func(node syntax.Node) bool {
		if ours[node] {
			return false
		}
		switch n := node.(type) {
		case *syntax.ArithmExp:
			text, end := arithSource(n, src)
			guardDivisions(n.X, text, end, src, ours)
		case *syntax.ParamExp:
			if params {
				guardErrorParam(n, src, ours)
			}
		}
		return true
	})
}

// arithSource returns the text of $(( )) as bash quotes it (leading
// blanks dropped) and the offset where it ends.
func arithSource(n *syntax.ArithmExp, src string) (string, int) {
	start := int(n.Left.Offset()) + 3
	if n.Bracket {
		start = int(n.Left.Offset()) + 2
	}
	end := int(n.Right.Offset())
	if start < 0 || end > len(src) || start > end {
		return "", -1
	}
	return strings.TrimLeft(src[start:end], " \t\n"), end
}

// guardDivisions wraps the right operand of every / and % in e (but not
// inside nested $(( )), which get their own message).
func guardDivisions(e syntax.ArithmExpr, text string, end int, src string, ours map[syntax.Node]bool) {
	if end < 0 {
		return
	}
	syntax.Walk(e, func(node syntax.Node) bool {
		if ours[node] {
			return false
		}
		if _, ok := node.(*syntax.ArithmExp); ok {
			return false
		}
		b, ok := node.(*syntax.BinaryArithm)
		if !ok {
			return true
		}
		switch b.Op {
		case syntax.Quo, syntax.Rem, syntax.QuoAssgn, syntax.RemAssgn:
		default:
			return true
		}
		ours[b] = true
		if lit, ok := b.Y.(*syntax.Word); ok && isNonZeroLiteral(lit) {
			return true
		}
		tok := ""
		if off := int(b.Y.Pos().Offset()); off >= 0 && off <= end {
			tok = src[off:end]
		}
		msg := text + ": division by 0 (error token is \"" + tok + "\")"
		// Guard the inner operands first, so the walk need not enter the
		// new nodes.
		guardDivisions(b.X, text, end, src, ours)
		guardDivisions(b.Y, text, end, src, ours)
		b.Y = nonZeroOr(b.Y, msg, ours)
		return false
	})
}

func isNonZeroLiteral(w *syntax.Word) bool {
	s := w.Lit()
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return strings.Trim(s, "0") != "" && s[0] != '0'
}

// nonZeroOr builds (Y ? Y : error), or (D = Y) ? D : error when Y has side
// effects.
func nonZeroOr(y syntax.ArithmExpr, msg string, ours map[syntax.Node]bool) syntax.ArithmExpr {
	errWord := fatalWord(msg, nil, ours)
	cond, val := y, y
	if !pureArith(y) {
		tmp := func() *syntax.Word {
			return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: divisorVar}}}
		}
		cond = &syntax.ParenArithm{X: &syntax.BinaryArithm{Op: syntax.Assgn, X: tmp(), Y: y}}
		val = tmp()
	}
	tern := &syntax.BinaryArithm{Op: syntax.TernQuest, X: cond,
		Y: &syntax.BinaryArithm{Op: syntax.TernColon, X: val, Y: errWord}}
	p := &syntax.ParenArithm{X: tern}
	ours[p] = true
	return p
}

// pureArith reports whether evaluating e twice is harmless: no
// assignments, increments or command substitutions.
func pureArith(e syntax.ArithmExpr) bool {
	pure := true
	syntax.Walk(e, func(node syntax.Node) bool {
		switch n := node.(type) {
		case *syntax.BinaryArithm:
			if isAssignOp(n.Op) {
				pure = false
			}
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				pure = false
			}
		case *syntax.CmdSubst, *syntax.ProcSubst:
			pure = false
		case *syntax.ParamExp:
			if n.Exp != nil && n.Exp.Op != syntax.DefaultUnset && n.Exp.Op != syntax.DefaultUnsetOrNull {
				pure = false
			}
		}
		return pure
	})
	return pure
}

// guardErrorParam rewrites ${x:?msg} as described above. interp expands
// the word of ${x:-w} even when x is set, so the check rides on a slice
// offset instead, which is arithmetic and evaluated lazily.
func guardErrorParam(n *syntax.ParamExp, src string, ours map[syntax.Node]bool) {
	if n.Exp == nil || n.Param == nil || n.Excl || n.Length || n.Width || n.Slice != nil || n.Repl != nil {
		return
	}
	if !syntax.ValidName(n.Param.Value) {
		return // $@, $1, ...: a slice would change their meaning
	}
	var alt syntax.ParExpOperator
	var why string
	switch n.Exp.Op {
	case syntax.ErrorUnsetOrNull:
		alt, why = syntax.AlternateUnsetOrNull, "parameter null or not set"
	case syntax.ErrorUnset:
		alt, why = syntax.AlternateUnset, "parameter not set"
	default:
		return
	}
	name := n.Param.Value
	if n.Index != nil {
		s, e := int(n.Index.Pos().Offset()), int(n.Index.End().Offset())
		if s < 0 || e > len(src) || s > e {
			return
		}
		name += "[" + src[s:e] + "]"
	}
	var tail []syntax.WordPart
	if n.Exp.Word != nil && len(n.Exp.Word.Parts) > 0 {
		tail, why = n.Exp.Word.Parts, ""
	}
	one := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "1"}}}
	isSet := &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Param: n.Param, Index: n.Index,
		Exp: &syntax.Expansion{Op: alt, Word: one}}}}
	zero := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "0"}}}
	tern := &syntax.BinaryArithm{Op: syntax.TernQuest, X: isSet, Y: &syntax.BinaryArithm{
		Op: syntax.TernColon, X: zero, Y: fatalWord(name+": "+why, tail, ours)}}
	n.Exp = nil
	n.Slice = &syntax.Slice{Offset: &syntax.ParenArithm{X: tern}}
	ours[n.Slice.Offset] = true
}

// fatalWord is an arithmetic operand that fails with "bash: msg".
func fatalWord(msg string, tail []syntax.WordPart, ours map[syntax.Node]bool) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{fatalParam(msg, tail, ours)}}
}

// fatalParam builds ${bash:?${__JUSTBASH_FATAL-}'msg'tail}.
func fatalParam(msg string, tail []syntax.WordPart, ours map[syntax.Node]bool) *syntax.ParamExp {
	marker := &syntax.ParamExp{Param: &syntax.Lit{Value: fatalVar},
		Exp: &syntax.Expansion{Op: syntax.DefaultUnset}}
	parts := []syntax.WordPart{marker, &syntax.SglQuoted{Value: msg}}
	parts = append(parts, tail...)
	p := &syntax.ParamExp{Param: &syntax.Lit{Value: "bash"},
		Exp: &syntax.Expansion{Op: syntax.ErrorUnsetOrNull, Word: &syntax.Word{Parts: parts}}}
	ours[p] = true
	return p
}

// setsBashVar reports whether f may assign a variable named bash, which
// would defeat the rewrite.
func setsBashVar(f *syntax.File) bool {
	found := false
	syntax.Walk(f, func(node syntax.Node) bool {
		switch n := node.(type) {
		case *syntax.Assign:
			found = found || n.Name != nil && n.Name.Value == "bash"
		case *syntax.WordIter:
			found = found || n.Name != nil && n.Name.Value == "bash"
		case *syntax.ParamExp:
			if n.Param != nil && n.Param.Value == "bash" && n.Exp != nil &&
				(n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) {
				found = true
			}
		case *syntax.CallExpr:
			found = found || callMayAssignBash(n)
		}
		return !found
	})
	return found
}

// callMayAssignBash catches read bash, printf -v bash, mapfile bash, ...
func callMayAssignBash(c *syntax.CallExpr) bool {
	if len(c.Args) < 2 {
		return false
	}
	switch c.Args[0].Lit() {
	case "read", "printf", "mapfile", "readarray", "getopts", "declare", "typeset",
		"local", "export", "readonly", "eval", "let":
	default:
		return false
	}
	for _, w := range c.Args[1:] {
		if strings.Contains(w.Lit(), "bash") {
			return true
		}
	}
	return false
}
