package posixre

import (
	"errors"
	"regexp"
	"strings"
	"sync"
)

// classes lists the bracket classes RE2 understands under the same names
// POSIX uses.
var classes = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"alpha": true, "digit": true, "alnum": true, "upper": true, "lower": true,
		"space": true, "blank": true, "punct": true, "print": true, "graph": true,
		"cntrl": true, "xdigit": true,
	}
})

// bracket copies the bracket expression at the start of s into b in RE2
// form and returns its length in s. RE2 reads a backslash and a bare '['
// inside brackets as special, POSIX does not, so both are quoted; with
// opts.CharEscape set the one-byte escapes are decoded first, as GNU sed
// does.
func bracket(b *strings.Builder, s string, opts *Options) (int, error) {
	i := 1
	var out strings.Builder
	out.WriteByte('[')
	if i < len(s) && s[i] == '^' {
		out.WriteByte('^')
		i++
	}
	if i < len(s) && s[i] == ']' {
		out.WriteString(`\]`)
		i++
	}
	for i < len(s) {
		ch := s[i]
		switch {
		case ch == ']':
			out.WriteByte(']')
			b.WriteString(out.String())
			return i + 1, nil
		case ch == '[' && i+1 < len(s) && (s[i+1] == ':' || s[i+1] == '=' || s[i+1] == '.'):
			n, err := bracketClass(&out, s[i:], opts)
			if err != nil {
				return 0, err
			}
			i += n
		case ch == '\\' && opts.CharEscape != nil && i+1 < len(s):
			if c, n, ok := opts.CharEscape(s[i+1:]); ok {
				out.WriteString(regexp.QuoteMeta(string([]byte{c})))
				i += 1 + n
				continue
			}
			if s[i+1] == '\\' {
				// GNU sed folds a doubled backslash to one in brackets.
				i++
			}
			out.WriteString(`\\`)
			i++
		case ch == '\\' || ch == '[':
			out.WriteByte('\\')
			out.WriteByte(ch)
			i++
		default:
			out.WriteByte(ch)
			i++
		}
	}
	return 0, opts.bracketErr()
}

// bracketClass copies a [:class:], [=equiv=] or [.coll.] item at the start
// of s and returns its length. Only single-character equivalence classes
// and collating symbols exist in the C locale, so those become literals.
func bracketClass(out *strings.Builder, s string, opts *Options) (int, error) {
	kind := s[1]
	end := strings.Index(s[2:], string(kind)+"]")
	if end < 0 {
		return 0, opts.bracketErr()
	}
	body := s[2 : 2+end]
	if kind == ':' {
		if !classes()[body] {
			//lint:ignore ST1005 the text is the message users see, worded as the GNU tool words it
			return 0, errors.New("Invalid character class name")
		}
		out.WriteString("[:" + body + ":]")
	} else {
		out.WriteString(regexp.QuoteMeta(body))
	}
	return end + 4, nil
}
