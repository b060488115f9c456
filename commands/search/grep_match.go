package search

import (
	"github.com/justbash/justbash/commands/internal/backtrack"
	"github.com/justbash/justbash/commands/internal/gnure"
	"github.com/justbash/justbash/commands/internal/posixre"

	"bytes"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// grepMatcher finds matches of the combined patterns in a line.
type grepMatcher struct {
	re     *regexp.Regexp
	wordRe *regexp.Regexp // -w: the pattern with a non-word char before it
	// bt and btWord replace re and wordRe when a pattern has a
	// back-reference, which RE2 cannot match; err is set, and every later
	// search fails, once one ran out of its budget.
	bt, btWord *backtrack.Regexp
	err        error
	word       bool
	// lit is a byte string every match must contain (nil: none known); it
	// lets a search skip whole blocks with bytes.Index before running the
	// regexp. fold means lit is lower-case ASCII and must be compared
	// case-insensitively.
	lit  []byte
	fold bool
	// pureLit says a match is exactly an occurrence of lit, so the regexp
	// is never needed.
	pureLit bool
	scratch []byte
}

// newGrepMatcher compiles the patterns for the chosen syntax.
func newGrepMatcher(pats []string, mode byte, icase, word, line bool) (*grepMatcher, error) {
	var alts []string
	m := &grepMatcher{word: word}
	refs, groups := false, 0
	for _, p := range pats {
		var t string
		switch mode {
		case 'F':
			t = regexp.QuoteMeta(p)
		case 'P':
			t = p // RE2 syntax as given (grep -P, rg)
		default:
			var err error
			if t, err = gnure.TranslateRefs(p, mode == 'E'); err != nil {
				return nil, err
			}
			// Each pattern numbers its own groups, as in GNU grep.
			if posixre.HasBackrefs(t) {
				refs = true
				t = backtrack.Shift(t, groups)
			}
			groups += max(backtrack.Groups(t), 0)
		}
		alts = append(alts, "(?:"+t+")")
	}
	body := strings.Join(alts, "|")
	if len(alts) == 0 {
		// An empty -f file gives no patterns: nothing matches.
		body = `[^\x00-\x{10FFFF}]`
	}
	if line {
		body = "^(?:" + body + ")$"
	}
	flags := ""
	if icase {
		flags = "(?i)"
	}
	if refs {
		return m.compileRefs(flags, body, word && !line)
	}
	re, err := regexp.Compile(flags + body)
	if err != nil {
		return nil, err
	}
	// POSIX matching is leftmost-longest; Perl and Rust syntax is
	// leftmost-first.
	posix := mode != 'P'
	if posix {
		re.Longest()
	}
	m.re = re
	if word && !line {
		wre, err := regexp.Compile(flags + `(?:^|[^\pL\pN_])(` + body + `)(?:[^\pL\pN_]|$)`)
		if err != nil {
			return nil, err
		}
		if posix {
			wre.Longest()
		}
		m.wordRe = wre
	}
	m.setLiteral(flags+body, icase, word || line)
	return m, nil
}

// compileRefs is newGrepMatcher's end for patterns with back-references.
func (m *grepMatcher) compileRefs(flags, body string, word bool) (*grepMatcher, error) {
	var err error
	if m.bt, err = backtrack.Compile(flags + body); err != nil {
		return nil, err
	}
	if word {
		// The -w wrapper's group comes first: references move up one.
		m.btWord, err = backtrack.Compile(flags + `(?:^|[^\pL\pN_])(` + backtrack.Shift(body, 1) + `)(?:[^\pL\pN_]|$)`)
		if err != nil {
			return nil, err
		}
	}
	m.setLiteral(flags+body, flags != "", true)
	return m, nil
}

// failed notes a backtracking search that ran out of budget.
func (m *grepMatcher) failed(re *backtrack.Regexp) bool {
	if e := re.Err(); e != nil && m.err == nil {
		m.err = e
	}
	return m.err != nil
}

// findRefs is find for the backtracking matchers.
func (m *grepMatcher) findRefs(line []byte, pos int) []int {
	if m.err != nil {
		return nil
	}
	if m.btWord == nil {
		loc := m.bt.FindAt(line, pos)
		if m.failed(m.bt) {
			return nil
		}
		return loc
	}
	return wordMatch(line, pos, func(b []byte) []int {
		loc := m.btWord.FindSubmatchIndex(b)
		if m.failed(m.btWord) {
			return nil
		}
		return loc
	})
}

// setLiteral finds a literal that every match contains, from the parsed
// regexp: the whole pattern when it is one literal, else the longest
// literal piece of a top-level concatenation.
func (m *grepMatcher) setLiteral(expr string, icase, anchored bool) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return
	}
	re = re.Simplify()
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	pure := false
	var best *syntax.Regexp
	switch re.Op {
	case syntax.OpLiteral:
		best, pure = re, true
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if s.Op == syntax.OpLiteral && (best == nil || len(s.Rune) > len(best.Rune)) {
				best = s
			}
		}
	}
	if best == nil {
		return
	}
	fold := best.Flags&syntax.FoldCase != 0
	lit := string(best.Rune)
	if fold {
		// Only ASCII folds one byte to one byte; other runes have
		// multi-byte case partners, so no safe byte prefilter exists.
		for _, r := range best.Rune {
			if r >= utf8.RuneSelf {
				return
			}
		}
		lit = strings.ToLower(lit)
	}
	if lit == "" || strings.ContainsRune(lit, utf8.RuneError) {
		return
	}
	m.lit, m.fold = []byte(lit), fold
	m.pureLit = pure && !anchored
	_ = icase
}

// lowerASCII writes the ASCII lower-case form of src into dst.
func lowerASCII(dst, src []byte) []byte {
	dst = append(dst[:0], src...)
	for i, b := range dst {
		if b-'A' < 26 {
			dst[i] = b + 32
		}
	}
	return dst
}

// hasLit is the prefilter: false means the line cannot match.
func (m *grepMatcher) hasLit(line []byte) bool {
	if m.lit == nil {
		return true
	}
	if m.fold {
		m.scratch = lowerASCII(m.scratch, line)
		line = m.scratch
	}
	return bytes.Contains(line, m.lit)
}

// find returns the next match at or after pos as [start, end), or nil.
func (m *grepMatcher) find(line []byte, pos int) []int {
	if pos > len(line) {
		return nil
	}
	if m.bt != nil {
		return m.findRefs(line, pos)
	}
	if m.pureLit {
		hay := line
		if m.fold {
			m.scratch = lowerASCII(m.scratch, line)
			hay = m.scratch
		}
		i := bytes.Index(hay[pos:], m.lit)
		if i < 0 {
			return nil
		}
		return []int{pos + i, pos + i + len(m.lit)}
	}
	if m.wordRe == nil {
		loc := m.re.FindIndex(line[pos:])
		if loc == nil {
			return nil
		}
		return []int{loc[0] + pos, loc[1] + pos}
	}
	return wordMatch(line, pos, m.wordRe.FindSubmatchIndex)
}

// wordMatch finds the first -w match at or after pos with find, the
// word-wrapped pattern's submatch search (group 1 the word). Each search
// includes the byte before start so it can serve as the word boundary; a
// match anchored at that slice start is checked against the real
// previous byte.
func wordMatch(line []byte, pos int, find func([]byte) []int) []int {
	for start := pos; start <= len(line); {
		from := max(start-1, 0)
		loc := find(line[from:])
		if loc == nil {
			return nil
		}
		s, e := loc[2]+from, loc[3]+from
		if s >= pos && (s == 0 || !isWordByteBefore(line, s)) {
			return []int{s, e}
		}
		start = s + 1
	}
	return nil
}

func isWordByteBefore(line []byte, i int) bool {
	r, _ := utf8.DecodeLastRune(line[:i])
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// matches reports whether the line has any (word-)match.
func (m *grepMatcher) matches(line []byte) bool {
	if !m.hasLit(line) {
		return false
	}
	switch {
	case m.bt != nil && m.btWord == nil:
		if m.err != nil {
			return false
		}
		ok := m.bt.Match(line)
		return !m.failed(m.bt) && ok
	case m.pureLit:
		return true
	case m.wordRe == nil && m.bt == nil:
		return m.re.Match(line)
	}
	return m.find(line, 0) != nil
}

// hasNUL marks binary data the way grep's simplest heuristic does.
func hasNUL(b []byte) bool { return bytes.IndexByte(b, 0) >= 0 }
