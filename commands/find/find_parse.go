package find

import (
	"fmt"
	"strconv"
	"strings"
)

// findExpr is a node of a find expression.
type findExpr interface {
	eval(w *findWalk, e *findEntry) bool
}

type findPred func(w *findWalk, e *findEntry) bool

func (f findPred) eval(w *findWalk, e *findEntry) bool { return f(w, e) }

type findAnd struct{ l, r findExpr }
type findOr struct{ l, r findExpr }
type findNot struct{ x findExpr }
type findComma struct{ l, r findExpr }

func (a findAnd) eval(w *findWalk, e *findEntry) bool {
	return a.l.eval(w, e) && !w.quit && a.r.eval(w, e)
}
func (o findOr) eval(w *findWalk, e *findEntry) bool    { return o.l.eval(w, e) || o.r.eval(w, e) }
func (n findNot) eval(w *findWalk, e *findEntry) bool   { return !n.x.eval(w, e) }
func (c findComma) eval(w *findWalk, e *findEntry) bool { c.l.eval(w, e); return c.r.eval(w, e) }

// findParser is a recursive-descent parser over the expression tokens,
// with GNU precedence: ( ) > ! > -a (implicit) > -o > ,.
type findParser struct {
	w         *findWalk
	toks      []string
	pos       int
	hasAction bool
	err       string
	// noStarts: no start point was given, so a stray word may be a
	// pattern the shell expanded; GNU then hints at it.
	noStarts bool
}

// strayWord is GNU's error for a word where a predicate should be: with
// no start point given and the word right after a predicate's argument,
// it adds "possible unquoted pattern after predicate".
func (p *findParser) strayWord(t string, at int) string {
	msg := fmt.Sprintf("paths must precede expression: `%s'", t)
	if p.noStarts && at >= 2 && strings.HasPrefix(p.toks[at-2], "-") && !strings.HasPrefix(p.toks[at-1], "-") {
		msg += fmt.Sprintf("\n%s: possible unquoted pattern after predicate `%s'?", p.w.c.Name(), p.toks[at-2])
	}
	return msg
}

func (p *findParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *findParser) more() bool { return p.pos < len(p.toks) }

func (p *findParser) parseTop() (findExpr, string) {
	var e findExpr = findPred(func(*findWalk, *findEntry) bool { return true })
	if p.more() {
		e = p.parseComma()
		if p.err == "" && p.more() {
			if p.peek() == ")" {
				p.err = "invalid expression; you have too many ')'"
			} else {
				p.err = fmt.Sprintf("paths must precede expression: '%s'", p.peek())
			}
		}
	}
	if p.err != "" {
		return nil, p.err
	}
	if !p.hasAction {
		e = findAnd{e, findPred(func(w *findWalk, e *findEntry) bool { return w.print(e, "\n") })}
	}
	return e, ""
}

func (p *findParser) parseComma() findExpr {
	l := p.parseOr()
	for p.err == "" && p.peek() == "," {
		p.pos++
		l = findComma{l, p.parseOr()}
	}
	return l
}

func (p *findParser) parseOr() findExpr {
	l := p.parseAnd()
	for p.err == "" && (p.peek() == "-o" || p.peek() == "-or") {
		op := p.peek()
		p.pos++
		if !p.more() || p.peek() == ")" {
			p.err = fmt.Sprintf("invalid expression; you have used a binary operator '%s' with nothing after it.", op)
			return l
		}
		l = findOr{l, p.parseAnd()}
	}
	return l
}

func (p *findParser) parseAnd() findExpr {
	l := p.parseUnary()
	for p.err == "" && p.more() {
		switch t := p.peek(); t {
		case "-o", "-or", ")", ",":
			return l
		case "-a", "-and":
			p.pos++
			if !p.more() {
				p.err = fmt.Sprintf("invalid expression; you have used a binary operator '%s' with nothing after it.", t)
				return l
			}
		}
		l = findAnd{l, p.parseUnary()}
	}
	return l
}

func (p *findParser) parseUnary() findExpr {
	if p.err != "" {
		return nil
	}
	t := p.peek()
	switch t {
	case "!", "-not":
		p.pos++
		if !p.more() {
			p.err = fmt.Sprintf("invalid expression; you have used a binary operator '%s' with nothing after it.", t)
			return nil
		}
		return findNot{p.parseUnary()}
	case "(":
		p.pos++
		if p.peek() == ")" {
			p.err = "invalid expression; empty parentheses are not allowed."
			return nil
		}
		e := p.parseComma()
		if p.err == "" && p.peek() != ")" {
			p.err = "invalid expression; I was expecting to find a ')' somewhere but did not see one."
			return nil
		}
		p.pos++
		return e
	case "-o", "-or", "-a", "-and", ",":
		p.err = fmt.Sprintf("invalid expression; you have used a binary operator '%s' with nothing before it.", t)
		return nil
	case ")":
		p.err = "invalid expression; you have too many ')'"
		return nil
	}
	p.pos++
	return p.primary(t)
}

// arg consumes the argument of primary name.
func (p *findParser) arg(name string) (string, bool) {
	if !p.more() {
		p.err = fmt.Sprintf("missing argument to `%s'", name)
		return "", false
	}
	a := p.peek()
	p.pos++
	return a, true
}

// findNum is a numeric test argument: +n (greater), -n (less) or n.
type findNum struct {
	cmp byte
	n   int64
}

func (f findNum) match(v int64) bool {
	switch f.cmp {
	case '+':
		return v > f.n
	case '-':
		return v < f.n
	}
	return v == f.n
}

func (p *findParser) num(name, a string) (findNum, bool) {
	var f findNum
	s := a
	if s != "" && (s[0] == '+' || s[0] == '-') {
		f.cmp, s = s[0], s[1:]
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") {
		p.err = fmt.Sprintf("invalid argument `%s' to `%s'", a, name)
		return f, false
	}
	f.n = n
	return f, true
}
