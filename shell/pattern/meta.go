package pattern

import (
	"slices"
	"strings"
)

// metaChars are the characters QuoteMeta escapes: every one that is
// special somewhere in a pattern, extglob's included.
// & is not a wildcard, but quoting it keeps a quoted & literal in the
// replacement of ${x/p/r} (patsub_replacement).
const metaChars = `*?[]\()|+@!&`

// QuoteMeta returns pattern text matching exactly s.
func QuoteMeta(s string) string {
	if !strings.ContainsAny(s, metaChars) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(metaChars, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// HasMeta reports whether pat holds an unescaped wildcard: * or ?, a
// bracket expression that is closed, or under ExtGlob an extglob group
// opener. A pattern without one matches only its unescaped text, and bash
// leaves such a word alone in pathname expansion.
func HasMeta(pat string, mode Mode) bool { return HasGlobMeta(pat, mode, nil) }

// HasGlobMeta is HasMeta for a word whose quoted slashes are at the
// offsets quotedSlash (ascending) of pat: under Pathname only an unquoted
// '/' voids a bracket expression, as bash reads "[a"/"b]" as a pattern.
func HasGlobMeta(pat string, mode Mode, quotedSlash []int) bool {
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; c {
		case '\\':
			i++
		case '*', '?':
			return true
		case '[':
			// Under Pathname a bracket expression holding an unescaped
			// '/' is no bracket expression (POSIX 2.13.3), so [a/b] is
			// a plain word that nullglob keeps.
			if _, next, ok := parseClass(pat, i, len(pat), false); ok && (mode&Pathname == 0 || !unescapedSlash(pat, i, next, quotedSlash)) {
				return true
			}
		case '+', '@', '!':
			if mode&ExtGlob != 0 && i+1 < len(pat) && pat[i+1] == '(' {
				return true
			}
		}
	}
	return false
}

// Unescape removes the pattern escapes from pat: the text a pattern
// without meta characters matches.
func Unescape(pat string) string {
	if !strings.Contains(pat, `\`) {
		return pat
	}
	var b strings.Builder
	b.Grow(len(pat))
	for i := 0; i < len(pat); i++ {
		if pat[i] == '\\' && i+1 < len(pat) {
			i++
		}
		b.WriteByte(pat[i])
	}
	return b.String()
}

// unescapedSlash reports whether pat[i:end] holds a '/' neither escaped
// nor at one of the quoted offsets.
func unescapedSlash(pat string, i, end int, quoted []int) bool {
	for ; i < end; i++ {
		switch pat[i] {
		case '\\':
			i++
		case '/':
			if !slices.Contains(quoted, i) {
				return true
			}
		}
	}
	return false
}
