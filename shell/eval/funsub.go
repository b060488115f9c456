package eval

import (
	"errors"

	"mvdan.cc/sh/v3/syntax"
)

// bash 5.2 has no ${ cmd; } or ${| cmd; } (they came in 5.3; the parser
// reads them as mksh's): "${" followed by a blank, a newline or "|" is a
// parameter expansion bash cannot do, a bad substitution reported when it
// is expanded. Parsed as a command substitution, it fails at run time
// (funsubError); left open (${ x}, no "; }"), the parser fails at its
// "${", and the reader blanks it as blankParam blanks a bad ${...}.

// funsubAt finds the ${ at a parse error and returns the text with that
// expansion blanked to a same-length ${___}, its offset and its text.
func funsubAt(text string, err error) (string, int, string, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		return "", 0, "", false
	}
	at := int(pe.Pos.Offset())
	if at+3 > len(text) || text[at:at+2] != "${" {
		return "", 0, "", false
	}
	switch text[at+2] {
	case ' ', '\t', '\n', '|':
	default:
		return "", 0, "", false
	}
	// bash reads to the matching }, counting nested ${.
	depth := 0
	for i := at + 2; i < len(text); i++ {
		switch {
		case text[i] == '\n':
			return "", 0, "", false // a blank would move lines
		case text[i] == '{' && text[i-1] == '$':
			depth++
		case text[i] == '}':
			if depth > 0 {
				depth--
				continue
			}
			if i-at < 3 {
				return "", 0, "", false
			}
			blank := "${" + repeatByte('_', i-at-2) + "}"
			return text[:at] + blank + text[i+1:], at, text[at : i+1], true
		}
	}
	return "", 0, "", false
}

func repeatByte(c byte, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = c
	}
	return string(b)
}

// funsubError reports a ${ cmd; } the parser read as a bad substitution,
// as bash 5.2 does when it expands it; false if cs is another kind.
func (r *Runner) funsubError(cs *syntax.CmdSubst) bool {
	if !cs.TempFile && !cs.ReplyVar {
		return false
	}
	r.errorf("%s: bad substitution", r.nodeText(cs))
	r.status = 1
	r.abortCommand()
	return true
}
