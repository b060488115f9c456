// Package posixre translates POSIX basic and extended regular expressions,
// with the GNU extensions grep and sed accept, into Go RE2 syntax. RE2 has
// no back-references, so those are refused with an error.
package posixre

import (
	"errors"
	"maps"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Options holds the few points where GNU grep and GNU sed read the same
// pattern differently. The zero value gives GNU grep's behaviour.
type Options struct {
	// CheckGroups validates parentheses and intervals here, with glibc's
	// messages, and makes an unmatched ERE ")" literal, as GNU grep does.
	// Without it they are passed through and RE2 reports any error itself
	// (the caller rewords it).
	CheckGroups bool
	// CharEscape, when set, decodes one-byte escapes such as GNU sed's \n,
	// \t, \xHH both outside and inside bracket expressions; s starts just
	// after the backslash and n is the number of bytes of s consumed.
	// Without it only \n means newline and a backslash inside brackets is
	// literal.
	CharEscape func(s string) (c byte, n int, ok bool)
	// BracketError words an unterminated bracket expression or class;
	// empty means glibc's message.
	BracketError string
	// BackrefError words the refusal of \1..\9; empty means
	// "back-references are not supported".
	BackrefError string
	// Backrefs accepts \1..\9 for a group already closed, writing each as
	// the marker package backtrack matches (an empty group named
	// "bN_K"); a reference to any other group is glibc's "Invalid back
	// reference". Go's regexp compiles the marker but cannot match it:
	// a caller checks HasBackrefs and uses package backtrack.
	Backrefs bool
}

func (o *Options) bracketErr() error {
	if o.BracketError != "" {
		return errors.New(o.BracketError)
	}
	//lint:ignore ST1005 the text is the message users see, worded as the GNU tool words it
	return errors.New("Unmatched [, [^, [:, [., or [=")
}

func (o *Options) backrefErr() error {
	if o.BackrefError != "" {
		return errors.New(o.BackrefError)
	}
	return errors.New("back-references are not supported")
}

// Translate turns the POSIX BRE (ere=false) or ERE pattern p into RE2
// syntax: characters special to RE2 but literal in POSIX are quoted, and
// GNU escapes (\<, \w, \`...) become their RE2 equivalents.
func Translate(p string, ere bool, opts Options) (string, error) {
	var b strings.Builder
	atStart := true // where '*' is literal and '^' is an anchor
	depth := 0      // open groups, for GNU's "Unmatched" messages when checked
	var groups groupTrack
	for i := 0; i < len(p); i++ {
		ch := p[i]
		start := atStart
		atStart = false
		switch {
		case ch == '[':
			n, err := bracket(&b, p[i:], &opts)
			if err != nil {
				return "", err
			}
			i += n - 1
		case isGroupOrInterval(p[i:], ere, depth, opts.CheckGroups):
			n, opened, err := group(&b, p[i:], ere, &depth, opts.CheckGroups)
			if err != nil {
				return "", err
			}
			groups.saw(p[i+n-1], opened)
			i += n - 1
			atStart = opened
		case opts.Backrefs && ch == '\\' && i+1 < len(p) && p[i+1] >= '1' && p[i+1] <= '9':
			ref, err := groups.ref(int(p[i+1] - '0'))
			if err != nil {
				return "", err
			}
			b.WriteString(ref)
			i++
		case ch == '\\' && i+1 < len(p):
			if !ere && p[i+1] == '|' {
				groups.alt()
			}
			i++
			s, anchorNext, used, err := escape(p[i:], ere, &opts)
			if err != nil {
				return "", err
			}
			i += used - 1
			b.WriteString(s)
			atStart = anchorNext
		case ch == '\\':
			//lint:ignore ST1005 glibc regerror's text, which GNU tools print
			return "", errors.New("Trailing backslash")
		case ch == '*' && start:
			b.WriteString(`\*`)
		case ch == '^':
			if ere || start {
				b.WriteByte('^')
				atStart = true
			} else {
				b.WriteString(`\^`)
			}
		case ch == '$':
			rest := p[i+1:]
			if ere || rest == "" || strings.HasPrefix(rest, `\)`) || strings.HasPrefix(rest, `\|`) {
				b.WriteByte('$')
			} else {
				b.WriteString(`\$`)
			}
		case !ere && strings.IndexByte("+?|(){}", ch) >= 0:
			b.WriteByte('\\')
			b.WriteByte(ch)
		case ere && ch == '|':
			groups.alt()
			b.WriteByte(ch)
			atStart = true
		case ere && (ch == '{' || ch == ')'):
			b.WriteByte('\\') // not an interval or a group: literal
			b.WriteByte(ch)
		case ere && (ch == '*' || ch == '+' || ch == '?') && start:
			b.WriteByte('\\')
			b.WriteByte(ch)
		default:
			b.WriteByte(ch)
		}
	}
	if opts.CheckGroups && depth > 0 {
		//lint:ignore ST1005 the text is the message users see, worded as the GNU tool words it
		return "", errors.New("Unmatched ( or \\(")
	}
	return b.String(), nil
}

// groupTrack numbers the groups as they open and remembers which have
// closed, for back-references. As in glibc, an alternative sees only the
// groups closed before its alternation began, so (a)|\1 is invalid; once
// the alternation's group closes, all its groups count.
type groupTrack struct {
	opened int
	open   []int
	closed map[int]bool
	// levels has, per open group and for the top level, the groups
	// closed when it opened and those closed in its finished alternatives.
	levels []altLevel
	refs   int
}

type altLevel struct{ before, acc map[int]bool }

func (g *groupTrack) level() *altLevel {
	if len(g.levels) == 0 {
		g.levels = append(g.levels, altLevel{})
	}
	return &g.levels[len(g.levels)-1]
}

// alt starts another alternative of the innermost open group.
func (g *groupTrack) alt() {
	l := g.level()
	l.acc = union(l.acc, g.closed)
	g.closed = maps.Clone(l.before)
}

func union(a, b map[int]bool) map[int]bool {
	if a == nil {
		a = map[int]bool{}
	}
	maps.Copy(a, b)
	return a
}

// saw notes the group token just copied: last is its final byte.
func (g *groupTrack) saw(last byte, opened bool) {
	switch {
	case opened:
		g.level()
		g.opened++
		g.open = append(g.open, g.opened)
		g.levels = append(g.levels, altLevel{before: maps.Clone(g.closed)})
	case last == ')' && len(g.open) > 0:
		l := g.levels[len(g.levels)-1]
		g.levels = g.levels[:len(g.levels)-1]
		g.closed = union(union(g.closed, l.acc), map[int]bool{g.open[len(g.open)-1]: true})
		g.open = g.open[:len(g.open)-1]
	}
}

// ref returns the marker of a reference to group n.
func (g *groupTrack) ref(n int) (string, error) {
	if !g.closed[n] {
		//lint:ignore ST1005 glibc regerror's text, which GNU tools print
		return "", errors.New("Invalid back reference")
	}
	g.refs++
	return "(?P<b" + strconv.Itoa(n) + "_" + strconv.Itoa(g.refs) + ">)", nil
}

// HasBackrefs reports whether text written by Translate holds a
// back-reference marker.
func HasBackrefs(t string) bool { return strings.Contains(t, "(?P<b") }

// escape maps the sequence after a backslash. It returns the RE2 text,
// whether the next position counts as the start of a subexpression, and
// how many bytes of s were consumed.
func escape(s string, ere bool, opts *Options) (string, bool, int, error) {
	e := s[0]
	switch {
	case e >= '1' && e <= '9':
		return "", false, 1, opts.backrefErr()
	case e == '<' || e == '>':
		return `\b`, false, 1, nil
	case strings.IndexByte("bBwWsS", e) >= 0:
		return `\` + string(e), false, 1, nil
	case e == '`':
		return `\A`, false, 1, nil
	case e == '\'':
		return `\z`, false, 1, nil
	case !ere && e == '|':
		return "|", true, 1, nil
	case !ere && strings.IndexByte("}+?", e) >= 0:
		return string(e), false, 1, nil
	}
	if opts.CharEscape != nil {
		if c, n, ok := opts.CharEscape(s); ok {
			return regexp.QuoteMeta(string([]byte{c})), false, n, nil
		}
	} else if e == 'n' {
		return `\n`, false, 1, nil
	}
	// Any other escaped byte stands for itself (GNU grep reads \t as "t").
	return regexp.QuoteMeta(string(e)), false, 1, nil
}

// isGroupOrInterval reports a group parenthesis or an interval at the
// start of s: \( \) \{ in BRE; ( ) {n,m} in ERE. When groups are checked
// an unmatched ERE ")" is literal, as in GNU grep.
func isGroupOrInterval(s string, ere bool, depth int, check bool) bool {
	if !ere {
		return len(s) > 1 && s[0] == '\\' && strings.IndexByte("(){", s[1]) >= 0
	}
	switch s[0] {
	case '(':
		return true
	case ')':
		return depth > 0 || !check
	case '{':
		return intervalRe().MatchString(s)
	}
	return false
}

var intervalRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\{([0-9]+(,[0-9]*)?|,[0-9]+)\}`) })

// group copies one group parenthesis or interval opener; it returns the
// bytes consumed and whether a group opened. With check set it validates
// the whole interval and paren balance as GNU does; otherwise the interval
// body is left for the caller's loop and RE2 judges it.
func group(b *strings.Builder, s string, ere bool, depth *int, check bool) (int, bool, error) {
	skip := 0
	if !ere {
		skip = 1 // the backslash
	}
	switch s[skip] {
	case '{':
		if !check {
			// POSIX {,m} means {0,m}; RE2 wants the zero spelled out.
			if strings.HasPrefix(s[skip+1:], ",") {
				b.WriteString("{0")
			} else {
				b.WriteByte('{')
			}
			return skip + 1, false, nil
		}
		closer := "}"
		if !ere {
			closer = `\}`
		}
		n, body, err := checkInterval(s[skip+1:], closer)
		if err != nil {
			return 0, false, err
		}
		b.WriteString("{" + body + "}")
		return skip + 1 + n + len(closer), false, nil
	case '(':
		*depth++
		b.WriteByte('(')
		return skip + 1, true, nil
	}
	if check {
		if *depth--; *depth < 0 {
			//lint:ignore ST1005 the text is the message users see, worded as the GNU tool words it
			return 0, false, errors.New("Unmatched ) or \\)")
		}
	}
	b.WriteByte(')')
	return skip + 1, false, nil
}

// checkInterval validates the body of an interval up to its closing
// token and returns the body length and the body in RE2 form, with GNU's
// messages for errors.
func checkInterval(s, closer string) (int, string, error) {
	//lint:ignore ST1005 the text is the message users see, worded as the GNU tool words it
	bad := errors.New("Invalid content of \\{\\}")
	n := strings.Index(s, closer)
	if n < 0 {
		//lint:ignore ST1005 the text is the message users see, worded as the GNU tool words it
		return 0, "", errors.New("Unmatched \\{")
	}
	body := s[:n]
	lo, hi, comma := strings.Cut(body, ",")
	if !allDigits(lo) || !allDigits(hi) || lo == "" && !comma {
		return 0, "", bad
	}
	if comma && lo != "" && hi != "" {
		a, _ := strconv.Atoi(lo)
		b, _ := strconv.Atoi(hi)
		if a > b {
			return 0, "", bad
		}
	}
	if lo == "" {
		body = "0" + body
	}
	return n, body, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
