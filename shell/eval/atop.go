package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// validAtOp reports whether ${x@op} names one of bash 5.2's
// transformations.
func validAtOp(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	switch w.Lit() {
	case "Q", "E", "P", "U", "L", "u", "a", "A", "K", "k":
		return true
	}
	return false
}

// badAtOp handles ${x@op} with an unknown op. bash checks the operator
// only once it has a value to transform: of an unset parameter the
// expansion is empty and no error. Otherwise the error is fatal: the
// shell (or subshell) exits, as for a failed ${x?}.
func (r *Runner) badAtOp(b *fieldBuf, p *syntax.ParamExp, v pval, quoted bool) bool {
	if !v.set && len(v.list) == 0 {
		return r.deliver(b, pval{}, quoted)
	}
	r.fatal(1, "%s: bad substitution", paramSource(p))
	return false
}

// blankAtOp handles a ${param@op} the parser refused (an unknown op):
// name and subscript are parsed from its text. ok is false when orig is
// not of that form.
func (r *Runner) blankAtOp(b *fieldBuf, orig string, quoted bool) (handled, good bool) {
	body, ok := strings.CutPrefix(orig, "${")
	if !ok || !strings.HasSuffix(body, "}") {
		return false, false
	}
	body = body[:len(body)-1]
	at := strings.LastIndexByte(body, '@')
	if at <= 0 || strings.ContainsAny(body[at+1:], "@}[]") {
		return false, false
	}
	ref := body[:at]
	name, sub, isElem := splitSubscript(ref)
	if !isName(name) && !isSpecialParamName(name) {
		return false, false
	}
	var v pval
	switch {
	case isElem:
		if sub == "@" || sub == "*" {
			v = pval{list: r.lookupVar(name).values()}
			break
		}
		pv, _, ok := r.subscriptValue(name, sub)
		if !ok {
			return true, false
		}
		v = pv
	default:
		v, _, _ = r.namedValue(name, nil)
	}
	if !v.set && len(v.list) == 0 {
		return true, r.deliver(b, pval{}, quoted)
	}
	r.fatal(1, "%s: bad substitution", orig)
	return true, false
}

// isSpecialParamName reports $1..$9, $#, $? and the other one-character
// special parameters.
func isSpecialParamName(s string) bool {
	if s == "" {
		return false
	}
	if strings.Trim(s, "0123456789") == "" {
		return true
	}
	return len(s) == 1 && strings.ContainsAny(s, "#?-$!@*")
}

// sliceLenText is the length of ${x:off:len} as written, for bash's
// "substring expression < 0": from after the second colon (blanks kept)
// to the closing brace.
func (r *Runner) sliceLenText(p *syntax.ParamExp) string {
	if p.Slice == nil || p.Slice.Length == nil {
		return ""
	}
	if r.src != nil && p.Rbrace.IsValid() {
		a, b := int(p.Slice.Length.Pos().Offset()), int(p.Rbrace.Offset())
		text := r.src.text
		if a <= b && b <= len(text) {
			for a > 0 && (text[a-1] == ' ' || text[a-1] == '\t') {
				a--
			}
			if a > 0 && text[a-1] == ':' {
				return text[a:b]
			}
		}
	}
	return indexText(p.Slice.Length)
}

// expandDq expands a double-quoted string. One holding a [@] list (as
// "$@" or "${a[@]:1}", not inside another expansion's word) that expands
// to no word makes no word, even with other, empty, expansions beside it:
// with no parameters "$x$@" vanishes as "$@" does (a separate "" or "$x"
// next to it still makes one).
func (r *Runner) expandDq(b *fieldBuf, p *syntax.DblQuoted, quoted bool) bool {
	if quoted || !hasDirectAt(p) {
		return r.expandNestedDq(b, p, quoted)
	}
	valid, n, empties := b.curValid, b.cur.Len(), b.atEmpty
	if !r.expandNestedDq(b, p, quoted) {
		return false
	}
	if !valid && b.curValid && b.cur.Len() == n && b.atEmpty > empties {
		b.curValid = false
	}
	return true
}

// hasDirectAt reports a part of p that is a [@] list expansion other than
// through a default or alternate word.
func hasDirectAt(p *syntax.DblQuoted) bool {
	for _, part := range p.Parts {
		pe, ok := part.(*syntax.ParamExp)
		if !ok || pe.Length || pe.Excl {
			continue
		}
		if pe.Exp != nil {
			switch pe.Exp.Op {
			case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset,
				syntax.AlternateUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull,
				syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
				continue
			}
		}
		if pe.Param.Value == "@" {
			return true
		}
		if w, ok := pe.Index.(*syntax.Word); ok && w.Lit() == "@" {
			return true
		}
	}
	return false
}

// joinShortParam re-reads a $name that brace expansion put next to name
// characters: bash expands braces before parameters, on the text, so
// $var{x,y} is $varx $vary. parts[i] is the first part the expansion
// produced; only a short $name right before it can grow.
func joinShortParam(parts []syntax.WordPart, i int) []syntax.WordPart {
	if i == 0 || i >= len(parts) {
		return parts
	}
	pe, ok := parts[i-1].(*syntax.ParamExp)
	if !ok || !pe.Short || !isName(pe.Param.Value) {
		return parts
	}
	// The literal text that now follows, across the parts it came in.
	j := i
	var text strings.Builder
	for j < len(parts) {
		l, ok := parts[j].(*syntax.Lit)
		if !ok {
			break
		}
		text.WriteString(l.Value)
		j++
	}
	if j == i {
		return parts
	}
	lit := &syntax.Lit{ValuePos: parts[i].Pos(), ValueEnd: parts[j-1].End(), Value: text.String()}
	parts = append(append(append([]syntax.WordPart(nil), parts[:i]...), lit), parts[j:]...)
	n := 0
	for n < len(lit.Value) && (isAlnumByte(lit.Value[n]) || lit.Value[n] == '_') {
		n++
	}
	if n == 0 {
		return parts
	}
	param := *pe.Param
	param.Value += lit.Value[:n]
	npe := *pe
	npe.Param = &param
	out := append([]syntax.WordPart(nil), parts[:i-1]...)
	out = append(out, &npe)
	if n < len(lit.Value) {
		rest := *lit
		rest.Value = lit.Value[n:]
		out = append(out, &rest)
	}
	return append(out, parts[i+1:]...)
}

// valueless reports a variable set -u counts as unbound in ${x@a} and
// ${x@A}: missing, declared without a value, or an array with no element.
func valueless(v *Var) bool {
	return v == nil || !v.set || v.isArray() && len(v.values()) == 0
}
