package eval

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash expands an alias as it reads the command word, so an alias text
// that opens a quote (alias foo="echo 'Error:") changes how the rest of
// the input is read: the quote closes on a later line (foo bar'). The
// reading loop reads a line first and expands aliases after; when the
// line's first alias text is incomplete by itself, it is put into the
// source text itself and the loop reads on from there.

// wantReread records the line's first alias, when it is the line's first
// word, for the reading loop when its text, read alone, is incomplete (it opens a quote or a construct
// that the following text closes), and reports whether it did. An alias
// substituted once at an offset is not substituted there again, and
// alias texts with newlines (whose line numbers the source could not
// keep) are left as they are.
func (r *Runner) wantReread(src *source, start int, edits []aliasEdit) bool {
	if len(edits) == 0 {
		return false
	}
	e := edits[0]
	for _, x := range edits[1:] {
		if x.from < e.from {
			e = x
		}
	}
	if e.from != 0 || strings.Contains(e.with, "\n") || !incompleteText(e.with) {
		return false
	}
	key := aliasKey(src.text[start+e.from:start+e.to], start+e.from)
	if src.rereadSeen[key] {
		return false
	}
	putMap(&src.rereadSeen, key, true)
	r.aliasReread = []aliasEdit{{from: start + e.from, to: start + e.to, with: e.with}}
	return true
}

// incompleteText reports whether s alone leaves the parser wanting more.
func incompleteText(s string) bool {
	// s is already escaped text (an alias value from aliasEscaped).
	_, err := newBashParser().Parse(strings.NewReader(s), "")
	var pe syntax.ParseError
	return errors.As(err, &pe) && pe.Incomplete
}

// applyReread substitutes edits (sorted, absolute offsets) in text.
func applyReread(text string, edits []aliasEdit) string {
	var b strings.Builder
	prev := 0
	for _, e := range edits {
		if e.from < prev || e.to > len(text) {
			return text
		}
		b.WriteString(text[prev:e.from])
		b.WriteString(e.with)
		prev = e.to
	}
	b.WriteString(text[prev:])
	return b.String()
}

// aliasAfterDone finds the command word of the next command after the
// last complete one (at offset done) when the text could not be read to
// its end: if it names an alias whose text is incomplete by itself, the
// caller substitutes it and reads again, as bash would have expanded it
// on reading that word. Blanks,
// newlines, comments and separators are skipped, as are assignments
// before the word.
func (r *Runner) aliasAfterDone(text string, done int, err error, seen map[string]bool) (int, int, string, bool) {
	var pe syntax.ParseError
	if !r.shopts["expand_aliases"] || len(r.aliases) == 0 || !errors.As(err, &pe) || !pe.Incomplete {
		return 0, 0, "", false
	}
	i := max(done, 0)
	for i < len(text) {
		switch c := text[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&':
			i++
			continue
		case c == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		}
		end := i
		for end < len(text) && !strings.ContainsRune(" \t\n;|&()<>'\"`$\\", rune(text[end])) {
			end++
		}
		word := text[i:end]
		if word == "" {
			return 0, 0, "", false
		}
		if eq := strings.IndexByte(word, '='); eq > 0 && isName(word[:eq]) && end < len(text) && (text[end] == ' ' || text[end] == '\t') {
			i = end // an assignment before the command word
			continue
		}
		val, ok := r.aliasEscaped(word)
		if !ok || seen[aliasKey(word, i)] || !incompleteText(val) {
			return 0, 0, "", false
		}
		return i, end, val, true
	}
	return 0, 0, "", false
}

// aliasEnd is the text an alias is replaced with when the command word
// ends at offset to of text: a word of the alias text ends with it, so
// where a redirection follows at once (foo>&2 with foo='echo 0') a blank
// keeps the last word from being read as the redirection's descriptor.
func aliasEnd(val, text string, to int) string {
	if to < len(text) && (text[to] == '<' || text[to] == '>') && val != "" && !strings.ContainsRune(" \t\n", rune(val[len(val)-1])) {
		return val + " "
	}
	return val
}
