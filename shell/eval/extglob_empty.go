package eval

import (
	"errors"

	"mvdan.cc/sh/v3/syntax"
)

// emptyGroupAt finds an empty extended glob group, +() @() ?() *() !(),
// where the parser failed: bash accepts it (an empty pattern), mvdan/sh
// refuses it. The reader makes it +(|) (the same patterns) in the text
// it parses and in the source, and notes the offset of the inserted | so
// the evaluator reads the group as empty again (+()x stays +()x).
func emptyGroupAt(text string, err error) (int, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete {
		return 0, false
	}
	at := int(pe.Pos.Offset())
	if at < 1 || at+1 >= len(text) || text[at] != '(' || text[at+1] != ')' || !isExtOpByte(text[at-1]) {
		return 0, false
	}
	return at + 1, true
}

func isExtOpByte(c byte) bool {
	return c == '?' || c == '*' || c == '+' || c == '@' || c == '!'
}

// emptyGroup reports a group the reader filled in (emptyGroupAt).
func (r *Runner) emptyGroup(g *syntax.ExtGlob) bool {
	return r.src != nil && g.Pattern != nil && g.Pattern.Value == "|" && r.src.emptyGroups[int(g.Pattern.Pos().Offset())]
}
