package arith

import "strings"

// The lexer mirrors bash's readtok: tokens are read one at a time, on demand,
// because how a token is read depends on the tokens before it ("++" after a
// name is a post-increment, after a number it is two pluses) and because bash
// reports a bad token only when the parser reaches it, after the work to its
// left is done.

type tok uint8

const (
	tEOF tok = iota
	tNUM
	tSTR
	// Multi-character operators.
	tEQEQ
	tNEQ
	tLEQ
	tGEQ
	tLAND
	tLOR
	tLSH
	tRSH
	tOPASSIGN
	tCOND // never read; set as the last token after a conditional, as bash does
	tPOWER
	tPREINC
	tPREDEC
	tPOSTINC
	tPOSTDEC
	// Single-character operators.
	tEQ
	tGT
	tLT
	tPLUS
	tMINUS
	tMUL
	tDIV
	tMOD
	tNOT
	tLPAR
	tRPAR
	tBAND
	tBOR
	tBXOR
	tBNOT
	tQUES
	tCOL
	tCOMMA
)

var singleTok = [256]tok{
	'=': tEQ, '>': tGT, '<': tLT, '+': tPLUS, '-': tMINUS, '*': tMUL, '/': tDIV,
	'%': tMOD, '!': tNOT, '(': tLPAR, ')': tRPAR, '&': tBAND, '|': tBOR, '^': tBXOR,
	'~': tBNOT, '?': tQUES, ':': tCOL, ',': tCOMMA,
}

// lexer holds bash's token state: cur/last are curtok/lasttok, pos is tp and
// lastPos is lasttp (the start of the last non-EOF token, which is where
// "error token is" begins).
type lexer struct {
	src       string
	pos       int
	lastPos   int
	cur, last tok
	val       int64   // value of a tNUM
	name      string  // name of a tSTR
	sub       *string // subscript of a tSTR, nil for a plain name
	assignOp  tok     // the operator of a tOPASSIGN
	errMsg    string  // set when next fails
	errEnd    int     // when > 0, bash cut the expression here for the message
}

// isSpace is bash's whitespace between tokens: blank, tab and newline, but
// not carriage return.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlnum(c byte) bool { return isAlpha(c) || isDigit(c) }

// next reads the next token. It returns false with errMsg set (and lastPos
// at the offending token) when the text there is not a valid token.
func (l *lexer) next() bool {
	cp := l.pos
	for cp < len(l.src) && isSpace(l.src[cp]) {
		cp++
	}
	if cp >= len(l.src) {
		l.last, l.cur = l.cur, tEOF
		l.pos = cp
		return true
	}
	l.lastPos = cp
	c := l.src[cp]
	switch {
	case isAlpha(c) || c == '_':
		return l.name_(cp)
	case isDigit(c):
		end := cp
		for end < len(l.src) {
			d := l.src[end]
			if !isAlnum(d) && d != '#' && d != '@' && d != '_' {
				break
			}
			end++
		}
		v, msg := parseNumber(l.src[cp:end])
		if msg != "" {
			// bash terminates the text after the number while it
			// converts it, so its message ends there.
			l.errMsg, l.errEnd = msg, end
			return false
		}
		l.val = v
		l.pos = end
		l.last, l.cur = l.cur, tNUM
		return true
	}
	return l.operator(cp)
}

// name_ reads an identifier and its [subscript], if any.
func (l *lexer) name_(cp int) bool {
	start := cp
	for cp < len(l.src) && (isAlnum(l.src[cp]) || l.src[cp] == '_') {
		cp++
	}
	l.name = l.src[start:cp]
	l.sub = nil
	if cp < len(l.src) && l.src[cp] == '[' {
		end := skipSubscript(l.src, cp)
		if end < 0 {
			l.errMsg = "bad array subscript"
			return false
		}
		s := l.src[cp+1 : end]
		l.sub = &s
		cp = end + 1
	}
	l.pos = cp
	l.last, l.cur = l.cur, tSTR
	return true
}

// skipSubscript returns the index of the ']' closing the '[' at open, or -1.
// Brackets nest, a backslash hides the next character and single quotes
// hide what they enclose: the caller has removed the expression's quoting
// but not a subscript's, whose key is the Env's business (A['x]']).
func skipSubscript(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return -1
			}
			i += 1 + j
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// operator reads an operator token starting at cp.
func (l *lexer) operator(cp int) bool {
	src := l.src
	c := src[cp]
	var c1 byte
	if cp+1 < len(src) {
		c1 = src[cp+1]
	}
	at := func(i int) byte {
		if i < len(src) {
			return src[i]
		}
		return 0
	}
	t, n := singleTok[c], 1
	switch {
	case c == '=' && c1 == '=':
		t, n = tEQEQ, 2
	case c == '!' && c1 == '=':
		t, n = tNEQ, 2
	case c == '>' && c1 == '=':
		t, n = tGEQ, 2
	case c == '<' && c1 == '=':
		t, n = tLEQ, 2
	case c == '<' && c1 == '<', c == '>' && c1 == '>':
		t, n = tLSH, 2
		if c == '>' {
			t = tRSH
		}
		if at(cp+2) == '=' {
			l.assignOp, t, n = t, tOPASSIGN, 3
		}
	case c == '&' && c1 == '&':
		t, n = tLAND, 2
	case c == '|' && c1 == '|':
		t, n = tLOR, 2
	case c == '*' && c1 == '*':
		t, n = tPOWER, 2
	case (c == '-' || c == '+') && c1 == c && l.cur == tSTR:
		t, n = tPOSTINC, 2
		if c == '-' {
			t = tPOSTDEC
		}
	case (c == '-' || c == '+') && c1 == c && l.cur == tNUM && (l.last == tPREINC || l.last == tPREDEC):
		// Something like --x++: bash refuses it here.
		l.errMsg = string([]byte{c, c}) + ": assignment requires lvalue"
		return false
	case (c == '-' || c == '+') && c1 == c:
		// A pre-increment only when a name follows; else unary signs.
		xp := cp + 2
		for xp < len(src) && isSpace(src[xp]) {
			xp++
		}
		if xp < len(src) && (isAlpha(src[xp]) || src[xp] == '_') {
			t, n = tPREINC, 2
			if c == '-' {
				t = tPREDEC
			}
		}
	case c1 == '=' && (c == '*' || c == '/' || c == '%' || c == '+' || c == '-' || c == '&' || c == '^' || c == '|'):
		l.assignOp, t, n = singleTok[c], tOPASSIGN, 2
	case t == tEOF:
		// Not an operator character at all.
		if l.cur == tNUM || l.cur == tSTR {
			l.errMsg = "syntax error: invalid arithmetic operator"
		} else {
			l.errMsg = "syntax error: operand expected"
		}
		return false
	}
	l.pos = cp + n
	l.last, l.cur = l.cur, t
	return true
}
