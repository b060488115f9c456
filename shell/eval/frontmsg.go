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

// followToken is bash's token for the parser's "`X` must be followed by
// a statement list" (X one of ( { do then else ...) and "`function` must
// be followed by a name", with its offset: the token after X, which
// bash's grammar cannot take there. After a statement list's opener that
// is the next token past blanks, newlines and comments (bash reports
// "done" on its own line for an empty loop body); after "function" the
// next one on the line.
func followToken(text string, pe syntax.ParseError) (string, int) {
	off := int(pe.Pos.Offset())
	if off >= len(text) || !strings.HasPrefix(pe.Text, "`") {
		return "", 0
	}
	lead, rest, ok := strings.Cut(pe.Text[1:], "` must be followed by ")
	if !ok || !strings.HasPrefix(text[off:], lead) {
		return "", 0
	}
	i := skipBlanks(text, off+len(lead))
	switch {
	case rest == "a statement list":
		i = skipBlankLines(text, i)
	case lead != "function":
		return "", 0
	}
	return tokenAt(text, i), i
}

// skipBlankLines skips blanks, newlines and comments from i.
func skipBlankLines(text string, i int) int {
	for i < len(text) {
		switch text[i] {
		case ' ', '\t', '\n':
			i++
		case '#':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				return len(text)
			}
			i += end
		default:
			return i
		}
	}
	return i
}

// skipBlanks is the offset of the first byte at or after i that is not
// a space or tab.
func skipBlanks(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return min(i, len(text))
}
