package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// subshellOpen reports whether pe is an unclosed ( of a subshell (not of
// an array assignment, nor inside a $( ) left open): bash reports only
// the unexpected end of file then.
func subshellOpen(text string, pe syntax.ParseError) bool {
	off := int(pe.Pos.Offset())
	if pe.Text != "reached EOF without matching `(` with `)`" || off >= len(text) || text[off] != '(' {
		return false
	}
	if off > 0 && strings.IndexByte("=$(", text[off-1]) >= 0 {
		return false
	}
	var q posixQuotes
	for line := range strings.SplitAfterSeq(text[:off], "\n") {
		q.rewrite(line)
	}
	return !q.off && !q.inSub()
}
