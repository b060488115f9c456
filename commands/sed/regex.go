package sed

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// posixClasses lists the bracket classes RE2 understands under the same
// names POSIX uses.
var posixClasses = map[string]bool{
	"alpha": true, "digit": true, "alnum": true, "upper": true, "lower": true,
	"space": true, "blank": true, "punct": true, "print": true, "graph": true,
	"cntrl": true, "xdigit": true,
}

// errBackref is returned for \1..\9 inside a pattern: RE2 has no
// back-references, and we refuse them with a clear message rather than
// silently matching something else.
var errBackref = fmt.Errorf("back-references in regular expressions are not supported")

// translate turns a GNU sed regex (BRE, or ERE when ere is set) into RE2
// syntax. GNU escapes (\n, \t, \w, \<, \`...) are mapped to their RE2
// equivalents; characters special to RE2 but literal in POSIX are quoted.
func translate(p string, ere bool) (string, error) {
	var b strings.Builder
	atStart := true // '*' is literal here, and '^' is an anchor in BRE
	for i := 0; i < len(p); i++ {
		ch := p[i]
		start := atStart
		atStart = false
		switch {
		case ch == '[':
			n, err := bracket(&b, p[i:])
			if err != nil {
				return "", err
			}
			i += n - 1
		case ch == '\\':
			if i+1 >= len(p) {
				return "", fmt.Errorf("trailing backslash (\\)")
			}
			i++
			s, anchor, used, err := escape(p[i:], ere)
			if err != nil {
				return "", err
			}
			i += used - 1
			b.WriteString(s)
			atStart = anchor
		case ch == '*' && start:
			b.WriteString(`\*`)
		case ch == '^':
			if ere || start {
				b.WriteByte('^')
				atStart = true
			} else {
				b.WriteString(`\^`)
			}
		case ch == '$':
			rest := p[i+1:]
			if ere || rest == "" || strings.HasPrefix(rest, `\)`) || strings.HasPrefix(rest, `\|`) {
				b.WriteByte('$')
			} else {
				b.WriteString(`\$`)
			}
		case !ere && strings.IndexByte("+?|(){}", ch) >= 0:
			b.WriteByte('\\')
			b.WriteByte(ch)
		case ere && (ch == '(' || ch == '|'):
			b.WriteByte(ch)
			atStart = true
		case ere && ch == '{' && !intervalRe.MatchString(p[i:]):
			b.WriteString(`\{`)
		case ere && (ch == '*' || ch == '+' || ch == '?') && start:
			b.WriteByte('\\')
			b.WriteByte(ch)
		case ch == '{' && strings.HasPrefix(p[i:], "{,"):
			// POSIX {,m} means {0,m}; RE2 wants the zero spelled out.
			b.WriteString("{0")
		default:
			b.WriteByte(ch)
		}
	}
	return b.String(), nil
}

var intervalRe = regexp.MustCompile(`^\{([0-9]+(,[0-9]*)?|,[0-9]+)\}`)

// escape maps the sequence after a backslash. It returns the RE2 text,
// whether the next position counts as the start of a subexpression, and
// how many bytes of s were consumed.
func escape(s string, ere bool) (string, bool, int, error) {
	e := s[0]
	switch {
	case e >= '1' && e <= '9':
		return "", false, 1, errBackref
	case e == '<' || e == '>':
		return `\b`, false, 1, nil
	case strings.IndexByte("bBwWsS", e) >= 0:
		return `\` + string(e), false, 1, nil
	case e == '`':
		return `\A`, false, 1, nil
	case e == '\'':
		return `\z`, false, 1, nil
	case !ere && (e == '(' || e == '|'):
		return string(e), true, 1, nil
	case !ere && e == '{' && strings.HasPrefix(s, "{,"):
		return "{0", false, 1, nil
	case !ere && strings.IndexByte("){}+?", e) >= 0:
		return string(e), false, 1, nil
	}
	if c, n, ok := charEscape(s); ok {
		return regexp.QuoteMeta(string([]byte{c})), false, n, nil
	}
	return regexp.QuoteMeta(string(e)), false, 1, nil
}

// charEscape decodes the escapes GNU sed turns into one byte before
// compiling: \n \t \a \f \v \r, \dNNN, \oNNN, \xHH and \cX.
func charEscape(s string) (byte, int, bool) {
	switch s[0] {
	case 'n':
		return '\n', 1, true
	case 't':
		return '\t', 1, true
	case 'a':
		return '\a', 1, true
	case 'f':
		return '\f', 1, true
	case 'v':
		return '\v', 1, true
	case 'r':
		return '\r', 1, true
	case 'c':
		if len(s) > 1 {
			return strings.ToUpper(s[1:2])[0] ^ 0x40, 2, true
		}
	case 'd':
		return numEscape(s, 10, 3)
	case 'o':
		return numEscape(s, 8, 3)
	case 'x':
		return numEscape(s, 16, 2)
	}
	return 0, 0, false
}

func numEscape(s string, base, max int) (byte, int, bool) {
	j := 1
	for j < len(s) && j <= max && isDigit(s[j], base) {
		j++
	}
	if j == 1 {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(s[1:j], base, 16)
	if err != nil || v > 255 {
		return 0, 0, false
	}
	return byte(v), j, true
}

func isDigit(c byte, base int) bool {
	switch base {
	case 8:
		return c >= '0' && c <= '7'
	case 10:
		return c >= '0' && c <= '9'
	}
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// bracket copies a bracket expression into RE2 form and returns its length
// in s. GNU sed decodes \n, \t and friends inside brackets; any other
// backslash is literal.
func bracket(b *strings.Builder, s string) (int, error) {
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
			kind := s[i+1]
			end := strings.Index(s[i+2:], string(kind)+"]")
			if end < 0 {
				return 0, fmt.Errorf("unterminated address regex")
			}
			body := s[i+2 : i+2+end]
			if kind == ':' {
				if !posixClasses[body] {
					return 0, fmt.Errorf("Invalid character class name")
				}
				out.WriteString("[:" + body + ":]")
			} else {
				out.WriteString(regexp.QuoteMeta(body))
			}
			i += end + 4
		case ch == '\\' && i+1 < len(s):
			if c, n, ok := charEscape(s[i+1:]); ok {
				out.WriteString(regexp.QuoteMeta(string([]byte{c})))
				i += 1 + n
				continue
			}
			if s[i+1] == '\\' {
				// GNU folds a doubled backslash to one in brackets.
				i++
			}
			out.WriteString(`\\`)
			i++
		case ch == '[':
			out.WriteString(`\[`)
			i++
		default:
			out.WriteByte(ch)
			i++
		}
	}
	return 0, fmt.Errorf("unterminated address regex")
}

// compileRegex builds the matcher for one sed regex with its flags:
// icase (I), multiline (M). Dot matches newline in the pattern space, as
// POSIX regexec does; matches are leftmost-longest.
func compileRegex(p string, ere, icase, multi bool) (*regexp.Regexp, error) {
	t, err := translate(p, ere)
	if err != nil {
		return nil, err
	}
	flags := "s"
	if icase {
		flags += "i"
	}
	if multi {
		flags += "m"
	}
	re, err := regexp.Compile("(?" + flags + ")" + t)
	if err != nil {
		return nil, fmt.Errorf("%s", reErrText(err))
	}
	re.Longest()
	return re, nil
}

// reErrText turns an RE2 compile error into the glibc wording.
func reErrText(err error) string {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "missing closing )"):
		return "Unmatched ( or \\("
	case strings.Contains(msg, "unexpected )"):
		return "Unmatched ) or \\)"
	case strings.Contains(msg, "missing closing ]"):
		return "unterminated address regex"
	case strings.Contains(msg, "invalid repeat count"):
		return "Invalid content of \\{\\}"
	case strings.Contains(msg, "missing argument to repetition operator"),
		strings.Contains(msg, "invalid nested repetition operator"):
		return "Invalid preceding regular expression"
	}
	return msg
}
