package eval

import (
	"strconv"
	"unicode/utf8"
)

// bash prints a string it cannot show as is in $'...' form: in error
// messages naming a command or a directory, in set -x traces, ${x@Q} and
// declare -p. What it cannot show: control characters, DEL, bytes that
// are not valid UTF-8 and the C1 controls U+0080..U+009F. set -x alone
// lets tab and newline through (inside single quotes).

// unprintableAt returns the length of the character at s[i] and whether
// bash would escape it; tabNL says whether tab and newline count.
func unprintableAt(s string, i int, tabNL bool) (int, bool) {
	c := s[i]
	if c < utf8.RuneSelf {
		if c == '\t' || c == '\n' {
			return 1, tabNL
		}
		return 1, c < 0x20 || c == 0x7f
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n <= 1 {
		return 1, true
	}
	return n, r >= 0x80 && r <= 0x9f
}

// needsANSIC reports whether s holds a character bash would escape.
func needsANSIC(s string, tabNL bool) bool {
	for i := 0; i < len(s); {
		n, bad := unprintableAt(s, i, tabNL)
		if bad {
			return true
		}
		i += n
	}
	return false
}

// errName is a name as bash shows it in an error message: $'...' quoted
// when it holds a character that cannot be shown.
func errName(s string) string {
	if needsANSIC(s, true) {
		return shellQuote(s)
	}
	return s
}

// octalBytes writes the bytes of s as \NNN escapes.
func octalBytes(s string) string {
	out := make([]byte, 0, 4*len(s))
	for i := 0; i < len(s); i++ {
		out = append(out, '\\')
		out = append(out, leftPad(strconv.FormatInt(int64(s[i]), 8), 3)...)
	}
	return string(out)
}

// keyNeedsQuotes is bash's test for quoting an associative array key in
// declare -p: a character special to the shell, '~' where a tilde
// expands (first, or after '=' or ':') or '#' first; or one it cannot
// show. x@y, a,b and 1:2 stay bare.
func keyNeedsQuotes(k string) bool {
	if k == "@" {
		// Bare, it would be the subscript meaning every element.
		return true
	}
	for i := 0; i < len(k); i++ {
		switch c := k[i]; c {
		case ' ', '\t', '\n', '\'', '"', '\\', '|', '&', ';', '(', ')', '<', '>', '!', '{', '}', '*', '[', '?', ']', '^', '$', '`':
			return true
		case '~':
			if i == 0 || k[i-1] == '=' || k[i-1] == ':' {
				return true
			}
		case '#':
			if i == 0 {
				return true
			}
		}
	}
	return needsANSIC(k, true)
}
