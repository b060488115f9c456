// Package backtrack matches the regular expressions RE2 cannot: POSIX
// patterns with back-references (\1 .. \9), for grep and sed. Every other
// pattern stays on Go's regexp, whose running time is linear; this
// matcher tries paths one by one, so each search is bounded in steps and
// in depth, and a pattern that needs more fails with ErrTooComplex
// instead of hanging.
//
// Its input is the RE2 text posixre.Translate writes with
// Options.Backrefs: a back-reference is an empty named group
// "(?P<bN_K>)" (N the group it repeats, K only keeps names distinct),
// which a POSIX pattern cannot spell otherwise. Matches are POSIX's:
// leftmost, then longest; among paths of the same length the first found
// in greedy order gives the subexpressions.
package backtrack

import (
	"errors"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
)

// ErrTooComplex is reported when one search would take more than the
// step or depth budget.
var ErrTooComplex = errors.New("regular expression too complex to match with back-references")

// MarkerPrefix starts the name of a back-reference marker group.
const MarkerPrefix = "b"

// IsMarker reports whether a capture name is a back-reference marker and
// which group it repeats.
func IsMarker(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, MarkerPrefix)
	if !ok {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, "_")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 {
		return 0, false
	}
	return n, true
}

type op uint8

const (
	opEmpty op = iota
	opNoMatch
	opLit   // runes, fold
	opClass // runes as ranges
	opAny   // any rune
	opAnyNotNL
	opBOL
	opEOL
	opBOT
	opEOT
	opWordB
	opNoWordB
	opCap     // group cap around subs[0]
	opBackref // repeats group cap
	opConcat
	opAlt
	opRepeat // subs[0] min..max times (max < 0: no bound)
)

type node struct {
	op       op
	runes    []rune
	fold     bool
	subs     []*node
	min, max int
	cap      int
}

// Regexp is a compiled pattern. A Regexp is not safe for concurrent use:
// it keeps the error of its last search (Err).
type Regexp struct {
	expr   string
	root   *node
	ncap   int
	filter *regexp.Regexp // a superset: lines it rejects cannot match
	err    error
	// StepLimit and DepthLimit bound one search (zero: the defaults).
	StepLimit, DepthLimit int
}

// Default budgets: a few hundred milliseconds of work, and a recursion a
// few tens of megabytes deep at most.
const (
	DefaultSteps = 1 << 22
	DefaultDepth = 1 << 14
)

// Compile parses expr (RE2 syntax with Perl flags, plus markers) into a
// backtracking matcher.
func Compile(expr string) (*Regexp, error) {
	t, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, err
	}
	// Real groups are numbered in the order they open, markers skipped.
	real := map[int]int{}
	numberGroups(t, real)
	c := &compiler{real: real}
	root := c.node(t)
	if c.err != nil {
		return nil, c.err
	}
	// The filter reads each back-reference as "any text": a superset of
	// the language, so a line it rejects is rejected for good.
	filter, err := regexp.Compile(relax(t).String())
	if err != nil {
		filter = nil
	}
	return &Regexp{expr: expr, root: root, ncap: len(real), filter: filter}, nil
}

// MustCompile is Compile that panics on error, for tests and constants.
func MustCompile(expr string) *Regexp {
	re, err := Compile(expr)
	if err != nil {
		panic(err)
	}
	return re
}

func numberGroups(t *syntax.Regexp, real map[int]int) {
	if t.Op == syntax.OpCapture {
		if _, ok := IsMarker(t.Name); !ok {
			real[t.Cap] = len(real) + 1
		}
	}
	for _, s := range t.Sub {
		numberGroups(s, real)
	}
}

// relax copies t with every marker replaced by (?s:.*).
func relax(t *syntax.Regexp) *syntax.Regexp {
	if t.Op == syntax.OpCapture {
		if _, ok := IsMarker(t.Name); ok {
			return &syntax.Regexp{Op: syntax.OpStar, Flags: syntax.DotNL,
				Sub: []*syntax.Regexp{{Op: syntax.OpAnyChar, Flags: syntax.DotNL}}}
		}
	}
	c := *t
	c.Sub = make([]*syntax.Regexp, len(t.Sub))
	for i, s := range t.Sub {
		c.Sub[i] = relax(s)
	}
	c.Sub0 = [1]*syntax.Regexp{}
	return &c
}

type compiler struct {
	real map[int]int
	err  error
}

func (c *compiler) node(t *syntax.Regexp) *node {
	switch t.Op {
	case syntax.OpEmptyMatch:
		return &node{op: opEmpty}
	case syntax.OpNoMatch:
		return &node{op: opNoMatch}
	case syntax.OpLiteral:
		return &node{op: opLit, runes: t.Rune, fold: t.Flags&syntax.FoldCase != 0}
	case syntax.OpCharClass:
		return &node{op: opClass, runes: t.Rune}
	case syntax.OpAnyChar:
		return &node{op: opAny}
	case syntax.OpAnyCharNotNL:
		return &node{op: opAnyNotNL}
	case syntax.OpBeginLine:
		return &node{op: opBOL}
	case syntax.OpEndLine:
		return &node{op: opEOL}
	case syntax.OpBeginText:
		return &node{op: opBOT}
	case syntax.OpEndText:
		return &node{op: opEOT}
	case syntax.OpWordBoundary:
		return &node{op: opWordB}
	case syntax.OpNoWordBoundary:
		return &node{op: opNoWordB}
	case syntax.OpCapture:
		if n, ok := IsMarker(t.Name); ok {
			if n > len(c.real) {
				//lint:ignore ST1005 glibc regerror's text, which GNU tools print
				c.err = errors.New("Invalid back reference")
			}
			return &node{op: opBackref, cap: n, fold: t.Flags&syntax.FoldCase != 0}
		}
		return &node{op: opCap, cap: c.real[t.Cap], subs: []*node{c.node(t.Sub[0])}}
	case syntax.OpConcat, syntax.OpAlternate:
		o := opConcat
		if t.Op == syntax.OpAlternate {
			o = opAlt
		}
		n := &node{op: o}
		for _, s := range t.Sub {
			n.subs = append(n.subs, c.node(s))
		}
		return n
	case syntax.OpStar:
		return c.repeat(t, 0, -1)
	case syntax.OpPlus:
		return c.repeat(t, 1, -1)
	case syntax.OpQuest:
		return c.repeat(t, 0, 1)
	case syntax.OpRepeat:
		return c.repeat(t, t.Min, t.Max)
	}
	c.err = errors.New("backtrack: unsupported regexp operator " + t.String())
	return &node{op: opNoMatch}
}

func (c *compiler) repeat(t *syntax.Regexp, min, max int) *node {
	return &node{op: opRepeat, min: min, max: max, subs: []*node{c.node(t.Sub[0])}}
}

// String returns the RE2 text the Regexp was compiled from.
func (re *Regexp) String() string { return re.expr }

// NumSubexp is the number of parenthesized groups, markers not counted.
func (re *Regexp) NumSubexp() int { return re.ncap }

// LiteralPrefix is regexp's: none is claimed, so callers never skip text.
func (re *Regexp) LiteralPrefix() (string, bool) { return "", false }

// Err is the error of the last search: nil, or ErrTooComplex when the
// budget ran out (that search then reported no match).
func (re *Regexp) Err() error { return re.err }

// Shift renumbers the back-references of RE2 text by `by` groups: the
// text is about to follow that many groups in a larger expression (grep
// joins its patterns, -w wraps them in a group).
func Shift(expr string, by int) string {
	if by == 0 {
		return expr
	}
	var b strings.Builder
	for {
		i := strings.Index(expr, "(?P<"+MarkerPrefix)
		if i < 0 {
			b.WriteString(expr)
			return b.String()
		}
		start := i + len("(?P<"+MarkerPrefix)
		end := strings.IndexByte(expr[start:], '_')
		if end < 0 {
			b.WriteString(expr)
			return b.String()
		}
		n, err := strconv.Atoi(expr[start : start+end])
		if err != nil {
			b.WriteString(expr)
			return b.String()
		}
		b.WriteString(expr[:start])
		b.WriteString(strconv.Itoa(n + by))
		expr = expr[start+end:]
	}
}

// Groups counts the real groups of RE2 text (markers not counted); -1 if
// it does not parse.
func Groups(expr string) int {
	t, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return -1
	}
	real := map[int]int{}
	numberGroups(t, real)
	return len(real)
}
