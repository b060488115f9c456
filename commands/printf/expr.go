package printf

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/gnure"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode/utf8"
)

const exprHelp = "Usage: expr EXPRESSION\n  or:  expr OPTION\nPrint the value of EXPRESSION to standard output.\n  ARG1 | ARG2, ARG1 & ARG2, ARG1 < <= = == != >= > ARG2,\n  ARG1 + - * / % ARG2, STRING : REGEXP, match STRING REGEXP,\n  substr STRING POS LENGTH, index STRING CHARS, length STRING, + TOKEN, ( EXPRESSION )\nExit status is 0 if EXPRESSION is neither null nor 0, 1 if it is, 2 if it is\nsyntactically invalid, and 3 if an error occurred.\n"

// exprParser evaluates while parsing, following expr's grammar from
// lowest precedence (|) to highest (: and the keyword functions).
type exprParser struct {
	args []string
	pos  int
	err  string
	code int
}

func runExpr(ctx context.Context, c *commands.Context) int {
	args := c.Args[1:]
	if len(args) == 1 && args[0] == "--help" {
		fmt.Fprint(c.Stdout, exprHelp)
		return 0
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return opts.UsageError(c, 2, "missing operand")
	}
	p := &exprParser{args: args}
	v := p.or()
	if p.err == "" && p.pos < len(args) {
		p.fail(2, "syntax error: unexpected argument '%s'", args[p.pos])
	}
	if p.err != "" {
		c.Errorf("%s", p.err)
		return p.code
	}
	fmt.Fprintln(c.Stdout, v)
	if exprNull(v) {
		return 1
	}
	return 0
}

func exprNull(v string) bool {
	if v == "" {
		return true
	}
	n, ok := exprInt(v)
	return ok && n.Sign() == 0
}

func exprInt(s string) (*big.Int, bool) {
	t := strings.TrimPrefix(s, "-")
	if t == "" || strings.Trim(t, "0123456789") != "" {
		return nil, false
	}
	n, ok := new(big.Int).SetString(s, 10)
	return n, ok
}

func (p *exprParser) fail(code int, format string, a ...any) {
	if p.err == "" {
		p.err, p.code = fmt.Sprintf(format, a...), code
	}
}

func (p *exprParser) peek() string {
	if p.pos < len(p.args) {
		return p.args[p.pos]
	}
	return "\x00"
}

func (p *exprParser) or() string {
	l := p.and()
	for p.err == "" && p.peek() == "|" {
		p.pos++
		r := p.and()
		if exprNull(l) {
			l = r
			if exprNull(r) {
				l = "0"
			}
		}
	}
	return l
}

func (p *exprParser) and() string {
	l := p.cmp()
	for p.err == "" && p.peek() == "&" {
		p.pos++
		r := p.cmp()
		if exprNull(l) || exprNull(r) {
			l = "0"
		}
	}
	return l
}

func (p *exprParser) cmp() string {
	l := p.add()
	for p.err == "" {
		op := p.peek()
		switch op {
		case "<", "<=", "=", "==", "!=", ">=", ">":
		default:
			return l
		}
		p.pos++
		r := p.add()
		var c int
		a, ok1 := exprInt(l)
		b, ok2 := exprInt(r)
		if ok1 && ok2 {
			c = a.Cmp(b)
		} else {
			c = strings.Compare(l, r)
		}
		res := map[string]bool{"<": c < 0, "<=": c <= 0, "=": c == 0, "==": c == 0, "!=": c != 0, ">=": c >= 0, ">": c > 0}[op]
		l = "0"
		if res {
			l = "1"
		}
	}
	return l
}

func (p *exprParser) add() string {
	l := p.mul()
	for p.err == "" && (p.peek() == "+" || p.peek() == "-") {
		op := p.peek()
		p.pos++
		r := p.mul()
		l = p.arith(op, l, r)
	}
	return l
}

func (p *exprParser) mul() string {
	l := p.match()
	for p.err == "" && (p.peek() == "*" || p.peek() == "/" || p.peek() == "%") {
		op := p.peek()
		p.pos++
		r := p.match()
		l = p.arith(op, l, r)
	}
	return l
}

func (p *exprParser) arith(op, l, r string) string {
	if p.err != "" {
		return ""
	}
	a, ok1 := exprInt(l)
	b, ok2 := exprInt(r)
	if !ok1 || !ok2 {
		p.fail(2, "non-integer argument")
		return ""
	}
	z := new(big.Int)
	switch op {
	case "+":
		z.Add(a, b)
	case "-":
		z.Sub(a, b)
	case "*":
		z.Mul(a, b)
	case "/", "%":
		if b.Sign() == 0 {
			p.fail(2, "division by zero")
			return ""
		}
		// expr truncates toward zero, as C does.
		if op == "/" {
			z.Quo(a, b)
		} else {
			z.Rem(a, b)
		}
	}
	return z.String()
}

func (p *exprParser) match() string {
	l := p.primary()
	for p.err == "" && p.peek() == ":" {
		p.pos++
		l = p.regexMatch(l, p.primary())
	}
	return l
}

// regexMatch is STRING : REGEX, an anchored basic regular expression:
// the \(...\) group's text, or the length of the match.
func (p *exprParser) regexMatch(s, pat string) string {
	if p.err != "" {
		return ""
	}
	re, err := regexp.Compile("^(?:" + gnure.FromEmacs(pat, true) + ")")
	if err != nil {
		p.fail(2, "%s", gnure.RegcompMessage(pat, err))
		return ""
	}
	m := re.FindStringSubmatchIndex(s)
	if re.NumSubexp() > 0 {
		if m == nil || m[2] < 0 {
			return ""
		}
		return s[m[2]:m[3]]
	}
	if m == nil {
		return "0"
	}
	return fmt.Sprint(utf8.RuneCountInString(s[:m[1]]))
}

func (p *exprParser) next() (string, bool) {
	if p.pos >= len(p.args) {
		if p.pos > 0 {
			p.fail(2, "syntax error: missing argument after '%s'", p.args[p.pos-1])
		} else {
			p.fail(2, "syntax error")
		}
		return "", false
	}
	p.pos++
	return p.args[p.pos-1], true
}

func (p *exprParser) primary() string {
	t, ok := p.next()
	if !ok {
		return ""
	}
	switch t {
	case "(":
		v := p.or()
		if p.err == "" {
			if p.peek() != ")" {
				p.fail(2, "syntax error: expecting ')' after '%s'", p.args[p.pos-1])
				return ""
			}
			p.pos++
		}
		return v
	case "+":
		v, _ := p.next()
		return v
	case "length":
		v, _ := p.next()
		return fmt.Sprint(utf8.RuneCountInString(v))
	case "match":
		s, _ := p.next()
		r, _ := p.next()
		return p.regexMatch(s, r)
	case "index":
		s, _ := p.next()
		chars, _ := p.next()
		for i, r := range []rune(s) {
			if strings.ContainsRune(chars, r) {
				return fmt.Sprint(i + 1)
			}
		}
		return "0"
	case "substr":
		return p.substr()
	}
	return t
}

func (p *exprParser) substr() string {
	s, _ := p.next()
	ps, _ := p.next()
	ls, _ := p.next()
	if p.err != "" {
		return ""
	}
	rs := []rune(s)
	pos, ok1 := exprInt(ps)
	n, ok2 := exprInt(ls)
	if !ok1 || !ok2 || !pos.IsInt64() || !n.IsInt64() {
		return ""
	}
	i, l := pos.Int64(), n.Int64()
	if i < 1 || l < 1 || i > int64(len(rs)) {
		return ""
	}
	end := min(int64(len(rs)), i-1+l)
	return string(rs[i-1 : end])
}
