// Package pattern implements bash's pattern matching — `case`, `[[ == ]]`,
// `${x#pat}`, `${x%pat}`, `${x/pat/rep}` — and pathname expansion.
//
// A pattern is text in which a backslash makes the next character literal:
// the evaluator turns the quoted parts of a word into escaped text, so the
// word `"*"x*` arrives as `\*x*`. QuoteMeta builds such text.
//
// Matching is done by an automaton of our own rather than a translation to
// RE2, because extglob's !(…) is a complement that RE2 cannot express. The
// automaton runs as a lazily built, size-bounded DFA (see compile.go), so
// every match is linear in the subject whatever the pattern: there is no
// backtracking and so no exponential case. Prefix scans run forwards, suffix
// scans run a reversed automaton backwards, and Find locates the leftmost
// start with one backward pass, so none of them is quadratic.
package pattern

import (
	"math/bits"
	"strings"
	"sync"
	"unicode/utf8"
)

// Mode selects matching rules.
type Mode uint

const (
	// ExtGlob enables ?(…) *(…) +(…) @(…) !(…).
	ExtGlob Mode = 1 << iota
	// NoCase matches letters regardless of case.
	NoCase
	// Pathname: * ? [] and !(…) never match '/'.
	Pathname
	// Period: a leading '.' (at the start, or after '/' under Pathname) is
	// matched only by a literal '.'.
	Period
)

// Pattern is a compiled pattern. It is safe for concurrent use.
type Pattern struct {
	pat  string
	mode Mode

	literal    bool   // no wildcard at all: compare text directly
	lit        string // the unescaped text when literal
	startsStar bool   // the text starts with an unescaped '*'
	// negLead: under Period the pattern starts with !(…), which bash never
	// lets match a name starting with '.', not even by matching nothing
	// before a literal '.' (!(bar).foo does not match .foo).
	negLead bool

	mu  sync.Mutex // guards the lazily built engines and their caches
	uni *engine    // for valid UTF-8 subjects: one symbol per character
	byt *engine    // for other subjects: one symbol per byte
}

// engine holds the programs of one reading of the pattern. bash matches
// by characters when both the pattern and the subject are valid in the
// locale's encoding (UTF-8 here) and by bytes otherwise; so do we.
type engine struct {
	p       *Pattern
	budget  budget
	bytes   bool
	seq     []node
	fwd     *prog
	rev     *prog // reversed pattern, for suffixes
	revFind *prog // anything, then the reversed pattern: where matches start
}

// Compile parses pat. Malformed parts are taken literally, as bash does (an
// unclosed '[' or extglob group is plain text), so the only error is a
// pattern nested deeper than MaxDepth.
func Compile(pat string, mode Mode) (*Pattern, error) {
	p := &Pattern{pat: pat, mode: mode, startsStar: strings.HasPrefix(pat, "*")}
	e, err := p.newEngine(!utf8.ValidString(pat))
	if err != nil {
		return nil, err
	}
	p.negLead = mode&Period != 0 && len(e.seq) > 0 && e.seq[0].kind == nGroup && e.seq[0].op == '!'
	if e.bytes {
		p.byt = e
	} else {
		p.uni = e
	}
	if mode&NoCase == 0 {
		var b strings.Builder
		p.literal = true
		for _, n := range e.seq {
			if n.kind != nLit {
				p.literal = false
				break
			}
			writeSym(&b, n.sym)
		}
		p.lit = b.String()
	}
	return p, nil
}

func (p *Pattern) newEngine(bytes bool) (*engine, error) {
	ps := &parser{pat: p.pat, mode: p.mode, bytes: bytes}
	seq, err := ps.parseSeq(0, len(p.pat), 0)
	if err != nil {
		return nil, err
	}
	return &engine{p: p, bytes: bytes, seq: seq}, nil
}

// engineFor returns the engine for subject s; the caller holds p.mu.
func (p *Pattern) engineFor(s string) *engine {
	if p.uni != nil && utf8.ValidString(s) {
		return p.uni
	}
	if p.byt == nil {
		// The same text parsed once already, so this cannot fail.
		p.byt, _ = p.newEngine(true)
	}
	return p.byt
}

func writeSym(b *strings.Builder, sym int32) {
	if sym < 0 {
		b.WriteByte(byte(-1 - sym))
		return
	}
	b.WriteRune(sym)
}

func (e *engine) forward() *prog {
	if e.fwd == nil {
		e.fwd = compileProg(e.seq, e.p.mode, &e.budget)
	}
	return e.fwd
}

// symAt reads the symbol at s[i:], marking a leading dot under Period.
func (e *engine) symAt(s string, i int) (int32, int) {
	sym, n := decodeSym(s, i, e.bytes)
	if sym == '.' && e.p.leading(s, i) {
		sym = symLeadDot
	}
	return sym, n
}

func (p *Pattern) leading(s string, i int) bool {
	return p.mode&Period != 0 && (i == 0 || (p.mode&Pathname != 0 && s[i-1] == '/'))
}

// Match reports whether the whole of s matches.
func (p *Pattern) Match(s string) bool {
	if p.literal {
		return s == p.lit
	}
	if p.negLead && strings.HasPrefix(s, ".") {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.engineFor(s)
	f := e.forward()
	d := f.startState()
	for i := 0; i < len(s); {
		sym, n := e.symAt(s, i)
		d = f.step(d, sym)
		if d.dead() {
			return false
		}
		i += n
	}
	return d.accept
}

// scanForward runs the pattern from s[from:] and calls yield with each end
// offset where s[from:end] matches, in increasing order, until yield
// returns false or no longer match is possible.
func (e *engine) scanForward(s string, from int, yield func(end int) bool) {
	f := e.forward()
	d := f.startState()
	if d.accept && !yield(from) {
		return
	}
	for i := from; i < len(s); {
		sym, n := e.symAt(s, i)
		d = f.step(d, sym)
		i += n
		if d.dead() {
			return
		}
		if d.accept && !yield(i) {
			return
		}
	}
}

// ShortestPrefix returns the length of the shortest prefix of s that
// matches, or -1 (for ${x#pat}).
func (p *Pattern) ShortestPrefix(s string) int {
	if p.literal {
		if strings.HasPrefix(s, p.lit) {
			return len(p.lit)
		}
		return -1
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	res := -1
	p.engineFor(s).scanForward(s, 0, func(end int) bool { res = end; return false })
	return res
}

// LongestPrefix returns the length of the longest prefix of s that
// matches, or -1 (for ${x##pat}).
func (p *Pattern) LongestPrefix(s string) int {
	if p.literal {
		return p.ShortestPrefix(s)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	res := -1
	p.engineFor(s).scanForward(s, 0, func(end int) bool { res = end; return true })
	return res
}

// decodeLastSym reads the symbol ending at s[:j]. It splits invalid UTF-8
// exactly as decodeSym does going forwards, because valid encodings
// synchronise themselves.
func decodeLastSym(s string, j int, bytes bool) (int32, int) {
	c := s[j-1]
	if c < utf8.RuneSelf {
		return int32(c), 1
	}
	if bytes {
		return byteSym(c), 1
	}
	r, n := utf8.DecodeLastRuneInString(s[:j])
	if r == utf8.RuneError && n <= 1 {
		return byteSym(c), 1
	}
	return r, n
}

// scanBackward runs prog backwards over s[from:] and calls yield with each
// start offset where the reversed program accepts, in decreasing order.
func (e *engine) scanBackward(r *prog, s string, from int, yield func(start int) bool) {
	d := r.startState()
	if d.accept && !yield(len(s)) {
		return
	}
	for j := len(s); j > from; {
		sym, n := decodeLastSym(s, j, e.bytes)
		if j-n < from {
			return
		}
		j -= n
		if sym == '.' && e.p.leading(s, j) {
			sym = symLeadDot
		}
		d = r.step(d, sym)
		if d.dead() {
			return
		}
		if d.accept && !yield(j) {
			return
		}
	}
}

func (e *engine) reverse() *prog {
	if e.rev == nil {
		e.rev = compileProg(reverseSeq(e.seq), e.p.mode, &e.budget)
	}
	return e.rev
}

// ShortestSuffix returns the start offset of the shortest suffix of s that
// matches, or -1 (for ${x%pat}).
func (p *Pattern) ShortestSuffix(s string) int {
	if p.literal {
		if strings.HasSuffix(s, p.lit) {
			return len(s) - len(p.lit)
		}
		return -1
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	res := -1
	e := p.engineFor(s)
	e.scanBackward(e.reverse(), s, 0, func(start int) bool { res = start; return false })
	return res
}

// LongestSuffix returns the start offset of the longest suffix of s that
// matches, or -1 (for ${x%%pat}).
func (p *Pattern) LongestSuffix(s string) int {
	if p.literal {
		return p.ShortestSuffix(s)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	res := -1
	e := p.engineFor(s)
	e.scanBackward(e.reverse(), s, 0, func(start int) bool { res = start; return true })
	return res
}

// Find returns the leftmost match in s starting at or after from, the
// longest one at that start (for ${x/pat/rep}). from must be a character
// boundary; ok is false when nothing matches.
func (p *Pattern) Find(s string, from int) (start, end int, ok bool) {
	if from < 0 || from > len(s) {
		return 0, 0, false
	}
	if p.literal {
		i := strings.Index(s[from:], p.lit)
		if i < 0 {
			return 0, 0, false
		}
		return from + i, from + i + len(p.lit), true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.engineFor(s)
	start = e.leftmostStart(s, from)
	if start < 0 {
		return 0, 0, false
	}
	end = -1
	e.scanForward(s, start, func(e int) bool { end = e; return true })
	return start, end, end >= 0
}

// leftmostStart returns the smallest offset >= from where some match of
// the pattern starts, or -1: one backward pass of "anything, then the
// reversed pattern" marks every such offset.
func (e *engine) leftmostStart(s string, from int) int {
	if e.revFind == nil {
		seq := append([]node{{kind: nAnyStar}}, reverseSeq(e.seq)...)
		e.revFind = compileProg(seq, e.p.mode, &e.budget)
	}
	res := -1
	e.scanBackward(e.revFind, s, from, func(start int) bool { res = start; return true })
	return res
}

// FindAll returns the matches ${x//pat/rep} replaces, as [start,end)
// pairs, at most max of them (max <= 0: no bound). Like bash it tries each
// position from the left, takes the longest match there, resumes after it,
// and steps one character past an empty match; no match is tried at the
// end of a non-empty s.
func (p *Pattern) FindAll(s string, max int) [][2]int {
	var res [][2]int
	if p.pat == "" {
		return nil // bash: ${x/} and ${x//} change nothing
	}
	if s == "" {
		// bash tries the empty subject only with a pattern led by '*'.
		if _, _, ok := p.Find(s, 0); ok && p.startsStar {
			res = append(res, [2]int{0, 0})
		}
		return res
	}
	if p.literal {
		for pos := 0; pos < len(s) && (max <= 0 || len(res) < max); {
			a, b, ok := p.Find(s, pos)
			if !ok || a >= len(s) {
				break
			}
			res = append(res, [2]int{a, b})
			pos = b
			if b == a {
				_, n := decodeSym(s, a, !utf8.ValidString(s))
				pos = a + n
			}
		}
		return res
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.engineFor(s)
	// One backward pass marks every offset where a match starts; asking
	// Find for the leftmost start again after each match would rescan the
	// rest of s every time, quadratic in the number of matches.
	starts := e.matchStarts(s)
	for pos := 0; pos < len(s) && (max <= 0 || len(res) < max); {
		a := nextStart(starts, pos, len(s))
		if a < 0 || a >= len(s) {
			break
		}
		b := -1
		e.scanForward(s, a, func(end int) bool { b = end; return true })
		if b < 0 {
			break // cannot happen: a match starts at a
		}
		res = append(res, [2]int{a, b})
		if b > a {
			pos = b
		} else {
			_, n := decodeSym(s, a, e.bytes)
			pos = a + n
		}
	}
	return res
}

// matchStarts returns a bitmap of the offsets of s (0..len(s)) where some
// match of the pattern starts.
func (e *engine) matchStarts(s string) []uint64 {
	if e.revFind == nil {
		seq := append([]node{{kind: nAnyStar}}, reverseSeq(e.seq)...)
		e.revFind = compileProg(seq, e.p.mode, &e.budget)
	}
	marks := make([]uint64, len(s)/64+1)
	e.scanBackward(e.revFind, s, 0, func(start int) bool {
		marks[start/64] |= 1 << (start % 64)
		return true
	})
	return marks
}

// nextStart returns the first marked offset >= from and <= n, or -1.
func nextStart(marks []uint64, from, n int) int {
	for w := from / 64; w < len(marks); w++ {
		word := marks[w]
		if w == from/64 {
			word &^= 1<<(from%64) - 1
		}
		if word != 0 {
			i := w*64 + bits.TrailingZeros64(word)
			if i > n {
				return -1
			}
			return i
		}
	}
	return -1
}
