package eval

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// prepareStmts runs once over freshly parsed statements: it splits brace
// expansions in the words where bash performs them (command arguments,
// for-loop items, array elements), so that running a loop many times
// never re-parses, and goroutines never mutate a shared tree.
func prepareStmts(stmts []*syntax.Stmt) {
	var words []*syntax.Word
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CallExpr:
				words = appendBraced(words, n.Args)
			case *syntax.WordIter:
				words = appendBraced(words, n.Items)
			case *syntax.ArrayElem:
				// An indexed array's [k]=v with braces in v is brace
				// expanded as a whole word (fillIndexed); elsewhere the
				// split braces print back as written.
				if n.Value != nil {
					words = append(words, n.Value)
				}
			case *syntax.Redirect:
				// A file name or descriptor word is brace-expanded (an
				// ambiguous redirect when it makes more than one word);
				// here-document delimiters and here-strings are not.
				switch n.Op {
				case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
				default:
					if n.Word != nil {
						words = append(words, n.Word)
					}
				}
			case *syntax.BraceExp:
				return false
			}
			return true
		})
	}
	// Split after the walk: a split word holds BraceExp nodes, which
	// syntax.Walk does not visit.
	for _, w := range words {
		syntax.SplitBraces(w)
	}
}

// appendBraced appends the words that hold a '{' in a literal part: only
// those can split into brace expansions.
func appendBraced(dst, ws []*syntax.Word) []*syntax.Word {
	for _, w := range ws {
		for _, p := range w.Parts {
			if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
				dst = append(dst, w)
				break
			}
		}
	}
	return dst
}

func hasBraces(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if _, ok := p.(*syntax.BraceExp); ok {
			return true
		}
	}
	return false
}

// braceText renders a brace expansion back as text.
func braceText(b *syntax.BraceExp) string {
	// The syntax printer prints nothing for a split BraceExp, so the
	// braces are rebuilt here, and the other parts printed one by one.
	sep := ","
	if b.Sequence {
		sep = ".."
	}
	var sb strings.Builder
	sb.WriteByte('{')
	for i, w := range b.Elems {
		if i > 0 {
			sb.WriteString(sep)
		}
		for _, p := range w.Parts {
			if be, ok := p.(*syntax.BraceExp); ok {
				sb.WriteString(braceText(be))
				continue
			}
			syntax.NewPrinter().Print(&sb, &syntax.Word{Parts: []syntax.WordPart{p}})
		}
	}
	sb.WriteByte('}')
	return sb.String()
}

// braceExpand expands the brace expansions of w into words, left to
// right, checking the word count against the limits before building.
func (r *Runner) braceExpand(w *syntax.Word) ([]*syntax.Word, bool) {
	out := []*syntax.Word{w}
	for {
		var next []*syntax.Word
		changed := false
		for _, w := range out {
			i := -1
			for j, p := range w.Parts {
				if _, ok := p.(*syntax.BraceExp); ok {
					i = j
					break
				}
			}
			if i < 0 {
				next = append(next, w)
				continue
			}
			changed = true
			be := w.Parts[i].(*syntax.BraceExp)
			elems, ok := r.braceElems(be)
			if !ok {
				return nil, false
			}
			if err := r.g.checkElems(int64(len(next) + len(elems))); err != nil {
				r.stop(err)
				return nil, false
			}
			for _, e := range elems {
				parts := make([]syntax.WordPart, 0, len(w.Parts)-1+len(e.Parts))
				parts = append(parts, w.Parts[:i]...)
				parts = append(parts, e.Parts...)
				parts = append(parts, w.Parts[i+1:]...)
				next = append(next, &syntax.Word{Parts: joinShortParam(parts, i)})
			}
		}
		out = next
		if !changed {
			return out, true
		}
	}
}

// braceElems lists what one brace expansion produces.
func (r *Runner) braceElems(be *syntax.BraceExp) ([]*syntax.Word, bool) {
	if !be.Sequence {
		return be.Elems, true
	}
	lit := func(i int) string {
		if i < len(be.Elems) {
			return be.Elems[i].Lit()
		}
		return ""
	}
	from, to, stepText := lit(0), lit(1), lit(2)
	keep := []*syntax.Word{{Parts: []syntax.WordPart{&syntax.Lit{Value: braceText(be)}}}}
	step := int64(1)
	if len(be.Elems) > 2 {
		s, err := strconv.ParseInt(stepText, 10, 64)
		if err != nil {
			return keep, true
		}
		step = s
	}
	if step < 0 {
		step = -step
	}
	if step == 0 {
		step = 1
	}
	mk := func(s string) *syntax.Word { return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: s}}} }
	a, errA := strconv.ParseInt(from, 10, 64)
	b, errB := strconv.ParseInt(to, 10, 64)
	if errA == nil && errB == nil {
		n := (abs64(b-a) / step) + 1
		if err := r.g.checkElems(n); err != nil {
			r.stop(err)
			return nil, false
		}
		width := 0
		if padded(from) || padded(to) {
			width = max(len(from), len(to))
		}
		out := make([]*syntax.Word, 0, n)
		for i := int64(0); i < n; i++ {
			v := a + i*step
			if a > b {
				v = a - i*step
			}
			out = append(out, mk(padNum(v, width)))
		}
		return out, true
	}
	if len(from) == 1 && len(to) == 1 && isLetter(from[0]) && isLetter(to[0]) {
		x, y := int64(from[0]), int64(to[0])
		var out []*syntax.Word
		n := abs64(y-x)/step + 1
		for i := int64(0); i < n; i++ {
			v := x + i*step
			if x > y {
				v = x - i*step
			}
			c := string(rune(v))
			if c == `\` {
				// The generated word goes through quote removal: a lone
				// backslash quotes nothing and leaves an empty word.
				out = append(out, &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{}}})
				continue
			}
			out = append(out, mk(c))
		}
		return out, true
	}
	return keep, true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// padded reports a number written with leading zeros ({01..10}).
func padded(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return len(s) > 1 && s[0] == '0'
}

func padNum(v int64, width int) string {
	s := strconv.FormatInt(abs64(v), 10)
	neg := v < 0
	w := width
	if neg {
		w--
	}
	for len(s) < w {
		s = "0" + s
	}
	if neg {
		s = "-" + s
	}
	return s
}

// braceInto expands a brace expression that is not brace-expanded: the
// braces and separators stay as literal text, the elements expand.
func (r *Runner) braceInto(b *fieldBuf, be *syntax.BraceExp, quoted bool) bool {
	sep := ","
	if be.Sequence {
		sep = ".."
	}
	b.add(piece{s: "{", quoted: quoted})
	for i, w := range be.Elems {
		if i > 0 {
			b.add(piece{s: sep, quoted: quoted})
		}
		if !r.expandParts(b, w.Parts, quoted, false) {
			return false
		}
	}
	b.add(piece{s: "}", quoted: quoted})
	return true
}
