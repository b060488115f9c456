package eval

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// invalidDeclNameAt finds a declaration builtin's operand the parser
// refused as an assignment to an invalid name (declare 1v=3, export a-b=1).
// bash reads such a word as a plain operand and reports it when the
// builtin runs ("`1v=3': not a valid identifier"); the reader puts an
// empty "" before it, which makes it a plain word with the same value.
func invalidDeclNameAt(text string, err error) (int, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete || pe.Text != "invalid var name" {
		return 0, false
	}
	at := int(pe.Pos.Offset())
	if at <= 0 || at >= len(text) || text[at-1] != ' ' && text[at-1] != '\t' {
		return 0, false
	}
	if end := strings.IndexAny(text[at:], " \t\n;&|"); end >= 0 && strings.Contains(text[at:at+end], "=(") || end < 0 && strings.Contains(text[at:], "=(") {
		return 0, false // x=(...) stays the syntax error bash reports
	}
	return at, true
}
