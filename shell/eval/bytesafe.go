package eval

// Scripts are bytes, not UTF-8 text: bash reads a Latin-1 file, a binary
// here-document or a \r before each newline byte for byte. mvdan/sh's
// parser refuses a byte that is not valid UTF-8 and drops the \r of a
// \r\n, so every text goes to it through one bijective escape:
//
//   - each byte the parser would not keep (a byte that starts no valid
//     UTF-8 sequence, a \r before \n) becomes the code point
//     escBase+byte, a plane-16 private-use code point;
//   - each code point in escBase+0x00..escBase+0xFF that the text really
//     holds has its (four) bytes escaped the same way, so the escape is
//     undone exactly even for a script that contains those code points.
//
// The parser sees one ordinary word character per escaped byte. The
// reading loop keeps a source's escaped text (every offset in the tree
// points into it), unescapes the tree's strings in place after each parse
// (unescapeTree) and unescapes what it takes from the text by offset
// (srcOffsets, srcRange, the printer, syntax messages, the script read as
// standard input). A text with no such bytes is left as it is, so the
// escape costs one scan.

import (
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// escBase is the first escape code point: U+10FF00+b stands for byte b.
// All 256 encode as F4 8F BC..BF xx.
const escBase = 0x10FF00

// escLead is the two bytes every escape code point (and every code point
// near them) starts with: a text without it has no escapes to undo.
const escLead = "\xf4\x8f"

// isEscRune reports whether r is one of the escape code points.
func isEscRune(r rune) bool { return r >= escBase && r <= escBase+0xFF }

// escapeText maps text for the parser; changed is false when the text
// needed no escape (and is returned as it is).
func escapeText(text string) (out string, changed bool) {
	if !needsEscape(text) {
		return text, false
	}
	var b strings.Builder
	b.Grow(len(text) + len(text)/4)
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == utf8.RuneError && w == 1, isEscRune(r),
			r == '\r' && i+1 < len(text) && text[i+1] == '\n':
			for _, c := range []byte(text[i : i+w]) {
				b.WriteRune(escBase + rune(c))
			}
		default:
			b.WriteString(text[i : i+w])
		}
		i += w
	}
	return b.String(), true
}

// needsEscape is the fast test: valid UTF-8, no \r\n, no code point near
// the escapes.
func needsEscape(text string) bool {
	return !utf8.ValidString(text) || strings.Contains(text, "\r\n") || strings.Contains(text, escLead)
}

// unescapeText undoes escapeText: each escape code point becomes its byte;
// everything else (raw bytes included) is kept.
func unescapeText(s string) string {
	if !strings.Contains(s, escLead) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if isEscRune(r) {
			b.WriteByte(byte(r - escBase))
		} else {
			b.WriteString(s[i : i+w])
		}
		i += w
	}
	return b.String()
}

// unescapePrefix unescapes the start of s into dst: it fills dst and
// returns how many bytes of s that took, never splitting an escape.
func unescapePrefix(dst []byte, s string) (n, used int) {
	for n < len(dst) && used < len(s) {
		if r, w := utf8.DecodeRuneInString(s[used:]); isEscRune(r) {
			dst[n] = byte(r - escBase)
			used += w
		} else {
			dst[n] = s[used]
			used++
		}
		n++
	}
	return n, used
}

// unescapeTree unescapes, in place, every string a parsed tree holds:
// literals (words, names, patterns, here-document bodies, arithmetic
// operands) and single-quoted strings. Positions keep pointing into the
// escaped text.
func unescapeTree(n syntax.Node) {
	if n == nil {
		return
	}
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Lit:
			n.Value = unescapeText(n.Value)
		case *syntax.SglQuoted:
			n.Value = unescapeText(n.Value)
		}
		return true
	})
}

// unescapeStmts is unescapeTree for a line of statements.
func unescapeStmts(stmts []*syntax.Stmt) {
	for _, st := range stmts {
		unescapeTree(st)
	}
}

// parseBytes parses a text that may hold any bytes. It returns the
// escaped text the tree's offsets point into (the text itself when it
// needed no escape) and the tree, its strings unescaped.
func parseBytes(p *syntax.Parser, text string) (*syntax.File, string, error) {
	esc, changed := escapeText(text)
	f, err := p.Parse(strings.NewReader(esc), "")
	if changed && f != nil {
		unescapeTree(f)
	}
	return f, esc, err
}

// parseWordBytes is parseBytes for a word read as in double quotes
// (Parser.Document).
func parseWordBytes(p *syntax.Parser, text string) (*syntax.Word, string, error) {
	esc, changed := escapeText(text)
	w, err := p.Document(strings.NewReader(esc))
	if changed && w != nil {
		unescapeTree(w)
	}
	return w, esc, err
}

// newBashParser is the parser every reading of bash text uses.
func newBashParser() *syntax.Parser {
	return syntax.NewParser(syntax.Variant(syntax.LangBash))
}

// aliasEscaped looks up the alias named by a word of escaped text and
// returns its value escaped, ready to go into that text.
func (r *Runner) aliasEscaped(word string) (string, bool) {
	val, ok := r.aliases[unescapeText(word)]
	esc, changed := escapeText(val)
	if changed && r.src != nil {
		r.src.escaped = true // the reading loop puts it in the running source's text
	}
	return esc, ok
}

// escapedText is escapeText's text alone: an alias value or a string
// that becomes a running source.
func escapedText(val string) string {
	esc, _ := escapeText(val)
	return esc
}

// printedBytes is the printer's rendering of a source's commands with the
// source's escapes undone: it mixes source text (escaped) with the trees'
// strings (already bytes). Only an escaped source's output is unescaped,
// so a script's own U+10FFxx code points survive unless it also held a
// byte that needed escaping.
func printedBytes(src *source, s string) string {
	if src != nil && src.escaped {
		return unescapeText(s)
	}
	return s
}

// charSlice is characters from..to-1 of s (0 <= from <= to <= its
// count of characters). A byte that starts no valid UTF-8 sequence is a
// character of its own, as bash counts it in ${x:off:len} (and as
// utf8.RuneCountInString does), so the slice keeps s's bytes.
func charSlice(s string, from, to int) string {
	a, i := -1, 0
	for k := 0; k <= to; k++ {
		if k == from {
			a = i
		}
		if k == to || i >= len(s) {
			break
		}
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	if a < 0 {
		return ""
	}
	return s[a:i]
}

// Parse parses bash text holding any bytes as the shell reads it (the
// escape above around mvdan/sh's parser); the tree's strings are the
// text's bytes. Its offsets point into the escaped text, so callers
// outside this package use it to check text, not to slice it.
func Parse(text string) (*syntax.File, error) {
	f, _, err := parseBytes(newBashParser(), text)
	return f, err
}

// readLineBytes is readLine (history expansion and the history list) for
// a line of src's escaped text: history holds the line's bytes, and the
// expanded line comes back escaped.
func (r *Runner) readLineBytes(src *source, line string, cont bool, lineNo int) (string, bool) {
	raw := line
	if src.escaped {
		raw = unescapeText(line)
	}
	out := r.readLine(raw, cont, lineNo)
	if out == raw {
		return line, false
	}
	esc, changed := escapeText(out)
	if changed {
		src.escaped = true
	}
	return esc, true
}
