package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// isAttrOp reports ${x@a}.
func isAttrOp(p *syntax.ParamExp) bool {
	return p.Exp != nil && p.Exp.Op == syntax.OtherParamOps && p.Exp.Word != nil && p.Exp.Word.Lit() == "a"
}

// attrOp expands ${x@a}: the attribute letters of the variable itself,
// set value or not (${A@a} is "A" for an associative array without a
// key 0), once per element for x[@] (once for an empty array). With !,
// the letters of the variable the reference names (r='a[0]' names a);
// an unset or invalid reference gives nothing, as in bash.
func (r *Runner) attrOp(b *fieldBuf, p *syntax.ParamExp, quoted bool) bool {
	name := p.Param.Value
	if p.Excl {
		if p.Index != nil {
			// ${!a[i]@a}: the attributes of the variable the element
			// (or the elements joined) name, as ${name[sub]@a}.
			return r.attrOpIndirect(b, p, quoted)
		}
		ref := r.lookupVar(name)
		s, set := ref.scalar()
		if !set {
			return r.deliver(b, pval{set: true}, quoted)
		}
		target, _, _ := splitSubscript(s)
		if !isName(target) {
			return r.deliver(b, pval{set: true}, quoted)
		}
		tv := r.lookupVar(target)
		if r.opts[optNoUnset] && target == s && valueless(tv) {
			r.fatal(1, "!%s: unbound variable", name)
			return false
		}
		return r.deliver(b, pval{s: attrFlags(tv), set: true}, quoted)
	}
	v := r.lookupVar(name)
	if r.opts[optNoUnset] && p.Index == nil && (isName(name) && valueless(v) || isDigits(name) && !r.positionalSet(name)) {
		r.fatal(1, "%s: unbound variable", name)
		return false
	}
	if (name == "@" || name == "*") && p.Index == nil {
		// ${@@a}: no letters, once per positional parameter.
		return r.deliver(b, pval{list: make([]string, len(r.params)), multi: true, star: name == "*", set: true}, quoted)
	}
	flags := attrFlags(v)
	if isAllIndex(p.Index) && (v == nil || v.isArray() && v.set) {
		// Like the list itself: an element's letters per element,
		// nothing for a missing or empty array.
		n := 0
		if v != nil {
			n = len(v.values())
		}
		list := make([]string, n)
		for i := range list {
			list[i] = flags
		}
		l, _ := p.Index.(*syntax.Word)
		return r.deliver(b, pval{list: list, multi: true, star: strings.TrimSpace(l.Lit()) == "*", set: true}, quoted)
	}
	return r.deliver(b, pval{s: flags, set: true}, quoted)
}

// isAllIndex reports a [@] or [*] subscript.
func isAllIndex(e syntax.ArithmExpr) bool {
	w, ok := e.(*syntax.Word)
	if !ok {
		return false
	}
	l := w.Lit()
	return strings.TrimSpace(l) == "@" || strings.TrimSpace(l) == "*"
}

func (r *Runner) positionalSet(name string) bool {
	n := 0
	for _, c := range name {
		n = n*10 + int(c-'0')
		if n > len(r.params) {
			return false
		}
	}
	return n == 0 || n <= len(r.params)
}

// attrOpIndirect applies ${!a[i]@op} as ${ref@op}, where ref is the value
// of ${a[i]} (elements joined by spaces).
func (r *Runner) attrOpIndirect(b *fieldBuf, p *syntax.ParamExp, quoted bool) bool {
	v, _, ok := r.paramValue(&syntax.ParamExp{Param: p.Param, Index: p.Index})
	if !ok {
		return false
	}
	ref := v.s
	if v.multi {
		ref = strings.Join(v.list, " ")
	}
	target, sub, hasSub := splitSubscript(ref)
	if !isName(target) {
		return r.deliver(b, pval{set: true}, quoted)
	}
	q := &syntax.ParamExp{Param: &syntax.Lit{Value: target}, Exp: p.Exp}
	if hasSub {
		q.Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: sub}}}
	}
	return r.attrOp(b, q, quoted)
}
