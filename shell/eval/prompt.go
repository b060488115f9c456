package eval

import "strings"

// expandPrompt is ${x@P}: the prompt escapes, then (shopt promptvars,
// on by default) parameter expansion, command substitution and
// arithmetic on the result, as bash expands PS1. Quotes stay literal
// there; what the escapes produced (\w, \\) is not expanded again.
func (r *Runner) expandPrompt(s string) string {
	if !r.shopts["promptvars"] {
		return r.promptEscapes(s, false)
	}
	out, ok := r.expandText(r.promptEscapes(s, true))
	if !ok {
		return ""
	}
	return out
}

// promptQuote backslash-quotes the characters expansion would act on.
func promptQuote(s string) string {
	if !strings.ContainsAny(s, "$`\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '$' || c == '`' || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
