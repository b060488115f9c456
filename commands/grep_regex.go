package commands

import (
	"fmt"
	"regexp"
	"strings"
)

// translateRegex turns a POSIX BRE (ere=false) or ERE into Go RE2 syntax.
// Back-references have no RE2 equivalent and are reported as errors.
func translateRegex(p string, ere bool) (string, error) {
	var b strings.Builder
	atStart := true // where '*' is literal and '^' is an anchor
	for i := 0; i < len(p); i++ {
		ch := p[i]
		start := atStart
		atStart = false
		switch {
		case ch == '[':
			n, err := translateBracket(&b, p[i:])
			if err != nil {
				return "", err
			}
			i += n - 1
		case ch == '\\' && i+1 < len(p):
			i++
			s, anchorNext, err := translateEscape(p[i], ere)
			if err != nil {
				return "", err
			}
			b.WriteString(s)
			atStart = anchorNext
		case ch == '\\':
			return "", fmt.Errorf("trailing backslash (\\)")
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
		case ere && ch == '{' && !validInterval(p[i:]):
			b.WriteString(`\{`)
		case ere && (ch == '*' || ch == '+' || ch == '?') && start:
			b.WriteByte('\\')
			b.WriteByte(ch)
		default:
			b.WriteByte(ch)
		}
	}
	return b.String(), nil
}

// validInterval reports whether s starts with {n}, {n,} or {n,m}.
func validInterval(s string) bool { return intervalRe.MatchString(s) }

var intervalRe = regexp.MustCompile(`^\{([0-9]+(,[0-9]*)?|,[0-9]+)\}`)

// translateEscape maps a backslash sequence; anchorNext says a following
// '*' or '^' is at the start of a subexpression.
func translateEscape(e byte, ere bool) (string, bool, error) {
	switch {
	case e >= '1' && e <= '9':
		return "", false, fmt.Errorf("back-references are not supported")
	case e == '<' || e == '>':
		return `\b`, false, nil
	case strings.IndexByte("bBwWsS", e) >= 0:
		return `\` + string(e), false, nil
	case e == '`':
		return `\A`, false, nil
	case e == '\'':
		return `\z`, false, nil
	case !ere && (e == '(' || e == '|'):
		return string(e), true, nil
	case !ere && strings.IndexByte("){}+?", e) >= 0:
		return string(e), false, nil
	case e == 'n':
		return `\n`, false, nil
	case e == 't':
		return `t`, false, nil
	}
	return regexp.QuoteMeta(string(e)), false, nil
}

// translateBracket copies a bracket expression, escaping what RE2 would
// read differently (a backslash is literal inside POSIX brackets).
func translateBracket(b *strings.Builder, s string) (int, error) {
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
				return 0, fmt.Errorf("Unmatched [, [^, [:, [., or [=")
			}
			body := s[i+2 : i+2+end]
			if kind == ':' {
				if _, ok := trClasses[body]; !ok {
					return 0, fmt.Errorf("Invalid character class name")
				}
				out.WriteString("[:" + body + ":]")
			} else {
				out.WriteString(regexp.QuoteMeta(body))
			}
			i += end + 4
		case ch == '\\' || ch == '[':
			out.WriteByte('\\')
			out.WriteByte(ch)
			i++
		default:
			out.WriteByte(ch)
			i++
		}
	}
	return 0, fmt.Errorf("Unmatched [, [^, [:, [., or [=")
}
