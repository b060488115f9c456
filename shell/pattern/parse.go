package pattern

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxDepth bounds how deeply extglob groups may nest. Parsing, compiling
// and matching all recurse once per level, so the bound keeps a hostile
// pattern from exhausting the Go stack.
const MaxDepth = 200

// ErrTooDeep is returned (wrapped) by Compile for patterns nested more than
// MaxDepth extglob groups deep.
var ErrTooDeep = errors.New("pattern nesting limit exceeded")

type nodeKind uint8

const (
	nLit     nodeKind = iota // one symbol, literally
	nAny                     // ?
	nStar                    // *
	nClass                   // [...]
	nGroup                   // ?(…) *(…) +(…) @(…) !(…)
	nAnyStar                 // internal: any symbol sequence, '/' and leading dots included
)

type node struct {
	kind nodeKind
	sym  int32 // nLit
	cls  *class
	op   byte     // nGroup: one of ?*+@!
	alts [][]node // nGroup
}

// Symbols are what the matcher consumes: a valid rune is itself, an invalid
// UTF-8 byte b is -1-b (so it never equals a rune), and a '.' in a leading
// position under Period is symLeadDot, which only a literal '.' matches.
const symLeadDot int32 = -1000

func byteSym(b byte) int32 { return -1 - int32(b) }

// symKey orders symbols for bracket ranges: runes by code point, bytes
// (which only occur in byte mode, alongside ASCII) by value.
func symKey(sym int32) int32 {
	if sym < 0 {
		return -1 - sym
	}
	return sym
}

// decodeSym reads the symbol at s[i:]. In byte mode every non-ASCII byte
// is a symbol of its own, as bash matches when a string is not valid in
// the locale's encoding.
func decodeSym(s string, i int, bytes bool) (int32, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		return int32(c), 1
	}
	if bytes {
		return byteSym(c), 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n <= 1 {
		return byteSym(c), 1
	}
	return r, n
}

type parser struct {
	pat   string
	mode  Mode
	bytes bool
}

// parseSeq parses pat[i:end] into a node sequence.
func (p *parser) parseSeq(i, end, depth int) ([]node, error) {
	if depth > MaxDepth {
		return nil, fmt.Errorf("%w (%d)", ErrTooDeep, MaxDepth)
	}
	var seq []node
	for i < end {
		c := p.pat[i]
		if p.mode&ExtGlob != 0 && isExtOp(c) && i+1 < end && p.pat[i+1] == '(' {
			if alts, next, ok := p.splitGroup(i+2, end); ok {
				g := node{kind: nGroup, op: c}
				for _, a := range alts {
					sub, err := p.parseSeq(a[0], a[1], depth+1)
					if err != nil {
						return nil, err
					}
					g.alts = append(g.alts, sub)
				}
				seq = append(seq, g)
				i = next
				continue
			}
		}
		switch c {
		case '\\':
			if i+1 < end {
				sym, n := decodeSym(p.pat, i+1, p.bytes)
				seq = append(seq, node{kind: nLit, sym: sym})
				i += 1 + n
				continue
			}
			// A lone trailing backslash matches itself, as in bash.
			seq = append(seq, node{kind: nLit, sym: '\\'})
			i++
			continue
		case '*':
			// Consecutive stars mean the same as one; collapsing them keeps
			// the automaton small.
			if len(seq) == 0 || seq[len(seq)-1].kind != nStar {
				seq = append(seq, node{kind: nStar})
			}
			i++
			continue
		case '?':
			seq = append(seq, node{kind: nAny})
			i++
			continue
		case '[':
			if cls, next, ok := parseClass(p.pat, i, end, p.bytes); ok {
				seq = append(seq, node{kind: nClass, cls: cls})
				i = next
				continue
			}
		}
		sym, n := decodeSym(p.pat, i, p.bytes)
		seq = append(seq, node{kind: nLit, sym: sym})
		i += n
	}
	return seq, nil
}

func isExtOp(c byte) bool {
	return c == '?' || c == '*' || c == '+' || c == '@' || c == '!'
}

// splitGroup finds the ')' closing a group whose body starts at i and
// returns the body's alternatives as [start,end) pairs and the index after
// ')'. Backslash escapes and bracket expressions are skipped, so `@([)|])`
// is one alternative, as bash reads it.
func (p *parser) splitGroup(i, end int) (alts [][2]int, next int, ok bool) {
	depth := 0
	start := i
	for i < end {
		switch c := p.pat[i]; c {
		case '\\':
			i += 2
			continue
		case '[':
			if _, n, ok := parseClass(p.pat, i, end, p.bytes); ok {
				i = n
				continue
			}
			// bash's scan for the group's end reads up to a ']' once a
			// '[' opens: with none, the group has no end and its
			// characters are ordinary (+(a|b[) matches itself).
			j := i + 1
			if j < end && (p.pat[j] == '!' || p.pat[j] == '^') {
				j++
			}
			if j < end && p.pat[j] == ']' {
				j++
			}
			k := strings.IndexByte(p.pat[j:end], ']')
			if k < 0 {
				return nil, 0, false
			}
			i = j + k + 1
			continue
		case '(':
			depth++
		case ')':
			if depth == 0 {
				alts = append(alts, [2]int{start, i})
				return alts, i + 1, true
			}
			depth--
		case '|':
			if depth == 0 {
				alts = append(alts, [2]int{start, i})
				start = i + 1
			}
		}
		i++
	}
	return nil, 0, false
}

// reverseSeq returns the node sequence matching the reversed strings of
// seq. Negation commutes with reversal, so !(…) reverses its body.
func reverseSeq(seq []node) []node {
	out := make([]node, len(seq))
	for i, n := range seq {
		if n.kind == nGroup {
			alts := make([][]node, len(n.alts))
			for j, a := range n.alts {
				alts[j] = reverseSeq(a)
			}
			n.alts = alts
		}
		out[len(seq)-1-i] = n
	}
	return out
}
