// Package jsonquote writes a string as a JSON string literal the way
// JavaScript's JSON.stringify and sqlite's JSON output do: quote and
// backslash escaped, the control characters as \b \f \n \r \t or \u00xx,
// every other byte as it is (no HTML escapes, no U+2028 escapes, invalid
// UTF-8 left for the caller to have ruled out or to accept).
package jsonquote

const hex = "0123456789abcdef"

// Append appends s, quoted, to dst.
func Append(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		}
		start = i + 1
	}
	return append(append(dst, s[start:]...), '"')
}
