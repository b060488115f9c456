package jsexec

// goja's parser and compiler, and esbuild's parser, are recursive descent:
// they recurse on the Go stack once per nesting level of the source, and
// a Go stack overflow kills the whole host process (it cannot be
// recovered). `x=((((…1))))` 300,000 deep or `!!!…!1` 3,000,000 long did
// exactly that. So every piece of source (the script, each module, each
// required file) is scanned first, in one linear pass without recursion,
// and refused with a "max nesting depth" limit when its estimated nesting
// passes MaxSourceNesting.
//
// The estimate is an upper bound of the parser's recursion, counted in
// units: one per open bracket ( [ { or template ${, plus one per operator
// character and operator keyword since the last point where the
// expression at that bracket level is known to be complete (a ; or a ,,
// or a line break that ends a statement). Operators count because chains
// recurse too: unary and right-associative ones in the parser, the
// left-deep trees of a+b+c or a.b.c in the compiler. Strings and comments
// are skipped; regular expression literals are counted (their parser
// recurses on groups), so where `/` is ambiguous the scanner picks the
// reading that counts more. Measured on goja: a bracket level costs at
// most ~6.5 KB of Go stack, an operator under 1 KB, so 10,000 units stay
// under ~64 MB, far below Go's 1 GB maximum stack.

// MaxSourceNesting bounds the estimated nesting of a script or module.
const MaxSourceNesting = 10000

// checkNesting refuses source nested deeper than MaxSourceNesting: the
// run ends with a "max nesting depth" limit (status 125 in js-exec).
func (r *rt) checkNesting(src string) error {
	if _, ok := sourceNesting(src, MaxSourceNesting); ok {
		return nil
	}
	le := newLimitError("max nesting depth", "%d", MaxSourceNesting)
	r.cancel(le)
	return &Error{Kind: KindLimit, Limit: le.limit, Message: le.msg}
}

type nestLevel struct {
	ops   int
	tmpl  bool // a ${ } inside a template literal
	ctrl  bool // the ( of if/while/for/with/catch/switch: a regex may follow its )
	brace bool
}

// nestScanner holds the state of one scan.
type nestScanner struct {
	src      string
	i        int
	stack    []nestLevel
	sum      int  // units open now: levels plus their operators
	peak     int  // the highest sum seen
	operand  bool // the last token ends an operand: a / after it divides
	ends     bool // the last token may end a statement (for line breaks)
	newline  bool // a line break since the last token
	ctrlNext bool // the last token was if/while/... (its ( is marked)
	limit    int
}

// sourceNesting returns the estimated nesting of src, and false once it
// is over limit (the scan stops there).
func sourceNesting(src string, limit int) (int, bool) {
	s := &nestScanner{src: src, limit: limit, stack: []nestLevel{{}}}
	s.sum = 1
	ok := s.scan()
	return s.peak, ok
}

func (s *nestScanner) over() bool {
	if s.sum > s.peak {
		s.peak = s.sum
	}
	return s.peak > s.limit
}

func (s *nestScanner) top() *nestLevel { return &s.stack[len(s.stack)-1] }

// addOps counts n operator units at the current level.
func (s *nestScanner) addOps(n int) {
	s.top().ops += n
	s.sum += n
}

// reset marks the expression at the current level complete.
func (s *nestScanner) reset() {
	s.sum -= s.top().ops
	s.top().ops = 0
}

func (s *nestScanner) push(l nestLevel) {
	s.stack = append(s.stack, l)
	s.sum++
}

// pop closes the innermost level; the bottom level is never popped (a
// stray closer is left for the parser to reject).
func (s *nestScanner) pop() nestLevel {
	if len(s.stack) == 1 {
		return nestLevel{}
	}
	l := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	s.sum -= 1 + l.ops
	return l
}

func (s *nestScanner) scan() bool {
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch {
		case c == '\n' || c == '\r':
			s.newline = true
			s.i++
		case c == ' ' || c == '\t' || c == '\f' || c == '\v':
			s.i++
		case c == '/' && s.i+1 < len(s.src) && s.src[s.i+1] == '/':
			s.skipLineComment()
		case c == '/' && s.i+1 < len(s.src) && s.src[s.i+1] == '*':
			s.skipBlockComment()
		default:
			s.lineBreak(c)
			if !s.token(c) {
				return false
			}
		}
	}
	return !s.over()
}

// lineBreak applies automatic semicolon insertion, conservatively: after
// a line break, a token that cannot continue the expression starts a new
// statement, so the level's operators are done.
func (s *nestScanner) lineBreak(c byte) {
	if !s.newline {
		return
	}
	s.newline = false
	if !s.ends {
		return
	}
	switch c {
	case '+', '-', '*', '/', '%', '=', '<', '>', '&', '|', '^', '?', ':', '.', ',', '(', '[', '`':
		// may continue (a++ / ++b ambiguity: counting on is the safe side)
		return
	}
	if isIdentStart(c) {
		w := s.word(s.i)
		if w == "in" || w == "instanceof" || w == "of" {
			return
		}
	}
	s.reset()
}

// token consumes one token starting with c.
func (s *nestScanner) token(c byte) bool {
	switch {
	case c == '"' || c == '\'':
		s.skipString(c)
		s.setOperand(true)
	case c == '`':
		s.i++
		return s.template()
	case isIdentStart(c) || c == '\\' || c >= 0x80 || c == '#':
		s.identifier()
	case c >= '0' && c <= '9' || c == '.' && s.i+1 < len(s.src) && isDigit(s.src[s.i+1]):
		s.number()
	case c == '(' || c == '[' || c == '{':
		if s.operand && c != '{' {
			s.addOps(1) // a call or index: one more link of a chain
		}
		s.push(nestLevel{ctrl: c == '(' && s.ctrlNext, brace: c == '{'})
		s.i++
		s.setOperand(false)
		s.ends = false
	case c == ')' || c == ']' || c == '}':
		l := s.pop()
		s.i++
		if l.tmpl {
			return s.template()
		}
		s.setOperand(c != '}' && !l.ctrl)
		s.ends = true
	case c == ';' || c == ',':
		s.reset()
		s.i++
		s.setOperand(false)
		s.ends = false
	case c == '/' && !s.operand:
		s.i++
		s.regex()
		s.setOperand(true)
	case (c == '+' || c == '-') && s.operand && s.i+1 < len(s.src) && s.src[s.i+1] == c:
		// postfix a++ / a--: the operand may end a statement
		s.addOps(2)
		s.i += 2
	default:
		// Operators and anything unknown: one unit per character.
		s.addOps(1)
		s.i++
		s.setOperand(false)
		s.ends = false
	}
	return !s.over()
}

func (s *nestScanner) setOperand(v bool) {
	s.operand = v
	s.ends = v
	s.ctrlNext = false
}

// Keywords after which an expression starts (a / begins a regex), and
// those of them that are operators (they nest like unary ones).
// Switches, not maps: a package-level map is built at every start of the
// binary (issue 15).
func exprKeyword(w string) bool {
	switch w {
	case "return", "throw", "case", "extends":
		return true
	}
	return opKeyword(w)
}

func opKeyword(w string) bool {
	switch w {
	case "typeof", "instanceof", "in", "of", "new", "delete", "void", "yield", "await":
		return true
	}
	return false
}

func ctrlKeyword(w string) bool {
	switch w {
	case "if", "while", "for", "with", "catch", "switch":
		return true
	}
	return false
}

func (s *nestScanner) identifier() {
	w := s.word(s.i)
	s.i += max(len(w), 1)
	switch {
	case ctrlKeyword(w) || w == "else" || w == "do":
		// Statements nest in statements: if(1)if(1)... recurses too.
		s.addOps(1)
		s.setOperand(false)
		s.ends = false
		s.ctrlNext = ctrlKeyword(w)
	case exprKeyword(w):
		if opKeyword(w) {
			s.addOps(1)
		}
		s.setOperand(false)
		s.ends = w == "return" || w == "yield" || w == "await" // may stand alone
	default:
		s.setOperand(true)
	}
}

// word is the identifier (or keyword) starting at i.
func (s *nestScanner) word(i int) string {
	j := i
	for j < len(s.src) && (isIdentStart(s.src[j]) || isDigit(s.src[j]) || s.src[j] == '\\' || s.src[j] >= 0x80 || s.src[j] == '#') {
		j++
	}
	return s.src[i:j]
}

func (s *nestScanner) number() {
	for s.i < len(s.src) {
		c := s.src[s.i]
		if isIdentStart(c) || isDigit(c) || c == '.' {
			s.i++
			continue
		}
		if (c == '+' || c == '-') && (s.src[s.i-1] == 'e' || s.src[s.i-1] == 'E') {
			s.i++
			continue
		}
		break
	}
	s.setOperand(true)
}

// skipString skips a quoted string (to its end or the end of the line).
func (s *nestScanner) skipString(q byte) {
	s.i++
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch {
		case c == '\\':
			s.i += 2
			continue
		case c == q:
			s.i++
			return
		case c == '\n' || c == '\r':
			return
		}
		s.i++
	}
}

// template scans template text up to its end (an operand follows) or to
// a ${, which opens a level that the matching } closes.
func (s *nestScanner) template() bool {
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch {
		case c == '\\':
			s.i += 2
			continue
		case c == '`':
			s.i++
			s.setOperand(true)
			return !s.over()
		case c == '$' && s.i+1 < len(s.src) && s.src[s.i+1] == '{':
			s.i += 2
			s.push(nestLevel{tmpl: true})
			s.setOperand(false)
			s.ends = false
			return !s.over()
		}
		s.i++
	}
	return !s.over()
}

// regex scans a regular expression literal: its groups and classes count
// as levels and its operator characters as units, on top of the level it
// sits in, since goja parses and transforms it recursively.
func (s *nestScanner) regex() {
	units, inClass := 0, false
	for s.i < len(s.src) {
		c := s.src[s.i]
		s.i++
		switch c {
		case '\\':
			s.i++
			continue
		case '\n', '\r':
			s.i--
			s.noteRegex(units)
			return
		case '/':
			if !inClass {
				for s.i < len(s.src) && (isIdentStart(s.src[s.i]) || isDigit(s.src[s.i])) {
					s.i++ // flags
				}
				s.noteRegex(units)
				return
			}
		case '[':
			inClass = true
			units++
		case ']':
			inClass = false
		case '(', '{':
			units++
		case '+', '*', '?', '|', '!', '=', '-', '^', '$', ':', ',', '<', '>', '&', '~', '.', '%', ';':
			units++
		}
	}
	s.noteRegex(units)
}

// noteRegex adds a regex's units to the peak without keeping them open.
func (s *nestScanner) noteRegex(units int) {
	s.sum += units
	s.over()
	s.sum -= units
}

func (s *nestScanner) skipLineComment() {
	for s.i < len(s.src) && s.src[s.i] != '\n' && s.src[s.i] != '\r' {
		s.i++
	}
}

func (s *nestScanner) skipBlockComment() {
	s.i += 2
	for s.i < len(s.src) {
		if s.src[s.i] == '\n' || s.src[s.i] == '\r' {
			s.newline = true
		}
		if s.src[s.i] == '*' && s.i+1 < len(s.src) && s.src[s.i+1] == '/' {
			s.i += 2
			return
		}
		s.i++
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// regexNesting is the group nesting of a pattern (character classes
// count as one level), which regexp2's parser recurses on.
func regexNesting(p string) int {
	depth, peak, inClass := 0, 0, false
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			if !inClass {
				inClass = true
				depth++
			}
		case ']':
			if inClass {
				inClass = false
				depth--
			}
		case '(':
			if !inClass {
				depth++
			}
		case ')':
			if !inClass && depth > 0 {
				depth--
			}
		}
		peak = max(peak, depth)
	}
	return peak
}
