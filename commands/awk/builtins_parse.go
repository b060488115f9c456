package awk

const (
	bLength = iota
	bSubstr
	bIndex
	bSplit
	bMatch
	bSub
	bGsub
	bGensub
	bSprintf
	bTolower
	bToupper
	bInt
	bSqrt
	bExp
	bLog
	bSin
	bCos
	bAtan2
	bRand
	bSrand
	bSystime
	bStrftime
	bMktime
	bClose
	bFflush
	bSystem
	bAsort
	bAsorti
	bAnd
	bOr
	bXor
	bLshift
	bRshift
	bCompl
	bStrtonum
	bIsarray
)

// builtinNames is built on first use (see tables.go).
func builtinNamesMap() map[string]int {
	return map[string]int{
		"length": bLength, "substr": bSubstr, "index": bIndex, "split": bSplit,
		"match": bMatch, "sub": bSub, "gsub": bGsub, "gensub": bGensub,
		"sprintf": bSprintf, "tolower": bTolower, "toupper": bToupper, "int": bInt,
		"sqrt": bSqrt, "exp": bExp, "log": bLog, "sin": bSin, "cos": bCos,
		"atan2": bAtan2, "rand": bRand, "srand": bSrand, "systime": bSystime,
		"strftime": bStrftime, "mktime": bMktime, "close": bClose, "fflush": bFflush,
		"system": bSystem, "asort": bAsort, "asorti": bAsorti, "and": bAnd,
		"or": bOr, "xor": bXor, "lshift": bLshift, "rshift": bRshift,
		"compl": bCompl, "strtonum": bStrtonum, "isarray": bIsarray,
	}
}

// argument count limits: min, max (an array the linker lays out, where a
// map would be built at every start of the binary)
var builtinArity = [...][2]int{
	bLength: {0, 1}, bSubstr: {2, 3}, bIndex: {2, 2}, bSplit: {2, 4},
	bMatch: {2, 3}, bSub: {2, 3}, bGsub: {2, 3}, bGensub: {3, 4},
	bSprintf: {1, 1 << 20}, bTolower: {1, 1}, bToupper: {1, 1}, bInt: {1, 1},
	bSqrt: {1, 1}, bExp: {1, 1}, bLog: {1, 1}, bSin: {1, 1}, bCos: {1, 1},
	bAtan2: {2, 2}, bRand: {0, 0}, bSrand: {0, 1}, bSystime: {0, 0},
	bStrftime: {0, 3}, bMktime: {1, 2}, bClose: {1, 2}, bFflush: {0, 1},
	bSystem: {1, 1}, bAsort: {1, 3}, bAsorti: {1, 3}, bAnd: {2, 1 << 20},
	bOr: {2, 1 << 20}, bXor: {2, 1 << 20}, bLshift: {2, 2}, bRshift: {2, 2},
	bCompl: {1, 1}, bStrtonum: {1, 1}, bIsarray: {1, 1},
}

// builtin parses a built-in function call. Array arguments become
// *arrayRef nodes so the interpreter never has to guess.
func (p *parser) builtin() expr {
	name := p.tok.s
	id := tables().builtinNames[name]
	p.next()
	b := &builtinExpr{fn: id}
	if id == bLength && p.tok.t != tLparen {
		return b
	}
	if p.tok.t != tLparen {
		p.fail()
	}
	p.next()
	b.args = p.exprList(tRparen)
	ar := builtinArity[id]
	if len(b.args) < ar[0] || len(b.args) > ar[1] {
		p.errorf("%d is invalid as number of arguments for %s", len(b.args), name)
	}
	switch id {
	case bSplit:
		b.args[1] = p.toArrayRef(b.args[1])
		if len(b.args) == 4 {
			b.args[3] = p.toArrayRef(b.args[3])
		}
	case bMatch:
		if len(b.args) == 3 {
			b.args[2] = p.toArrayRef(b.args[2])
		}
	case bAsort, bAsorti:
		b.args[0] = p.toArrayRef(b.args[0])
		if len(b.args) >= 2 {
			b.args[1] = p.toArrayRef(b.args[1])
		}
	case bSub, bGsub:
		if len(b.args) == 3 && !isLvalue(b.args[2]) {
			// gawk accepts a non-lvalue target and discards the result
			b.args[2] = &discardTarget{x: b.args[2]}
		}
	case bLength:
		if len(b.args) == 1 {
			b.args[0] = p.maybeArray(b.args[0])
		}
	case bIsarray:
		b.args[0] = p.maybeArray(b.args[0])
	}
	return b
}

// discardTarget wraps a sub/gsub target that is not assignable.
type discardTarget struct{ x expr }

// maybeArray marks a bare variable given to length(): it may be an array
// at run time.
func (p *parser) maybeArray(e expr) expr {
	switch v := e.(type) {
	case *localVar:
		return &lengthArg{local: true, idx: v.idx, v: e}
	case *globalVar:
		return &lengthArg{idx: v.idx, v: e}
	case *indexExpr:
		return &lengthArg{ix: v, v: e}
	}
	return e
}

// lengthArg is length's or isarray's argument that may be an array: a
// variable, or an element that may hold a sub-array (ix).
type lengthArg struct {
	local bool
	idx   int
	ix    *indexExpr
	v     expr
}
