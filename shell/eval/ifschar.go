package eval

import (
	"strings"
	"unicode/utf8"
)

// Field splitting works on characters, as bash does in a UTF-8 locale:
// a byte of a valid multibyte character is no separator even when IFS
// holds that byte alone (IFS=$'\254' leaves € whole), and a multibyte
// IFS character separates only where the whole character appears.

// ifsCharAt returns the length of the character at s[i] (1 for ASCII
// and for a byte that starts no valid sequence) and whether it is one of
// the characters of ifs.
func ifsCharAt(s string, i int, ifs string) (int, bool) {
	c := s[i]
	if c < utf8.RuneSelf {
		// An ASCII byte is never part of a multibyte character.
		return 1, strings.IndexByte(ifs, c) >= 0
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n <= 1 {
		return 1, ifsHasByte(ifs, c)
	}
	for j := 0; j < len(ifs); {
		q, m := utf8.DecodeRuneInString(ifs[j:])
		if m > 1 && q == r {
			return n, true
		}
		j += m
	}
	return n, false
}

// ifsHasByte reports whether ifs holds c as a character of its own:
// ASCII, or a byte that is not part of a valid multibyte character.
func ifsHasByte(ifs string, c byte) bool {
	for j := 0; j < len(ifs); {
		if ifs[j] < utf8.RuneSelf {
			if ifs[j] == c {
				return true
			}
			j++
			continue
		}
		q, m := utf8.DecodeRuneInString(ifs[j:])
		if q == utf8.RuneError && m <= 1 && ifs[j] == c {
			return true
		}
		j += m
	}
	return false
}
