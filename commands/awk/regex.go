package awk

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/justbash/justbash/commands/internal/gnure"
)

// regex is a compiled awk ERE. Patterns without metacharacters are matched
// with strings.Index, which is far faster than the regexp engine.
type regex struct {
	src   string
	re    *regexp.Regexp
	lit   string
	isLit bool
}

func compileRegex(src string) (*regex, error) {
	r := &regex{src: src}
	if !strings.ContainsAny(src, `\^$.[]|()*+?{}`) {
		r.lit, r.isLit = src, true
		return r, nil
	}
	tr := translateERE(src)
	re, err := regexp.Compile("(?s)" + tr)
	if err != nil {
		return nil, fmt.Errorf("invalid regexp /%s/: %s", src, reErrText(err))
	}
	re.Longest()
	r.re = re
	return r, nil
}

func reErrText(err error) string {
	return gnure.Message(err)
}

func (r *regex) match(s string) bool {
	if r.isLit {
		return strings.Contains(s, r.lit)
	}
	return r.re.MatchString(s)
}

// find returns the leftmost-longest match as [start, end), or -1.
func (r *regex) find(s string) (int, int) {
	if r.isLit {
		i := strings.Index(s, r.lit)
		if i < 0 {
			return -1, -1
		}
		return i, i + len(r.lit)
	}
	loc := r.re.FindStringIndex(s)
	if loc == nil {
		return -1, -1
	}
	return loc[0], loc[1]
}

// translateERE rewrites POSIX/gawk ERE syntax into RE2 syntax.
func translateERE(src string) string {
	var b strings.Builder
	atStart := true // a repetition operator here is a literal
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '\\':
			if i+1 >= len(src) {
				b.WriteString(`\\`)
				continue
			}
			i++
			b.WriteString(translateEscape(src, &i, false))
			atStart = false
			continue
		case '[':
			i = translateBracket(src, i, &b)
			atStart = false
			continue
		case '*', '+', '?':
			if atStart {
				b.WriteByte('\\')
				b.WriteByte(c)
				atStart = false
				continue
			}
		case '{':
			if atStart || !validInterval(src[i:]) {
				b.WriteString(`\{`)
				atStart = false
				continue
			}
			end := strings.IndexByte(src[i:], '}')
			b.WriteString(src[i : i+end+1])
			i += end
			continue
		case '}':
			b.WriteString(`\}`)
			atStart = false
			continue
		case '(', '|':
			b.WriteByte(c)
			atStart = true
			continue
		case '^':
			b.WriteByte(c)
			atStart = true
			continue
		}
		b.WriteByte(c)
		atStart = false
	}
	return b.String()
}

func validInterval(s string) bool {
	// s starts with "{"
	end := strings.IndexByte(s, '}')
	if end < 2 {
		return false
	}
	body := s[1:end]
	parts := strings.Split(body, ",")
	if len(parts) > 2 || parts[0] == "" {
		return false
	}
	for _, p := range parts {
		for j := 0; j < len(p); j++ {
			if !isDigit(p[j]) {
				return false
			}
		}
	}
	return true
}

// translateEscape handles the character after a backslash at src[*i].
func translateEscape(src string, i *int, inBracket bool) string {
	e := src[*i]
	switch e {
	case 'n':
		return `\n`
	case 't':
		return `\t`
	case 'r':
		return `\r`
	case 'f':
		return `\f`
	case 'v':
		return `\v`
	case 'a':
		return `\x07`
	case 'b':
		return `\x08`
	case '/', '"', '&':
		return quoteByte(e)
	case 'y', '<', '>':
		if inBracket {
			return quoteByte(e)
		}
		return `\b`
	case 'B':
		if inBracket {
			return "B"
		}
		return `\B`
	case '`':
		return `\A`
	case '\'':
		return `\z`
	case 's', 'S', 'w', 'W':
		return `\` + string(e)
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v := int(e - '0')
		for k := 0; k < 2 && *i+1 < len(src) && src[*i+1] >= '0' && src[*i+1] <= '7'; k++ {
			*i++
			v = v*8 + int(src[*i]-'0')
		}
		return fmt.Sprintf(`\x{%x}`, v)
	}
	if isAlpha(e) || isDigit(e) {
		// gawk treats an unknown escape as the plain character
		return quoteByte(e)
	}
	if e >= 0x80 {
		return string(e)
	}
	return `\` + string(e)
}

func quoteByte(c byte) string {
	if isAlpha(c) || isDigit(c) || c == '_' || c >= 0x80 {
		return string(c)
	}
	return `\` + string(c)
}

// translateBracket copies a bracket expression starting at src[i] == '['
// and returns the index of its closing ']'.
func translateBracket(src string, i int, b *strings.Builder) int {
	j := i + 1
	var body strings.Builder
	body.WriteByte('[')
	if j < len(src) && src[j] == '^' {
		body.WriteByte('^')
		j++
	}
	if j < len(src) && src[j] == ']' {
		body.WriteString(`\]`)
		j++
	}
	for j < len(src) {
		c := src[j]
		switch {
		case c == ']':
			body.WriteByte(']')
			b.WriteString(body.String())
			return j
		case c == '[' && j+1 < len(src) && src[j+1] == ':':
			end := strings.Index(src[j+2:], ":]")
			if end < 0 {
				body.WriteString(`\[`)
				j++
				continue
			}
			body.WriteString(src[j : j+2+end+2])
			j += 2 + end + 2
			continue
		case c == '[':
			body.WriteString(`\[`)
		case c == '\\' && j+1 < len(src):
			j++
			body.WriteString(translateEscape(src, &j, true))
		case c == '\\':
			body.WriteString(`\\`)
		default:
			body.WriteByte(c)
		}
		j++
	}
	// no closing bracket: treat "[" literally
	b.WriteString(`\[`)
	return i
}
