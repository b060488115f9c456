package commands

import (
	"bytes"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// grepMatcher finds matches of the combined patterns in a line.
type grepMatcher struct {
	re     *regexp.Regexp
	wordRe *regexp.Regexp // -w: the pattern with a non-word char before it
	word   bool
}

// newGrepMatcher compiles the patterns for the chosen syntax.
func newGrepMatcher(pats []string, mode byte, icase, word, line bool) (*grepMatcher, error) {
	var alts []string
	m := &grepMatcher{word: word}
	for _, p := range pats {
		var t string
		switch mode {
		case 'F':
			t = regexp.QuoteMeta(p)
		default:
			var err error
			if t, err = translateRegex(p, mode == 'E'); err != nil {
				return nil, err
			}
		}
		alts = append(alts, "(?:"+t+")")
	}
	body := strings.Join(alts, "|")
	if line {
		body = "^(?:" + body + ")$"
	}
	flags := ""
	if icase {
		flags = "(?i)"
	}
	re, err := regexp.Compile(flags + body)
	if err != nil {
		return nil, err
	}
	re.Longest()
	m.re = re
	if word && !line {
		wre, err := regexp.Compile(flags + `(?:^|[^\pL\pN_])(` + body + `)(?:[^\pL\pN_]|$)`)
		if err != nil {
			return nil, err
		}
		wre.Longest()
		m.wordRe = wre
	}
	return m, nil
}

// find returns the next match at or after pos as [start, end), or nil.
func (m *grepMatcher) find(line []byte, pos int) []int {
	if m.wordRe == nil {
		if pos > len(line) {
			return nil
		}
		loc := m.re.FindIndex(line[pos:])
		if loc == nil {
			return nil
		}
		return []int{loc[0] + pos, loc[1] + pos}
	}
	// Include the byte before start so it can serve as the word boundary;
	// a match anchored at that slice start is checked against the real
	// previous byte.
	for start := pos; start <= len(line); {
		from := max(start-1, 0)
		loc := m.wordRe.FindSubmatchIndex(line[from:])
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
	if m.wordRe == nil {
		return m.re.Match(line)
	}
	return m.find(line, 0) != nil
}

// hasNUL marks binary data the way grep's simplest heuristic does.
func hasNUL(b []byte) bool { return bytes.IndexByte(b, 0) >= 0 }
