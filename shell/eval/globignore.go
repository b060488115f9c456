package eval

import "strings"

// splitGlobIgnore splits GLOBIGNORE into its patterns. bash splits on the
// colons that are not part of a pattern's syntax: one escaped by a
// backslash, inside quotes, inside a bracket expression ([[:alpha:]]) or,
// with extglob on, inside an extglob group (@(a:b|c)). The pieces keep
// their text; quote characters stay literal in the patterns.
func splitGlobIgnore(s string, extglob bool) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ':':
			out = append(out, s[start:i])
			i++
			start = i
		default:
			i = skipIgnoreUnit(s, i, extglob)
		}
	}
	return append(out, s[start:])
}

// skipIgnoreUnit returns the index after the syntactic unit at s[i].
func skipIgnoreUnit(s string, i int, extglob bool) int {
	switch c := s[i]; {
	case c == '\\':
		return min(i+2, len(s))
	case c == '\'' || c == '"':
		// An unclosed quote runs to the end, as in bash.
		for j := i + 1; j < len(s); j++ {
			if c == '"' && s[j] == '\\' {
				j++
				continue
			}
			if s[j] == c {
				return j + 1
			}
		}
		return len(s)
	case c == '[':
		if end := bracketEnd(s, i); end > 0 {
			return end + 1
		}
	case extglob && i+1 < len(s) && s[i+1] == '(' && isExtGlobOp(c):
		depth := 0
		for j := i + 1; j < len(s); {
			switch s[j] {
			case '(':
				depth++
			case ')':
				depth--
				if depth == 0 {
					return j + 1
				}
			case '\\', '[', '\'', '"':
				j = skipIgnoreUnit(s, j, extglob)
				continue
			}
			j++
		}
		return len(s)
	}
	return i + 1
}

func isExtGlobOp(c byte) bool {
	return c == '?' || c == '*' || c == '+' || c == '@' || c == '!'
}

// addQuotedPat appends the pattern form of quoted text, noting where its
// slashes fall (see fieldBuf.qslash).
func (b *fieldBuf) addQuotedPat(s string) {
	if b.replWord {
		b.pat.WriteString(quoteRepl(s))
		return
	}
	q := quotePat(s)
	if strings.IndexByte(q, '/') >= 0 {
		base := b.pat.Len()
		for i := 0; i < len(q); i++ {
			if q[i] == '/' {
				b.qslash = append(b.qslash, base+i)
			}
		}
	}
	b.pat.WriteString(q)
}

// quoteRepl is the replacement form of quoted text in ${x/p/r}: only the
// characters patsub_replacement gives a meaning, & and backslash, are
// escaped; the text's other characters are plain there.
func quoteRepl(s string) string {
	if !strings.ContainsAny(s, `\&`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' || s[i] == '&' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
