package backtrack

import (
	"unicode"
	"unicode/utf8"
)

// matcher is the state of one search over in.
type matcher struct {
	in    []byte
	caps  []int // 2 per group, group 0 included; -1 unset
	steps int
	limit int
	depth int
	maxD  int
	fail  bool // the budget ran out
	// best is the longest match found from the current start.
	best    []int
	anyOnly bool // the caller only asks whether there is a match
}

// step counts one unit of work and says whether to give up.
func (m *matcher) step() bool {
	m.steps++
	if m.steps > m.limit || m.depth > m.maxD {
		m.fail = true
	}
	return m.fail
}

func (re *Regexp) newMatcher(in []byte) *matcher {
	m := &matcher{in: in, limit: re.StepLimit, maxD: re.DepthLimit}
	if m.limit <= 0 {
		m.limit = DefaultSteps
	}
	if m.maxD <= 0 {
		m.maxD = DefaultDepth
	}
	m.caps = make([]int, 2*(re.ncap+1))
	return m
}

// search finds the leftmost-longest match in in; nil if none (or if the
// budget ran out: re.err says which).
func (re *Regexp) search(in []byte, from int, anyOnly bool) []int {
	re.err = nil
	if re.filter != nil && from == 0 {
		loc := re.filter.FindIndex(in)
		if loc == nil {
			return nil
		}
		// The superset's leftmost match starts at or before ours.
		from = loc[0]
	}
	m := re.newMatcher(in)
	m.anyOnly = anyOnly
	for start := from; start <= len(in); {
		for i := range m.caps {
			m.caps[i] = -1
		}
		m.caps[0] = start
		m.best = nil
		m.match(re.root, start, func(end int) bool {
			if m.best == nil || end > m.best[1] {
				m.best = append(m.best[:0], m.caps...)
				m.best[1] = end
			}
			// Nothing can be longer than the rest of the text.
			return m.anyOnly || end == len(in)
		})
		if m.fail {
			re.err = ErrTooComplex
			return nil
		}
		if m.best != nil {
			return m.best
		}
		if start == len(in) {
			break
		}
		_, w := utf8.DecodeRune(in[start:])
		start += w
	}
	return nil
}

// match tries n at i and, on each way it matches, calls k with the end;
// it returns true as soon as k does (the search is over).
func (m *matcher) match(n *node, i int, k func(int) bool) bool {
	if m.step() {
		return true
	}
	switch n.op {
	case opEmpty:
		return k(i)
	case opNoMatch:
		return false
	case opLit:
		j, ok := m.lit(n, i)
		return ok && k(j)
	case opClass, opAny, opAnyNotNL:
		if j, ok := m.one(n, i); ok {
			return k(j)
		}
		return false
	case opBOL, opEOL, opBOT, opEOT, opWordB, opNoWordB:
		return m.assert(n.op, i) && k(i)
	case opCap:
		return m.capture(n, i, k)
	case opBackref:
		j, ok := m.backref(n, i)
		return ok && k(j)
	case opConcat:
		return m.concat(n.subs, i, k)
	case opAlt:
		for _, s := range n.subs {
			if m.match(s, i, k) {
				return true
			}
		}
		return false
	case opRepeat:
		if simple(n.subs[0]) {
			return m.repeatSimple(n, i, k)
		}
		return m.repeat(n, 0, i, k)
	}
	return false
}

func (m *matcher) concat(subs []*node, i int, k func(int) bool) bool {
	if len(subs) == 0 {
		return k(i)
	}
	m.depth++
	defer func() { m.depth-- }()
	return m.match(subs[0], i, func(j int) bool { return m.concat(subs[1:], j, k) })
}

func (m *matcher) capture(n *node, i int, k func(int) bool) bool {
	c := n.cap
	os, oe := m.caps[2*c], m.caps[2*c+1]
	m.depth++
	defer func() { m.depth-- }()
	if m.match(n.subs[0], i, func(j int) bool {
		ps, pe := m.caps[2*c], m.caps[2*c+1]
		m.caps[2*c], m.caps[2*c+1] = i, j
		if k(j) {
			return true
		}
		m.caps[2*c], m.caps[2*c+1] = ps, pe
		return false
	}) {
		return true
	}
	m.caps[2*c], m.caps[2*c+1] = os, oe
	return false
}

// repeat matches n.subs[0] count more times, greedily: one more
// iteration first, then stopping. An iteration that matches empty ends
// the loop (so x** cannot spin), but its groups count: glibc matches
// ^\(a*\)*\1b$ on "ab" with the group's last, empty, iteration.
func (m *matcher) repeat(n *node, count, i int, k func(int) bool) bool {
	m.depth++
	defer func() { m.depth-- }()
	if n.max < 0 || count < n.max {
		if m.match(n.subs[0], i, func(j int) bool {
			if j == i && count >= n.min {
				return k(j)
			}
			return m.repeat(n, count+1, j, k)
		}) {
			return true
		}
	}
	return count >= n.min && k(i)
}

// simple says a node always matches exactly one rune or nothing, so its
// repetition can be scanned in a loop instead of a recursion per rune.
func simple(n *node) bool {
	switch n.op {
	case opClass, opAny, opAnyNotNL:
		return true
	case opLit:
		return len(n.runes) == 1
	}
	return false
}

func (m *matcher) repeatSimple(n *node, i int, k func(int) bool) bool {
	ends := []int{i}
	for j := i; n.max < 0 || len(ends)-1 < n.max; {
		if m.step() {
			return true
		}
		var ok bool
		if j, ok = m.oneOrLit(n.subs[0], j); !ok {
			break
		}
		ends = append(ends, j)
	}
	for c := len(ends) - 1; c >= n.min; c-- {
		if m.step() || k(ends[c]) {
			return true
		}
	}
	return false
}

func (m *matcher) oneOrLit(n *node, i int) (int, bool) {
	if n.op == opLit {
		return m.lit(n, i)
	}
	return m.one(n, i)
}

// one matches a single rune of a class or a dot at i. Invalid UTF-8
// reads as U+FFFD of one byte, as in Go's regexp.
func (m *matcher) one(n *node, i int) (int, bool) {
	if i >= len(m.in) {
		return i, false
	}
	r, w := utf8.DecodeRune(m.in[i:])
	switch n.op {
	case opAny:
		return i + w, true
	case opAnyNotNL:
		return i + w, r != '\n'
	}
	for p := 0; p+1 < len(n.runes); p += 2 {
		if r >= n.runes[p] && r <= n.runes[p+1] {
			return i + w, true
		}
	}
	return i, false
}

func (m *matcher) lit(n *node, i int) (int, bool) {
	for _, want := range n.runes {
		if i >= len(m.in) {
			return i, false
		}
		r, w := utf8.DecodeRune(m.in[i:])
		if r != want && !(n.fold && sameFold(r, want)) {
			return i, false
		}
		i += w
	}
	return i, true
}

// backref matches the text group n.cap matched, again, at i; a group that
// took no part in the match makes the reference fail, as in glibc.
func (m *matcher) backref(n *node, i int) (int, bool) {
	s, e := m.caps[2*n.cap], m.caps[2*n.cap+1]
	if s < 0 || e < 0 {
		return i, false
	}
	for s < e {
		if i >= len(m.in) {
			return i, false
		}
		want, ws := utf8.DecodeRune(m.in[s:])
		r, w := utf8.DecodeRune(m.in[i:])
		if r != want && !(n.fold && sameFold(r, want)) {
			return i, false
		}
		if r == utf8.RuneError && m.in[i] != m.in[s] {
			return i, false // two different invalid bytes
		}
		s += ws
		i += w
	}
	return i, true
}

func sameFold(a, b rune) bool {
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}

// assert checks a zero-width assertion at i; word boundaries are ASCII,
// as in Go's regexp.
func (m *matcher) assert(o op, i int) bool {
	switch o {
	case opBOT:
		return i == 0
	case opEOT:
		return i == len(m.in)
	case opBOL:
		return i == 0 || m.in[i-1] == '\n'
	case opEOL:
		return i == len(m.in) || m.in[i] == '\n'
	}
	before := i > 0 && isWord(m.in[i-1])
	after := i < len(m.in) && isWord(m.in[i])
	return (before != after) == (o == opWordB)
}

func isWord(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// FindSubmatchIndex is regexp's: the leftmost-longest match and its
// groups as index pairs, nil if none.
func (re *Regexp) FindSubmatchIndex(b []byte) []int {
	return re.search(b, 0, false)
}

// FindIndex is regexp's: the extent of the leftmost-longest match.
func (re *Regexp) FindIndex(b []byte) []int {
	if m := re.search(b, 0, false); m != nil {
		return m[:2]
	}
	return nil
}

// Match reports whether b holds a match; it stops at the first found.
func (re *Regexp) Match(b []byte) bool {
	return re.search(b, 0, true) != nil
}

// FindAllSubmatchIndex is regexp's: successive non-overlapping matches,
// at most n (n < 0: all). An empty match right after the previous match
// is skipped, as in Go's regexp.
func (re *Regexp) FindAllSubmatchIndex(b []byte, n int) [][]int {
	var out [][]int
	prevEnd := -1
	for pos := 0; pos <= len(b) && (n < 0 || len(out) < n); {
		m := re.search(b, pos, false)
		if m == nil {
			break
		}
		accept := true
		if m[1] == pos {
			accept = m[0] != prevEnd
			if pos < len(b) {
				_, w := utf8.DecodeRune(b[pos:])
				pos += w
			} else {
				pos++
			}
		} else {
			pos = m[1]
		}
		prevEnd = m[1]
		if accept {
			out = append(out, m)
		}
	}
	return out
}

// FindAt is FindIndex from pos on, with the text before pos still seen
// by ^ and \b.
func (re *Regexp) FindAt(b []byte, pos int) []int {
	if m := re.search(b, pos, false); m != nil {
		return m[:2]
	}
	return nil
}
