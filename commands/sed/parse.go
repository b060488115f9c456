package sed

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Address kinds. aZero is the GNU "0,/re/" start; aPlus and aMult only
// appear as second addresses (addr,+N and addr,~N).
const (
	aLine = iota + 1
	aLast
	aRegex
	aStep
	aZero
	aPlus
	aMult
)

type address struct {
	typ     int
	n, step int64
	re      matcher // nil with aRegex means "the last regex used"
}

// command is one parsed sed command. Range state lives here because a
// program runs once per sed invocation.
type command struct {
	a1, a2 *address
	neg    bool
	op     byte
	text   string // a i c text, e command, label of : b t T
	fname  string // r R w W
	wout   *output
	jump   int // b t T target; for '{' the index of its '}'
	num    int // q Q exit status, l line length (-1 unset)
	sub    *subst
	ymap   map[rune]rune

	inRange  bool
	closed   bool // a range from a line number that has ended for good
	rangeEnd int64
	zeroSeen bool
}

// subst is the s command.
type subst struct {
	re     matcher
	repl   []replPart
	global bool
	nth    int
	print  bool
	eval   bool
	wout   *output
	maxRef int
}

// replPart is a piece of the replacement: literal text, a group
// reference (group >= 0), or a case conversion (\L \U \l \u \E).
type replPart struct {
	lit   string
	group int
	case_ byte
}

// chunk records where each -e expression or -f file starts in the joined
// script, so errors can name it the way GNU does.
type chunk struct {
	start int
	file  string // "" for -e
	num   int    // expression number for -e
}

type parseError struct {
	msg    string
	status int
}

func (e *parseError) Error() string { return e.msg }

type parser struct {
	s      string
	i      int
	chunks []chunk
	ere    bool
	// posix: --posix, which refuses GNU's extensions as GNU sed does.
	posix  bool
	prog   []*command
	blocks []int
	opener func(name string) (*output, error)
}

// errAt formats a parse error at the current position.
func (p *parser) errAt(format string, args ...any) error {
	return p.errPos(p.i, format, args...)
}

func (p *parser) errPos(pos int, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	ch := p.chunks[0]
	for _, c := range p.chunks {
		if c.start <= pos-1 || (pos == 0 && c.start == 0) {
			ch = c
		}
	}
	if ch.file != "" {
		line := 1 + strings.Count(p.s[ch.start:max(ch.start, pos-1)], "\n")
		return &parseError{msg: fmt.Sprintf("file %s line %d: %s", ch.file, line, msg)}
	}
	rel := pos - ch.start
	if pos == 0 {
		rel = 0
	}
	return &parseError{msg: fmt.Sprintf("-e expression #%d, char %d: %s", ch.num, rel, msg)}
}

func (p *parser) eof() bool { return p.i >= len(p.s) }

func (p *parser) peek() byte {
	if p.eof() {
		return 0
	}
	return p.s[p.i]
}

func (p *parser) skipSpace() {
	for !p.eof() && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// parse reads the whole script into p.prog and resolves labels.
func (p *parser) parse() error {
	for {
		for !p.eof() && strings.IndexByte(" \t\n;", p.s[p.i]) >= 0 {
			p.i++
		}
		if p.eof() {
			break
		}
		if p.s[p.i] == '#' {
			p.skipLine()
			continue
		}
		if err := p.parseCommand(); err != nil {
			return err
		}
	}
	if len(p.blocks) > 0 {
		return p.errPos(0, "unmatched `{'")
	}
	return p.resolveLabels()
}

func (p *parser) skipLine() {
	for !p.eof() && p.s[p.i] != '\n' {
		p.i++
	}
}

func (p *parser) resolveLabels() error {
	labels := map[string]int{}
	for i, c := range p.prog {
		if c.op == ':' {
			labels[c.text] = i
		}
	}
	for _, c := range p.prog {
		if c.op != 'b' && c.op != 't' && c.op != 'T' {
			continue
		}
		if c.text == "" {
			c.jump = len(p.prog)
			continue
		}
		j, ok := labels[c.text]
		if !ok {
			return &parseError{fmt.Sprintf("can't find label for jump to `%s'", c.text), 4}
		}
		c.jump = j
	}
	return nil
}

func (p *parser) parseCommand() error {
	c := &command{num: -1}
	var err error
	if c.a1, err = p.parseAddr(false); err != nil {
		return err
	}
	if c.a1 != nil {
		p.skipSpace()
		if p.peek() == ',' {
			p.i++
			p.skipSpace()
			if c.a2, err = p.parseAddr(true); err != nil {
				return err
			}
			if c.a2 == nil {
				if p.posix && !p.eof() && (p.s[p.i] == '+' || p.s[p.i] == '~') {
					p.i++ // GNU has read the character
				}
				return p.errAt("unexpected `,'")
			}
		}
	}
	if c.a1 != nil && c.a1.typ == aZero && (c.a2 == nil || c.a2.typ != aRegex || p.posix) {
		p.skipSpace()
		if !p.eof() {
			p.i++
		}
		return p.errAt("invalid usage of line address 0")
	}
	p.skipSpace()
	if p.peek() == '!' {
		c.neg = true
		p.i++
		p.skipSpace()
		if p.peek() == '!' {
			p.i++
			return p.errAt("multiple `!'s")
		}
	}
	if p.eof() {
		return p.errAt("missing command")
	}
	c.op = p.s[p.i]
	p.i++
	if err := p.checkAddrCount(c); err != nil {
		return err
	}
	if err := p.parseArgs(c); err != nil {
		return err
	}
	p.prog = append(p.prog, c)
	return nil
}

func (p *parser) checkAddrCount(c *command) error {
	switch c.op {
	case ':', '}':
		if c.a1 != nil {
			if c.op == ':' {
				return p.errAt(": doesn't want any addresses")
			}
			return p.errAt("unexpected `}'")
		}
	case 'q', 'Q':
		if c.a2 != nil {
			return p.errAt("command only uses one address")
		}
	}
	return nil
}

// endCommand checks that nothing but a separator follows a command.
func (p *parser) endCommand() error {
	p.skipSpace()
	switch p.peek() {
	case 0, ';', '\n', '#', '}':
		if p.peek() == ';' {
			p.i++
		}
		return nil
	}
	p.i++
	return p.errAt("extra characters after command")
}

func (p *parser) parseArgs(c *command) error {
	if p.posix && strings.IndexByte("eFQRTWzvL", c.op) >= 0 {
		return p.errAt("unknown command: `%c'", c.op)
	}
	switch c.op {
	case '{':
		p.blocks = append(p.blocks, len(p.prog))
		return nil
	case '}':
		if len(p.blocks) == 0 {
			return p.errAt("unexpected `}'")
		}
		open := p.blocks[len(p.blocks)-1]
		p.blocks = p.blocks[:len(p.blocks)-1]
		p.prog[open].jump = len(p.prog)
		return p.endCommand()
	case '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
		return p.endCommand()
	case 'a', 'i', 'c':
		return p.parseText(c)
	case ':':
		p.skipSpace()
		c.text = p.readLabel()
		if c.text == "" {
			return p.errAt("\":\" lacks a label")
		}
		return nil
	case 'b', 't', 'T':
		p.skipSpace()
		c.text = p.readLabel()
		return nil
	case 'r', 'R', 'w', 'W':
		return p.parseFileArg(c)
	case 'q', 'Q', 'l', 'L':
		if p.posix {
			return p.endCommand() // no exit code or width in POSIX
		}
		p.skipSpace()
		start := p.i
		for !p.eof() && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		if p.i > start {
			n, _ := strconv.Atoi(p.s[start:p.i])
			c.num = n
		}
		return p.endCommand()
	case 'e':
		p.skipSpace()
		start := p.i
		p.skipLine()
		c.text = p.s[start:p.i]
		return nil
	case 'v':
		p.readLabel()
		return nil
	case 's':
		return p.parseSubst(c)
	case 'y':
		return p.parseY(c)
	}
	return p.errAt("unknown command: `%c'", c.op)
}

// readLabel reads a label. GNU sed 4.9 ends it at a newline, semicolon,
// blank, "}" or "#": "/x/{ b end }" closes its block, and what follows a
// blank is the next command.
func (p *parser) readLabel() string {
	start := p.i
	for !p.eof() && !strings.ContainsRune("\n; \t}#", rune(p.s[p.i])) {
		p.i++
	}
	l := p.s[start:p.i]
	if !p.eof() && p.s[p.i] == ';' {
		p.i++
	}
	return l
}

func (p *parser) parseFileArg(c *command) error {
	p.skipSpace()
	start := p.i
	p.skipLine()
	c.fname = p.s[start:p.i]
	if c.fname == "" {
		return p.errAt("missing filename in r/R/w/W commands")
	}
	if c.op == 'w' || c.op == 'W' {
		o, err := p.opener(c.fname)
		if err != nil {
			return err
		}
		c.wout = o
	}
	return nil
}

// parseText reads the text of a, i and c: "a\" newline text, the GNU
// one-liner "a text", and "a\text". Backslashes escape the next character
// and a backslash-newline continues the text.
func (p *parser) parseText(c *command) error {
	p.skipSpace()
	if p.eof() {
		return p.errAt("expected \\ after `a', `c' or `i'")
	}
	if p.s[p.i] != '\\' && p.posix {
		p.i++ // GNU has read the character
		return p.errAt("expected \\ after `a', `c' or `i'")
	}
	if p.s[p.i] == '\\' {
		p.i++
		if p.eof() && p.posix {
			return p.errAt("incomplete command")
		}
		if p.eof() {
			// GNU's read_text: "a\" at the very end is an empty text,
			// with no newline ("$a\" ends a file that lacks one).
			c.text = ""
			return nil
		}
		if p.peek() == '\n' {
			p.i++
		}
	}
	var b strings.Builder
	for !p.eof() && p.s[p.i] != '\n' {
		ch := p.s[p.i]
		if ch == '\\' && p.i+1 < len(p.s) {
			p.i++
			if e, n, ok := charEscape(p.s[p.i:]); ok && p.s[p.i] != 'c' {
				b.WriteByte(e)
				p.i += n
				continue
			}
			b.WriteByte(p.s[p.i])
			p.i++
			continue
		}
		b.WriteByte(ch)
		p.i++
	}
	b.WriteByte('\n')
	c.text = b.String()
	return nil
}

// readDelimited reads up to the unescaped delimiter, keeping escapes
// (except an escaped delimiter, which becomes the bare character, and
// "\n" written with an actual newline after a backslash). In a regex the
// delimiter does not end a bracket expression ("s/[/]/X/"); in a
// replacement "\&" stays an escaped "&" even when "&" is the delimiter.
func (p *parser) readDelimited(delim byte, regex bool) (string, bool) {
	var b strings.Builder
	for !p.eof() {
		ch := p.s[p.i]
		switch {
		case ch == '[' && regex:
			end, ok := bracketEnd(p.s, p.i)
			if !ok {
				p.i = end // errors point where the scan stopped, as GNU's do
				return "", false
			}
			b.WriteString(p.s[p.i:end])
			p.i = end
		case ch == delim:
			p.i++
			return b.String(), true
		case ch == '\\' && p.i+1 < len(p.s):
			next := p.s[p.i+1]
			p.i += 2
			switch {
			case next == delim && !regex && delim == '&':
				b.WriteString(`\&`)
			case next == delim:
				b.WriteByte(delim)
			case next == '\n':
				if regex {
					b.WriteString(`\n`)
				} else {
					b.WriteString("\\\n")
				}
			default:
				b.WriteByte('\\')
				b.WriteByte(next)
			}
		case ch == '\n' && regex:
			return "", false
		default:
			b.WriteByte(ch)
			p.i++
		}
	}
	return "", false
}

// bracketEnd finds the end of the bracket expression opening at s[i]: a
// leading "^" and "]" are members, and "[:", "[." and "[=" open classes
// that only ":]", ".]" and "=]" close. It returns the index past the
// closing "]", or false and where the scan stopped when the expression
// (or the line) ends first.
func bracketEnd(s string, i int) (int, bool) {
	j := i + 1
	if j < len(s) && s[j] == '^' {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for j < len(s) && s[j] != '\n' {
		switch {
		case s[j] == ']':
			return j + 1, true
		case s[j] == '[' && j+1 < len(s) && (s[j+1] == ':' || s[j+1] == '.' || s[j+1] == '='):
			k := strings.Index(s[j+2:], string(s[j+1])+"]")
			if k < 0 {
				return len(s), false
			}
			j += 2 + k + 2
		default:
			j++
		}
	}
	return j, false
}

func (p *parser) compile(pat string, icase, multi bool) (matcher, error) {
	if pat == "" {
		return nil, nil
	}
	re, err := compileRegex(pat, p.ere, icase, multi)
	if err != nil {
		return nil, p.errAt("%s", err.Error())
	}
	return re, nil
}

// parseAddr reads one address; second says it is the end of a range.
func (p *parser) parseAddr(second bool) (*address, error) {
	if p.eof() {
		return nil, nil
	}
	ch := p.s[p.i]
	switch {
	case ch >= '0' && ch <= '9':
		n := p.readNum()
		if p.peek() == '~' && !second && !p.posix {
			p.i++
			step := p.readNum()
			return &address{typ: aStep, n: n, step: step}, nil
		}
		if n == 0 && !second {
			return &address{typ: aZero}, nil
		}
		return &address{typ: aLine, n: n}, nil
	case ch == '$':
		p.i++
		return &address{typ: aLast}, nil
	case (ch == '+' || ch == '~') && second && !p.posix:
		p.i++
		n := p.readNum()
		if ch == '+' {
			return &address{typ: aPlus, n: n}, nil
		}
		return &address{typ: aMult, n: n}, nil
	case ch == '/' || ch == '\\':
		p.i++
		delim := byte('/')
		if ch == '\\' {
			if p.eof() {
				return nil, p.errAt("unexpected `,'")
			}
			delim = p.s[p.i]
			p.i++
		}
		pat, ok := p.readDelimited(delim, true)
		if !ok {
			return nil, p.errAt("unterminated address regex")
		}
		icase, multi := false, false
		for !p.eof() && (p.s[p.i] == 'I' || p.s[p.i] == 'M') && !p.posix {
			icase = icase || p.s[p.i] == 'I'
			multi = multi || p.s[p.i] == 'M'
			p.i++
		}
		re, err := p.compile(pat, icase, multi)
		if err != nil {
			return nil, err
		}
		return &address{typ: aRegex, re: re}, nil
	}
	return nil, nil
}

func (p *parser) readNum() int64 {
	start := p.i
	for !p.eof() && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	n, _ := strconv.ParseInt(p.s[start:p.i], 10, 64)
	return n
}

// parseY reads y/src/dst/ into a rune map.
func (p *parser) parseY(c *command) error {
	if p.eof() {
		return p.errAt("unterminated `y' command")
	}
	delim := p.s[p.i]
	p.i++
	src, ok1 := p.readDelimited(delim, false)
	if !ok1 {
		return p.errAt("unterminated `y' command")
	}
	dst, ok2 := p.readDelimited(delim, false)
	if !ok2 {
		return p.errAt("unterminated `y' command")
	}
	s, d := yUnescape(src), yUnescape(dst)
	if utf8.RuneCountInString(s) != utf8.RuneCountInString(d) {
		return p.errAt("strings for `y' command are different lengths")
	}
	c.ymap = map[rune]rune{}
	dr := []rune(d)
	for i, r := range []rune(s) {
		if _, seen := c.ymap[r]; !seen {
			c.ymap[r] = dr[i]
		}
	}
	return p.endCommand()
}

func yUnescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			if e, n, ok := charEscape(s[i+1:]); ok {
				b.WriteByte(e)
				i += n
				continue
			}
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
