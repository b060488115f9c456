package arith

// The parser follows the structure of bash's recursive evaluator (expcomma,
// expassign, expcond, … exp0) but builds a tree instead of computing as it
// reads, so that a compiled expression can be cached and run many times.
//
// bash evaluates while it parses, so when it meets a syntax error, the work
// to the left of the error has already been done (x=1, 2 + has set x). To
// keep that, a syntax error does not discard the tree: every parse function
// returns what it has built so far, with an error node placed where bash
// would have stopped. Evaluating that partial tree does bash's work in bash's
// order and then raises the error. Short-circuited branches are still walked
// (without side effects) when they hold an error, since bash parses them too.

// maxNest bounds the nesting of parentheses, unary operators and
// right-associative operators in one expression, so that hostile input cannot
// exhaust the Go stack. bash itself has no such bound.
const maxNest = 1024

type opcode uint8

const (
	opNum opcode = iota
	opVar
	opNeg
	opPos
	opNot
	opBNot
	opPreInc
	opPreDec
	opPostInc
	opPostDec
	opChain // left-associative binary operators of one precedence level
	opPow
	opAnd
	opOr
	opCond
	opAssign
	opComma
	opSeq  // evaluate kids in order; used to put an error after finished work
	opLook // kids[0], then read the name kids[1] that bash read ahead
	opErr
)

type node struct {
	op     opcode
	walk   bool // holds an opPow or opErr, so must be walked even when not evaluated
	unread bool // opVar: a name bash does not read (it is followed by '=')
	aop    tok  // opAssign: tEQ or the operator of op=
	val    int64
	name   string  // opVar
	sub    *string // opVar: subscript text, nil for a plain name
	src    string  // expression text for error messages (leading blanks removed)
	tok    string  // "error token" text for errors this node can raise
	msg    string  // opErr
	kids   []*node
	ops    []tok    // opChain: ops[i] joins kids[i] and kids[i+1]
	toks   []string // opChain: error token for a division by zero at ops[i]
}

type parser struct {
	lx      lexer
	src     string // for error messages: src with leading blanks removed
	failed  bool
	err     *Error
	nest    int   // current nesting, bounded by maxNest
	lastVar *node // the last name read as an operand: the target of an =
}

// tokAt is bash's "error token": the text from offset i to the end.
func (p *parser) tokAt(i int) string { return p.lx.src[i:] }

// fail records a syntax error at the current token and returns the error
// node, preceded by the finished work in done (nil entries are skipped).
func (p *parser) fail(msg string, done ...*node) *node {
	return p.failAt(msg, p.src, p.tokAt(p.lx.lastPos), done...)
}

// failAt is fail with the message's expression and token text given.
func (p *parser) failAt(msg, src, tok string, done ...*node) *node {
	e := &node{op: opErr, walk: true, msg: msg, src: src, tok: tok}
	if !p.failed {
		p.failed = true
		p.err = &Error{Expr: src, Msg: msg, Token: tok}
	}
	return p.seq(append(done, e)...)
}

// seq joins the non-nil nodes in order.
func (p *parser) seq(ns ...*node) *node {
	var kids []*node
	for _, n := range ns {
		if n != nil {
			kids = append(kids, n)
		}
	}
	if len(kids) == 1 {
		return kids[0]
	}
	return p.mk(&node{op: opSeq, kids: kids})
}

// mk finishes a node: it inherits walk from its kids.
func (p *parser) mk(n *node) *node {
	for _, k := range n.kids {
		if k != nil && k.walk {
			n.walk = true
		}
	}
	return n
}

// next reads a token; on a bad token it returns the error node to put in
// place of the rest of the tree, preceded by done.
func (p *parser) next(done ...*node) (*node, bool) {
	if p.lx.next() {
		return nil, true
	}
	if end := p.lx.errEnd; end > 0 {
		// The message ends where the bad number ends.
		src := p.src[:len(p.src)-(len(p.lx.src)-end)]
		return p.failAt(p.lx.errMsg, src, p.lx.src[p.lx.lastPos:end], done...), false
	}
	return p.fail(p.lx.errMsg, done...), false
}

// enter counts one level of nesting; false when too deep.
func (p *parser) enter() bool {
	p.nest++
	return p.nest <= maxNest
}

func (p *parser) leave() { p.nest-- }

func (p *parser) tooDeep(done ...*node) *node {
	return p.fail(msgTooDeep, done...)
}

// parse reads a whole expression (bash's subexpr).
func (p *parser) parse() *node {
	if n, ok := p.next(); !ok {
		return n
	}
	n := p.comma()
	if !p.failed && p.lx.cur != tEOF {
		n = p.fail("syntax error in expression", n)
	}
	return n
}

func (p *parser) comma() *node {
	if !p.enter() {
		return p.tooDeep()
	}
	defer p.leave()
	x := p.assign()
	if p.failed || p.lx.cur != tCOMMA {
		return x
	}
	n := &node{op: opComma, kids: []*node{x}}
	for p.lx.cur == tCOMMA {
		if e, ok := p.next(); !ok {
			n.kids = append(n.kids, e)
			return p.mk(n)
		}
		y := p.assign()
		n.kids = append(n.kids, y)
		if p.failed {
			break
		}
	}
	return p.mk(n)
}

func (p *parser) assign() *node {
	x := p.cond()
	if p.failed || (p.lx.cur != tEQ && p.lx.cur != tOPASSIGN) {
		return x
	}
	aop := tEQ
	if p.lx.cur == tOPASSIGN {
		aop = p.lx.assignOp
	}
	if p.lx.last != tSTR || x != p.lastVar || x == nil {
		return p.fail("attempted assignment to non-variable", x)
	}
	// For a plain '=' bash never reads the target's value.
	var done *node
	if aop != tEQ {
		done = x
	}
	if e, ok := p.next(done); !ok {
		return e
	}
	if !p.enter() {
		return p.tooDeep(done)
	}
	rhs := p.assign()
	p.leave()
	return p.mk(&node{op: opAssign, aop: aop, kids: []*node{x, rhs}, src: p.src, tok: p.tokAt(p.lx.lastPos)})
}

func (p *parser) cond() *node {
	c := p.logical(tLOR)
	if p.failed || p.lx.cur != tQUES {
		return c
	}
	n := &node{op: opCond, kids: []*node{c}}
	if e, ok := p.next(); !ok {
		n.kids = append(n.kids, e)
		return p.mk(n)
	}
	if p.lx.cur == tEOF || p.lx.cur == tCOL {
		n.kids = append(n.kids, p.fail("expression expected"))
		return p.mk(n)
	}
	t := p.comma()
	if p.failed {
		n.kids = append(n.kids, t)
		return p.mk(n)
	}
	if p.lx.cur != tCOL {
		n.kids = append(n.kids, p.fail("`:' expected for conditional expression", t))
		return p.mk(n)
	}
	if e, ok := p.next(t); !ok {
		n.kids = append(n.kids, e)
		return p.mk(n)
	}
	if p.lx.cur == tEOF {
		n.kids = append(n.kids, p.fail("expression expected", t))
		return p.mk(n)
	}
	n.kids = append(n.kids, t)
	if !p.enter() {
		n.kids = append(n.kids, p.tooDeep())
		return p.mk(n)
	}
	f := p.cond()
	p.leave()
	n.kids = append(n.kids, f)
	p.lx.last = tCOND
	return p.mk(n)
}

// logical parses a chain of || (op tLOR) or && (op tLAND).
func (p *parser) logical(op tok) *node {
	var x *node
	if op == tLOR {
		x = p.logical(tLAND)
	} else {
		x = p.binary(0)
	}
	if p.failed || p.lx.cur != op {
		return x
	}
	n := &node{op: opOr, kids: []*node{x}}
	if op == tLAND {
		n.op = opAnd
	}
	for p.lx.cur == op {
		if e, ok := p.next(); !ok {
			n.kids = append(n.kids, e)
			break
		}
		var y *node
		if op == tLOR {
			y = p.logical(tLAND)
		} else {
			y = p.binary(0)
		}
		n.kids = append(n.kids, y)
		if p.failed {
			break
		}
		p.lx.last = op
	}
	return p.mk(n)
}

// levels lists the left-associative binary operators from lowest to highest
// precedence, as in the manual.
var levels = [][]tok{
	{tBOR},
	{tBXOR},
	{tBAND},
	{tEQEQ, tNEQ},
	{tLEQ, tGEQ, tLT, tGT},
	{tLSH, tRSH},
	{tPLUS, tMINUS},
	{tMUL, tDIV, tMOD},
}

func inLevel(t tok, level int) bool {
	for _, o := range levels[level] {
		if o == t {
			return true
		}
	}
	return false
}

// binary parses the chain of operators at levels[level].
func (p *parser) binary(level int) *node {
	sub := func() *node {
		if level+1 < len(levels) {
			return p.binary(level + 1)
		}
		return p.power()
	}
	x := sub()
	if p.failed || !inLevel(p.lx.cur, level) {
		return x
	}
	n := &node{op: opChain, kids: []*node{x}, src: p.src}
	for inLevel(p.lx.cur, level) {
		op := p.lx.cur
		// A division by zero names the divisor: the text after the
		// operator, blanks skipped (bash skips only blanks and tabs here).
		stp := p.lx.pos
		for stp < len(p.lx.src) && (p.lx.src[stp] == ' ' || p.lx.src[stp] == '\t') {
			stp++
		}
		if e, ok := p.next(); !ok {
			n.kids = append(n.kids, e)
			n.ops = append(n.ops, op)
			n.toks = append(n.toks, "")
			break
		}
		y := sub()
		n.kids = append(n.kids, y)
		n.ops = append(n.ops, op)
		n.toks = append(n.toks, p.tokAt(stp))
		if p.failed {
			break
		}
		p.lx.last = tNUM
	}
	return p.mk(n)
}

// power parses a ** b (right-associative, binding looser than unary signs).
func (p *parser) power() *node {
	x := p.unary()
	if p.failed || p.lx.cur != tPOWER {
		return x
	}
	if e, ok := p.next(x); !ok {
		return e
	}
	if !p.enter() {
		return p.tooDeep(x)
	}
	y := p.power()
	p.leave()
	if p.failed {
		return p.seq(x, y)
	}
	p.lx.last = tNUM
	return p.mk(&node{op: opPow, walk: true, kids: []*node{x, y}, src: p.src, tok: p.tokAt(p.lx.lastPos)})
}

func (p *parser) unary() *node {
	var op opcode
	switch p.lx.cur {
	case tNOT:
		op = opNot
	case tBNOT:
		op = opBNot
	case tMINUS:
		op = opNeg
	case tPLUS:
		op = opPos
	default:
		return p.primary()
	}
	if e, ok := p.next(); !ok {
		return e
	}
	if !p.enter() {
		return p.tooDeep()
	}
	x := p.unary()
	p.leave()
	if p.failed {
		return x
	}
	p.lx.last = tNUM
	return p.mk(&node{op: op, kids: []*node{x}})
}

func (p *parser) variable() *node {
	return &node{op: opVar, name: p.lx.name, sub: p.lx.sub, src: p.src, tok: p.tokAt(p.lx.lastPos)}
}

// primary is bash's exp0: ++name, --name, ( expr ), a number, name, name++.
func (p *parser) primary() *node {
	switch p.lx.cur {
	case tPREINC, tPREDEC:
		return p.preIncDec()
	case tLPAR:
		if e, ok := p.next(); !ok {
			return e
		}
		x := p.comma()
		if p.failed {
			return x
		}
		if p.lx.cur != tRPAR {
			return p.fail("missing `)'", x)
		}
		return p.after(x)
	case tNUM:
		return p.after(&node{op: opNum, val: p.lx.val})
	case tSTR:
		v := p.variable()
		// bash reads the token after a name before it evaluates the name,
		// so a bad token there is reported first.
		if e, ok := p.next(); !ok {
			return e
		}
		if p.lx.cur == tSTR {
			p.lastVar = v
			return p.lookahead(v)
		}
		if p.lx.cur != tPOSTINC && p.lx.cur != tPOSTDEC {
			// bash does not read a name followed by '=', even where the
			// assignment turns out to be refused (1 + a[i++] = 2).
			v.unread = p.lx.cur == tEQ
			p.lastVar = v
			return v
		}
		n := &node{op: opPostInc, kids: []*node{v}}
		if p.lx.cur == tPOSTDEC {
			n.op = opPostDec
		}
		p.lx.last, p.lx.cur = tSTR, tNUM // so that x++=7 is refused
		return p.after(n)
	}
	return p.fail("syntax error: operand expected")
}

func (p *parser) preIncDec() *node {
	op := opPreInc
	if p.lx.cur == tPREDEC {
		op = opPreDec
	}
	if e, ok := p.next(); !ok {
		return e
	}
	if p.lx.cur != tSTR {
		return p.fail("identifier expected after pre-increment or pre-decrement")
	}
	v := p.variable()
	// bash peeks at the token after the name (to see whether it is '=')
	// before it increments; a bad token there is reported first.
	save := p.lx
	if e, ok := p.next(); !ok {
		return e
	}
	p.lx = save
	n := &node{op: op, kids: []*node{v}}
	p.lx.cur = tNUM // so that --x=7 is refused
	return p.after(n)
}

// after reads the token that follows the finished operand n.
func (p *parser) after(n *node) *node {
	if e, ok := p.next(n); !ok {
		return e
	}
	if p.lx.cur == tSTR {
		return p.lookahead(n)
	}
	return n
}

// lookahead handles a name read right after the finished operand n. That
// is a syntax error, reported later, but bash evaluates a name as soon as it
// reads it (unless '=' follows), before the operators around n are applied:
// in 1/0 x, x is evaluated before the division fails.
func (p *parser) lookahead(n *node) *node {
	v := p.variable()
	save := p.lx
	if e, ok := p.next(n); !ok {
		return e
	}
	eq := p.lx.cur == tEQ
	p.lx = save
	if eq {
		return n
	}
	return p.mk(&node{op: opLook, kids: []*node{n, v}})
}
