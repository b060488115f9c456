package eval

import "strings"

// assocKeyText expands the text of an associative array's subscript into
// its key, as bash does for a[...] met as text (in arithmetic, unset,
// read, ${!ref}): parameters and substitutions are expanded and quotes
// removed, so A['k'], A["k"] and A[\k] all name key k.
func (r *Runner) assocKeyText(sub string) (string, bool) {
	if !strings.ContainsAny(sub, `'"\`) {
		return r.expandText(sub)
	}
	var out, chunk strings.Builder
	flush := func() bool {
		if chunk.Len() == 0 {
			return true
		}
		s, ok := r.expandText(chunk.String())
		chunk.Reset()
		out.WriteString(s)
		return ok
	}
	depth := 0 // inside ${ } or $( ), where quotes are the expansion's own
	for i := 0; i < len(sub); i++ {
		c := sub[i]
		switch {
		case c == '$' && i+1 < len(sub) && (sub[i+1] == '{' || sub[i+1] == '('):
			depth++
			chunk.WriteString(sub[i : i+2])
			i++
		case depth > 0 && (c == '}' || c == ')'):
			depth--
			chunk.WriteByte(c)
		case depth > 0:
			chunk.WriteByte(c)
		case c == '\\' && i+1 < len(sub):
			if !flush() {
				return "", false
			}
			out.WriteByte(sub[i+1])
			i++
		case c == '\'':
			if !flush() {
				return "", false
			}
			end := strings.IndexByte(sub[i+1:], '\'')
			if end < 0 {
				end = len(sub) - i - 1
			}
			out.WriteString(sub[i+1 : i+1+end])
			i += end + 1
		case c == '"':
			if !flush() {
				return "", false
			}
			end := closingDQuote(sub, i+1)
			s, ok := r.expandText(sub[i+1 : end])
			if !ok {
				return "", false
			}
			out.WriteString(s)
			i = end
		default:
			chunk.WriteByte(c)
		}
	}
	if !flush() {
		return "", false
	}
	return out.String(), true
}

// closingDQuote is the offset of the " that closes a double-quoted string
// starting at from (len(s) when it is not closed).
func closingDQuote(s string, from int) int {
	for i := from; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return len(s)
}
