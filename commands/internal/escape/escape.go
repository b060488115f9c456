package escape

import (
	"strings"
	"unicode/utf8"
)

// escMode selects the dialect of backslash escapes.
type escMode int

const (
	EscEcho   escMode = iota // echo -e: \0nnn octal only
	EscFormat                // printf FORMAT: \nnn (up to three digits)
	EscB                     // printf %b: \0nnn or \nnn
	// EscCoreutils is GNU coreutils' echo -e (/bin/echo): \0nnn or \nnn,
	// \e but not \E, and no \u or \U.
	EscCoreutils
)

// Expand interprets backslash escapes in s. stop reports a \c
// (echo -e and %b: produce no further output); warn collects messages for
// malformed \x and \u escapes, which stay literal as bash leaves them.
func Expand(s string, mode escMode) (out string, stop bool, warn []string) {
	if !strings.Contains(s, `\`) {
		return s, false, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch != '\\' || i+1 >= len(s) {
			b.WriteByte(ch)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'e':
			b.WriteByte(27)
		case 'E':
			if mode == EscCoreutils {
				b.WriteString(`\E`)
				continue
			}
			b.WriteByte(27)
		case 'f':
			b.WriteByte(12)
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte(11)
		case '\\':
			b.WriteByte('\\')
		case 'c':
			if mode == EscFormat {
				b.WriteString(`\c`)
				continue
			}
			return b.String(), true, warn
		case '"', '\'', '?':
			if mode == EscFormat {
				b.WriteByte(e)
			} else {
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		case 'x':
			v, n := ParseDigits(s[i+1:], 16, 2)
			if n == 0 {
				warn = append(warn, `missing hex digit for \x`)
				b.WriteString(`\x`)
				continue
			}
			b.WriteByte(byte(v))
			i += n
		case 'u', 'U':
			if mode == EscCoreutils {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			max := 4
			if e == 'U' {
				max = 8
			}
			v, n := ParseDigits(s[i+1:], 16, max)
			if n == 0 {
				warn = append(warn, `missing unicode digit for \`+string(e))
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			if v > utf8.MaxRune {
				v = utf8.RuneError
			}
			b.WriteRune(rune(v))
			i += n
		default:
			n := octalEscape(&b, s, i, mode)
			if n < 0 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			i += n - 1
		}
	}
	return b.String(), false, warn
}

// octalEscape writes the byte of an octal escape starting at s[i] (just
// after the backslash) and returns how many bytes it used, or -1 when the
// escape is not octal in this mode.
func octalEscape(b *strings.Builder, s string, i int, mode escMode) int {
	e := s[i]
	if e < '0' || e > '7' {
		return -1
	}
	switch {
	case mode == EscFormat:
		v, n := ParseDigits(s[i:], 8, 3)
		b.WriteByte(byte(v))
		return n
	case e == '0':
		v, n := ParseDigits(s[i+1:], 8, 3)
		b.WriteByte(byte(v))
		return n + 1
	case mode == EscB || mode == EscCoreutils:
		v, n := ParseDigits(s[i:], 8, 3)
		b.WriteByte(byte(v))
		return n
	}
	return -1
}

// parseDigits reads up to max digits of base from the start of s.
func ParseDigits(s string, base, max int) (v uint64, n int) {
	for n < len(s) && n < max {
		d := DigitVal(s[n])
		if d < 0 || d >= base {
			break
		}
		v = v*uint64(base) + uint64(d)
		n++
	}
	return v, n
}

func DigitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
