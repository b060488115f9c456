package commands

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// translateRegex turns a POSIX BRE (ere=false) or ERE into Go RE2 syntax.
// Back-references have no RE2 equivalent and are reported as errors.
func translateRegex(p string, ere bool) (string, error) {
	var b strings.Builder
	atStart := true // where '*' is literal and '^' is an anchor
	depth := 0      // open groups, for GNU's "Unmatched" messages
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
		case isGroupOrInterval(p[i:], ere, depth):
			n, opened, err := translateGroup(&b, p[i:], ere, &depth)
			if err != nil {
				return "", err
			}
			i += n - 1
			atStart = opened
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
		case ere && ch == '|':
			b.WriteByte(ch)
			atStart = true
		case ere && (ch == '{' || ch == ')'):
			b.WriteByte('\\') // not an interval or a group: literal
			b.WriteByte(ch)
		case ere && (ch == '*' || ch == '+' || ch == '?') && start:
			b.WriteByte('\\')
			b.WriteByte(ch)
		default:
			b.WriteByte(ch)
		}
	}
	if depth > 0 {
		return "", fmt.Errorf("Unmatched ( or \\(")
	}
	return b.String(), nil
}

// isGroupOrInterval reports a group parenthesis or an interval at the
// start of s: \( \) \{ in BRE; ( ) {n,m} in ERE (an unmatched ")" is
// literal there).
func isGroupOrInterval(s string, ere bool, depth int) bool {
	if !ere {
		return len(s) > 1 && s[0] == '\\' && strings.IndexByte("(){", s[1]) >= 0
	}
	switch s[0] {
	case '(':
		return true
	case ')':
		return depth > 0
	case '{':
		return validInterval(s)
	}
	return false
}

// translateGroup copies one group parenthesis or interval, checking it
// as GNU does; it returns the bytes consumed and whether a group opened.
func translateGroup(b *strings.Builder, s string, ere bool, depth *int) (int, bool, error) {
	skip := 0
	if !ere {
		skip = 1 // the backslash
	}
	switch s[skip] {
	case '{':
		closer := "}"
		if !ere {
			closer = `\}`
		}
		n, body, err := checkInterval(s[skip+1:], closer)
		if err != nil {
			return 0, false, err
		}
		b.WriteString("{" + body + "}")
		return skip + 1 + n + len(closer), false, nil
	case '(':
		*depth++
		b.WriteByte('(')
		return skip + 1, true, nil
	}
	if *depth--; *depth < 0 {
		return 0, false, fmt.Errorf("Unmatched ) or \\)")
	}
	b.WriteByte(')')
	return skip + 1, false, nil
}

// checkInterval validates the body of an interval up to its closing
// token and returns the body length and the body in RE2 form, with GNU's
// messages for errors.
func checkInterval(s, closer string) (int, string, error) {
	bad := fmt.Errorf("Invalid content of \\{\\}")
	n := strings.Index(s, closer)
	if n < 0 {
		return 0, "", fmt.Errorf("Unmatched \\{")
	}
	body := s[:n]
	lo, hi, comma := strings.Cut(body, ",")
	if !allDigits(lo) || !allDigits(hi) || lo == "" && !comma {
		return 0, "", bad
	}
	if comma && lo != "" && hi != "" {
		a, _ := strconv.Atoi(lo)
		b, _ := strconv.Atoi(hi)
		if a > b {
			return 0, "", bad
		}
	}
	if lo == "" {
		body = "0" + body
	}
	return n, body, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
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
