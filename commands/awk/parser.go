package awk

import (
	"fmt"
	"strings"
)

// syntaxError is raised (as a panic inside the parser only) and turned into
// gawk's message: with caret set, the source line and a caret under the
// offending token (see syntaxMessage); otherwise "error: msg".
type syntaxError struct {
	line  int
	pos   int
	msg   string
	caret bool
	fatal bool // gawk's fatal() while parsing: status 2, not 1
}

func (e *syntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.msg) }

const maxParseDepth = 800

type parser struct {
	lx      lexer
	tok     token
	ahead   []token
	prog    *program
	fn      *funcDef       // function being parsed, nil at top level
	locals  map[string]int // its parameters
	inPrint bool           // ">" is a redirection, not a comparison
	depth   int
	loops   int
	allCall []*callExpr
}

func parse(src string) (prog *program, err error) {
	p := &parser{lx: lexer{src: src, line: 1}}
	p.prog = &program{funcs: map[string]*funcDef{}, globals: map[string]int{}}
	for name, idx := range tables().specialNames {
		p.prog.globals[name] = idx
	}
	p.prog.nglob = numPredef
	defer func() {
		if r := recover(); r != nil {
			se, ok := r.(*syntaxError)
			if !ok {
				panic(r)
			}
			prog, err = nil, se
		}
	}()
	p.next()
	p.program()
	p.resolve()
	return p.prog, nil
}

func (p *parser) next() {
	if len(p.ahead) > 0 {
		p.tok = p.ahead[0]
		p.ahead = p.ahead[1:]
		return
	}
	p.tok = p.lx.next()
}

func (p *parser) peek() token {
	if len(p.ahead) == 0 {
		p.ahead = append(p.ahead, p.lx.next())
	}
	return p.ahead[0]
}

// fail is a syntax error at the current token, worded as gawk's bison
// parser words it.
func (p *parser) fail() {
	t := p.tok
	e := &syntaxError{line: t.line, pos: t.pos, msg: "syntax error", caret: true}
	switch {
	case t.t == tNewline:
		// gawk has counted the newline already.
		e.line, e.msg = t.line+1, "unexpected newline or end of string"
	case t.t == tEOF:
		e.msg = "unexpected newline or end of string"
	case t.t == tIllegal && strings.HasPrefix(t.s, `"`):
		e.msg = "unterminated string"
	}
	panic(e)
}

// failAt is a syntax error with gawk's caret under the token t.
func (p *parser) failAt(t token, msg string) {
	panic(&syntaxError{line: t.line, pos: t.pos, msg: msg, caret: true})
}

func (p *parser) errorf(format string, args ...any) {
	panic(&syntaxError{line: p.tok.line, msg: "error: " + fmt.Sprintf(format, args...)})
}

func (p *parser) expect(t tok) {
	if p.tok.t != t {
		p.fail()
	}
	p.next()
}

func (p *parser) optNewlines() {
	for p.tok.t == tNewline {
		p.next()
	}
}

func (p *parser) skipTerms() {
	for p.tok.t == tNewline || p.tok.t == tSemi {
		p.next()
	}
}

func (p *parser) program() {
	p.skipTerms()
	for p.tok.t != tEOF {
		switch p.tok.t {
		case tBegin:
			p.next()
			p.optNewlines()
			p.prog.begins = append(p.prog.begins, p.block())
		case tEnd:
			p.next()
			p.optNewlines()
			p.prog.ends = append(p.prog.ends, p.block())
		case tBeginFile:
			p.next()
			p.optNewlines()
			p.prog.beginFiles = append(p.prog.beginFiles, p.block())
		case tEndFile:
			p.next()
			p.optNewlines()
			p.prog.endFiles = append(p.prog.endFiles, p.block())
		case tFunction:
			p.function()
		default:
			p.patternItem()
		}
		p.skipTerms()
	}
}

func (p *parser) patternItem() {
	it := &item{line: p.tok.line}
	if p.tok.t != tLbrace {
		it.pat = p.expr()
		if p.tok.t == tComma {
			p.next()
			p.optNewlines()
			it.pat2 = p.expr()
		}
	}
	if p.tok.t == tLbrace {
		it.body = p.block()
	} else if p.tok.t != tNewline && p.tok.t != tSemi && p.tok.t != tEOF {
		p.fail()
	}
	p.prog.items = append(p.prog.items, it)
}

func (p *parser) function() {
	p.next()
	if p.tok.t != tName && p.tok.t != tFuncName {
		p.fail()
	}
	name := p.tok.s
	if _, ok := tables().specialNames[name]; ok {
		p.errorf("cannot use special variable `%s' as a function name", name)
	}
	if f, ok := p.prog.funcs[name]; ok && f.defined {
		p.errorf("function name `%s' previously defined", name)
	}
	f := p.prog.funcs[name]
	if f == nil {
		f = &funcDef{name: name}
		p.prog.funcs[name] = f
	}
	f.defined, f.line = true, p.tok.line
	p.next()
	p.expect(tLparen)
	p.locals = map[string]int{}
	for p.tok.t != tRparen {
		if p.tok.t != tName {
			p.fail()
		}
		if _, dup := p.locals[p.tok.s]; dup || p.tok.s == name {
			p.errorf("function `%s': duplicate or invalid parameter `%s'", name, p.tok.s)
		}
		p.locals[p.tok.s] = len(f.params)
		f.params = append(f.params, p.tok.s)
		p.next()
		if p.tok.t == tComma {
			p.next()
			p.optNewlines()
		} else if p.tok.t != tRparen {
			p.fail()
		}
	}
	p.next()
	f.isArray = make([]bool, len(f.params))
	f.nlocals = len(f.params)
	p.fn = f
	p.optNewlines()
	f.body = p.block()
	p.fn, p.locals = nil, nil
}

func (p *parser) block() *blockStmt {
	p.expect(tLbrace)
	b := &blockStmt{}
	p.skipTerms()
	for p.tok.t != tRbrace {
		if p.tok.t == tEOF {
			p.fail()
		}
		if s := p.stmt(); s != nil {
			b.list = append(b.list, s)
		}
		p.skipTerms()
	}
	p.next()
	return b
}

// endSimple consumes the terminator of a simple statement.
func (p *parser) endSimple() {
	switch p.tok.t {
	case tSemi, tNewline:
		p.next()
	case tRbrace, tEOF:
	default:
		p.fail()
	}
}

// body parses the statement controlled by if/while/for.
func (p *parser) body() stmt {
	p.optNewlines()
	if p.tok.t == tSemi {
		p.next()
		return &blockStmt{}
	}
	return p.stmt()
}

func (p *parser) loopBody() stmt {
	p.loops++
	s := p.body()
	p.loops--
	return s
}

func (p *parser) stmt() stmt {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxParseDepth {
		p.errorf("program nested too deeply")
	}
	switch p.tok.t {
	case tLbrace:
		return p.block()
	case tIf:
		p.next()
		p.expect(tLparen)
		cond := p.expr()
		p.expect(tRparen)
		s := &ifStmt{cond: cond, then: p.body()}
		// "else" may follow after newlines or a semicolon.
		save := p.tok
		if save.t == tNewline || save.t == tSemi {
			for p.tok.t == tNewline || p.tok.t == tSemi {
				if p.peek().t == tElse || p.peek().t == tNewline || p.peek().t == tSemi {
					p.next()
					continue
				}
				break
			}
		}
		if p.tok.t == tElse {
			p.next()
			s.els_ = p.body()
		}
		return s
	case tWhile:
		p.next()
		p.expect(tLparen)
		cond := p.expr()
		p.expect(tRparen)
		if p.tok.t == tSemi {
			p.next()
			return &whileStmt{cond: cond, body: &blockStmt{}}
		}
		return &whileStmt{cond: cond, body: p.loopBody()}
	case tDo:
		p.next()
		body := p.loopBody()
		p.skipTerms()
		p.expect(tWhile)
		p.expect(tLparen)
		cond := p.expr()
		p.expect(tRparen)
		p.endSimple()
		return &doStmt{body: body, cond: cond}
	case tFor:
		return p.forStmt()
	case tSemi:
		p.next()
		return nil
	}
	s := p.simpleStmt()
	p.endSimple()
	return s
}

func (p *parser) forStmt() stmt {
	p.next()
	p.expect(tLparen)
	if p.tok.t == tName && p.peek().t == tIn {
		// for (k in arr) — but "for ((k in a); ...)" is not supported.
		v := p.varRef(p.tok.s)
		p.next()
		p.next()
		if p.tok.t != tName {
			p.fail()
		}
		arr := p.arrayRef(p.tok.s)
		p.next()
		p.subscripts(arr)
		if p.tok.t == tRparen {
			p.next()
			return &forInStmt{v: v, arr: arr, body: p.loopBody()}
		}
		p.fail()
	}
	s := &forStmt{}
	if p.tok.t != tSemi {
		s.init = p.simpleStmt()
	}
	p.expect(tSemi)
	p.optNewlines()
	if p.tok.t != tSemi {
		s.cond = p.expr()
	}
	p.expect(tSemi)
	p.optNewlines()
	if p.tok.t != tRparen {
		s.post = p.simpleStmt()
	}
	p.expect(tRparen)
	if p.tok.t == tSemi {
		p.next()
		s.body = &blockStmt{}
		return s
	}
	s.body = p.loopBody()
	return s
}

func (p *parser) simpleStmt() stmt {
	switch p.tok.t {
	case tPrint, tPrintf:
		return p.printStmt()
	case tNext:
		p.next()
		return &nextStmt{}
	case tNextfile:
		p.next()
		return &nextfileStmt{}
	case tExit:
		p.next()
		s := &exitStmt{}
		if !p.atStmtEnd() {
			s.e = p.expr()
		}
		return s
	case tReturn:
		if p.fn == nil {
			p.failAt(p.tok, "`return' used outside function context")
		}
		p.next()
		s := &returnStmt{}
		if !p.atStmtEnd() {
			s.e = p.expr()
		}
		return s
	case tBreak, tContinue:
		if p.loops == 0 {
			p.errorf("`%s' is not allowed outside a loop or switch", p.tok.s)
		}
		t := p.tok.t
		p.next()
		if t == tBreak {
			return &breakStmt{}
		}
		return &continueStmt{}
	case tDelete:
		p.next()
		if p.tok.t != tName {
			p.fail()
		}
		arr := p.arrayRef(p.tok.s)
		p.next()
		p.subscripts(arr)
		s := &deleteStmt{arr: arr}
		if n := len(arr.sub); n > 0 {
			// The last subscript names the element to delete.
			s.keys, arr.sub = arr.sub[n-1], arr.sub[:n-1]
		}
		return s
	}
	line := p.tok.line
	return &exprStmt{e: p.expr(), line: line}
}

func (p *parser) atStmtEnd() bool {
	switch p.tok.t {
	case tSemi, tNewline, tRbrace, tEOF:
		return true
	}
	return false
}

func (p *parser) printStmt() stmt {
	s := &printStmt{printf: p.tok.t == tPrintf, line: p.tok.line}
	p.next()
	saved := p.inPrint
	p.inPrint = true
	if !p.atStmtEnd() && p.tok.t != tGt && p.tok.t != tAppend && p.tok.t != tPipe {
		s.args = append(s.args, p.expr())
		for p.tok.t == tComma {
			p.next()
			p.optNewlines()
			s.args = append(s.args, p.expr())
		}
	}
	if len(s.args) == 1 {
		if g, ok := s.args[0].(*groupExpr); ok {
			s.args = g.list
		}
	}
	switch p.tok.t {
	case tGt, tAppend, tPipe:
		s.redir = p.tok.t
		p.next()
		s.dest = p.concat()
	}
	p.inPrint = saved
	if s.printf && len(s.args) == 0 {
		p.fail()
	}
	return s
}
