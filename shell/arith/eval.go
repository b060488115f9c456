package arith

import (
	"errors"
	"math"
)

// state is one evaluation: the variables and the recursion account.
type state struct {
	env Env
	d   *Depth
}

func (st *state) errAt(n *node, msg string) error {
	return &Error{Expr: n.src, Msg: msg, Token: n.tok}
}

// eval computes n. With noeval set it computes without side effects and
// reads every variable as 0, as bash does in the branch that && || ?: do
// not take; such branches are walked only when n.walk says they can still
// fail (a syntax error, or ** with a negative exponent, which bash checks
// even there).
func (st *state) eval(n *node, noeval bool) (int64, error) {
	switch n.op {
	case opNum:
		return n.val, nil
	case opVar:
		if noeval || n.unread {
			return 0, nil
		}
		return st.variable(n)
	case opNeg, opPos, opNot, opBNot:
		v, err := st.eval(n.kids[0], noeval)
		if err != nil {
			return 0, err
		}
		switch n.op {
		case opNeg:
			return -v, nil
		case opNot:
			return b2i(v == 0), nil
		case opBNot:
			return ^v, nil
		}
		return v, nil
	case opPreInc, opPreDec, opPostInc, opPostDec:
		return st.incDec(n, noeval)
	case opChain:
		return st.chain(n, noeval)
	case opPow:
		return st.power(n, noeval)
	case opAnd, opOr:
		return st.logical(n, noeval)
	case opCond:
		return st.cond(n, noeval)
	case opAssign:
		return st.assign(n, noeval)
	case opComma, opSeq:
		var v int64
		for _, k := range n.kids {
			var err error
			if v, err = st.eval(k, noeval); err != nil {
				return 0, err
			}
		}
		return v, nil
	case opLook:
		v, err := st.eval(n.kids[0], noeval)
		if err == nil {
			_, err = st.eval(n.kids[1], noeval)
		}
		return v, err
	case opErr:
		return 0, st.errAt(n, n.msg)
	}
	panic("arith: unknown node")
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// skip walks a branch that is not taken, if it can still fail.
func (st *state) skip(n *node) error {
	if n == nil || !n.walk {
		return nil
	}
	_, err := st.eval(n, true)
	return err
}

// variable reads a name and evaluates its value as an expression.
func (st *state) variable(n *node) (int64, error) {
	s, _, err := st.env.Get(n.name, n.sub)
	if err != nil {
		return 0, st.outer(n, err)
	}
	return st.value(n, s)
}

// value evaluates s, the value of the variable at n, as bash's subexpr does.
func (st *state) value(n *node, s string) (int64, error) {
	if v, ok := plainDecimal(s); ok {
		if st.d.contexts >= maxContexts {
			return 0, st.errAt(n, msgTooDeep)
		}
		return v, nil
	}
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i == len(s) {
		return 0, nil
	}
	x := cached(s)
	if st.d.contexts >= maxContexts || st.d.height+x.height > maxHeight {
		return 0, st.errAt(n, msgTooDeep)
	}
	st.d.contexts++
	st.d.height += x.height
	v, err := st.eval(x.root, false)
	st.d.contexts--
	st.d.height -= x.height
	return v, err
}

// plainDecimal recognises the common value "123" quickly; anything else
// (signs, blanks, octal, overflow) takes the general path.
func plainDecimal(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 18 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	var v int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	return v, true
}

func (st *state) set(target *node, v int64) error {
	if err := st.env.Set(target.name, target.sub, v); err != nil {
		return st.outer(target, err)
	}
	return nil
}

// outer turns a recursion error raised on entering the evaluation of n's
// subscript into bash's message, which names the expression holding n.
func (st *state) outer(n *node, err error) error {
	var ae *Error
	if errors.As(err, &ae) && ae.atEntry {
		return st.errAt(n, msgTooDeep)
	}
	return err
}

// resolve evaluates target's subscript once, for an element that is read
// and then written, when the Env can do that.
func (st *state) resolve(target *node, noeval bool) (*node, error) {
	ie, ok := st.env.(IndexEnv)
	if !ok || target.sub == nil || noeval {
		return target, nil
	}
	key, err := ie.Index(target.name, *target.sub)
	if err != nil {
		return nil, st.outer(target, err)
	}
	t := *target
	t.sub = &key
	return &t, nil
}

func (st *state) incDec(n *node, noeval bool) (int64, error) {
	target, err := st.resolve(n.kids[0], noeval)
	if err != nil {
		return 0, err
	}
	old, err := st.eval(target, noeval)
	if err != nil {
		return 0, err
	}
	nv := old + 1
	if n.op == opPreDec || n.op == opPostDec {
		nv = old - 1
	}
	if !noeval {
		if err := st.set(target, nv); err != nil {
			return 0, err
		}
	}
	if n.op == opPostInc || n.op == opPostDec {
		return old, nil
	}
	return nv, nil
}

// binop applies a binary operator as bash does on x86-64: wrapping
// arithmetic, shift counts taken modulo 64, and MinInt64 / -1 giving
// MinInt64 (remainder 0) instead of trapping. Division by zero is checked by
// the caller.
func binop(op tok, a, b int64) int64 {
	switch op {
	case tBOR:
		return a | b
	case tBXOR:
		return a ^ b
	case tBAND:
		return a & b
	case tEQEQ:
		return b2i(a == b)
	case tNEQ:
		return b2i(a != b)
	case tLT:
		return b2i(a < b)
	case tGT:
		return b2i(a > b)
	case tLEQ:
		return b2i(a <= b)
	case tGEQ:
		return b2i(a >= b)
	case tLSH:
		return a << (uint64(b) & 63)
	case tRSH:
		return a >> (uint64(b) & 63)
	case tPLUS:
		return a + b
	case tMINUS:
		return a - b
	case tMUL:
		return a * b
	case tDIV:
		if a == math.MinInt64 && b == -1 {
			return a
		}
		return a / b
	case tMOD:
		if b == -1 {
			return 0
		}
		return a % b
	}
	panic("arith: unknown operator")
}

func (st *state) chain(n *node, noeval bool) (int64, error) {
	acc, err := st.eval(n.kids[0], noeval)
	if err != nil {
		return 0, err
	}
	for i, op := range n.ops {
		v, err := st.eval(n.kids[i+1], noeval)
		if err != nil {
			return 0, err
		}
		if (op == tDIV || op == tMOD) && v == 0 {
			if !noeval {
				return 0, &Error{Expr: n.src, Msg: "division by 0", Token: n.toks[i]}
			}
			v = 1
		}
		acc = binop(op, acc, v)
	}
	return acc, nil
}

func (st *state) power(n *node, noeval bool) (int64, error) {
	base, err := st.eval(n.kids[0], noeval)
	if err != nil {
		return 0, err
	}
	exp, err := st.eval(n.kids[1], noeval)
	if err != nil {
		return 0, err
	}
	if exp == 0 {
		return 1, nil
	}
	if exp < 0 {
		return 0, st.errAt(n, "exponent less than 0")
	}
	r := int64(1)
	for exp != 0 {
		if exp&1 != 0 {
			r *= base
		}
		exp >>= 1
		base *= base
	}
	return r, nil
}

// logical is a chain of && or ||: once the result is decided, the rest is
// not evaluated.
func (st *state) logical(n *node, noeval bool) (int64, error) {
	v, err := st.eval(n.kids[0], noeval)
	if err != nil {
		return 0, err
	}
	decided := (n.op == opAnd) == (v == 0)
	for _, k := range n.kids[1:] {
		if decided || noeval {
			if err := st.skip(k); err != nil {
				return 0, err
			}
			continue
		}
		if v, err = st.eval(k, false); err != nil {
			return 0, err
		}
		decided = (n.op == opAnd) == (v == 0)
	}
	if n.op == opAnd {
		return b2i(!decided), nil
	}
	return b2i(decided), nil
}

func (st *state) cond(n *node, noeval bool) (int64, error) {
	c, err := st.eval(n.kids[0], noeval)
	if err != nil {
		return 0, err
	}
	var v int64
	for i, k := range n.kids[1:] {
		taken := (i == 0) == (c != 0)
		if !taken || noeval {
			if err := st.skip(k); err != nil {
				return 0, err
			}
			continue
		}
		if v, err = st.eval(k, false); err != nil {
			return 0, err
		}
	}
	return v, nil
}

func (st *state) assign(n *node, noeval bool) (int64, error) {
	target := n.kids[0]
	var old int64
	if n.aop != tEQ {
		var err error
		if target, err = st.resolve(target, noeval); err != nil {
			return 0, err
		}
		if old, err = st.eval(target, noeval); err != nil {
			return 0, err
		}
	}
	v, err := st.eval(n.kids[1], noeval)
	if err != nil {
		return 0, err
	}
	if n.aop != tEQ {
		if (n.aop == tDIV || n.aop == tMOD) && v == 0 {
			if !noeval {
				return 0, st.errAt(n, "division by 0")
			}
			v = 1
		}
		v = binop(n.aop, old, v)
	}
	if !noeval {
		if err := st.set(target, v); err != nil {
			return 0, err
		}
	}
	return v, nil
}
