package quote

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// ShellEscape quotes s the way gnulib's "shell-escape" style does (xargs
// -t, stat %N, ls): plain words stay bare; a word with a single quote and
// nothing double quotes would expand goes in double quotes ("it's");
// others go in single quotes, with each control character or invalid
// byte as its own $'\t' or $'\377' piece between them ('x'$'\t”y').
func ShellEscape(s string) string {
	if s == "" {
		return "''"
	}
	if !strings.ContainsAny(s, " \t\n'\"\\|&;()<>!{}*[?]^$`#~=%") && !hasControl(s) {
		return s
	}
	if !hasControl(s) {
		if strings.Contains(s, "'") && !strings.ContainsAny(s, "\"$`\\!") {
			return `"` + s + `"`
		}
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1, r < 0x20, r == 0x7f:
			// A run of them is one $'...' piece.
			b.WriteString("'$'")
			for n = 0; i+n < len(s) && isControlAt(s, i+n); n++ {
				b.WriteString(controlEscape(s[i+n]))
			}
			b.WriteString("''")
		case r == '\'':
			b.WriteString(`'\''`)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteByte('\'')
	return strings.TrimSuffix(b.String(), "''")
}

func isControlAt(s string, i int) bool {
	r, n := utf8.DecodeRuneInString(s[i:])
	return r == utf8.RuneError && n <= 1 || r < 0x20 || r == 0x7f
}

func hasControl(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 || r < 0x20 || r == 0x7f {
			return true
		}
		i += n
	}
	return false
}

// controlEscape is the $'...' body of one byte: a C escape or octal.
func controlEscape(c byte) string {
	switch c {
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	case '\v':
		return `\v`
	}
	return fmt.Sprintf(`\%03o`, c)
}
