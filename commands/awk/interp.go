package awk

import (
	"bufio"
	"context"
	"math"
	"math/rand"
	"strconv"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/boundio"
)

const (
	maxCallDepth = 10000
	maxFieldNum  = 10_000_000
)

// runtimeError aborts the program with "awk: msg" and status 2.
// bare: the sandbox's own message (a time or step limit), without gawk's
// source location.
type runtimeError struct {
	msg  string
	bare bool
}

// limitPanic aborts the program because a sandbox limit
// (commands.Limits) would be passed: the message is the sandbox's own and
// the status is commands.StatusLimit.
type limitPanic struct{ err error }

// ctlPanic carries next/nextfile/exit out of a user function call.
type ctlPanic struct{ ctl ctl }

type ctl int

const (
	ctlNone ctl = iota
	ctlBreak
	ctlContinue
	ctlNext
	ctlNextFile
	ctlExit
	ctlReturn
)

// cell is a function local: a scalar, or an array passed by reference.
type cell struct {
	v value
	a *array
}

type interp struct {
	ctx  context.Context
	c    *commands.Context
	prog *program
	// utf8 is set in a UTF-8 locale: strings are measured in characters.
	utf8 bool

	globals []value
	garr    []*array
	frame   []cell
	depth   int
	retVal  value

	rec recordState

	// derived from special variables
	convfmt, ofmt, ofs, ors, subsep string

	out     *bufio.Writer
	outputs map[string]*outStream
	inputs  map[string]*inStream
	reCache map[string]*regex
	rnd     *rand.Rand
	seed    float64

	main     mainInput
	stdinRR  *recordReader
	scratch  []byte
	rsMode   int
	rsChar   byte
	rsRe     *regex
	exitCode int
	inEnd    bool
	exiting  bool

	// maxStr and maxRead are Limits.MaxStringBytes and MaxReadBytes: the
	// longest string and the longest record.
	maxStr, maxRead int

	// line is the source line of the statement or pattern run last, as
	// gawk's sourceline; 0 before any. srcs names the program's pieces.
	line int
	srcs []srcSpan
}

// strMax is maxStr, or the default for interps made outside a run
// (number formatting helpers).
func (in *interp) strMax() int {
	if in.maxStr > 0 {
		return in.maxStr
	}
	return int(boundio.DefaultMaxStringBytes)
}

// limit aborts with a limit error.
func (in *interp) limit(err error) { panic(&limitPanic{err: err}) }

func (in *interp) fatal(format string, args ...any) {
	panic(&runtimeError{msg: sprintfGo(format, args...)})
}

// checkCtx stops the program when the shell cancels it (time or step limit).
func (in *interp) checkCtx() {
	if err := in.ctx.Err(); err != nil {
		panic(&runtimeError{msg: err.Error(), bare: true})
	}
}

func (in *interp) toStr(v value) string {
	switch v.k {
	case kStr, kStrNum:
		return v.s
	case kNum:
		return numToStr(v.n, in.convfmt)
	}
	return ""
}

// outStr converts for print, which uses OFMT for numbers.
func (in *interp) outStr(v value) string {
	if v.k == kNum {
		return numToStr(v.n, in.ofmt)
	}
	return v.s
}

func (in *interp) regexFor(e expr) *regex {
	if r, ok := e.(*regexExpr); ok {
		return r.re
	}
	return in.dynRegex(in.toStr(in.eval(e)))
}

func (in *interp) dynRegex(s string) *regex {
	if r, ok := in.reCache[s]; ok {
		return r
	}
	r, err := compileRegex(s)
	if err != nil {
		in.fatal("%s", err.Error())
	}
	if len(in.reCache) > 500 {
		in.reCache = map[string]*regex{}
	}
	in.reCache[s] = r
	return r
}

func (in *interp) array(r *arrayRef) *array {
	if r.local {
		c := &in.frame[r.idx]
		if c.a == nil {
			if c.v.k != kUninit {
				in.fatal("attempt to use scalar parameter `%s' as an array", r.name)
			}
			c.a = newArray()
		}
		return in.subArray(c.a, r)
	}
	a := in.garr[r.idx]
	if a == nil {
		a = newArray()
		in.garr[r.idx] = a
	}
	return in.subArray(a, r)
}

// subArray follows r's subscripts from a to the sub-array they name,
// creating empty ones on the way as gawk does.
func (in *interp) subArray(a *array, r *arrayRef) *array {
	for _, keys := range r.sub {
		k := in.key(keys)
		el := a.ref(k)
		if el.sub == nil {
			if el.v.k != kUninit {
				in.fatal("attempt to use scalar `%s[\"%s\"]' as array", r.name, k)
			}
			el.sub = newArray()
		}
		a = el.sub
	}
	return a
}

// scalarElem is the element a[k] used as a value; it must not be an array.
func (in *interp) scalarElem(e *indexExpr) *elem {
	k := in.key(e.keys)
	el := in.array(e.arr).ref(k)
	if el.sub != nil {
		in.fatal("attempt to use array `%s[\"%s\"]' in a scalar context", e.arr.name, k)
	}
	return el
}

func (in *interp) key(keys []expr) string {
	if len(keys) == 1 {
		return in.keyStr(in.eval(keys[0]))
	}
	s := in.keyStr(in.eval(keys[0]))
	for _, k := range keys[1:] {
		s += in.subsep + in.keyStr(in.eval(k))
	}
	return s
}

// keyStr converts a subscript: integral numbers become integers.
func (in *interp) keyStr(v value) string {
	if v.k == kNum {
		if v.n == math.Trunc(v.n) && math.Abs(v.n) < 1e15 {
			return strconv.FormatInt(int64(v.n), 10)
		}
		return numToStr(v.n, in.convfmt)
	}
	return v.s
}

func (in *interp) eval(e expr) value {
	switch e := e.(type) {
	case *constExpr:
		return e.v
	case *globalVar:
		return in.globals[e.idx]
	case *localVar:
		return in.frame[e.idx].v
	case *fieldExpr:
		return in.getField(in.fieldIndex(e.index, e.line))
	case *specialVar:
		if e.idx == vNF {
			in.splitIfNeeded()
			return num(float64(in.rec.nf))
		}
		return in.globals[e.idx]
	case *indexExpr:
		return in.scalarElem(e).v
	case *assignExpr:
		v := in.eval(e.rhs)
		if v.k == kUninit {
			v = value{}
		}
		in.assign(e.lhs, v)
		return v
	case *augAssignExpr:
		return in.augAssign(e)
	case *incDecExpr:
		return in.incDec(e)
	case *binExpr:
		return num(in.arith(e.op, in.eval(e.l).toNum(), in.eval(e.r).toNum()))
	case *cmpExpr:
		return boolVal(in.compare(e.op, in.eval(e.l), in.eval(e.r)))
	case *concatExpr:
		return in.concat(e)
	case *andExpr:
		return boolVal(in.eval(e.l).toBool() && in.eval(e.r).toBool())
	case *orExpr:
		return boolVal(in.eval(e.l).toBool() || in.eval(e.r).toBool())
	case *notExpr:
		return boolVal(!in.eval(e.x).toBool())
	case *unaryExpr:
		n := in.eval(e.x).toNum()
		if e.op == tSub {
			return num(-n)
		}
		return num(n)
	case *condExpr:
		if in.eval(e.c).toBool() {
			return in.eval(e.a)
		}
		return in.eval(e.b)
	case *regexExpr:
		return boolVal(e.re.match(in.getLine()))
	case *matchExpr:
		s := in.toStr(in.eval(e.l))
		return boolVal(in.regexFor(e.re).match(s) != e.neg)
	case *inExpr:
		_, ok := in.array(e.arr).get(in.key(e.keys))
		return boolVal(ok)
	case *callExpr:
		return in.call(e)
	case *builtinExpr:
		return in.builtin(e)
	case *getlineExpr:
		return in.getline(e)
	case *groupExpr:
		return in.concat(&concatExpr{parts: e.list})
	}
	in.fatal("internal error: unknown expression %T", e)
	return value{}
}

func (in *interp) concat(e *concatExpr) value {
	if len(e.parts) == 2 {
		a := in.toStr(in.eval(e.parts[0]))
		b := in.toStr(in.eval(e.parts[1]))
		in.checkLen(len(a) + len(b))
		return str(a + b)
	}
	buf := make([]byte, 0, 64)
	for _, p := range e.parts {
		buf = append(buf, in.toStr(in.eval(p))...)
		in.checkLen(len(buf))
	}
	return str(string(buf))
}

func (in *interp) checkLen(n int) {
	if m := in.strMax(); n > m {
		in.limit(boundio.StringLimit(int64(m)))
	}
}

func (in *interp) arith(op tok, a, b float64) float64 {
	switch op {
	case tAdd, tAddAssign:
		return a + b
	case tSub, tSubAssign:
		return a - b
	case tMul, tMulAssign:
		return a * b
	case tDiv, tDivAssign:
		if b == 0 && op == tDivAssign {
			in.fatal("division by zero attempted in `/='")
		}
		if b == 0 {
			in.fatal("division by zero attempted")
		}
		return a / b
	case tMod, tModAssign:
		if b == 0 && op == tModAssign {
			in.fatal("division by zero attempted in `%%='")
		}
		if b == 0 {
			in.fatal("division by zero attempted in `%%'")
		}
		return math.Mod(a, b)
	case tPow, tPowAssign:
		return pow(a, b)
	}
	return 0
}

// pow uses repeated multiplication for small integer exponents, as awk
// implementations do, so that 2^10 is exact.
func pow(a, b float64) float64 {
	if b == math.Trunc(b) && math.Abs(b) <= 1024 {
		n := int(math.Abs(b))
		r := 1.0
		x := a
		for n > 0 {
			if n&1 == 1 {
				r *= x
			}
			x *= x
			n >>= 1
		}
		if b < 0 {
			return 1 / r
		}
		return r
	}
	return math.Pow(a, b)
}

func (in *interp) compare(op tok, l, r value) bool {
	var c int
	if l.isNumeric() && r.isNumeric() {
		a, b := l.toNum(), r.toNum()
		switch {
		case a < b:
			c = -1
		case a > b:
			c = 1
		case a == b:
			c = 0
		default: // NaN
			return op == tNe
		}
	} else {
		a, b := in.toStr(l), in.toStr(r)
		switch {
		case a < b:
			c = -1
		case a > b:
			c = 1
		}
	}
	switch op {
	case tLt:
		return c < 0
	case tLe:
		return c <= 0
	case tGt:
		return c > 0
	case tGe:
		return c >= 0
	case tEq:
		return c == 0
	}
	return c != 0
}

func (in *interp) assign(lhs expr, v value) {
	switch l := lhs.(type) {
	case *globalVar:
		in.globals[l.idx] = v
	case *localVar:
		in.frame[l.idx].v = v
	case *indexExpr:
		in.scalarElem(l).v = v
	case *fieldExpr:
		in.setField(in.fieldIndex(l.index, l.line), in.toStr(v))
	case *specialVar:
		in.setSpecial(l.idx, v)
	}
}

func (in *interp) augAssign(e *augAssignExpr) value {
	switch l := e.lhs.(type) {
	case *globalVar:
		r := in.eval(e.rhs).toNum()
		v := num(in.arith(e.op, in.globals[l.idx].toNum(), r))
		in.globals[l.idx] = v
		return v
	case *indexExpr:
		el := in.scalarElem(l)
		r := in.eval(e.rhs).toNum()
		v := num(in.arith(e.op, el.v.toNum(), r))
		el.v = v
		return v
	case *fieldExpr:
		i := in.fieldIndex(l.index, l.line)
		r := in.eval(e.rhs).toNum()
		v := num(in.arith(e.op, in.getField(i).toNum(), r))
		in.setField(i, in.toStr(v))
		return v
	}
	cur := in.eval(e.lhs).toNum()
	v := num(in.arith(e.op, cur, in.eval(e.rhs).toNum()))
	in.assign(e.lhs, v)
	return v
}

func (in *interp) incDec(e *incDecExpr) value {
	switch l := e.lhs.(type) {
	case *globalVar:
		old := in.globals[l.idx].toNum()
		in.globals[l.idx] = num(old + e.delta)
		if e.pre {
			return num(old + e.delta)
		}
		return num(old)
	case *indexExpr:
		el := in.scalarElem(l)
		old := el.v.toNum()
		el.v = num(old + e.delta)
		if e.pre {
			return el.v
		}
		return num(old)
	case *fieldExpr:
		i := in.fieldIndex(l.index, l.line)
		old := in.getField(i).toNum()
		in.setField(i, numToStr(old+e.delta, in.convfmt))
		if e.pre {
			return num(old + e.delta)
		}
		return num(old)
	}
	old := in.eval(e.lhs).toNum()
	in.assign(e.lhs, num(old+e.delta))
	if e.pre {
		return num(old + e.delta)
	}
	return num(old)
}

func (in *interp) fieldIndex(e expr, line int) int {
	var f float64
	if c, ok := e.(*constExpr); ok && c.v.k == kNum {
		f = c.v.n
	} else {
		f = in.eval(e).toNum()
	}
	if f < 0 {
		in.at(line)
		in.fatal("attempt to access field %d", int(f))
	}
	if f > maxFieldNum {
		in.fatal("field index %.0f too large", f)
	}
	return int(f)
}

func (in *interp) call(e *callExpr) value {
	f := e.fn
	if in.depth >= maxCallDepth {
		in.fatal("function call nesting too deep (limit %d) in `%s'", maxCallDepth, f.name)
	}
	frame := make([]cell, f.nlocals)
	for i, a := range e.args {
		if f.isArray[i] || in.isArrayVar(a) {
			if r := in.argArray(a); r != nil {
				frame[i].a = r
				continue
			}
			if f.isArray[i] {
				in.fatal("function `%s': argument %d must be an array", f.name, i+1)
			}
		}
		v := in.eval(a)
		frame[i].v = v
	}
	saved := in.frame
	in.frame = frame
	in.depth++
	in.retVal = value{}
	c := in.execBlock(f.body)
	in.depth--
	in.frame = saved
	switch c {
	case ctlNext, ctlNextFile, ctlExit:
		panic(ctlPanic{c})
	}
	r := in.retVal
	in.retVal = value{}
	return r
}

// isArrayVar reports whether a call argument is a variable currently holding an array.
func (in *interp) isArrayVar(a expr) bool {
	switch v := a.(type) {
	case *globalVar:
		return in.garr[v.idx] != nil
	case *localVar:
		return in.frame[v.idx].a != nil
	}
	return false
}

func (in *interp) argArray(a expr) *array {
	switch v := a.(type) {
	case *globalVar:
		return in.array(&arrayRef{idx: v.idx})
	case *localVar:
		c := &in.frame[v.idx]
		if c.a == nil && c.v.k == kUninit {
			c.a = newArray()
		}
		return c.a
	}
	return nil
}
