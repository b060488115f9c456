package awk

import (
	"strconv"
	"strings"
)

// tok is a token kind.
type tok int

const (
	tEOF tok = iota
	tNewline
	tLbrace
	tRbrace
	tLparen
	tRparen
	tLbracket
	tRbracket
	tSemi
	tComma
	tAdd
	tSub
	tMul
	tDiv
	tMod
	tPow
	tAssign
	tAddAssign
	tSubAssign
	tMulAssign
	tDivAssign
	tModAssign
	tPowAssign
	tEq
	tNe
	tLt
	tLe
	tGt
	tGe
	tMatch
	tNoMatch
	tNot
	tAnd
	tOr
	tQuestion
	tColon
	tIncr
	tDecr
	tDollar
	tPipe
	tAppend
	tBegin
	tEnd
	tBeginFile
	tEndFile
	tFunction
	tIf
	tElse
	tWhile
	tFor
	tDo
	tBreak
	tContinue
	tNext
	tNextfile
	tExit
	tReturn
	tDelete
	tIn
	tGetline
	tPrint
	tPrintf
	tName
	tFuncName // a name directly followed by "(" (user function call)
	tNumber
	tString
	tRegex
	tBuiltin
	tIllegal
)

// keywords is built on first use (see tables.go).
func keywordsMap() map[string]tok {
	return map[string]tok{
		"BEGIN": tBegin, "END": tEnd, "BEGINFILE": tBeginFile, "ENDFILE": tEndFile, "function": tFunction, "func": tFunction,
		"if": tIf, "else": tElse, "while": tWhile, "for": tFor, "do": tDo,
		"break": tBreak, "continue": tContinue, "next": tNext, "nextfile": tNextfile,
		"exit": tExit, "return": tReturn, "delete": tDelete, "in": tIn,
		"getline": tGetline, "print": tPrint, "printf": tPrintf,
	}
}

// token is one lexical token with its source line (for error messages).
type token struct {
	t    tok
	s    string  // text: name, string value, regex source, operator text
	n    float64 // number value
	line int
	pos  int // byte offset of the token's start in the source
}

// lexer turns awk source into tokens on demand. The parser asks it to
// re-read a "/" as a regex literal when a primary expression is expected,
// which is how awk tells division from regex.
type lexer struct {
	src     string
	pos     int
	line    int
	lastTok tok
}

func (lx *lexer) next() token {
	t := lx.scan()
	lx.lastTok = t.t
	return t
}

func (lx *lexer) scan() token {
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			lx.pos++
		case c == '\\' && lx.pos+1 < len(lx.src) && lx.src[lx.pos+1] == '\n':
			lx.pos += 2
			lx.line++
		case c == '\\' && strings.HasPrefix(lx.src[lx.pos+1:], "\r\n"):
			lx.pos += 3
			lx.line++
		case c == '#':
			for lx.pos < len(lx.src) && lx.src[lx.pos] != '\n' {
				lx.pos++
			}
		default:
			start := lx.pos
			t := lx.scanToken()
			t.pos = start
			return t
		}
	}
	return token{t: tEOF, line: lx.line, pos: len(lx.src)}
}

func (lx *lexer) scanToken() token {
	start := lx.pos
	c := lx.src[lx.pos]
	lx.pos++
	mk := func(t tok) token { return token{t: t, s: lx.src[start:lx.pos], line: lx.line} }
	if2 := func(next byte, yes, no tok) token {
		if lx.pos < len(lx.src) && lx.src[lx.pos] == next {
			lx.pos++
			return mk(yes)
		}
		return mk(no)
	}
	switch c {
	case '\n':
		t := mk(tNewline)
		lx.line++
		return t
	case '{':
		return mk(tLbrace)
	case '}':
		return mk(tRbrace)
	case '(':
		return mk(tLparen)
	case ')':
		return mk(tRparen)
	case '[':
		return mk(tLbracket)
	case ']':
		return mk(tRbracket)
	case ';':
		return mk(tSemi)
	case ',':
		return mk(tComma)
	case '?':
		return mk(tQuestion)
	case ':':
		return mk(tColon)
	case '$':
		return mk(tDollar)
	case '~':
		return mk(tMatch)
	case '+':
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '+' {
			lx.pos++
			return mk(tIncr)
		}
		return if2('=', tAddAssign, tAdd)
	case '-':
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '-' {
			lx.pos++
			return mk(tDecr)
		}
		return if2('=', tSubAssign, tSub)
	case '*':
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '*' {
			lx.pos++
			return if2('=', tPowAssign, tPow)
		}
		return if2('=', tMulAssign, tMul)
	case '/':
		return if2('=', tDivAssign, tDiv)
	case '%':
		return if2('=', tModAssign, tMod)
	case '^':
		return if2('=', tPowAssign, tPow)
	case '=':
		return if2('=', tEq, tAssign)
	case '!':
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '~' {
			lx.pos++
			return mk(tNoMatch)
		}
		return if2('=', tNe, tNot)
	case '<':
		return if2('=', tLe, tLt)
	case '>':
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '>' {
			lx.pos++
			return mk(tAppend)
		}
		return if2('=', tGe, tGt)
	case '&':
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '&' {
			lx.pos++
			return mk(tAnd)
		}
	case '|':
		return if2('|', tOr, tPipe)
	case '"':
		return lx.scanString(start)
	}
	if c == '.' || (c >= '0' && c <= '9') {
		return lx.scanNumber(start)
	}
	if c == '_' || isAlpha(c) {
		for lx.pos < len(lx.src) && (lx.src[lx.pos] == '_' || isAlpha(lx.src[lx.pos]) || isDigit(lx.src[lx.pos])) {
			lx.pos++
		}
		word := lx.src[start:lx.pos]
		if k, ok := tables().keywords[word]; ok {
			return token{t: k, s: word, line: lx.line}
		}
		if _, ok := tables().builtinNames[word]; ok {
			return token{t: tBuiltin, s: word, line: lx.line}
		}
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '(' {
			return token{t: tFuncName, s: word, line: lx.line}
		}
		return token{t: tName, s: word, line: lx.line}
	}
	return token{t: tIllegal, s: string(c), line: lx.line}
}

func isAlpha(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (lx *lexer) scanNumber(start int) token {
	s := lx.src
	if s[start] == '0' && lx.pos < len(s) && (s[lx.pos] == 'x' || s[lx.pos] == 'X') &&
		lx.pos+1 < len(s) && isHex(s[lx.pos+1]) {
		lx.pos++
		for lx.pos < len(s) && isHex(s[lx.pos]) {
			lx.pos++
		}
		v, _ := strconv.ParseUint(s[start+2:lx.pos], 16, 64)
		return token{t: tNumber, n: float64(v), s: s[start:lx.pos], line: lx.line}
	}
	for lx.pos < len(s) && isDigit(s[lx.pos]) {
		lx.pos++
	}
	if s[start] != '.' && lx.pos < len(s) && s[lx.pos] == '.' {
		lx.pos++
	}
	for lx.pos < len(s) && isDigit(s[lx.pos]) {
		lx.pos++
	}
	if lx.pos < len(s) && (s[lx.pos] == 'e' || s[lx.pos] == 'E') {
		p := lx.pos + 1
		if p < len(s) && (s[p] == '+' || s[p] == '-') {
			p++
		}
		if p < len(s) && isDigit(s[p]) {
			for p < len(s) && isDigit(s[p]) {
				p++
			}
			lx.pos = p
		}
	}
	text := s[start:lx.pos]
	if len(text) > 1 && text[0] == '0' && isOctal(text) {
		v, _ := strconv.ParseUint(text[1:], 8, 64)
		return token{t: tNumber, n: float64(v), s: text, line: lx.line}
	}
	if text == "." {
		return token{t: tIllegal, s: text, line: lx.line}
	}
	v, _ := strconv.ParseFloat(text, 64)
	return token{t: tNumber, n: v, s: text, line: lx.line}
}

func isHex(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// scanString reads a "..." literal, decoding escapes the way gawk does: an
// unknown escape such as \. keeps just the character.
func (lx *lexer) scanString(start int) token {
	var b strings.Builder
	s := lx.src
	for {
		if lx.pos >= len(s) || s[lx.pos] == '\n' {
			return token{t: tIllegal, s: s[start:lx.pos], line: lx.line}
		}
		c := s[lx.pos]
		lx.pos++
		if c == '"' {
			break
		}
		if c != '\\' || lx.pos >= len(s) {
			b.WriteByte(c)
			continue
		}
		e := s[lx.pos]
		lx.pos++
		switch e {
		case '\n':
			lx.line++
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'f':
			b.WriteByte(12)
		case 'v':
			b.WriteByte(11)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := int(e - '0')
			for i := 0; i < 2 && lx.pos < len(s) && s[lx.pos] >= '0' && s[lx.pos] <= '7'; i++ {
				v = v*8 + int(s[lx.pos]-'0')
				lx.pos++
			}
			b.WriteByte(byte(v))
		case 'x':
			v, n := 0, 0
			for n < 2 && lx.pos < len(s) && isHex(s[lx.pos]) {
				v = v*16 + hexVal(s[lx.pos])
				lx.pos++
				n++
			}
			if n == 0 {
				b.WriteString("\\x")
			} else {
				b.WriteByte(byte(v))
			}
		default:
			b.WriteByte(e)
		}
	}
	return token{t: tString, s: b.String(), line: lx.line}
}

func hexVal(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	default:
		return int(c-'A') + 10
	}
}

// scanRegex reads a regex literal whose opening "/" has been consumed
// (prefix is "=" when the lexer had read "/=").
func (lx *lexer) scanRegex(prefix string) (token, bool) {
	var b strings.Builder
	b.WriteString(prefix)
	s := lx.src
	inBracket := false
	for {
		if lx.pos >= len(s) || s[lx.pos] == '\n' {
			return token{t: tIllegal, s: "/" + b.String(), line: lx.line}, false
		}
		c := s[lx.pos]
		lx.pos++
		switch {
		case c == '\\' && lx.pos < len(s):
			if s[lx.pos] == '/' {
				b.WriteByte('/')
			} else if s[lx.pos] == '\n' {
				lx.line++
			} else {
				b.WriteByte('\\')
				b.WriteByte(s[lx.pos])
			}
			lx.pos++
			continue
		case c == '[' && !inBracket:
			inBracket = true
			b.WriteByte(c)
			// A "]" right after "[" or "[^" is a literal member.
			if lx.pos < len(s) && s[lx.pos] == '^' {
				b.WriteByte('^')
				lx.pos++
			}
			if lx.pos < len(s) && s[lx.pos] == ']' {
				b.WriteByte(']')
				lx.pos++
			}
			continue
		case c == '[' && inBracket && lx.pos < len(s) && (s[lx.pos] == ':' || s[lx.pos] == '.' || s[lx.pos] == '='):
			// character class like [:alpha:] inside a bracket
			end := strings.Index(s[lx.pos+1:], string(s[lx.pos])+"]")
			if end >= 0 {
				b.WriteString(s[lx.pos-1 : lx.pos+1+end+2])
				lx.pos += end + 3
				continue
			}
		case c == ']' && inBracket:
			inBracket = false
		case c == '/' && !inBracket:
			return token{t: tRegex, s: b.String(), line: lx.line}, true
		}
		b.WriteByte(c)
	}
}

// isOctal reports whether a source number like 017 is an octal literal
// (gawk reads 018 as decimal).
func isOctal(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return false
		}
	}
	return true
}
