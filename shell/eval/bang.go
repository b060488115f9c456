package eval

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash reads `! ! cmd` (any number of !): each ! negates the status once,
// and the pipeline is exempt from set -e. mvdan/sh's parser refuses a
// second !, so the reader blanks it in the text it parses and counts it
// against the first; the statement negates once per ! when it runs.

// blankBang handles the parser's "cannot negate a command multiple
// times", reported at the first ! of a chain: it returns the text with the
// next ! blanked and the offset of the first.
func blankBang(text string, err error) (string, int, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete {
		return "", 0, false
	}
	first := int(pe.Pos.Offset())
	if first >= len(text) || text[first] != '!' {
		return "", 0, false
	}
	i := first + 1
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i == first+1 || i >= len(text) || text[i] != '!' || i+1 < len(text) && !isBlankOrEnd(text[i+1]) {
		return "", 0, false
	}
	return text[:i] + " " + text[i+1:], first, true
}

func isBlankOrEnd(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// negations is how many times a negated statement at pos inverts its
// status: its own ! and those blanked after it.
func (r *Runner) negations(pos syntax.Pos) int {
	if r.src == nil || r.src.extraBang == nil {
		return 1
	}
	return 1 + r.src.extraBang[int(pos.Offset())]
}

// loneBangAt reports where the parser refused a ! with no command after
// it (`!;`, `true && !`): bash runs that as a negated empty command,
// status 1. The reader inserts a null command (:) after it, in the text
// it parses and in the source, as it does for aliases.
func loneBangAt(text string, err error) (int, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete {
		return 0, false
	}
	at := int(pe.Pos.Offset())
	if at >= len(text) || text[at] != '!' {
		return 0, false
	}
	i := at + 1
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i < len(text) && strings.IndexByte(";&|\n", text[i]) < 0 {
		return 0, false // `( ! )` stays an error, as in bash
	}
	// Only a pipeline may start with !: after a single | it is an error.
	j := at - 1
	for j >= 0 && (text[j] == ' ' || text[j] == '\t') {
		j--
	}
	if j >= 0 && text[j] == '|' && (j == 0 || text[j-1] != '|') {
		return 0, false
	}
	return at + 1, true
}
