package spec

import (
	"context"
	"fmt"
	"strings"

	"github.com/justbash/justbash/commands"
)

// argvPy prints its arguments as Python 2's print(sys.argv[1:]) does:
// ['a', 'b c'] with each argument in Python's byte-string repr.
func argvPy(ctx context.Context, c *commands.Context) int {
	parts := make([]string, 0, len(c.Args))
	for _, a := range c.Args[1:] {
		parts = append(parts, pyBytesRepr(a))
	}
	fmt.Fprintf(c.Stdout, "[%s]\n", strings.Join(parts, ", "))
	return 0
}

// pyBytesRepr quotes s like Python's repr() of a byte string, without the
// b prefix: single quotes unless s holds a ' and no ", backslash escapes for
// the quote, backslash, \t \n \r, and \xhh for other control and non-ASCII
// bytes (each byte of a UTF-8 sequence separately).
func pyBytesRepr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.WriteByte(quote)
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == quote || ch == '\\':
			b.WriteByte('\\')
			b.WriteByte(ch)
		case ch == '\t':
			b.WriteString(`\t`)
		case ch == '\n':
			b.WriteString(`\n`)
		case ch == '\r':
			b.WriteString(`\r`)
		case ch < ' ' || ch >= 0x7f:
			fmt.Fprintf(&b, `\x%02x`, ch)
		default:
			b.WriteByte(ch)
		}
	}
	b.WriteByte(quote)
	return b.String()
}
