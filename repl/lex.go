package repl

import (
	"strings"
)

// lexed is what completion needs to know about the text before the cursor:
// the words of the command being typed and the partial word at the end.
// It is a forgiving scan, not a parse: the line is usually unfinished.
type lexed struct {
	words []string // finished words of the current command, quotes removed
	value string   // the partial word, quotes removed
	raw   string   // the partial word as typed
	open  rune     // the quote still open in the partial word, or 0
}

// lexLine scans s, starting a new command after ; | & ( ) newlines, $( and
// backquotes, since each of those puts the next word in command position.
func lexLine(s string) lexed {
	var lx lexed
	var val, raw strings.Builder
	inWord := false
	endWord := func() {
		if inWord {
			lx.words = append(lx.words, val.String())
		}
		val.Reset()
		raw.Reset()
		inWord = false
	}
	newCommand := func() {
		endWord()
		lx.words = nil
	}
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case lx.open == '\'':
			raw.WriteRune(r)
			if r == '\'' {
				lx.open = 0
			} else {
				val.WriteRune(r)
			}
		case lx.open == '"':
			raw.WriteRune(r)
			switch {
			case r == '"':
				lx.open = 0
			case r == '\\' && i+1 < len(rs) && strings.ContainsRune("\"\\$`", rs[i+1]):
				i++
				raw.WriteRune(rs[i])
				val.WriteRune(rs[i])
			default:
				val.WriteRune(r)
			}
		case r == '\\':
			inWord = true
			raw.WriteRune(r)
			if i+1 < len(rs) {
				i++
				raw.WriteRune(rs[i])
				if rs[i] != '\n' {
					val.WriteRune(rs[i])
				}
			}
		case r == '\'' || r == '"':
			inWord = true
			lx.open = r
			raw.WriteRune(r)
		case r == ' ' || r == '\t':
			endWord()
		case strings.ContainsRune(";|&()\n`", r):
			newCommand()
		case r == '$' && i+1 < len(rs) && rs[i+1] == '(':
			i++
			newCommand()
		case r == '<' || r == '>':
			// A redirection: the next word is a file, never a command.
			endWord()
			lx.words = append(lx.words, string(r))
		default:
			inWord = true
			raw.WriteRune(r)
			val.WriteRune(r)
		}
	}
	lx.value, lx.raw = val.String(), raw.String()
	return lx
}

// prefixWords may come before a command without taking its place.
var prefixWords = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "do": true,
	"while": true, "until": true, "!": true, "{": true, "time": true,
}

// commandPosition reports whether the partial word names a command.
func (lx lexed) commandPosition() bool {
	for _, w := range lx.words {
		if prefixWords[w] || isAssignment(w) {
			continue
		}
		return false
	}
	return true
}

func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if !ok || name == "" {
		return false
	}
	for i, r := range name {
		if r != '_' && !(r >= 'a' && r <= 'z') && !(r >= 'A' && r <= 'Z') && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// quote turns a completed value back into text for the line, in the same
// quoting style the user started the word with.
func (lx lexed) quote(v string) string {
	switch {
	case lx.open == '\'' && strings.HasPrefix(lx.raw, "'"):
		return "'" + v + closeQuote(v, "'")
	case lx.open == '"' && strings.HasPrefix(lx.raw, `"`):
		var b strings.Builder
		b.WriteByte('"')
		for _, r := range v {
			if strings.ContainsRune("\"\\$`", r) {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		return b.String() + closeQuote(v, `"`)
	}
	var b strings.Builder
	for _, r := range v {
		// A leading ~ stays as typed: it is the user's, and means $HOME.
		if strings.ContainsRune(" \t\n'\"\\$`&|;()<>*?[]{}!#", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// closeQuote ends a quoted completion unless it is a directory, where the
// user is likely to go on typing a name inside it.
func closeQuote(v, q string) string {
	if strings.HasSuffix(v, "/") {
		return ""
	}
	return q
}
