package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/justbash/justbash/shell/arith"
)

// bash 5.2 expands the array subscripts of (( )), $(( )) and for (( ))
// only once. Expanding the expression's text, it expands each name[...]
// subscript holding an expansion ($ or `) as a word of its own (quotes
// removed: A['$k'] names key $k; a subscript without one, as a[b[i]],
// is left to the evaluator)
// and backslash-quotes the characters of the result that a second
// expansion would act on; the arithmetic evaluator's own expansion of the
// subscript then gives back that text unchanged. So with
// k='x],b[$(cmd)', (( A[$k]++ )) increments the element whose key is that
// string and runs nothing.

// expandArith expands arithmetic text as described above and removes the
// double quotes bash drops from it.
func (r *Runner) expandArith(text string) (string, bool) {
	return r.expandArithText(text, trimQuotes)
}

// expandArithText is expandArith with trim applied to the text outside
// subscripts once expanded.
func (r *Runner) expandArithText(text string, trim func(string) string) (string, bool) {
	if !strings.Contains(text, "[") {
		s, ok := r.expandText(text)
		return trim(s), ok
	}
	var out strings.Builder
	seg := 0 // start of the text not yet expanded
	flush := func(end int) bool {
		s, ok := r.expandText(text[seg:end])
		out.WriteString(trim(s))
		seg = end
		return ok
	}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++
		case '`':
			i = skipBackquoted(text, i)
		case '$':
			if i+1 < len(text) && (text[i+1] == '(' || text[i+1] == '{') {
				i = skipBalanced(text, i+1)
			}
		case '[':
			end := subscriptEnd(text, i)
			if end < 0 || !strings.ContainsAny(text[i+1:end], "$`") {
				// Without an expansion the subscript stays as written,
				// for the evaluator: a[b[i]] indexes by b[i].
				continue
			}
			if !flush(i) {
				return "", false
			}
			if !endsWithName(out.String()) {
				continue
			}
			key, ok := r.assocKeyText(text[i+1 : end])
			if !ok {
				return "", false
			}
			out.WriteByte('[')
			out.WriteString(quoteSubscript(key))
			out.WriteByte(']')
			i, seg = end, end+1
		}
	}
	if !flush(len(text)) {
		return "", false
	}
	return out.String(), true
}

// subscriptEnd returns the index of the ']' closing the '[' at open, or -1:
// brackets nest; quotes, escapes and substitutions are skipped.
func subscriptEnd(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\'':
			i = skipSingleQuoted(s, i)
		case '"':
			i = skipDoubleQuoted(s, i)
		case '`':
			i = skipBackquoted(s, i)
		case '$':
			if i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{') {
				i = skipBalanced(s, i+1)
			}
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// endsWithName reports whether s ends with a variable name.
func endsWithName(s string) bool {
	i := len(s)
	for i > 0 && (isAlnumByte(s[i-1]) || s[i-1] == '_') {
		i--
	}
	return i < len(s) && !(s[i] >= '0' && s[i] <= '9')
}

func isAlnumByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// quoteSubscript backslash-quotes the characters bash quotes in an
// expanded arithmetic subscript.
func quoteSubscript(s string) string {
	if !strings.ContainsAny(s, "\\`'\"[]$~") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("\\`'\"[]$~", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// arithOnce evaluates the text of $(( )): subscripts expanded once.
func (r *Runner) arithOnce(text string) (int64, bool) {
	saved := r.inArithExp
	r.inArithExp = true
	defer func() { r.inArithExp = saved }()
	s, ok := r.expandArith(text)
	if !ok {
		return 0, false
	}
	n, err := arith.Eval(s, arithEnv{r})
	if err != nil {
		r.arithError(err)
		return 0, false
	}
	return n, true
}

// arithCmdOnce is arithOnce for the command named ctx ((( and for)).
func (r *Runner) arithCmdOnce(ctx, text string) (int64, bool) {
	saved := r.arithCtx
	r.arithCtx = ctx
	defer func() { r.arithCtx = saved }()
	return r.arithOnce(text)
}

// subscriptCtx clears the arithmetic command's name while an element's
// subscript is evaluated: bash reports an error there without the "((: "
// or "let: " prefix and jumps to the top level, which ends a -c string
// and, in a script, the current line. The returned func restores it.
func (r *Runner) subscriptCtx() func() {
	saved, in := r.arithCtx, r.inSubscript
	r.arithCtx, r.inSubscript = "", true
	return func() { r.arithCtx, r.inSubscript = saved, in }
}

// testArithOperands expands the operands of [[ x -eq y ]] and friends and
// evaluates them. bash expands each once, as a word, and evaluates the
// result as it stands: [[ '$x' -eq 1 ]] is a syntax error, not $x. A
// subscript holding an expansion is quoted as in (( )); for a word without
// quotes (the expansion as text is then the word's) that is done here.
func (r *Runner) testArithOperands(xw, yw *syntax.Word) (int64, int64, bool) {
	x, ok := r.testArithWord(xw)
	if !ok {
		return 0, 0, false
	}
	y, ok := r.testArithWord(yw)
	if !ok {
		return 0, 0, false
	}
	saved := r.arithCtx
	r.arithCtx = "[["
	defer func() { r.arithCtx = saved }()
	a, err := arith.Eval(x, arithEnv{r})
	if err != nil {
		r.arithError(err)
		return 0, 0, false
	}
	b, err := arith.Eval(y, arithEnv{r})
	if err != nil {
		r.arithError(err)
		return 0, 0, false
	}
	return a, b, true
}

func (r *Runner) testArithWord(w *syntax.Word) (string, bool) {
	if raw := r.nodeText(w); strings.Contains(raw, "[") && strings.ContainsAny(raw, "$`") && !strings.ContainsAny(raw, `'"\`) {
		return r.expandArithText(raw, func(s string) string { return s })
	}
	return r.expandString(w)
}

// rawElemRef returns the text of a [[ -v ]] operand written as
// name[subscript]: bash expands such a subscript once, when it looks the
// element up ([[ -v A[$k] ]] with k='$(cmd)' tests the key $(cmd), and
// A['$k'] the key $k), so the word is not expanded first.
func (r *Runner) rawElemRef(w *syntax.Word) (string, bool) {
	raw := r.nodeText(w)
	i := 0
	for i < len(raw) && (isAlnumByte(raw[i]) || raw[i] == '_') {
		i++
	}
	if i == 0 || i == len(raw) || raw[i] != '[' || raw[0] >= '0' && raw[0] <= '9' {
		return "", false
	}
	if subscriptEnd(raw, i) != len(raw)-1 {
		return "", false
	}
	return raw, true
}

// arithValue evaluates the value assigned to an integer variable. It was
// expanded as the assignment's word, so it is evaluated as it stands, as
// bash does: x='$y' is a syntax error, not $y's value.
func (r *Runner) arithValue(s string) (int64, bool) {
	n, err := arith.Eval(s, arithEnv{r})
	if err != nil {
		r.arithError(err)
		return 0, false
	}
	return n, true
}
