package eval

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// newPipe is a synchronous in-memory pipe.
func newPipe() (*io.PipeReader, *io.PipeWriter) { return io.Pipe() }

// syntaxErrorAt reports a parse error as bash does: the unexpected token
// (or end of file), then the offending line.
func (r *Runner) reportSyntax(src *source, err error) {
	var pe syntax.ParseError
	line := 1
	msg := "syntax error"
	tokText := ""
	if errors.As(err, &pe) {
		line = int(pe.Pos.Line())
		if pe.Incomplete {
			msg = "syntax error: unexpected end of file"
			line = strings.Count(src.text, "\n") + 1
			if strings.HasSuffix(src.text, "\n") {
				line = strings.Count(src.text, "\n") + 1
			}
		} else {
			tok := tokenAt(src.text, int(pe.Pos.Offset()))
			if tok == "" {
				msg = "syntax error: unexpected end of file"
			} else {
				msg = "syntax error near unexpected token `" + tok + "'"
				tokText = lineAt(src.text, int(pe.Pos.Offset()))
			}
		}
	} else {
		msg = "syntax error: " + err.Error()
	}
	line += src.lineBase
	prefix := r.msgPrefixAt(src, line)
	if src.file == "" && r.mode == 'c' && r.evalLevel() == 0 {
		prefix = fmt.Sprintf("%s: -c: line %d: ", r.arg0, line)
	}
	if r.evalLevel() > 0 && src.file == "" {
		prefix = r.msgPrefixAt(src, line)
		if r.mode == 'c' {
			prefix = fmt.Sprintf("%s: eval: line %d: ", r.arg0, line)
		}
	}
	w := r.stderr()
	fmt.Fprintf(w, "%s%s\n", prefix, msg)
	if tokText != "" {
		fmt.Fprintf(w, "%s`%s'\n", prefix, tokText)
	}
}

// tokenAt is the shell token starting at offset off of text.
func tokenAt(text string, off int) string {
	if off < 0 || off >= len(text) {
		return ""
	}
	s := text[off:]
	for _, op := range []string{";;&", ";;", ";&", "&&", "||", "|&", "<<-", "<<<", "<<", ">>", "<&", ">&", "<>", "&>", "((", "))"} {
		if strings.HasPrefix(s, op) {
			return op
		}
	}
	switch s[0] {
	case '\n':
		return "newline"
	case ';', '&', '|', '(', ')', '<', '>':
		return s[:1]
	}
	end := strings.IndexAny(s, " \t\n;&|()<>")
	if end < 0 {
		end = len(s)
	}
	if end == 0 {
		return s[:1]
	}
	return s[:end]
}

// lineAt is the source line holding offset off.
func lineAt(text string, off int) string {
	if off > len(text) {
		off = len(text)
	}
	start := strings.LastIndexByte(text[:off], '\n') + 1
	end := strings.IndexByte(text[off:], '\n')
	if end < 0 {
		return text[start:]
	}
	return text[start : off+end]
}

// parseErrorText is kept for callers that want the line and message only.
func parseErrorText(err error) (int, string) {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		return int(pe.Pos.Line()), "syntax error: " + pe.Text
	}
	return 1, err.Error()
}

// expandAliases re-reads a line of statements with aliases substituted
// when alias expansion is on and a command word names an alias: bash
// expands aliases while reading, so we substitute in the line's text and
// parse it again, as many times as new aliases appear. An alias is not
// expanded again inside its own replacement text (bash's rule against
// recursion), so each replaced span remembers the chain of aliases that
// produced it.
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
	var spans []aliasSpan
	for round := 0; round < 16; round++ {
		edits := r.aliasEdits(stmts, start, spans)
		if len(edits) == 0 {
			return stmts
		}
		grow := 0
		for _, e := range edits {
			grow += len(e.with) - (e.to - e.from)
		}
		if len(text)+grow > maxAliasText {
			// Aliases ending in blanks can multiply a line each round;
			// keep the line as far as it was expanded.
			return stmts
		}
		// Apply from the end so offsets stay valid.
		for i := len(edits) - 1; i >= 0; i-- {
			e := edits[i]
			text = text[:e.from] + e.with + text[e.to:]
			spans = shiftSpans(spans, e)
		}
		// Keep the line numbers: pad with the newlines before start.
		pad := strings.Repeat("\n", strings.Count(src.text[:start], "\n"))
		p := syntax.NewParser(syntax.Variant(syntax.LangBash))
		f, err := p.Parse(strings.NewReader(pad+text), "")
		if err != nil {
			r.reportSyntax(&source{text: pad + text, file: src.file, lineBase: src.lineBase}, err)
			r.status = 2
			if r.evalLevel() == 0 {
				// As for any syntax error: a non-interactive shell stops.
				r.exit(2)
			}
			return nil
		}
		stmts = f.Stmts
		start = len(pad)
		r.aliasSrc = &source{text: pad + text, file: src.file, lineBase: src.lineBase}
		src = r.aliasSrc
	}
	return stmts
}

// maxAliasText bounds a line grown by alias expansion.
const maxAliasText = 1 << 20

// aliasSpan is text that came from expanding the aliases in chain.
type aliasSpan struct {
	from, to int
	chain    []string
}

// chainAt is the chain of aliases whose expansion produced offset off.
func chainAt(spans []aliasSpan, off int) []string {
	var best []string
	for _, sp := range spans {
		// Spans nest; the innermost (longest chain) wins.
		if off >= sp.from && off < sp.to && len(sp.chain) >= len(best) {
			best = sp.chain
		}
	}
	return best
}

// shiftSpans updates spans for one edit replacing [e.from, e.to) with
// e.with, and adds the span of the new text.
func shiftSpans(spans []aliasSpan, e aliasEdit) []aliasSpan {
	delta := len(e.with) - (e.to - e.from)
	for i := range spans {
		sp := &spans[i]
		switch {
		case sp.from >= e.to:
			sp.from += delta
			sp.to += delta
		case sp.to > e.from:
			// The edit lies inside this span: it grows or shrinks.
			sp.to += delta
		}
	}
	return append(spans, aliasSpan{from: e.from, to: e.from + len(e.with), chain: e.chain})
}

type aliasEdit struct {
	from, to int
	with     string
	chain    []string // the aliases expanded to produce with
}

// aliasEdits finds the command words of stmts that name aliases not
// already being expanded where they stand, as edits relative to base.
func (r *Runner) aliasEdits(stmts []*syntax.Stmt, base int, spans []aliasSpan) []aliasEdit {
	var edits []aliasEdit
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			c, ok := n.(*syntax.CallExpr)
			if !ok || len(c.Args) == 0 {
				return true
			}
			for i, w := range c.Args {
				lit, ok := w.Parts[0].(*syntax.Lit)
				if len(w.Parts) != 1 || !ok {
					break
				}
				val, isAlias := r.aliases[lit.Value]
				from := int(w.Pos().Offset()) - base
				chain := chainAt(spans, from)
				if !isAlias || slices.Contains(chain, lit.Value) {
					break
				}
				chain = append(slices.Clip(chain), lit.Value)
				edits = append(edits, aliasEdit{from: from, to: int(w.End().Offset()) - base, with: val, chain: chain})
				// An alias ending in a blank makes the next word a
				// command word too.
				if !strings.HasSuffix(val, " ") && !strings.HasSuffix(val, "\t") || i+1 >= len(c.Args) {
					break
				}
			}
			return true
		})
	}
	return edits
}

// maxParseNesting bounds how deeply a script may nest parentheses,
// braces, brackets and compound keywords. mvdan/sh's parser recurses once
// or more per level, and a Go stack overflow cannot be recovered, so a
// text nested deeper than any real script is refused before parsing.
const maxParseNesting = 1000

// nestingDepth is a conservative measure of the deepest nesting in text:
// ( { [ and if/case/do/then open, ) } ] and fi/esac/done close; single-
// quoted text and comments are skipped.
func nestingDepth(text string) int {
	depth, deepest := 0, 0
	word := func(i int) (string, int) {
		j := i
		for j < len(text) && (text[j] >= 'a' && text[j] <= 'z') {
			j++
		}
		return text[i:j], j
	}
	atWordStart := true
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\'':
			if j := strings.IndexByte(text[i+1:], '\''); j >= 0 {
				i += j + 1
			}
		case c == '\\':
			i++
		case c == '#' && atWordStart:
			if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
				i += j - 1
			} else {
				i = len(text)
			}
		case c == '(' || c == '{' || c == '[':
			depth++
		case c == ')' || c == '}' || c == ']':
			if depth > 0 {
				depth--
			}
		case atWordStart && c >= 'a' && c <= 'z':
			w, j := word(i)
			switch w {
			case "if", "case", "do", "then", "while", "until", "select":
				depth++
			case "fi", "esac", "done":
				depth = max(depth-2, 0)
			}
			i = j - 1
		}
		if depth > deepest {
			deepest = depth
		}
		atWordStart = c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '{' || c == '}'
	}
	return deepest
}

// aliasAtError finds an alias as the first word of the line where parsing
// failed; the caller substitutes it and reads the line again.
func (r *Runner) aliasAtError(text string, err error, done map[string]bool) (int, int, string, bool) {
	if !r.shopts["expand_aliases"] || len(r.aliases) == 0 {
		return 0, 0, "", false
	}
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		return 0, 0, "", false
	}
	off := min(int(pe.Pos.Offset()), len(text))
	start := strings.LastIndexByte(text[:off], '\n') + 1
	for start < len(text) && (text[start] == ' ' || text[start] == '\t') {
		start++
	}
	end := start
	for end < len(text) && !strings.ContainsRune(" \t\n;|&()<>", rune(text[end])) {
		end++
	}
	word := text[start:end]
	val, ok := r.aliases[word]
	if !ok || done[word] {
		return 0, 0, "", false
	}
	return start, end, val, true
}
