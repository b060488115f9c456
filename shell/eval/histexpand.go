package eval

import (
	"strconv"
	"strings"
)

// History expansion (set -H) as bash does it through readline: a line is
// scanned for the expansion character (histchars[0], '!') outside single
// quotes and not after a backslash; each candidate names an event (!!,
// !n, !-n, !str, !?str?, !#), optionally words of it (:0 :n ^ $ % x-y *
// x* x-) and modifiers (:h :t :r :e :p :q :x :s/a/b/ :& :g :G). A line
// starting with histchars[1] ('^') is ^old^new^, short for !!:s/old/new/.
// Written from the bash manual and bash's observed behaviour.

// histExpander holds what one expansion needs and what it remembers
// across lines (the last substitution and search).
type histExpander struct {
	list             []string // oldest first
	base             int      // number of list[0]
	expChar, subChar byte
	comChar          byte
	extglob, posix   bool
	st               *histSubst
}

// histSubst is remembered between expansions: :& and !? reuse them.
type histSubst struct {
	lhs, rhs     string
	hasLHS       bool
	search       string // last !?string? search
	searchMatch  string // the word it matched (for %)
	hasSearchStr bool
}

// histError is an expansion that failed: bash prints "TEXT: MSG".
type histError struct{ text, msg string }

// expand expands line; changed reports an expansion happened, print is
// :p (show the line, run nothing).
func (h *histExpander) expand(line string) (out string, changed, print bool, err *histError) {
	if h.subChar != 0 && len(line) > 0 && line[0] == h.subChar {
		// ^old^new^ is !!:s^old^new^.
		line = string(h.expChar) + string(h.expChar) + ":s" + line
	}
	if !h.anyCandidate(line) {
		return line, false, false, nil
	}
	var b strings.Builder
	dquote := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\\' && i+1 < len(line) && (line[i+1] == '\'' || line[i+1] == h.expChar || dquote && line[i+1] == '"'):
			b.WriteByte(c)
			b.WriteByte(line[i+1])
			i++
			continue
		case c == '"':
			dquote = !dquote
		case c == '\'' && !dquote:
			end := skipSingle(line, i+1, i > 0 && line[i-1] == '$')
			b.WriteString(line[i:end])
			i = end - 1
			continue
		case h.comChar != 0 && c == h.comChar && !dquote && (i == 0 || strings.IndexByte(" \t\n;&()|<>", line[i-1]) >= 0):
			b.WriteString(line[i:])
			i = len(line)
			continue
		case c == h.expChar:
			if i+1 >= len(line) || strings.IndexByte(" \t\n\r=", line[i+1]) >= 0 || dquote && line[i+1] == '"' {
				break
			}
			// bash judges each ! against the text expanded so far and
			// the character after it, not the rest of the line.
			sofar := b.String() + line[i:i+2]
			if !h.eligible(sofar)[b.Len()] {
				break
			}
			val, end, p, e := h.one(line, i, dquote)
			if e != nil {
				return "", false, false, e
			}
			b.WriteString(val)
			changed = true
			print = print || p
			i = end - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), changed, print, nil
}

// anyCandidate is readline's first pass over the whole line: is there an
// expansion character it would expand? A line without one is left as it
// is (so ${!x} or [!a] alone never expand).
func (h *histExpander) anyCandidate(line string) bool {
	if h.subChar != 0 && len(line) > 0 && line[0] == h.subChar {
		return true
	}
	ok := h.eligible(line)
	dquote := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case h.comChar != 0 && c == h.comChar && !dquote && (i == 0 || strings.IndexByte(" \t\n;&()|<>", line[i-1]) >= 0):
			return false
		case c == h.expChar:
			if i+1 >= len(line) || strings.IndexByte(" \t\n\r=", line[i+1]) >= 0 || dquote && line[i+1] == '"' {
				continue
			}
			if ok[i] {
				return true
			}
		case dquote && c == '\\' && i+1 < len(line) && line[i+1] == '"':
			i++
		case c == '"':
			dquote = !dquote
		case c == '\'' && !dquote:
			i = skipSingle(line, i+1, i > 0 && line[i-1] == '$') - 1
		case c == '\\' && i+1 < len(line) && (line[i+1] == '\'' || line[i+1] == h.expChar):
			i++
		}
	}
	return false
}

// skipSingle is the index past the ' closing a quote opened before i
// ($'...' honours backslashes).
func skipSingle(s string, i int, ansi bool) int {
	for ; i < len(s); i++ {
		if ansi && s[i] == '\\' {
			i++
			continue
		}
		if s[i] == '\'' {
			return i + 1
		}
	}
	return len(s)
}

// eligible marks the expansion characters the shell's own reading lets
// through: not single-quoted (quotes inside $( ) and ` ` count again even
// within double quotes), not escaped, not [!...], ${!...}, $!, or !( ) under
// extglob; in posix mode double quotes protect them too.
func (h *histExpander) eligible(s string) map[int]bool {
	ok := map[int]bool{}
	dquote, backq := false, false
	var saved []bool
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			i++
		case c == '`':
			if backq {
				dquote, saved = saved[len(saved)-1], saved[:len(saved)-1]
			} else {
				saved = append(saved, dquote)
				dquote = false
			}
			backq = !backq
		case c == h.expChar:
			if dquote && i+1 < len(s) && s[i+1] == '"' {
				continue
			}
			if !h.inhibited(s, i) {
				ok[i] = true
			}
		case dquote && c == '\'':
		case c == '\'':
			i = skipSingle(s, i+1, false) - 1
		case c == '"' && !h.posix:
			dquote = !dquote
		case c == '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case (c == '$' || c == '<' || c == '>') && i+2 < len(s) && s[i+1] == '(' && s[i+2] != '(':
			saved = append(saved, dquote)
			dquote = false
			i++
		case c == ')' && len(saved) > 0:
			dquote, saved = saved[len(saved)-1], saved[:len(saved)-1]
		}
	}
	return ok
}

// inhibited is bash's list of ! that belong to the shell's own syntax.
func (h *histExpander) inhibited(s string, i int) bool {
	switch {
	case i > 0 && s[i-1] == '[' && strings.IndexByte(s[i+1:], ']') >= 0:
		return true
	case i > 1 && s[i-1] == '{' && s[i-2] == '$' && strings.IndexByte(s[i+1:], '}') >= 0:
		return true
	case i > 0 && s[i-1] == '$':
		return true
	case h.extglob && i > 0 && i+1 < len(s) && s[i+1] == '(' && strings.IndexByte(s[i+2:], ')') >= 0:
		return true
	}
	return false
}

// one expands the designator at line[i] (the expansion character); end
// is the index past it.
func (h *histExpander) one(line string, i int, dquote bool) (val string, end int, print bool, err *histError) {
	start := i
	var event string
	var found bool
	switch {
	case i+1 < len(line) && strings.IndexByte(":$*%^", line[i+1]) >= 0:
		event, found = h.entry(len(h.list) - 1)
		i++
	case i+1 < len(line) && line[i+1] == '#':
		event, found = line[:i], true
		i += 2
	default:
		event, i, found = h.event(line, i+1, dquote)
	}
	if !found {
		return "", 0, false, &histError{line[start:i], "event not found"}
	}
	ws := i
	words, i, bad := h.wordSpec(line, i, event)
	if bad {
		return "", 0, false, &histError{line[ws:i], "bad word specifier"}
	}
	val = event
	if words != nil {
		val = *words
	}
	return h.modifiers(line, i, val)
}

// modifiers applies the :h :t :r :e :p :q :x :s :& (g, a, G) modifiers
// at i to val.
func (h *histExpander) modifiers(line string, i int, val string) (string, int, bool, *histError) {
	print := false
	quote := byte(0)
	ms := i
	for i < len(line) && line[i] == ':' {
		global, byWords := false, false
		if i+1 < len(line) && (line[i+1] == 'g' || line[i+1] == 'a') {
			global = true
			i++
		} else if i+1 < len(line) && line[i+1] == 'G' {
			byWords = true
			i++
		}
		if i+1 >= len(line) {
			return "", 0, false, &histError{"", "unrecognized history modifier"}
		}
		switch m := line[i+1]; m {
		case 'q', 'x':
			quote = m
		case 'p':
			print = true
		case 't':
			if k := strings.LastIndexByte(val, '/'); k >= 0 {
				val = val[k+1:]
			}
		case 'h':
			if k := strings.LastIndexByte(val, '/'); k >= 0 {
				val = val[:k]
			}
		case 'r':
			if k := strings.LastIndexByte(val, '.'); k >= 0 {
				val = val[:k]
			}
		case 'e':
			if k := strings.LastIndexByte(val, '.'); k >= 0 {
				val = val[k:]
			}
		case 's', '&':
			next := i + 2
			if m == 's' {
				if i+2 >= len(line) {
					i += 2
					continue
				}
				var ok bool
				var err *histError
				if val, next, ok, err = h.subst(line, i+2, val, global, byWords, line[ms:]); !ok {
					return "", 0, false, err
				}
			} else {
				if !h.st.hasLHS || h.st.lhs == "" {
					return "", 0, false, &histError{line[ms : i+2], "no previous substitution"}
				}
				var ok bool
				if val, ok = h.replace(val, global, byWords); !ok {
					return "", 0, false, &histError{line[ms : i+2], "substitution failed"}
				}
			}
			i = next
			continue
		default:
			return "", 0, false, &histError{line[i+1 : i+2], "unrecognized history modifier"}
		}
		i += 2
	}
	switch quote {
	case 'q':
		val = histQuote(val)
	case 'x':
		val = histQuoteWords(val)
	}
	return val, i, print, nil
}

// entry is history entry k (0-based index into the list).
func (h *histExpander) entry(k int) (string, bool) {
	if k < 0 || k >= len(h.list) {
		return "", false
	}
	return h.list[k], true
}

// event reads an event designator after the expansion character at i.
func (h *histExpander) event(line string, i int, dquote bool) (string, int, bool) {
	if i < len(line) && line[i] == h.expChar {
		e, ok := h.entry(len(h.list) - 1)
		return e, i + 1, ok
	}
	j := i
	if j < len(line) && line[j] == '-' && j+1 < len(line) && isDigit(line[j+1]) {
		j++
	}
	if j < len(line) && isDigit(line[j]) {
		k := j
		for k < len(line) && isDigit(line[k]) {
			k++
		}
		n, _ := strconv.Atoi(line[j:k])
		if j > i {
			n = len(h.list) + h.base - n
		}
		e, ok := h.entry(n - h.base)
		return e, k, ok
	}
	substr := i < len(line) && line[i] == '?'
	if substr {
		i++
	}
	k := i
	for ; k < len(line); k++ {
		c := line[k]
		if c == '\n' || substr && c == '?' {
			break
		}
		if !substr && (c == ' ' || c == '\t' || c == ':' || k > i && c == '-' ||
			c != '-' && strings.IndexByte("^$*%", c) >= 0 || strings.IndexByte(";&()|<>", c) >= 0 || dquote && c == '"') {
			break
		}
	}
	str := line[i:k]
	if substr && k < len(line) && line[k] == '?' {
		k++
	}
	if substr && str == "" {
		if !h.st.hasSearchStr {
			return "", k, false
		}
		str = h.st.search
	}
	for n := len(h.list) - 1; n >= 0; n-- {
		e := h.list[n]
		if substr {
			if strings.Contains(e, str) {
				h.st.search, h.st.hasSearchStr = str, true
				h.st.searchMatch = wordContaining(e, str)
				return e, k, true
			}
		} else if strings.HasPrefix(e, str) {
			return e, k, true
		}
	}
	return "", k, false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// wordContaining is the word of line holding the last occurrence of s
// (for %: the search runs backwards through the line).
func wordContaining(line, s string) string {
	at := strings.LastIndex(line, s)
	for i := 0; i < len(line); {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\n') {
			i++
		}
		if i >= len(line) {
			break
		}
		j := max(histWordEnd(line, i), i+1)
		if at >= i && at < j {
			return line[i:j]
		}
		i = j
	}
	return s
}

// wordSpec reads word designators at i; nil words means none given.
func (h *histExpander) wordSpec(line string, i int, event string) (*string, int, bool) {
	j := i
	colon := j < len(line) && line[j] == ':'
	if colon {
		j++
	}
	if j >= len(line) {
		return nil, i, false
	}
	words := histTokenize(event)
	last := len(words) - 1
	switch line[j] {
	case '%':
		s := h.st.searchMatch
		return &s, j + 1, false
	case '*':
		s := ""
		if len(words) > 1 {
			s = strings.Join(words[1:], " ")
		}
		return &s, j + 1, false
	case '$':
		if last < 0 {
			return nil, j + 1, true
		}
		s := words[last]
		return &s, j + 1, false
	}
	first := 0
	switch {
	case line[j] == '-':
	case line[j] == '^':
		first = 1
		j++
	case isDigit(line[j]) && colon:
		first = 0
		for j < len(line) && isDigit(line[j]) {
			first = first*10 + int(line[j]-'0')
			j++
		}
	default:
		return nil, i, false
	}
	to := first
	switch {
	case j < len(line) && (line[j] == '^' || line[j] == '*'):
		to = 1
		if line[j] == '*' {
			to = last
		}
		j++
	case j < len(line) && line[j] == '-':
		j++
		switch {
		case j < len(line) && isDigit(line[j]):
			to = 0
			for j < len(line) && isDigit(line[j]) {
				to = to*10 + int(line[j]-'0')
				j++
			}
		case j < len(line) && line[j] == '$':
			to = last
			j++
		case j < len(line) && line[j] == '^':
			to = 1
			j++
		default:
			to = last - 1
		}
	}
	if first > to || first < 0 || to > last || first > last {
		if line[j-1] == '*' && first == last+1 {
			s := ""
			return &s, j, false
		}
		return nil, j, true
	}
	s := strings.Join(words[first:to+1], " ")
	return &s, j, false
}

// subst reads s/old/new/ at i (the delimiter) and applies it.
func (h *histExpander) subst(line string, i int, val string, global, byWords bool, spec string) (string, int, bool, *histError) {
	delim := line[i]
	i++
	read := func(rhs bool) (string, bool) {
		var b strings.Builder
		k := i
		for ; k < len(line) && line[k] != delim; k++ {
			if line[k] == '\\' && k+1 < len(line) && line[k+1] == delim {
				k++
			}
			b.WriteByte(line[k])
		}
		got := k > i || rhs
		i = k
		if i < len(line) {
			i++
		}
		return b.String(), got
	}
	lhs, got := read(false)
	if got {
		h.st.lhs, h.st.hasLHS = lhs, true
	} else if !h.st.hasLHS && h.st.hasSearchStr {
		h.st.lhs, h.st.hasLHS = h.st.search, true
	}
	rhs, _ := read(true)
	h.st.rhs = strings.ReplaceAll(unescapeAmp(rhs), "\x00", h.st.lhs)
	if !h.st.hasLHS || h.st.lhs == "" {
		return "", i, false, &histError{spec[:min(len(spec), i-(len(line)-len(spec)))], "no previous substitution"}
	}
	out, ok := h.replace(val, global, byWords)
	if !ok {
		return "", i, false, &histError{spec[:min(len(spec), i-(len(line)-len(spec)))], "substitution failed"}
	}
	return out, i, true, nil
}

// unescapeAmp marks each unescaped & of a replacement (the old text) with
// a NUL, and turns \& into &.
func unescapeAmp(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '&':
			b.WriteByte('&')
			i++
		case s[i] == '&':
			b.WriteByte(0)
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// replace applies the remembered substitution to val.
func (h *histExpander) replace(val string, global, byWords bool) (string, bool) {
	lhs, rhs := h.st.lhs, h.st.rhs
	switch {
	case global:
		if !strings.Contains(val, lhs) {
			return "", false
		}
		return strings.ReplaceAll(val, lhs, rhs), true
	case byWords:
		words := histTokenize(val)
		hit := false
		for k, w := range words {
			if strings.Contains(w, lhs) {
				words[k] = strings.Replace(w, lhs, rhs, 1)
				hit = true
			}
		}
		return strings.Join(words, " "), hit
	}
	if !strings.Contains(val, lhs) {
		return "", false
	}
	return strings.Replace(val, lhs, rhs, 1), true
}

// histQuote is :q, the text single-quoted as one word.
func histQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// histQuoteWords is :x, each blank-separated word quoted on its own.
func histQuoteWords(s string) string {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' })
	for k, w := range f {
		f[k] = histQuote(w)
	}
	return strings.Join(f, " ")
}

// histTokenize splits a history line into words as the designators count
// them: blanks separate, quotes and $( ) group, and the shell's operators
// (with a descriptor number before a redirection) are words of their own.
func histTokenize(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
			i++
		}
		if i >= len(s) {
			break
		}
		j := histWordEnd(s, i)
		if j <= i {
			j = i + 1
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

func histWordEnd(s string, i int) int {
	if strings.IndexByte("()\n", s[i]) >= 0 {
		return i + 1
	}
	if isDigit(s[i]) {
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j >= len(s) || (s[j] != '<' && s[j] != '>') {
			return histWord(s, j, 0, 0)
		}
		i = j
	}
	if strings.IndexByte("<>;&|", s[i]) >= 0 {
		var peek byte
		if i+1 < len(s) {
			peek = s[i+1]
		}
		switch {
		case peek == s[i]:
			if peek == '<' && i+2 < len(s) && (s[i+2] == '-' || s[i+2] == '<') {
				i++
			}
			return i + 2
		case peek == '&' && (s[i] == '>' || s[i] == '<'):
			j := i + 2
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			if j < len(s) && s[j] == '-' {
				j++
			}
			return j
		case peek == '>' && s[i] == '&', peek == '|' && s[i] == '>':
			return i + 2
		case peek == '(' && (s[i] == '>' || s[i] == '<'):
			return histWord(s, i+2, ')', 1)
		}
		return i + 1
	}
	return histWord(s, i, 0, 0)
}

// histWord scans a word from i; delim is an open quote or ), nest the
// depth of ( ) groups.
func histWord(s string, i int, delim byte, nest int) int {
	if delim == 0 && i < len(s) && strings.IndexByte("\"'`", s[i]) >= 0 {
		delim = s[i]
		i++
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c == '\\' && delim != '\'' && i+1 < len(s) {
			i++
			continue
		}
		if nest > 0 && c == '(' {
			nest++
			continue
		}
		if nest > 0 && c == ')' {
			nest--
			if nest == 0 {
				delim = 0
			}
			continue
		}
		if delim != 0 && c == delim && nest == 0 {
			delim = 0
			continue
		}
		if nest == 0 && delim == 0 && strings.IndexByte("<>$!@?+*", c) >= 0 && i+1 < len(s) && s[i+1] == '(' {
			i++
			delim, nest = ')', 1
			continue
		}
		if delim == 0 && strings.IndexByte(" \t\n;&()|<>", c) >= 0 {
			break
		}
		if delim == 0 && strings.IndexByte("\"'`", c) >= 0 {
			delim = c
		}
	}
	return i
}
