package eval

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A syntax error inside a compound array assignment (x=(a & b)) does not
// end a bash script outside posix mode: bash reports it, throws away the
// command it was reading up to the end of that input line, sets $? to 1
// and reads on from the next line. discardAssignError finds such an error
// in text (the unfinished command starts after offset done) and returns
// the text with that span blanked, newlines kept so line numbers hold.
func discardAssignError(text string, done int, err error) (string, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete {
		return "", false
	}
	off := int(pe.Pos.Offset())
	start := max(done, 0)
	if off > len(text) || start >= off {
		return "", false
	}
	if !inCompoundAssign(text[start:off]) {
		return "", false
	}
	end := strings.IndexByte(text[off:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += off
	}
	b := []byte(text)
	for i := start; i < end; i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
	return string(b), true
}

// inCompoundAssign reports whether s, the text of a command read so far,
// ends inside the parentheses of NAME=( or NAME+=( or NAME[SUB]=( that
// are still open. Quotes and backslashes are skipped so that a quoted
// paren does not count.
func inCompoundAssign(s string) bool {
	depth, open := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			i++
		case '\'':
			if j := strings.IndexByte(s[i+1:], '\''); j >= 0 {
				i += j + 1
			} else {
				return false
			}
		case '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '(':
			if open {
				depth++
			} else if i > 0 && s[i-1] == '=' && assignLHSBefore(s, i-1) {
				open, depth = true, 0
			}
		case ')':
			if open {
				if depth == 0 {
					open = false
				} else {
					depth--
				}
			}
		}
	}
	return open
}

// assignLHSBefore reports whether the word ending just before s[eq] ('=')
// is an assignment's left side: NAME, NAME+ or NAME[...], at a word start.
func assignLHSBefore(s string, eq int) bool {
	i := eq
	if i > 0 && s[i-1] == '+' {
		i--
	}
	if i > 0 && s[i-1] == ']' {
		j := strings.LastIndexByte(s[:i-1], '[')
		if j < 0 {
			return false
		}
		i = j
	}
	n := i
	for n > 0 && (s[n-1] == '_' || s[n-1] >= 'a' && s[n-1] <= 'z' || s[n-1] >= 'A' && s[n-1] <= 'Z' || s[n-1] >= '0' && s[n-1] <= '9') {
		n--
	}
	if n == i || s[n] >= '0' && s[n] <= '9' {
		return false
	}
	return n == 0 || strings.IndexByte(" \t\n;&|(", s[n-1]) >= 0
}
