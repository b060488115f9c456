package eval

import "mvdan.cc/sh/v3/syntax"

// indirectAtOp is ${!ref@OP} when ref holds the name of a set variable:
// the transformation applies to that variable as ${name@OP} does, with
// the target's name (${!ref@A} of an array is declare -a name='v0'; of
// an empty declared array, declare -ai name). It returns nil for any
// other expansion.
func (r *Runner) indirectAtOp(p *syntax.ParamExp) *syntax.ParamExp {
	if !p.Excl || p.Names != 0 || p.Index != nil || p.Exp == nil || p.Exp.Op != syntax.OtherParamOps || p.Param == nil {
		return nil
	}
	if !isName(p.Param.Value) {
		return nil
	}
	var target string
	var set bool
	if raw := r.vars.visible(p.Param.Value); raw.has(attrNameref) {
		// ${!ref@OP} of a nameref: the variable it names.
		target, set = raw.str, raw.set
	} else {
		target, set = r.lookupVar(p.Param.Value).scalar()
	}
	if !set || !isName(target) {
		return nil
	}
	if v := r.lookupVar(target); v == nil || !v.set {
		return nil
	}
	q := *p
	q.Excl = false
	q.Param = &syntax.Lit{ValuePos: p.Param.ValuePos, ValueEnd: p.Param.ValueEnd, Value: target}
	return &q
}

// badNamesPrefix reports the ${!PREFIX*} and ${!PREFIX@} forms bash
// refuses: the prefix must be a variable name (not ${!1*} nor ${!@*}), and
// the * must close the expansion (not ${!x* }, which the parser reads as
// an operator).
func badNamesPrefix(p *syntax.ParamExp) bool {
	if !p.Excl || p.Param == nil {
		return false
	}
	if p.Names != 0 {
		return !isName(p.Param.Value)
	}
	if p.Exp == nil {
		return false
	}
	return p.Exp.Op != syntax.OtherParamOps && p.Exp.Op.String() == "*"
}

// posixBangOp reads ${!?} and ${!#} as bash does in posix mode, where ? and
// # after the ! do not make an indirection: they are the ? operator on $!
// (an error when no job has started) and # on $! with an empty pattern.
// It returns nil for any other expansion.
func (r *Runner) posixBangOp(p *syntax.ParamExp) *syntax.ParamExp {
	if !r.opts[optPosix] || !p.Excl || p.Names != 0 || p.Index != nil || p.Exp != nil || p.Slice != nil || p.Repl != nil || p.Param == nil {
		return nil
	}
	bang := &syntax.Lit{ValuePos: p.Param.ValuePos, ValueEnd: p.Param.ValueEnd, Value: "!"}
	switch p.Param.Value {
	case "?":
		return &syntax.ParamExp{Dollar: p.Dollar, Rbrace: p.Rbrace, Param: bang, Exp: &syntax.Expansion{Op: syntax.ErrorUnset}}
	case "#":
		return &syntax.ParamExp{Dollar: p.Dollar, Rbrace: p.Rbrace, Param: bang}
	}
	return nil
}

// unsetElemAtA is ${a[SUB]@A} of an array whose element SUB is unset:
// the declare command alone (declare -a a), as bash prints it. done is
// false for anything else, left to the per-element transformation.
func (r *Runner) unsetElemAtA(b *fieldBuf, p *syntax.ParamExp, op string, quoted bool) (done, ok bool) {
	if op != "A" || p.Param == nil || !isName(p.Param.Value) {
		return false, false
	}
	v := r.lookupVar(p.Param.Value)
	if v == nil || !v.has(attrIndexed) && !v.has(attrAssoc) {
		return false, false
	}
	e, _, good := r.paramValue(&syntax.ParamExp{Param: p.Param, Index: p.Index})
	if !good {
		return true, false
	}
	if e.set {
		return false, false
	}
	return true, r.deliver(b, pval{s: "declare -" + attrFlags(v) + " " + p.Param.Value, set: true}, quoted)
}
