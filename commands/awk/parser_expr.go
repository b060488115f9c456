package awk

// Expression grammar, lowest precedence first:
// assignment, ?:, ||, &&, in, ~ !~, relational, concatenation,
// additive, multiplicative, unary, ^, ++/--, $, grouping.

func (p *parser) enter() {
	p.depth++
	if p.depth > maxParseDepth {
		p.errorf("expression nested too deeply")
	}
}

func (p *parser) expr() expr {
	p.enter()
	defer func() { p.depth-- }()
	lhs := p.ternary()
	switch p.tok.t {
	case tAssign, tAddAssign, tSubAssign, tMulAssign, tDivAssign, tModAssign, tPowAssign:
		if !isLvalue(lhs) {
			return lhs
		}
		op := p.tok.t
		p.next()
		p.optNewlines()
		rhs := p.expr()
		if op == tAssign {
			return &assignExpr{lhs: lhs, rhs: rhs}
		}
		return &augAssignExpr{op: op, lhs: lhs, rhs: rhs}
	}
	return lhs
}

func isLvalue(e expr) bool {
	switch e.(type) {
	case *globalVar, *localVar, *specialVar, *fieldExpr, *indexExpr:
		return true
	}
	return false
}

func (p *parser) ternary() expr {
	c := p.or()
	if p.tok.t != tQuestion {
		return c
	}
	p.next()
	p.optNewlines()
	a := p.expr()
	p.optNewlines()
	p.expect(tColon)
	p.optNewlines()
	b := p.expr()
	return &condExpr{c: c, a: a, b: b}
}

func (p *parser) or() expr {
	l := p.and()
	for p.tok.t == tOr {
		p.next()
		p.optNewlines()
		l = &orExpr{l: l, r: p.and()}
	}
	return l
}

func (p *parser) and() expr {
	l := p.in()
	for p.tok.t == tAnd {
		p.next()
		p.optNewlines()
		l = &andExpr{l: l, r: p.in()}
	}
	return l
}

func (p *parser) in() expr {
	l := p.match()
	for p.tok.t == tIn {
		p.next()
		if p.tok.t != tName {
			p.fail()
		}
		arr := p.arrayRef(p.tok.s)
		p.next()
		p.subscripts(arr)
		l = &inExpr{keys: []expr{l}, arr: arr}
	}
	return l
}

func (p *parser) match() expr {
	l := p.compare()
	for p.tok.t == tMatch || p.tok.t == tNoMatch {
		neg := p.tok.t == tNoMatch
		p.next()
		l = &matchExpr{l: l, re: p.compare(), neg: neg}
	}
	return l
}

func (p *parser) compare() expr {
	l := p.pipeGetline()
	for {
		switch p.tok.t {
		case tGt:
			if p.inPrint {
				return l
			}
		case tLt, tLe, tNe, tEq, tGe:
		default:
			return l
		}
		op := p.tok.t
		p.next()
		l = &cmpExpr{op: op, l: l, r: p.pipeGetline()}
	}
}

// pipeGetline handles `cmd | getline [var]`, which binds tighter than the
// relational operators but looser than concatenation.
func (p *parser) pipeGetline() expr {
	l := p.concat()
	for p.tok.t == tPipe && p.peek().t == tGetline {
		p.next()
		p.next()
		g := &getlineExpr{kind: getCmd, src: l}
		g.lhs = p.optLvalue()
		l = g
	}
	return l
}

func (p *parser) concat() expr {
	l := p.additive()
	var parts []expr
	for p.startsOperand() {
		if parts == nil {
			parts = []expr{l}
		}
		parts = append(parts, p.additive())
	}
	if parts != nil {
		return &concatExpr{parts: parts}
	}
	return l
}

func (p *parser) startsOperand() bool {
	switch p.tok.t {
	case tNumber, tString, tName, tFuncName, tBuiltin, tDollar, tNot, tLparen, tIncr, tDecr:
		return true
	case tSub, tAdd:
		return false
	}
	return false
}

func (p *parser) additive() expr {
	l := p.multiplicative()
	for p.tok.t == tAdd || p.tok.t == tSub {
		op := p.tok.t
		p.next()
		l = &binExpr{op: op, l: l, r: p.multiplicative()}
	}
	return l
}

func (p *parser) multiplicative() expr {
	l := p.unary()
	for p.tok.t == tMul || p.tok.t == tDiv || p.tok.t == tMod {
		op, line := p.tok.t, p.tok.line
		p.next()
		r := p.unary()
		if op != tMul && isZeroConst(r) {
			// gawk folds constants while parsing: a constant zero divisor
			// is a parse error (status 1), whatever the dividend.
			msg := "error: division by zero attempted"
			if op == tMod {
				msg += " in `%'"
			}
			panic(&syntaxError{line: line, msg: msg})
		}
		l = &binExpr{op: op, l: l, r: r}
	}
	return l
}

// isZeroConst: e is the number constant 0, perhaps negated.
func isZeroConst(e expr) bool {
	if u, ok := e.(*unaryExpr); ok && (u.op == tSub || u.op == tAdd) {
		e = u.x
	}
	c, ok := e.(*constExpr)
	return ok && c.v.k == kNum && c.v.n == 0
}

func (p *parser) unary() expr {
	p.enter()
	defer func() { p.depth-- }()
	switch p.tok.t {
	case tNot:
		p.next()
		return &notExpr{x: p.unary()}
	case tSub, tAdd:
		op := p.tok.t
		p.next()
		return &unaryExpr{op: op, x: p.unary()}
	}
	return p.power()
}

func (p *parser) power() expr {
	base := p.postfix()
	if p.tok.t != tPow {
		return base
	}
	p.next()
	return &binExpr{op: tPow, l: base, r: p.powerRHS()}
}

// powerRHS allows a signed exponent: 2^-1.
func (p *parser) powerRHS() expr {
	p.enter()
	defer func() { p.depth-- }()
	switch p.tok.t {
	case tSub, tAdd:
		op := p.tok.t
		p.next()
		return &unaryExpr{op: op, x: p.powerRHS()}
	case tNot:
		p.next()
		return &notExpr{x: p.powerRHS()}
	}
	return p.power()
}

func (p *parser) postfix() expr {
	e := p.primary()
	if isLvalue(e) && (p.tok.t == tIncr || p.tok.t == tDecr) {
		d := 1.0
		if p.tok.t == tDecr {
			d = -1
		}
		p.next()
		return &incDecExpr{lhs: e, delta: d}
	}
	return e
}

func (p *parser) primary() expr {
	p.enter()
	defer func() { p.depth-- }()
	t := p.tok
	switch t.t {
	case tNumber:
		p.next()
		return &constExpr{v: num(t.n)}
	case tString:
		p.next()
		return &constExpr{v: str(t.s)}
	case tDiv, tDivAssign:
		prefix := ""
		if t.t == tDivAssign {
			prefix = "="
		}
		if len(p.ahead) > 0 {
			p.fail()
		}
		rt, ok := p.lx.scanRegex(prefix)
		if !ok {
			// gawk's caret is under the regexp's first character.
			rt.pos = t.pos + 1
			p.failAt(rt, "unterminated regexp")
		}
		p.next()
		re, err := compileRegex(rt.s)
		if err != nil {
			p.errorf("%s", err.Error())
		}
		return &regexExpr{re: re}
	case tLparen:
		return p.group()
	case tIncr, tDecr:
		p.next()
		d := 1.0
		if t.t == tDecr {
			d = -1
		}
		lv := p.primary()
		if !isLvalue(lv) {
			p.fail()
		}
		return &incDecExpr{lhs: lv, delta: d, pre: true}
	case tDollar:
		line := p.tok.line
		p.next()
		var ix expr
		switch p.tok.t {
		case tIncr, tDecr:
			ix = p.primary()
		case tSub, tAdd, tNot:
			ix = p.unary()
		default:
			ix = p.primary()
		}
		return &fieldExpr{index: ix, line: line}
	case tName:
		p.next()
		if p.tok.t == tLbracket {
			p.next()
			keys := p.exprList(tRbracket)
			arr := p.arrayRef(t.s)
			for p.tok.t == tLbracket {
				p.next()
				arr.sub = append(arr.sub, keys)
				keys = p.exprList(tRbracket)
			}
			return &indexExpr{arr: arr, keys: keys}
		}
		return p.varRef(t.s)
	case tFuncName:
		return p.userCall()
	case tBuiltin:
		return p.builtin()
	case tGetline:
		p.next()
		g := &getlineExpr{kind: getPlain}
		g.lhs = p.optLvalue()
		if p.tok.t == tLt {
			p.next()
			g.kind = getFile
			g.src = p.primaryNoConcat()
		}
		return g
	}
	p.fail()
	return nil
}

// primaryNoConcat parses the file operand of `getline < file`.
func (p *parser) primaryNoConcat() expr {
	return p.postfix()
}

func (p *parser) group() expr {
	p.next()
	saved := p.inPrint
	p.inPrint = false
	p.optNewlines()
	list := []expr{p.expr()}
	for p.tok.t == tComma {
		p.next()
		p.optNewlines()
		list = append(list, p.expr())
	}
	p.optNewlines()
	p.expect(tRparen)
	p.inPrint = saved
	if len(list) == 1 {
		return list[0]
	}
	if p.tok.t == tIn {
		p.next()
		if p.tok.t != tName {
			p.fail()
		}
		arr := p.arrayRef(p.tok.s)
		p.next()
		p.subscripts(arr)
		return &inExpr{keys: list, arr: arr}
	}
	if !saved {
		p.fail()
	}
	return &groupExpr{list: list}
}

func (p *parser) optLvalue() expr {
	switch p.tok.t {
	case tName:
		t := p.tok
		p.next()
		if p.tok.t == tLbracket {
			p.next()
			keys := p.exprList(tRbracket)
			arr := p.arrayRef(t.s)
			for p.tok.t == tLbracket {
				p.next()
				arr.sub = append(arr.sub, keys)
				keys = p.exprList(tRbracket)
			}
			return &indexExpr{arr: arr, keys: keys}
		}
		return p.varRef(t.s)
	case tDollar:
		line := p.tok.line
		p.next()
		var ix expr
		if p.tok.t == tIncr || p.tok.t == tDecr {
			ix = p.primary()
		} else {
			ix = p.primary()
		}
		return &fieldExpr{index: ix, line: line}
	}
	return nil
}

// exprList parses comma-separated expressions up to the closing token.
func (p *parser) exprList(end tok) []expr {
	saved := p.inPrint
	p.inPrint = false
	var list []expr
	p.optNewlines()
	for p.tok.t != end {
		list = append(list, p.expr())
		p.optNewlines()
		if p.tok.t == tComma {
			p.next()
			p.optNewlines()
			continue
		}
		if p.tok.t != end {
			p.fail()
		}
	}
	p.next()
	p.inPrint = saved
	if end == tRbracket && len(list) == 0 {
		p.fail()
	}
	return list
}

func (p *parser) userCall() expr {
	t := p.tok
	p.next()
	p.expect(tLparen)
	c := &callExpr{name: t.s, line: t.line}
	c.args = p.exprList(tRparen)
	if p.fn != nil {
		p.fn.calls = append(p.fn.calls, c)
	}
	p.allCall = append(p.allCall, c)
	return c
}

// varRef resolves a scalar name to its slot.
func (p *parser) varRef(name string) expr {
	if p.locals != nil {
		if i, ok := p.locals[name]; ok {
			return &localVar{idx: i}
		}
	}
	if _, ok := p.prog.funcs[name]; ok {
		p.errorf("function `%s' called with space between name and `(', or used as a variable", name)
	}
	idx := p.global(name)
	if idx < numSpecial {
		return &specialVar{idx: idx}
	}
	return &globalVar{idx: idx}
}

func (p *parser) global(name string) int {
	idx, ok := p.prog.globals[name]
	if !ok {
		idx = p.prog.nglob
		p.prog.globals[name] = idx
		p.prog.nglob++
	}
	return idx
}

func (p *parser) arrayRef(name string) *arrayRef {
	if p.locals != nil {
		if i, ok := p.locals[name]; ok {
			p.fn.isArray[i] = true
			return &arrayRef{local: true, idx: i, name: name}
		}
	}
	idx := p.global(name)
	if idx < numSpecial {
		p.errorf("attempt to use scalar `%s' as an array", name)
	}
	return &arrayRef{idx: idx, name: name}
}

// subscripts reads the [..][..] after an array name used as an array
// (for-in, in, delete), naming a sub-array.
func (p *parser) subscripts(arr *arrayRef) {
	for p.tok.t == tLbracket {
		p.next()
		arr.sub = append(arr.sub, p.exprList(tRbracket))
	}
}

// toArrayRef converts a parsed bare variable used where an array is
// required (split target, asort argument); a[i] there names a sub-array.
func (p *parser) toArrayRef(e expr) *arrayRef {
	switch v := e.(type) {
	case *indexExpr:
		sub := append(append([][]expr{}, v.arr.sub...), v.keys)
		return &arrayRef{local: v.arr.local, idx: v.arr.idx, name: v.arr.name, sub: sub}
	case *localVar:
		p.fn.isArray[v.idx] = true
		return &arrayRef{local: true, idx: v.idx, name: p.fn.params[v.idx]}
	case *globalVar:
		return &arrayRef{idx: v.idx}
	}
	p.errorf("array argument expected")
	return nil
}

// resolve binds calls to functions and infers which parameters are arrays:
// a parameter passed on to an array parameter is an array too.
func (p *parser) resolve() {
	for _, c := range p.allCall {
		f := p.prog.funcs[c.name]
		if f == nil || !f.defined {
			panic(&syntaxError{line: c.line, msg: "fatal: function `" + c.name + "' not defined", fatal: true})
		}
		if len(c.args) > len(f.params) {
			panic(&syntaxError{line: c.line, msg: "function `" + c.name + "' called with more arguments than declared"})
		}
		c.fn = f
	}
	for changed := true; changed; {
		changed = false
		for _, f := range p.prog.funcs {
			for _, c := range f.calls {
				for i, a := range c.args {
					lv, ok := a.(*localVar)
					if ok && c.fn.isArray[i] && !f.isArray[lv.idx] {
						f.isArray[lv.idx] = true
						changed = true
					}
				}
			}
		}
	}
}
