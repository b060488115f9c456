package gnure

import "strings"

// emacsToRE2 converts emacs/basic regex syntax, where \( \) \| (and for
// basic \{ \} \+ \?) are operators and the bare characters are literal.
func FromEmacs(s string, basic bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == '\\' && i+1 < len(s) {
			i++
			n := s[i]
			switch {
			case n == '(' || n == ')' || n == '|':
				b.WriteByte(n)
			case basic && (n == '{' || n == '}' || n == '+' || n == '?'):
				b.WriteByte(n)
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
			continue
		}
		switch {
		case ch == '(' || ch == ')' || ch == '|' || ch == '{' || ch == '}':
			b.WriteByte('\\')
		case basic && (ch == '+' || ch == '?'):
			b.WriteByte('\\')
		}
		b.WriteByte(ch)
	}
	return b.String()
}
