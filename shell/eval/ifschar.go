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

// bashUTF8 encodes code point n as bash's \u and \U escapes do in a UTF-8
// locale: with the original, six-byte UTF-8 scheme, which also encodes
// surrogates and values past U+10FFFF up to 0x7FFFFFFF; anything larger
// encodes to nothing.
func bashUTF8(n uint64) string {
	switch {
	case n < 0x80:
		return string([]byte{byte(n)})
	case n > 0x7fffffff:
		return ""
	}
	// Continuation bytes needed, and the lead byte's marker bits.
	var extra int
	var lead byte
	switch {
	case n < 0x800:
		extra, lead = 1, 0xc0
	case n < 0x10000:
		extra, lead = 2, 0xe0
	case n < 0x200000:
		extra, lead = 3, 0xf0
	case n < 0x4000000:
		extra, lead = 4, 0xf8
	default:
		extra, lead = 5, 0xfc
	}
	b := make([]byte, extra+1)
	for i := extra; i > 0; i-- {
		b[i] = 0x80 | byte(n&0x3f)
		n >>= 6
	}
	b[0] = lead | byte(n)
	return string(b)
}
