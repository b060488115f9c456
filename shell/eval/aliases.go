package eval

import (
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Aliases expand while bash reads: a command word naming an alias is
// replaced by the alias text, which is read again. An alias is not
// expanded inside its own expansion, but is anywhere else on the line;
// an alias text ending in a blank makes the next word a command word too.
// We substitute in the line's text and parse it again, round after round,
// remembering which aliases produced which stretch of text.

// aliasTextMax bounds the text of one line after alias expansion: it is
// parsed again each round, so it must stay far below the string limit.
const aliasTextMax = 1 << 20

// aliasRoundsMax bounds the rounds of re-reading (aliases naming aliases).
const aliasRoundsMax = 16

type aliasEdit struct {
	from, to int
	with     string
	chain    []string   // the aliases active in the new text
	parent   *aliasSpan // the expansion the replaced word came from
}

// aliasSpan is text produced by expanding the aliases in names (the
// innermost last). Spans nest or are disjoint, like the expansions.
type aliasSpan struct {
	from, to int
	names    []string
	parent   *aliasSpan
}

// expandAliases re-reads a line of statements with aliases substituted
// when alias expansion is on and a command word names an alias.
func (r *Runner) expandAliases(src *source, stmts []*syntax.Stmt) []*syntax.Stmt {
	if !r.shopts["expand_aliases"] || len(r.aliases) == 0 || len(stmts) == 0 {
		return stmts
	}
	start := int(stmts[0].Pos().Offset())
	end := int(stmts[len(stmts)-1].End().Offset())
	if end > len(src.text) || start > end {
		return stmts
	}
	text := src.text[start:end]
	var spans []*aliasSpan
	for round := 0; round < aliasRoundsMax; round++ {
		sort.Slice(spans, func(i, j int) bool {
			if spans[i].from != spans[j].from {
				return spans[i].from < spans[j].from
			}
			return spans[i].to > spans[j].to
		})
		edits := r.aliasEdits(stmts, start, spans, text)
		if len(edits) == 0 {
			return stmts
		}
		if round == 0 && r.wantReread(src, start, edits) {
			return nil
		}
		var ok bool
		if text, spans, ok = r.applyAliasEdits(text, edits, spans); !ok {
			return nil
		}
		// Keep the line numbers: pad with the newlines before start.
		pad := strings.Repeat("\n", strings.Count(src.text[:start], "\n"))
		if nestingDepth(text) > maxParseNesting {
			r.stop(r.g.trip("max nesting depth", maxParseNesting))
			return nil
		}
		// text is escaped already (source text, escaped alias values).
		f, err := newBashParser().Parse(strings.NewReader(pad+text), "")
		if err != nil {
			// A syntax error in the expanded text is one in the script:
			// it ends a script as any other would.
			r.reportSyntax(&source{text: pad + text, file: src.file, lineBase: src.lineBase, escaped: src.escaped}, err)
			r.status = 2
			if r.evalLevel() == 0 {
				r.exit(2)
			}
			return nil
		}
		stmts = f.Stmts
		// The text is escaped source text with escaped alias values in it.
		escaped := src.escaped || strings.Contains(text, escLead)
		if escaped {
			unescapeStmts(stmts)
		}
		start = len(pad)
		r.aliasSrc = &source{text: pad + text, file: src.file, lineBase: src.lineBase, escaped: escaped}
		src = r.aliasSrc
	}
	return stmts
}

// applyAliasEdits substitutes the edits (sorted, disjoint) in text in one
// pass, moves the old spans with the text and adds a span per edit.
func (r *Runner) applyAliasEdits(text string, edits []aliasEdit, spans []*aliasSpan) (string, []*aliasSpan, bool) {
	sort.Slice(edits, func(i, j int) bool { return edits[i].from < edits[j].from })
	n := int64(len(text))
	for _, e := range edits {
		n += int64(len(e.with) - (e.to - e.from))
	}
	// Aliases naming aliases can multiply the text each round: check
	// the size before building it.
	if n > aliasTextMax {
		r.stop(r.g.trip("max alias expansion bytes", aliasTextMax))
		return "", nil, false
	}
	if err := r.g.checkString(n); err != nil {
		r.stop(err)
		return "", nil, false
	}
	// shift[k] is the growth of the text from edits[:k].
	shift := make([]int, len(edits)+1)
	var b strings.Builder
	b.Grow(int(n))
	prev := 0
	for k, e := range edits {
		b.WriteString(text[prev:e.from])
		b.WriteString(e.with)
		prev = e.to
		shift[k+1] = shift[k] + len(e.with) - (e.to - e.from)
	}
	b.WriteString(text[prev:])
	// moved maps an old offset: it grows by the edits that end before it.
	moved := func(p int) int {
		k := sort.Search(len(edits), func(i int) bool { return edits[i].to > p })
		return p + shift[k]
	}
	for _, s := range spans {
		s.from, s.to = moved(s.from), moved(s.to)
	}
	for _, e := range edits {
		from := moved(e.from)
		spans = append(spans, &aliasSpan{from: from, to: from + len(e.with), names: e.chain, parent: e.parent})
	}
	return b.String(), spans, true
}

// innermostSpan is the innermost span holding [from, to), or nil. spans
// are sorted by start (outer first on ties); any span holding the range
// encloses the last span starting at or before it, so climbing parents
// from there finds it.
func innermostSpan(spans []*aliasSpan, from, to int) *aliasSpan {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].from > from }) - 1
	if i < 0 {
		return nil
	}
	for s := spans[i]; s != nil; s = s.parent {
		if s.from <= from && to <= s.to {
			return s
		}
	}
	return nil
}

// aliasEdits finds the command words of stmts that name aliases, as edits
// relative to base, skipping an alias inside its own expansion. A command
// word is a simple command's first word, one after an alias whose text
// ends in a blank, or the first word of an earlier round's expansion
// (which took a command word's place).
func (r *Runner) aliasEdits(stmts []*syntax.Stmt, base int, spans []*aliasSpan, text string) []aliasEdit {
	var edits []aliasEdit
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			c, ok := n.(*syntax.CallExpr)
			if !ok || len(c.Args) == 0 {
				return true
			}
			afterBlank := false
			for i, w := range c.Args {
				from, to := int(w.Pos().Offset())-base, int(w.End().Offset())-base
				cmdWord := i == 0 || afterBlank || startsSpan(spans, text, from)
				afterBlank = false
				lit, ok := w.Parts[0].(*syntax.Lit)
				if !cmdWord || len(w.Parts) != 1 || !ok {
					continue
				}
				val, isAlias := r.aliases[lit.Value]
				if !isAlias {
					continue
				}
				in := innermostSpan(spans, from, to)
				var chain []string
				if in != nil {
					chain = in.names
				}
				if containsString(chain, lit.Value) {
					continue
				}
				chain = append(chain[:len(chain):len(chain)], lit.Value)
				edits = append(edits, aliasEdit{from: from, to: to, with: aliasEnd(escapedText(val), text, to), chain: chain, parent: in})
				// An alias ending in a blank makes the next word a
				// command word too.
				afterBlank = strings.HasSuffix(val, " ") || strings.HasSuffix(val, "\t")
			}
			return true
		})
	}
	return edits
}

// startsSpan reports whether the word at offset from is the first word of
// an alias expansion: only blanks lie between a span's start and it.
func startsSpan(spans []*aliasSpan, text string, from int) bool {
	for _, s := range spans {
		if s.from <= from && from < s.to && from <= len(text) && strings.TrimLeft(text[s.from:from], " \t") == "" {
			return true
		}
	}
	return false
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
