package eval

import "strings"

// read splits its line by IFS the way bash does: a backslash (without
// -r) makes the next character literal, so it never separates fields
// and is never trimmed; the last variable takes the rest of the line.

// readText is a line read by read: its characters and which of them
// were escaped by a backslash.
type readText struct {
	s   string
	esc []bool // nil when nothing is escaped
}

// unescapeRead removes read's backslashes (a backslash-newline pair
// entirely) and marks the characters they escaped.
func unescapeRead(s string) readText {
	if !strings.Contains(s, "\\") {
		return readText{s: s}
	}
	var sb strings.Builder
	esc := make([]bool, 0, len(s))
	for i := 0; i < len(s); i++ {
		escaped := false
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
			escaped = true
		}
		sb.WriteByte(s[i])
		esc = append(esc, escaped)
	}
	return readText{s: sb.String(), esc: esc}
}

func (t readText) escaped(i int) bool { return t.esc != nil && t.esc[i] }

// isSep reports an unescaped IFS character at i; isWS one that is IFS
// whitespace.
func (t readText) isSep(i int, ifs string) bool {
	return !t.escaped(i) && strings.IndexByte(ifs, t.s[i]) >= 0
}

func (t readText) isWS(i int, ifs string) bool {
	c := t.s[i]
	return (c == ' ' || c == '\t' || c == '\n') && t.isSep(i, ifs)
}

// word reads a field from i and the separator after it (IFS whitespace,
// at most one other IFS character, IFS whitespace); it returns the field
// and where the next one starts.
func (t readText) word(i int, ifs string) (string, int) {
	start := i
	for i < len(t.s) && !t.isSep(i, ifs) {
		i++
	}
	w := t.s[start:i]
	for i < len(t.s) && t.isWS(i, ifs) {
		i++
	}
	if i < len(t.s) && t.isSep(i, ifs) && !t.isWS(i, ifs) {
		i++
		for i < len(t.s) && t.isWS(i, ifs) {
			i++
		}
	}
	return w, i
}

// trimEnd is where the rest of the line from i ends once trailing IFS
// whitespace is stripped; bash strips escaped whitespace there too.
func (t readText) trimEnd(i int, ifs string) int {
	j := len(t.s)
	for j > i {
		c := t.s[j-1]
		if (c != ' ' && c != '\t' && c != '\n') || strings.IndexByte(ifs, c) < 0 {
			break
		}
		j--
	}
	return j
}

// splitRead splits t into fields for n variables (n < 0: as many fields
// as there are, for read -a). The last variable gets the rest of the
// line less trailing IFS whitespace, or just its one field when that
// field and its separator are all that is left.
func splitRead(t readText, ifs string, n int) []string {
	i := 0
	for i < len(t.s) && t.isWS(i, ifs) {
		i++
	}
	var out []string
	for i < len(t.s) {
		if n > 0 && len(out) == n-1 {
			if w, next := t.word(i, ifs); next >= len(t.s) {
				return append(out, w)
			}
			return append(out, t.s[i:t.trimEnd(i, ifs)])
		}
		var w string
		w, i = t.word(i, ifs)
		out = append(out, w)
	}
	return out
}
