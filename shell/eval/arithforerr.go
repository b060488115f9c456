package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// arithForError is bash's report of a for (( )) whose text does not hold
// exactly three expressions separated by ;: "arithmetic expression
// required" with fewer, "`;' unexpected" with more, then the (( ))
// itself. The parser stops at the missing or extra ; (its messages
// below); ok is false for any other error.
func arithForError(text string, pe syntax.ParseError) (msg, shown string, ok bool) {
	if pe.Text != "`expr` must be followed by `;`" && pe.Text != "not a valid arithmetic operator: `;`" {
		return "", "", false
	}
	off := min(int(pe.Pos.Offset()), len(text))
	open := strings.LastIndex(text[:off], "((")
	if open < 0 || !strings.HasSuffix(strings.TrimRight(text[:open], " \t"), "for") {
		return "", "", false
	}
	end, semis := arithForSpan(text, open+2)
	if end < 0 || semis == 2 {
		return "", "", false
	}
	msg = "syntax error: arithmetic expression required"
	if semis > 2 {
		msg = "syntax error: `;' unexpected"
	}
	return msg, "syntax error: `" + text[open:end+2] + "'", true
}

// arithForSpan finds the )) closing a for (( whose text starts at from,
// counting the ; outside parentheses and quotes; end is -1 when the text
// has no closing )).
func arithForSpan(text string, from int) (end, semis int) {
	depth := 0
	for i := from; i < len(text); i++ {
		switch c := text[i]; c {
		case '\\':
			i++
		case '\'', '"':
			j := strings.IndexByte(text[i+1:], c)
			if j < 0 {
				return -1, 0
			}
			i += j + 1
		case '(':
			depth++
		case ')':
			if depth == 0 {
				if i+1 < len(text) && text[i+1] == ')' {
					return i, semis
				}
				return -1, 0
			}
			depth--
		case ';':
			if depth == 0 {
				semis++
			}
		case '\n':
			return -1, 0
		}
	}
	return -1, 0
}
