package awk

import (
	"github.com/justbash/justbash/commands/internal/locale"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The sandbox's locale is C.UTF-8 unless the environment names another:
// then awk counts characters (length, substr, index, match, printf %c and
// widths, toupper/tolower, empty-separator splits), as gawk does in a
// UTF-8 locale. LC_ALL=C (or POSIX, or any non-UTF-8 locale) makes it
// count bytes and change only ASCII case, as gawk does there.
func utf8Locale(getenv func(string) string) bool { return locale.UTF8(getenv, true) }

// isASCII tells whether s has no multi-byte characters, when byte and
// character counts agree.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// slen is the length of s in characters (bytes in the C locale). An
// invalid byte counts as one character, as in gawk.
func (in *interp) slen(s string) int {
	if !in.utf8 || isASCII(s) {
		return len(s)
	}
	return utf8.RuneCountInString(s)
}

// byteOff converts a character offset of s into a byte offset, clamped to
// len(s).
func (in *interp) byteOff(s string, chars int) int {
	if !in.utf8 || isASCII(s) {
		return min(chars, len(s))
	}
	i := 0
	for n := 0; n < chars && i < len(s); n++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return i
}

// charOff converts a byte offset of s into a character offset.
func (in *interp) charOff(s string, b int) int {
	if !in.utf8 || isASCII(s[:b]) {
		return b
	}
	return utf8.RuneCountInString(s[:b])
}

// mapCase applies f to each character (ASCII letters only in the C
// locale); bytes that are not valid UTF-8 pass through unchanged.
func (in *interp) mapCase(s string, upper bool) string {
	if !in.utf8 || isASCII(s) {
		if upper {
			return asciiUpper(s)
		}
		return asciiLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteByte(s[i])
		} else if upper {
			b.WriteRune(unicode.ToUpper(r))
		} else {
			b.WriteRune(unicode.ToLower(r))
		}
		i += size
	}
	return b.String()
}

// chars splits s into its characters (bytes in the C locale), for FS=""
// and split(s, a, "").
func (in *interp) chars(s string, dst []string) []string {
	if !in.utf8 || isASCII(s) {
		for i := 0; i < len(s); i++ {
			dst = append(dst, s[i:i+1])
		}
		return dst
	}
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		dst = append(dst, s[i:i+size])
		i += size
	}
	return dst
}
