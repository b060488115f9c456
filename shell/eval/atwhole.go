package eval

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The whole-variable forms of the @A, @K and @k transformations, which
// bash applies to an array as a whole rather than per element:
//
//	${a[@]@A}  declare -a a=([0]="x" ...)  (as declare -p; for [@] the
//	           words declare, -a and a=(...) come separately)
//	${@@A}     set -- 'x' 'y'  (the words set, --, then each quoted)
//	${a[@]@K}  0 "x" 1 "y"  (one word; an associative array's keys
//	           quoted as declare -p does, with a trailing space)
//	${a[@]@k}  0 x 1 y  (keys and values as separate words)
//
// and @A of a variable declared with attributes but no value, which is
// the declare command alone (declare -i n).

// wholeAtOp expands p when it is one of these forms; done is false when
// p is left to the per-element transformations.
func (r *Runner) wholeAtOp(b *fieldBuf, p *syntax.ParamExp, quoted bool) (done, ok bool) {
	if p.Excl || p.Exp == nil || p.Exp.Op != syntax.OtherParamOps || p.Exp.Word == nil {
		return false, false
	}
	op := p.Exp.Word.Lit()
	if op != "A" && op != "K" && op != "k" {
		return false, false
	}
	name := p.Param.Value
	if name == "@" || name == "*" {
		if op != "A" {
			return false, false
		}
		var words []string
		if len(r.params) > 0 {
			words = append(words, "set", "--")
			for _, s := range r.params {
				words = append(words, shellQuote(s))
			}
		}
		return true, r.deliver(b, pval{list: words, multi: true, star: name == "*", set: true}, quoted)
	}
	all := isAllIndex(p.Index)
	if p.Index != nil && !all {
		return r.unsetElemAtA(b, p, op, quoted)
	}
	v := r.lookupVar(name)
	if v == nil {
		return false, false
	}
	if r.opts[optNoUnset] && !all && valueless(v) {
		// Under set -u a variable without a value is unbound here too.
		r.fatal(1, "%s: unbound variable", name)
		return true, false
	}
	if !v.set {
		if op != "A" || attrFlags(v) == "" {
			return false, false
		}
		line := strings.TrimSuffix(r.declLine(name, v), "\n")
		return true, r.deliver(b, pval{s: line, set: true}, quoted)
	}
	if !all && v.isArray() && op == "A" {
		// ${a@A} is element 0's assignment; without one, the declare.
		if e, _, _ := r.paramValue(&syntax.ParamExp{Param: p.Param}); !e.set {
			return true, r.deliver(b, pval{s: "declare -" + attrFlags(v) + " " + name, set: true}, quoted)
		}
	}
	if !all || !v.isArray() {
		return false, false
	}
	star := strings.TrimSpace(p.Index.(*syntax.Word).Lit()) == "*"
	switch op {
	case "A":
		line := strings.TrimSuffix(r.declLine(name, v), "\n")
		return true, r.deliver(b, pval{list: strings.SplitN(line, " ", 3), multi: true, star: star, set: true}, quoted)
	case "K":
		if len(v.values()) == 0 {
			return true, r.deliver(b, pval{multi: true, set: true}, quoted)
		}
		return true, r.deliver(b, pval{s: strings.Join(keyValueWords(v, true), " ") + assocTail(v), set: true}, quoted)
	}
	return true, r.deliver(b, pval{list: keyValueWords(v, false), multi: true, star: star, set: true}, quoted)
}

// keyValueWords lists an array's keys and values in turn, quoted as
// declare -p quotes them when quote is set.
func keyValueWords(v *Var, quote bool) []string {
	var out []string
	if v.has(attrAssoc) {
		for _, k := range v.assoc.keys() {
			val, _ := v.assoc.get(k)
			if quote {
				k, val = assocKeyQuote(k), declQuote(val)
			}
			out = append(out, k, val)
		}
		return out
	}
	for _, e := range v.arr.elems {
		val := e.val
		if quote {
			val = declQuote(val)
		}
		out = append(out, strconv.FormatInt(int64(e.idx), 10), val)
	}
	return out
}

// assocTail is the space bash leaves after an associative array's
// last pair in ${a[@]@K}.
func assocTail(v *Var) string {
	if v.has(attrAssoc) && len(v.assoc.keys()) > 0 {
		return " "
	}
	return ""
}
