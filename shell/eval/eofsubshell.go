package eval

import "mvdan.cc/sh/v3/syntax"

// subshellOpen reports whether pe is an unclosed ( of a subshell (not of
// an array assignment): bash reports only the unexpected end of file.
func subshellOpen(text string, pe syntax.ParseError) bool {
	off := int(pe.Pos.Offset())
	return pe.Text == "reached EOF without matching `(` with `)`" &&
		off < len(text) && text[off] == '(' && (off == 0 || text[off-1] != '=')
}
