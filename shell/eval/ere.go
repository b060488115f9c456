package eval

import (
	"regexp"
	"strings"
	"sync"
)

// ereInterval matches a POSIX interval {n}, {n,}, {,m} or {n,m} at a
// brace. It is compiled on first use: most runs never reach [[ =~ ]], and
// nothing is compiled at start-up that the run does not need.
var ereInterval = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\{[0-9]*(,[0-9]*)?\}`)
})

// fixERE checks pat (the RE2 text [[ =~ ]] built, where quoted
// characters are backslash-escaped) against glibc's regcomp rules and
// rewrites the ERE forms RE2 reads differently. glibc refuses a
// repetition operator with nothing to repeat (at the start, after ( | or
// ^) and a brace that does not form an interval; it accepts stacked
// operators (a** is a*, where RE2 would read a*? as lazy or refuse it),
// {,m} meaning {0,m}, and an unmatched ) as a literal.
func fixERE(pat string) (string, bool) {
	var b strings.Builder
	start := true
	depth := 0
	var lastRep byte // the repetition operator just written, if any
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		rep := byte(0)
		switch c {
		case '\\':
			end := min(i+2, len(pat))
			b.WriteString(pat[i:end])
			i = end - 1
			start = false
		case '[':
			end := min(skipClass(pat, i)+1, len(pat))
			b.WriteString(pat[i:end])
			i = end - 1
			start = false
		case '(', '|', '^':
			if c == '(' {
				depth++
			}
			b.WriteByte(c)
			start = true
		case ')':
			if depth == 0 {
				b.WriteString(`\)`)
			} else {
				depth--
				b.WriteByte(c)
			}
			start = false
		case '*', '+', '?':
			if start {
				return "", false
			}
			rep = c
			if lastRep != 0 {
				// Fold a stacked operator into the one before.
				s := b.String()
				if lastRep != c {
					s = s[:len(s)-1] + "*"
					rep = '*'
				}
				b.Reset()
				b.WriteString(s)
				break
			}
			b.WriteByte(c)
		case '{':
			iv := ereInterval().FindString(pat[i:])
			if start || iv == "" {
				return "", false
			}
			if strings.HasPrefix(iv, "{,") {
				iv = "{0" + iv[1:]
			}
			b.WriteString(iv)
			i += len(ereInterval().FindString(pat[i:])) - 1
		default:
			b.WriteByte(c)
			start = false
		}
		lastRep = rep
	}
	return b.String(), true
}

// skipClass returns the index of the ] closing the bracket expression
// at pat[i] (a ] first in the set is a member; [:name:] is one item).
func skipClass(pat string, i int) int {
	j := i + 1
	if j < len(pat) && pat[j] == '^' {
		j++
	}
	if j < len(pat) && pat[j] == ']' {
		j++
	}
	for j < len(pat) {
		switch {
		case pat[j] == '[' && j+1 < len(pat) && (pat[j+1] == ':' || pat[j+1] == '.' || pat[j+1] == '='):
			end := j + 2
			for end+1 < len(pat) && !(pat[end] == pat[j+1] && pat[end+1] == ']') {
				end++
			}
			j = end + 2
			continue
		case pat[j] == '\\':
			j += 2
			continue
		case pat[j] == ']':
			return j
		}
		j++
	}
	return len(pat)
}
