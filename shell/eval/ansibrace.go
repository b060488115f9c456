package eval

import "strings"

// ansiHexBrace decodes the ksh93-style \x{HHH...} escape of $'...' whose
// digits start at s[i]: every hex digit counts (bash keeps only the low
// byte), and a closing '}' is consumed when present. Bash's loop has no
// digit limit, so \x{} and \x{ without digits give a NUL, which ends
// the C string. It returns the index of the last byte consumed.
func ansiHexBrace(b *strings.Builder, s string, i int) int {
	var c byte
	for i < len(s) && isHex(s[i]) {
		c = c*16 + hexVal(s[i])
		i++
	}
	if i < len(s) && s[i] == '}' {
		i++
	}
	b.WriteByte(c)
	return i - 1
}

func hexVal(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// ansiControl writes the control character of \cX, X at s[i]: \c? is
// DEL, and \c\\ is FS with both backslashes consumed, as bash does.
// It returns the index of the last byte consumed.
func ansiControl(b *strings.Builder, s string, i int) int {
	switch c := s[i]; {
	case c == '?':
		b.WriteByte(0x7f)
	case c == '\\' && i+1 < len(s) && s[i+1] == '\\':
		b.WriteByte(0x1c)
		return i + 1
	default:
		b.WriteByte(c & 0x1f)
	}
	return i
}
