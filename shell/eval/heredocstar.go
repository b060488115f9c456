package eval

import "mvdan.cc/sh/v3/syntax"

// hereSpaceJoin reports whether a [*] expansion in a here-document body
// joins its elements with spaces rather than IFS's first character.
// bash's here-document expansion is not double-quote expansion: $* and
// most operators on a [*] list build their string with spaces; a plain
// ${a[*]}, its default forms (${a[*]:-w}), pattern substitution and case
// modification join with IFS, as between double quotes. (After a $@ in
// the same body bash's substitution joins with spaces too: state inside
// bash, not a rule, and not copied.)
func hereSpaceJoin(p *syntax.ParamExp) bool {
	if p.Param == nil {
		return false
	}
	positional := p.Param.Value == "*"
	switch {
	case p.Repl != nil:
		return false
	case p.Excl || p.Slice != nil:
		return true
	case p.Exp == nil:
		return positional
	}
	switch p.Exp.Op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix, syntax.OtherParamOps:
		return true
	case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
		return false
	}
	return positional
}
