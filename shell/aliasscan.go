package shell

import "strings"

// The word-level part of the alias scanner (see aliasexpand.go).

// cmdKeywords keep the command position: a command follows them.
var cmdKeywords = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "do": true, "while": true,
	"until": true, "!": true, "{": true, "time": true,
}

// word reads one word and updates the command position.
func (x *aliasScanner) word(st *scanState, depth int) {
	start := x.pos
	candidate := st.cmdPos || x.recheck || x.markerHit(start)
	x.recheck = false
	plain := x.skipWord(depth)
	end := x.pos
	w := x.src[start:end]
	if end < len(x.src) && (x.src[end] == '<' || x.src[end] == '>') && isFdPrefix(w) {
		return // 2>file: the number belongs to the redirection
	}
	if plain && !st.inCase(casePattern) && !st.inCase(caseHeader) && x.tryAlias(start, end, candidate) {
		return
	}
	switch {
	case st.fnName:
		st.fnName = false
		st.cmdPos = true
	case st.inCase(caseHeader):
		if w == "in" {
			st.cases[len(st.cases)-1] = casePattern
		}
	case st.inCase(casePattern):
		if w == "esac" {
			st.cases = st.cases[:len(st.cases)-1]
			st.cmdPos = false
		}
	case !st.cmdPos:
	case w == "esac" && len(st.cases) > 0:
		st.cases = st.cases[:len(st.cases)-1]
		st.cmdPos = false
	case cmdKeywords[w]:
	case w == "case":
		st.cases = append(st.cases, caseHeader)
		st.cmdPos = false
	case w == "function":
		st.fnName = true
		st.cmdPos = false
	case w == "[[":
		x.skipDoubleBracket(depth)
		st.cmdPos = false
	case isAssignWord(w):
	default:
		st.cmdPos = false
	}
}

func isFdPrefix(w string) bool {
	if strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}") && len(w) > 2 {
		return true
	}
	return w != "" && strings.Trim(w, "0123456789") == ""
}

// isAssignWord reports NAME=..., NAME+=... and NAME[...]=...
func isAssignWord(w string) bool {
	i := 0
	for i < len(w) && (w[i] == '_' || w[i] >= 'a' && w[i] <= 'z' || w[i] >= 'A' && w[i] <= 'Z' || i > 0 && w[i] >= '0' && w[i] <= '9') {
		i++
	}
	if i == 0 {
		return false
	}
	if i < len(w) && w[i] == '[' {
		j := strings.IndexByte(w[i:], ']')
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return strings.HasPrefix(w[i:], "=") || strings.HasPrefix(w[i:], "+=")
}

// isMeta reports the characters that end an unquoted word.
func isMeta(c byte) bool {
	return strings.IndexByte(" \t\n;&|<>()", c) >= 0
}

// skipWord moves past one word; plain is false when it has quotes,
// escapes or expansions.
func (x *aliasScanner) skipWord(depth int) (plain bool) {
	plain = true
	for x.pos < len(x.src) {
		c := x.src[x.pos]
		if c == '(' && x.pos > 0 && strings.IndexByte("=?*+@!", x.src[x.pos-1]) >= 0 {
			// a=(...) or an extglob: one word up to the closing paren.
			x.pos++
			x.skipParens(1)
			plain = false
			continue
		}
		if isMeta(c) {
			return plain
		}
		switch c {
		case '\\':
			x.pos += 2
			plain = false
		case '\'':
			x.pos++
			x.skipTo('\'')
			plain = false
		case '"':
			x.pos++
			x.skipDouble(depth)
			plain = false
		case '`':
			x.pos++
			x.skipBackquote()
			plain = false
		case '$':
			x.dollar(depth)
			plain = false
		default:
			x.pos++
		}
	}
	if x.pos > len(x.src) {
		x.pos = len(x.src)
	}
	return plain
}

// skipTo moves past the next c.
func (x *aliasScanner) skipTo(c byte) {
	i := strings.IndexByte(x.src[x.pos:], c)
	if i < 0 {
		x.pos = len(x.src)
		return
	}
	x.pos += i + 1
}

func (x *aliasScanner) skipBackquote() {
	for x.pos < len(x.src) {
		switch x.src[x.pos] {
		case '\\':
			x.pos += 2
		case '`':
			x.pos++
			return
		default:
			x.pos++
		}
	}
}

// skipDouble moves past the rest of a double-quoted string.
func (x *aliasScanner) skipDouble(depth int) {
	for x.pos < len(x.src) {
		switch x.src[x.pos] {
		case '\\':
			x.pos += 2
		case '"':
			x.pos++
			return
		case '`':
			x.pos++
			x.skipBackquote()
		case '$':
			x.dollar(depth)
		default:
			x.pos++
		}
	}
}

// dollar moves past an expansion starting at $; command substitutions
// are scanned as command lists, since aliases expand in them too.
func (x *aliasScanner) dollar(depth int) {
	x.pos++
	if x.pos >= len(x.src) {
		return
	}
	switch x.src[x.pos] {
	case '(':
		x.pos++
		if x.pos < len(x.src) && x.src[x.pos] == '(' {
			x.skipParens(1)
			return
		}
		if depth > 50 {
			x.skipParens(1)
			return
		}
		x.list(depth+1, true)
	case '{':
		x.pos++
		x.skipBraces()
	case '\'':
		x.pos++
		for x.pos < len(x.src) && x.src[x.pos] != '\'' {
			if x.src[x.pos] == '\\' {
				x.pos++
			}
			x.pos++
		}
		x.pos++
	case '"':
		x.pos++
		x.skipDouble(depth)
	}
}

// skipBraces moves past the rest of ${...}.
func (x *aliasScanner) skipBraces() {
	n := 1
	for x.pos < len(x.src) && n > 0 {
		switch x.src[x.pos] {
		case '\\':
			x.pos++
		case '\'':
			x.pos++
			x.skipTo('\'')
			continue
		case '{':
			n++
		case '}':
			n--
		}
		x.pos++
	}
}

// skipParens moves past n unclosed parentheses (arithmetic, arrays).
func (x *aliasScanner) skipParens(n int) {
	for x.pos < len(x.src) && n > 0 {
		switch x.src[x.pos] {
		case '\\':
			x.pos++
		case '\'':
			x.pos++
			x.skipTo('\'')
			continue
		case '"':
			x.pos++
			x.skipDouble(0)
			continue
		case '(':
			n++
		case ')':
			n--
		}
		x.pos++
	}
	if x.pos > len(x.src) {
		x.pos = len(x.src)
	}
}

// skipDoubleBracket moves past a [[ ... ]] test.
func (x *aliasScanner) skipDoubleBracket(depth int) {
	for x.pos < len(x.src) {
		c := x.src[x.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			x.pos++
		case strings.HasPrefix(x.src[x.pos:], "]]") && (x.pos+2 == len(x.src) || isMeta(x.src[x.pos+2])):
			x.pos += 2
			return
		case isMeta(c) || c == '!':
			x.pos++
		default:
			x.skipWord(depth)
		}
	}
}

// redirect moves past a redirection operator and its target word; a
// here-document is queued for the next newline.
func (x *aliasScanner) redirect(st *scanState, depth int) {
	rest := x.src[x.pos:]
	if strings.HasPrefix(rest, "<(") || strings.HasPrefix(rest, ">(") {
		x.pos += 2
		x.list(depth+1, true)
		st.cmdPos = false
		return
	}
	heredoc := strings.HasPrefix(rest, "<<") && !strings.HasPrefix(rest, "<<<")
	strip := strings.HasPrefix(rest, "<<-")
	for x.pos < len(x.src) && strings.IndexByte("<>&|-", x.src[x.pos]) >= 0 {
		x.pos++
	}
	for x.pos < len(x.src) && (x.src[x.pos] == ' ' || x.src[x.pos] == '\t') {
		x.pos++
	}
	start := x.pos
	plain := x.skipWord(depth)
	if heredoc {
		w := x.src[start:x.pos]
		delim := strings.NewReplacer("'", "", "\"", "", "\\", "").Replace(w)
		st.heredoc = append(st.heredoc, heredocSpec{delim: delim, quoted: !plain, strip: strip})
	}
}

// heredocBodies moves past the bodies of the queued here-documents; in
// unquoted ones, command substitutions are scanned for aliases.
func (x *aliasScanner) heredocBodies(st *scanState, depth int) {
	for _, h := range st.heredoc {
		for x.pos < len(x.src) {
			end := strings.IndexByte(x.src[x.pos:], '\n')
			line := x.src[x.pos:]
			if end >= 0 {
				line = line[:end]
			}
			check := line
			if h.strip {
				check = strings.TrimLeft(line, "\t")
			}
			if check == h.delim {
				x.pos += len(line)
				if x.pos < len(x.src) {
					x.pos++
				}
				break
			}
			x.heredocLine(h.quoted, depth)
		}
	}
	st.heredoc = nil
}

// heredocLine moves past one body line (and the lines a command
// substitution in it spans).
func (x *aliasScanner) heredocLine(quoted bool, depth int) {
	for x.pos < len(x.src) {
		c := x.src[x.pos]
		switch {
		case c == '\n':
			x.pos++
			return
		case quoted:
			x.pos++
		case c == '\\':
			x.pos += 2
		case c == '$':
			x.dollar(depth)
		default:
			x.pos++
		}
	}
	if x.pos > len(x.src) {
		x.pos = len(x.src)
	}
}
