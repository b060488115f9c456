package eval

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash reads NAME=(...) as an assignment word in the arguments of eval
// too (eval foo=() bar=( "x" )), where the parser here only accepts it
// after declare and its kin. evalArrayAt finds such a word at a parse
// error and returns the edit that escapes the blanks and parentheses of
// its parenthesized part: eval receives the assignment expanded as one
// word, as in bash, and reads it again.
func evalArrayAt(text string, done int, err error) (textEdit, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete {
		return textEdit{}, false
	}
	off := int(pe.Pos.Offset())
	if off < 1 || off >= len(text) || text[off] != '(' || text[off-1] != '=' || !assignLHSBefore(text, off-1) {
		return textEdit{}, false
	}
	if !afterEvalWord(text, done, off) {
		return textEdit{}, false
	}
	end := listEnd(text, off)
	if end < 0 {
		return textEdit{}, false
	}
	return textEdit{off, end - off, escapeBlanks(text[off:end])}, true
}

// escapeBlanks backslash-escapes the blanks and operator characters of s
// that stand outside quotes and expansions, so that s reads as one word
// whose expansion is the text bash gives eval (expanded, quotes removed,
// and read again by eval).
func escapeBlanks(s string) string {
	var b strings.Builder
	depth := 0 // inside ${ } or $( )
	inDQ := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			b.WriteString(s[i : i+2])
			i++
			continue
		case c == '"' && depth == 0:
			inDQ = !inDQ
		case inDQ && !(c == '$' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '(')) && !(depth > 0 && (c == '}' || c == ')')):
		case c == '\'' && depth == 0:
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				j = len(s) - i - 1
			}
			b.WriteString(s[i : i+j+2])
			i += j + 1
			continue
		case c == '$' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '('):
			depth++
			b.WriteString(s[i : i+2])
			i++
			continue
		case depth > 0 && (c == '}' || c == ')'):
			depth--
		case depth == 0 && strings.IndexByte(" \t()<>;&|", c) >= 0:
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// afterEvalWord reports whether the word holding text[off] is an
// argument of a simple command named eval: the first word after the
// last command separator before it.
func afterEvalWord(text string, done, off int) bool {
	start := max(done+1, 0)
	for i := start; i < off; i++ {
		switch c := text[i]; c {
		case '\\':
			i++
		case '\'', '"':
			j := strings.IndexByte(text[i+1:off], c)
			if j < 0 {
				return false
			}
			i += j + 1
		case ';', '&', '|', '\n', '(', ')', '{', '}':
			start = i + 1
		}
	}
	fields := strings.Fields(text[start:off])
	return len(fields) >= 2 && fields[0] == "eval"
}
