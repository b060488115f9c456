package eval

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// syntaxErrorAt reports a parse error as bash does: the unexpected token
// (or end of file), then the offending line.
func (r *Runner) reportSyntax(src *source, err error) {
	src.ran = true // the error's status is the text's
	var pe syntax.ParseError
	line := 1
	msg := "syntax error"
	tokText := ""
	pre, preLine := "", 0
	if errors.As(err, &pe) {
		line = int(pe.Pos.Line()) - src.padsBefore(int(pe.Pos.Offset())) + src.cutsBefore(int(pe.Pos.Offset()))
		if pe.Incomplete {
			msg = "syntax error: unexpected end of file"
			eofLine := line
			line = strings.Count(src.text, "\n") + 1 - src.eofPad - len(src.pads) + len(src.cuts)
			if c, ok := eofMatching(pe.Text); ok && !subshellOpen(src.text, pe) {
				// bash names what was left open, on the line it opened
				// ($( on the last line), instead of the end of file.
				pre, preLine = "unexpected EOF while looking for matching `"+c+"'", eofLine
				if c == ")" && strings.Contains(pe.Text, "`$(` with") {
					preLine = line
				}
				msg = ""
			}
		} else if m, shown, ok := arithForError(src.text, pe); ok {
			msg, tokText = m, ""
			defer fmt.Fprintf(r.stderr(), "%s%s\n", r.syntaxPrefix(src, line+src.lineBase), shown)
		} else if tok := funcParenToken(src.text, pe); tok != "" {
			msg = "syntax error near unexpected token `" + tok + "'"
			tokText = lineAt(src.text, int(pe.Pos.Offset()))
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
	w := r.stderr()
	if pre != "" {
		fmt.Fprintf(w, "%s%s\n", r.syntaxPrefix(src, preLine+src.lineBase), pre)
		if msg == "" {
			return
		}
	}
	line += src.lineBase
	prefix := r.syntaxPrefix(src, line)
	fmt.Fprintf(w, "%s%s\n", prefix, msg)
	if tokText != "" {
		fmt.Fprintf(w, "%s`%s'\n", prefix, tokText)
	}
}

// syntaxPrefix is the "NAME: line N: " before a syntax error.
func (r *Runner) syntaxPrefix(src *source, line int) string {
	if r.inEval() && !r.interactive {
		// bash names eval in the prefix: FILE: eval: line N: (FILE as
		// for any message: the script, "environment" in a -c function).
		return strings.Replace(r.msgPrefixAt(src, line), ": line ", ": eval: line ", 1)
	}
	if src.file == "" && r.mode == 'c' && r.evalLevel() == 0 {
		return fmt.Sprintf("%s: -c: line %d: ", r.arg0, line)
	}
	return r.msgPrefixAt(src, line)
}

// eofMatching is the closing character bash names when the text ends
// inside a quote, a command or arithmetic substitution, or an array list.
func eofMatching(text string) (string, bool) {
	switch {
	case strings.HasPrefix(text, "reached EOF without closing quote "):
		q := strings.TrimPrefix(text, "reached EOF without closing quote ")
		if len(q) == 3 {
			return q[1:2], true
		}
	case text == "reached EOF without matching `$(` with `)`",
		text == "reached EOF without matching `$((` with `))`",
		text == "reached EOF without matching `(` with `)`":
		return ")", true
	}
	return "", false
}

// funcParenToken is the token bash names for name( followed by something
// other than ): the token after the (, or newline.
func funcParenToken(text string, pe syntax.ParseError) string {
	if !strings.HasSuffix(pe.Text, "( must be followed by `)`") && !strings.HasSuffix(pe.Text, "(` must be followed by `)`") {
		return ""
	}
	off := int(pe.Pos.Offset())
	k := strings.IndexByte(text[min(off, len(text)):], '(')
	if k < 0 {
		return ""
	}
	i := off + k + 1
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if tok := tokenAt(text, i); tok != "" {
		return tok
	}
	return "newline"
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
	if !ok || done[aliasKey(word, start)] {
		if pe.Incomplete {
			off = len(text) // the open $( is the last one
		}
		return r.aliasInComsub(text, off, done)
	}
	return start, end, val, true
}

// inEval reports whether the text being read comes from eval (the
// innermost of eval and source).
func (r *Runner) inEval() bool {
	for i := len(r.stack) - 1; i >= 0; i-- {
		if n := r.stack[i].name; n == "eval" || n == "source" {
			return n == "eval"
		}
	}
	return false
}
