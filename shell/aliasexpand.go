package shell

import "strings"

// expandAliasText substitutes aliases into src the way bash's reader does
// before parsing: a plain word in command position whose name is an alias
// is replaced by its value, which is read again (its first word too); an
// alias is not expanded again inside its own value; a value ending in a
// blank makes the next word a candidate too. The scanner below knows just
// enough bash syntax to find command positions: quotes, expansions,
// here-documents, keywords, case clauses and [[ ]].
func expandAliasText(src string, table map[string]string) string {
	if len(table) == 0 {
		return src
	}
	x := &aliasScanner{src: src, table: table}
	x.list(0, false)
	return x.src
}

// aliasMaxGrowth bounds the text aliases may add (alias loops through
// trailing blanks, huge values): past it, no more expansion.
const aliasMaxGrowth = 1 << 20

type aliasRegion struct {
	name string
	end  int // the value occupies the text up to end
}

type aliasScanner struct {
	src     string
	pos     int
	table   map[string]string
	regions []aliasRegion
	// markers are the ends of values that ended in a blank: the first
	// word at or after one is a candidate.
	markers []int
	recheck bool // the next word starts a value just substituted
	grown   int
}

// splice replaces src[start:end] by value and shifts the recorded ends.
func (x *aliasScanner) splice(start, end int, name, value string) {
	delta := len(value) - (end - start)
	x.src = x.src[:start] + value + x.src[end:]
	x.grown += len(value)
	for i := range x.regions {
		if x.regions[i].end >= end {
			x.regions[i].end += delta
		}
	}
	for i := range x.markers {
		if x.markers[i] >= end {
			x.markers[i] += delta
		}
	}
	x.regions = append(x.regions, aliasRegion{name: name, end: start + len(value)})
	if strings.HasSuffix(value, " ") || strings.HasSuffix(value, "\t") {
		x.markers = append(x.markers, start+len(value))
	}
	x.recheck = true
	x.pos = start
}

// active reports whether the alias name is being expanded at pos.
func (x *aliasScanner) active(name string, pos int) bool {
	for _, r := range x.regions {
		if r.name == name && pos < r.end {
			return true
		}
	}
	return false
}

// markerHit consumes the markers at or before pos.
func (x *aliasScanner) markerHit(pos int) bool {
	hit := false
	keep := x.markers[:0]
	for _, m := range x.markers {
		if m <= pos {
			hit = true
		} else {
			keep = append(keep, m)
		}
	}
	x.markers = keep
	return hit
}

// tryAlias expands the plain word src[start:end] when it is a candidate.
func (x *aliasScanner) tryAlias(start, end int, candidate bool) bool {
	if !candidate || x.grown > aliasMaxGrowth {
		return false
	}
	word := x.src[start:end]
	value, ok := x.table[word]
	if !ok || x.active(word, start) {
		return false
	}
	x.splice(start, end, word, value)
	return true
}

// caseState follows a case clause: header (before in), pattern, body.
type caseState int

const (
	caseHeader caseState = iota
	casePattern
	caseBody
)

// scanState is the state of one command list.
type scanState struct {
	cmdPos  bool
	cases   []caseState
	fnName  bool // after the function keyword
	heredoc []heredocSpec
	lastTok byte
}

type heredocSpec struct {
	delim  string
	quoted bool
	strip  bool
}

func (s *scanState) inCase(st caseState) bool {
	return len(s.cases) > 0 && s.cases[len(s.cases)-1] == st
}

// list scans commands up to the end, or up to the closing parenthesis of
// $( when inParen; it returns with pos after that parenthesis.
func (x *aliasScanner) list(depth int, inParen bool) {
	st := &scanState{cmdPos: true}
	parens := 0
	for x.pos < len(x.src) {
		c := x.src[x.pos]
		tok := c
		switch {
		case c == ' ' || c == '\t':
			x.pos++
			continue
		case c == '\\' && x.pos+1 < len(x.src) && x.src[x.pos+1] == '\n':
			x.pos += 2
			continue
		case c == '\n':
			x.pos++
			x.heredocBodies(st, depth)
			if !st.inCase(casePattern) && !st.inCase(caseHeader) {
				st.cmdPos = true
			}
		case c == '#':
			for x.pos < len(x.src) && x.src[x.pos] != '\n' {
				x.pos++
			}
			continue
		case c == ';':
			x.pos++
			if x.pos < len(x.src) && (x.src[x.pos] == ';' || x.src[x.pos] == '&') {
				x.pos++
				if x.pos < len(x.src) && x.src[x.pos] == '&' {
					x.pos++
				}
				if len(st.cases) > 0 {
					st.cases[len(st.cases)-1] = casePattern
				}
				st.cmdPos = false
				break
			}
			st.cmdPos = true
		case c == '&' && strings.HasPrefix(x.src[x.pos:], "&>"):
			x.redirect(st, depth)
			continue
		case c == '&' || c == '|':
			x.pos++
			if x.pos < len(x.src) && (x.src[x.pos] == c || x.src[x.pos] == '&') {
				x.pos++
			}
			st.cmdPos = !st.inCase(casePattern)
		case c == '(':
			x.pos++
			if st.cmdPos && x.pos < len(x.src) && x.src[x.pos] == '(' {
				x.skipParens(1)
				st.cmdPos = false
				break
			}
			if st.inCase(casePattern) {
				break
			}
			parens++
			st.cmdPos = true
		case c == ')':
			if st.inCase(casePattern) {
				x.pos++
				st.cases[len(st.cases)-1] = caseBody
				st.cmdPos = true
				break
			}
			if parens == 0 && inParen {
				x.pos++
				return
			}
			x.pos++
			if parens > 0 {
				parens--
			}
			// f() { ...: a function body follows the empty parentheses.
			st.cmdPos = st.lastTok == '('
		case c == '<' || c == '>':
			x.redirect(st, depth)
			continue
		default:
			x.word(st, depth)
			tok = 'w'
		}
		st.lastTok = tok
	}
}
