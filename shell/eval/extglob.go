package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The parser keeps the inside of an extended glob such as @(a|$x|'b')
// as raw text, but bash expands it like the rest of the word: parameters,
// command substitutions and quoting all apply to each alternative, and
// quoted parts match literally. extGlobInto does that expansion.

// extGlobInto adds an unquoted extended glob to b: the operator, then the
// pattern list with its alternatives expanded, then the closing paren.
func (r *Runner) extGlobInto(b *fieldBuf, g *syntax.ExtGlob) bool {
	b.addLiteral(g.Op.String())
	if !r.emptyGroup(g) && !r.extGlobBody(b, g.Pattern.Value) {
		return false
	}
	b.addLiteral(")")
	b.meta = true
	return true
}

// extGlobBody expands the text between the parens of an extended glob.
// The separators | ( ) stay pattern syntax; the text between them is
// expanded as an unquoted word.
func (r *Runner) extGlobBody(b *fieldBuf, text string) bool {
	start := 0
	flush := func(end int) bool {
		seg := text[start:end]
		start = end
		if seg == "" {
			return true
		}
		return r.extGlobSegment(b, seg)
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '\\':
			i++
		case '\'':
			i = skipSingleQuoted(text, i)
		case '"':
			i = skipDoubleQuoted(text, i)
		case '`':
			i = skipBackquoted(text, i)
		case '$':
			if i+1 < len(text) && (text[i+1] == '(' || text[i+1] == '{') {
				i = skipBalanced(text, i+1)
			}
		case '[':
			// A bracket expression may hold | ( ) as plain members.
			if j := bracketEnd(text, i); j > 0 {
				i = j
			}
		case '|', '(', ')':
			if !flush(i) {
				return false
			}
			b.addLiteral(text[i : i+1])
			start = i + 1
		}
	}
	return flush(len(text))
}

// extGlobSegment expands one alternative (or the part of it around a
// nested group). Plain text is pattern text as it stands.
func (r *Runner) extGlobSegment(b *fieldBuf, seg string) bool {
	if !strings.ContainsAny(seg, "$`'\"\\") {
		b.addLiteral(seg)
		return true
	}
	w := parseSegmentWord(seg)
	if w == nil {
		b.addLiteral(seg)
		return true
	}
	sub := &fieldBuf{r: r, ifs: "", noSplit: true}
	if !r.expandParts(sub, w.Parts, false, false) {
		return false
	}
	for _, f := range sub.finish() {
		b.cur.WriteString(f.s)
		b.pat.WriteString(f.pat)
		b.curValid = true
		b.delim = false
	}
	return true
}

// parseSegmentWord parses seg as one shell word; nil when it is not one.
func parseSegmentWord(seg string) *syntax.Word {
	f, _, err := parseBytes(newBashParser(), seg)
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	st := f.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 1 || len(call.Assigns) != 0 || len(st.Redirs) != 0 ||
		st.Negated || st.Background {
		return nil
	}
	return call.Args[0]
}

func skipSingleQuoted(s string, i int) int {
	j := strings.IndexByte(s[i+1:], '\'')
	if j < 0 {
		return len(s)
	}
	return i + 1 + j
}

func skipDoubleQuoted(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(s)
}

func skipBackquoted(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '`':
			return j
		}
	}
	return len(s)
}

// skipBalanced returns the index of the bracket closing the one at i,
// skipping quoted text on the way.
func skipBalanced(s string, i int) int {
	open, close := s[i], byte(')')
	if open == '{' {
		close = '}'
	}
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '\'':
			j = skipSingleQuoted(s, j)
		case '"':
			j = skipDoubleQuoted(s, j)
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(s)
}

// bracketEnd returns the index of the ] closing a bracket expression that
// starts at i, or -1 when there is none.
func bracketEnd(s string, i int) int {
	j := i + 1
	if j < len(s) && (s[j] == '!' || s[j] == '^') {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for ; j < len(s); j++ {
		switch s[j] {
		case ']':
			return j
		case '\\':
			j++
		}
	}
	return -1
}

// negatedGroup handles `[[ !(expr) ]]`. The parser reads !( as an
// extended glob, but with extglob off bash reads it as ! applied to a
// parenthesised expression. It returns that expression, or nil when w is
// an ordinary word.
func (r *Runner) negatedGroup(w *syntax.Word) syntax.TestExpr {
	if r.shopts["extglob"] || len(w.Parts) != 1 {
		return nil
	}
	g, ok := w.Parts[0].(*syntax.ExtGlob)
	if !ok || g.Op != syntax.GlobExcept {
		return nil
	}
	f, _, err := parseBytes(newBashParser(), "[[ "+g.Pattern.Value+" ]]")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	tc, ok := f.Stmts[0].Cmd.(*syntax.TestClause)
	if !ok {
		return nil
	}
	return tc.X
}
