package eval

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Subscript forms bash reads but mvdan/sh's parser refuses. bash keeps an
// assignment's subscript as text until it assigns, so these are errors
// (or valid) only then:
//
//   - an empty subscript, b[]=x or ([]=x) in a compound assignment: bash
//     reports "bad array subscript" when it assigns;
//   - [k]+=v inside a compound assignment: appends to that element;
//   - NAME[k]=(list): bash refuses it when it assigns ("cannot assign
//     list to array member");
//   - a subscript of blanks, a[ ] or ${a[ ]}: index 0 of an indexed
//     array, the key " " of an associative one;
//   - a compound element's subscript the parser cannot read as an
//     expression ([foo bar]=x, [s*]=x): a key bash expands as a word.
//
// The reader rewrites the text so it parses and records what it changed
// by the offset of the subscript's [ (source.elemFix); the evaluator
// looks the record up from the subscript node.
const (
	fixEmpty  byte = 1 // the subscript was [] (read as [0])
	fixAppend byte = 2 // the element was [k]+=v (read as [k ]=v)
	fixList   byte = 4 // NAME[k]=(list) (the list read as a quoted word)
	fixBlank  byte = 8 // a subscript of blanks, [ ] (read as [0])
)

// textEdit replaces text[at:at+del] with ins.
type textEdit struct {
	at, del int
	ins     string
}

func (e textEdit) apply(text string) string {
	return text[:e.at] + e.ins + text[e.at+e.del:]
}

// elemFixAt finds such a subscript at a parse error. It returns the edit
// to make, the offset of the [ and the kind of rewrite (0 for a quoted
// subscript, which needs no record: quote removal gives the same key).
func elemFixAt(text string, done int, err error) (textEdit, int, byte, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Incomplete || len(text) == 0 {
		return textEdit{}, 0, 0, false
	}
	off := min(int(pe.Pos.Offset()), len(text)-1)
	lineStart := strings.LastIndexByte(text[:max(off, 0)], '\n') + 1
	for open := off; open >= max(done+1, lineStart); open-- {
		if text[open] != '[' {
			continue
		}
		elem := elemStart(text, done, open)
		if !elem && !subscriptOwner(text, open) {
			continue
		}
		close := matchBracket(text, open)
		if close < 0 {
			continue
		}
		rest := text[close+1:]
		if sub := text[open+1 : close]; sub != "" && strings.Trim(sub, " \t") == "" && close >= off {
			// Same length: [ ] becomes [0], the subscript's text kept
			// in the source.
			return textEdit{open + 1, 1, "0"}, open, fixBlank, true
		}
		if !strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "+=") {
			continue
		}
		if !elem {
			if eq := close + 1 + strings.IndexByte(rest, '='); strings.HasPrefix(text[eq:], "=(") {
				if end := listEnd(text, eq+1); end > 0 {
					return textEdit{eq + 1, end - eq - 1, singleQuote(text[eq+1 : end])}, open, fixList, true
				}
			}
		}
		if close == open+1 {
			return textEdit{open + 1, 0, "0"}, open, fixEmpty, true
		}
		if elem && strings.HasPrefix(rest, "+=") {
			// Same length: [k]+=v becomes [k ]=v.
			return textEdit{close, 2, " ]"}, open, fixAppend, true
		}
		if elem && close >= off {
			if sub := text[open+1 : close]; strings.TrimSpace(sub) != "" && !strings.ContainsAny(sub, "\"\\\n`") {
				return textEdit{open + 1, close - open - 1, `"` + sub + `"`}, open, 0, true
			}
		}
	}
	return textEdit{}, 0, 0, false
}

// listEnd is the offset just past the ) closing the ( at text[open] on
// the same line, or -1.
func listEnd(text string, open int) int {
	depth := 0
	for i := open; i < len(text) && text[i] != '\n'; i++ {
		switch text[i] {
		case '\\':
			i++
		case '"':
			for i++; i < len(text) && text[i] != '"'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		case '\'':
			j := strings.IndexByte(text[i+1:], '\'')
			if j < 0 {
				return -1
			}
			i += j + 1
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// elemStart reports whether the [ at text[open] begins a word inside the
// parentheses of a compound assignment.
func elemStart(text string, done, open int) bool {
	if open == 0 || strings.IndexByte(" \t\n(", text[open-1]) < 0 {
		return false
	}
	return inCompoundAssign(text[max(done+1, 0):open])
}

// elemFixOf is the reader's record for a subscript node: the kind of
// rewrite made at the [ before it, or 0.
func (r *Runner) elemFixOf(index syntax.ArithmExpr) byte {
	if r.src == nil || r.src.elemFix == nil || index == nil || !index.Pos().IsValid() {
		return 0
	}
	i := int(index.Pos().Offset()) - 1
	for i >= 0 && i < len(r.src.text) && (r.src.text[i] == ' ' || r.src.text[i] == '\t' || r.src.text[i] == '"') {
		i--
	}
	return r.src.elemFix[i]
}

// listToMember reports NAME[k]=(list) as bash does when it assigns; the
// line is abandoned as after any failed assignment.
func (r *Runner) listToMember(name string, index syntax.ArithmExpr) bool {
	if r.elemFixOf(index)&fixList == 0 {
		return false
	}
	r.errorf("%s[%s]: cannot assign list to array member", name, r.subscriptText(index))
	r.status = 1
	r.assignFailed = true
	return true
}

// emptySubscript reports, as bash does when it assigns, an assignment
// NAME[]=value: the line is abandoned as after any failed assignment.
func (r *Runner) emptySubscript(name string, index syntax.ArithmExpr) bool {
	if r.elemFixOf(index)&fixEmpty == 0 {
		return false
	}
	r.errorf("%s[]: bad array subscript", name)
	r.status = 1
	r.assignFailed = true
	return true
}

// subscriptText is a subscript as written (an empty one as "").
func (r *Runner) subscriptText(index syntax.ArithmExpr) string {
	if r.elemFixOf(index)&fixEmpty != 0 {
		return ""
	}
	return r.nodeText(index)
}

// elemText is a compound assignment's [k]=v element as written, for
// messages.
func (r *Runner) elemText(e *syntax.ArrayElem) string {
	op := "]="
	if r.elemFixOf(e.Index)&fixAppend != 0 {
		op = "]+="
	}
	val := ""
	if e.Value != nil {
		val = r.nodeText(e.Value)
	}
	return "[" + r.subscriptText(e.Index) + op + val
}

// elemIndex evaluates an indexed array element's [k]: skip is true for
// a subscript bash reports and passes over (empty, * or @).
func (r *Runner) elemIndex(e *syntax.ArrayElem) (i int64, ok, skip bool) {
	if r.elemFixOf(e.Index)&fixEmpty != 0 {
		r.errorf("%s: bad array subscript", r.elemText(e))
		return 0, false, true
	}
	if sub := r.nodeText(e.Index); sub == "*" || sub == "@" {
		r.errorf("%s: cannot assign to non-numeric index", r.elemText(e))
		return 0, false, true
	}
	if sub := r.nodeText(e.Index); strings.Contains(sub, "'") || strings.Contains(sub, `$"`) {
		// [$'1']=x in a compound assignment: the subscript is
		// expanded as a word (quotes removed) before the arithmetic.
		s, ok := r.assocKeyText(sourceQuotes(sub))
		if !ok {
			return 0, false, false
		}
		i, ok = r.arithText(s)
		return i, ok, false
	}
	i, ok = r.arithIndex(e.Index)
	return i, ok, false
}

// blankSubscript is the text between the brackets of a subscript the
// reader read as blanks (fixBlank), and whether index is one.
func (r *Runner) blankSubscript(index syntax.ArithmExpr) (string, bool) {
	if r.elemFixOf(index)&fixBlank == 0 {
		return "", false
	}
	open := int(index.Pos().Offset()) - 1
	close := matchBracket(r.src.text, open)
	if open < 0 || close < 0 {
		return "", false
	}
	return r.src.text[open+1 : close], true
}

// singleQuote quotes s as one shell word that stands for s itself.
func singleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
