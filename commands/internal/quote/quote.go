package quote

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ShellQuote quotes s so bash reads it back as one word, the way bash's
// printf %q does: backslashes before special characters, or $'...' when s
// holds control characters or invalid UTF-8.
func ShellQuote(s string) string {
	if s == "" {
		return "''"
	}
	for i, r := range s {
		if (r == utf8.RuneError && !validRuneAt(s, i)) || r < 0x20 || r == 0x7f || (r >= 0x80 && !unicode.IsPrint(r)) {
			return ansiQuote(s)
		}
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case strings.ContainsRune(" '\"\\|&;()<>!{}*[?]^$`,", r):
			b.WriteByte('\\')
		case (r == '~' || r == '#') && i == 0:
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func validRuneAt(s string, i int) bool {
	r, n := utf8.DecodeRuneInString(s[i:])
	return !(r == utf8.RuneError && n <= 1)
}

// ansiQuote renders s as $'...' with C escapes.
func ansiQuote(s string) string {
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			fmt.Fprintf(&b, "\\%03o", s[i])
			i++
			continue
		}
		i += n
		switch r {
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case 27:
			b.WriteString(`\E`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\v':
			b.WriteString(`\v`)
		case '\\':
			b.WriteString(`\\`)
		case '\'':
			b.WriteString(`\'`)
		default:
			if r < 0x20 || r == 0x7f || (r >= 0x80 && !unicode.IsPrint(r)) {
				for _, c := range []byte(string(r)) {
					fmt.Fprintf(&b, "\\%03o", c)
				}
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('\'')
	return b.String()
}
