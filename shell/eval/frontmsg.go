package eval

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Syntax errors mvdan/sh words in its own terms, given bash's token.
//
// The parser reads "function f1 f2 {", "() {", "if() {" and "function {"
// as zsh's multi-name and anonymous functions and refuses them as
// features of another shell; bash refuses them as the token its grammar
// cannot take there. For "( )" the parser names the "(", bash the token
// after it (an empty subshell is a syntax error at its ")").

// langErrorToken is bash's unexpected token for a LangError about
// functions, with the error's offset; ok false for any other error.
func langErrorToken(text string, err error) (tok string, off int, ok bool) {
	var le syntax.LangError
	if !errors.As(err, &le) {
		return "", 0, false
	}
	off = int(le.Pos.Offset())
	if off >= len(text) {
		return "", 0, false
	}
	switch le.Feature {
	case "multi-name functions":
		// function NAME NAME2 ...: bash stops at the second name.
		i := skipBlanks(text, off+len("function"))
		i = skipBlanks(text, i+len(tokenAt(text, i)))
		return tokenAt(text, i), off, true
	case "anonymous functions":
		if strings.HasPrefix(text[off:], "function") {
			// function ( ...: the "("; function { ...: "{" is the
			// name, the token after it is unexpected.
			i := skipBlanks(text, off+len("function"))
			if i < len(text) && text[i] == '(' {
				return "(", off, true
			}
			i = skipBlanks(text, i+len(tokenAt(text, i)))
			return tokenAt(text, i), off, true
		}
		// () { or KEYWORD() {: a subshell that holds nothing.
		if k := strings.IndexByte(text[off:], '('); k >= 0 {
			return tokenAt(text, skipBlanks(text, off+k+1)), off, true
		}
	}
	return "", 0, false
}

// followToken is bash's token for the parser's "`(` must be followed by
// a statement list" and "function must be followed by a name": the one
// after the "(" or the keyword, which bash's grammar cannot take.
func followToken(text string, pe syntax.ParseError) string {
	off := int(pe.Pos.Offset())
	if off >= len(text) {
		return ""
	}
	var lead string
	switch {
	case pe.Text == "`(` must be followed by a statement list":
		lead = "("
	case strings.HasPrefix(pe.Text, "`function` must be followed by"):
		lead = "function"
	}
	if lead == "" || !strings.HasPrefix(text[off:], lead) {
		return ""
	}
	return tokenAt(text, skipBlanks(text, off+len(lead)))
}

// skipBlanks is the offset of the first byte at or after i that is not
// a space or tab.
func skipBlanks(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return min(i, len(text))
}
