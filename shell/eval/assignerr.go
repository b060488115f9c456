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

// eofInCompoundAssign reports whether err is the end of the text inside
// the still open parentheses of a compound array assignment (x=(1 2).
func eofInCompoundAssign(text string, done int, err error) bool {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || !pe.Incomplete {
		return false
	}
	off := int(pe.Pos.Offset())
	start := max(done, 0)
	if off >= len(text) || start > off || text[off] != '(' {
		return false
	}
	return inCompoundAssign(text[start : off+1])
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

// splitDoubleParen re-reads a (( or $(( that is not arithmetic as bash
// does: when the parenthesis that closes the inner ( is not followed at
// once by ), the text is a subshell inside a subshell, ((echo a); echo b),
// or a command substitution starting with a subshell, $((echo a);(echo b)).
// On a parse error at off it finds the nearest such (( after done and
// returns where to insert a blank between the two parentheses.
func splitDoubleParen(text string, done, off int) (int, bool) {
	// The error may point at the (( itself.
	off = min(off+1, len(text)-1)
	for start := off; start >= max(done, 0)+1; start-- {
		if text[start-1] != '(' || text[start] != '(' {
			continue
		}
		if start >= 2 && text[start-2] == '(' {
			continue // the inner pair of (((
		}
		depth, closed := 0, false
		for i := start + 1; i < len(text); i++ {
			if c := text[i]; c == '(' {
				depth++
			} else if c == ')' {
				if depth == 0 {
					if i == start+1 && i+1 < len(text) && text[i+1] == ')' {
						// (()), the null expression: bash reads it as
						// arithmetic, the parser wants (( )).
						return start + 1, true
					}
					closed = i+1 < len(text) && text[i+1] == ')'
					break
				}
				depth--
			}
		}
		if !closed {
			return start, true
		}
	}
	return 0, false
}

// splitParenAt is splitDoubleParen at the position of a parse error.
func splitParenAt(text string, done int, err error) (int, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || len(text) == 0 {
		return 0, false
	}
	off := int(pe.Pos.Offset())
	if pe.Incomplete {
		off = len(text) - 1
	}
	return splitDoubleParen(text, done, off)
}

// quoteSubscriptAt handles a parse error inside the subscript of
// ${NAME[...]} or of an assignment NAME[...]=: bash keeps the subscript as
// text until it expands it (then evaluates it as arithmetic or uses it as
// a key), so anything may stand there (a[foo bar]=1, ${a[(_$-=0)]}) while
// the parser here reads it as an expression. It returns the offsets of
// the [ and ] whose contents are to be read as a double-quoted word.
func quoteSubscriptAt(text string, done int, err error) (int, int, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete {
		return 0, 0, false
	}
	off := min(int(pe.Pos.Offset()), len(text))
	lineStart := strings.LastIndexByte(text[:off], '\n') + 1
	for open := min(off, len(text)-1); open >= max(done, lineStart); open-- {
		if text[open] != '[' || !subscriptOwner(text, open) {
			continue
		}
		close := matchBracket(text, open)
		if close < off || close < 0 {
			continue
		}
		sub := text[open+1 : close]
		// An empty subscript is an error bash reports when it assigns;
		// quoted, it would be a valid key.
		if strings.TrimSpace(sub) == "" || strings.ContainsAny(sub, "\"\\\n`") {
			return 0, 0, false
		}
		return open, close, true
	}
	return 0, 0, false
}

// subscriptOwner reports whether the [ at text[open] follows ${NAME (or
// ${#NAME, ${!NAME) or a NAME at the start of a word (an assignment's
// left side).
func subscriptOwner(text string, open int) bool {
	n := open
	for n > 0 && (text[n-1] == '_' || text[n-1] >= 'a' && text[n-1] <= 'z' || text[n-1] >= 'A' && text[n-1] <= 'Z' || text[n-1] >= '0' && text[n-1] <= '9') {
		n--
	}
	if n == open || text[n] >= '0' && text[n] <= '9' {
		return false
	}
	if n >= 2 && text[n-2:n] == "${" || n >= 3 && (text[n-3:n] == "${#" || text[n-3:n] == "${!") {
		return true
	}
	return n == 0 || strings.IndexByte(" \t\n;&|(", text[n-1]) >= 0
}

// matchBracket finds the ] closing the [ at text[open], counting nested
// brackets, or -1 before the end of the line.
func matchBracket(text string, open int) int {
	depth := 0
	for i := open + 1; i < len(text) && text[i] != '\n'; i++ {
		switch text[i] {
		case '[':
			depth++
		case ']':
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return -1
}
