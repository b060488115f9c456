package sed

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// parseSubst reads s/re/repl/flags.
func (p *parser) parseSubst(c *command) error {
	if p.eof() || p.s[p.i] == '\n' || p.s[p.i] == '\\' {
		return p.errAt("unterminated `s' command")
	}
	delim := p.s[p.i]
	p.i++
	pat, ok := p.readDelimited(delim, true)
	if !ok {
		return p.errAt("unterminated `s' command")
	}
	rhs, ok := p.readDelimited(delim, false)
	if !ok {
		return p.errAt("unterminated `s' command")
	}
	s := &subst{nth: 1}
	icase, multi, err := p.substFlags(s)
	if err != nil {
		return err
	}
	s.repl, s.maxRef = parseRepl(rhs)
	if s.re, err = p.compile(pat, icase, multi); err != nil {
		return err
	}
	if s.re != nil && s.maxRef > s.re.NumSubexp() {
		return p.errAt("invalid reference \\%d on `s' command's RHS", s.maxRef)
	}
	c.sub = s
	return nil
}

func (p *parser) substFlags(s *subst) (icase, multi bool, err error) {
	seenNum := false
	for !p.eof() {
		ch := p.s[p.i]
		switch {
		case ch == 'g':
			s.global = true
		case ch == 'p':
			s.print = true
		case p.posix && strings.IndexByte("iImMe", ch) >= 0:
			p.i++
			return false, false, p.errAt("unknown option to `s'")
		case ch == 'i' || ch == 'I':
			icase = true
		case ch == 'm' || ch == 'M':
			multi = true
		case ch == 'e':
			s.eval = true
		case ch >= '0' && ch <= '9':
			if seenNum {
				p.i++
				return false, false, p.errAt("multiple number options to `s' command")
			}
			start := p.i
			for !p.eof() && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
				p.i++
			}
			n, _ := strconv.Atoi(p.s[start:p.i])
			if n == 0 {
				return false, false, p.errAt("number option to `s' command may not be zero")
			}
			s.nth, seenNum = n, true
			continue
		case ch == 'w':
			p.i++
			p.skipSpace()
			start := p.i
			p.skipLine()
			name := p.s[start:p.i]
			if name == "" {
				return false, false, p.errAt("missing filename in r/R/w/W commands")
			}
			o, err := p.opener(name)
			if err != nil {
				return false, false, err
			}
			s.wout = o
			return icase, multi, nil
		default:
			switch ch {
			case ';', '\n', '}', '#', ' ', '\t':
				return icase, multi, p.endCommand()
			}
			p.i++
			return false, false, p.errAt("unknown option to `s'")
		}
		p.i++
	}
	return icase, multi, nil
}

// parseRepl splits the replacement into parts and reports the highest
// group it references.
func parseRepl(s string) ([]replPart, int) {
	var parts []replPart
	var lit []byte
	maxRef := 0
	flush := func() {
		if len(lit) > 0 {
			parts = append(parts, replPart{lit: string(lit), group: -1})
			lit = nil
		}
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == '&' {
			flush()
			parts = append(parts, replPart{group: 0})
			continue
		}
		if ch != '\\' || i+1 >= len(s) {
			lit = append(lit, ch)
			continue
		}
		i++
		e := s[i]
		switch {
		case e >= '0' && e <= '9':
			flush()
			g := int(e - '0')
			maxRef = max(maxRef, g)
			parts = append(parts, replPart{group: g})
		case e == 'L' || e == 'U' || e == 'l' || e == 'u' || e == 'E':
			flush()
			parts = append(parts, replPart{group: -1, case_: e})
		case e == '\n':
			lit = append(lit, '\n')
		default:
			if b, n, ok := charEscape(s[i:]); ok {
				lit = append(lit, b)
				i += n - 1
				continue
			}
			lit = append(lit, e)
		}
	}
	flush()
	return parts, maxRef
}

// caser applies \L \U \l \u \E state while the replacement is built.
type caser struct {
	mode byte // 'L', 'U' or 0
	once byte // 'l', 'u' or 0
}

func (k *caser) set(op byte) {
	switch op {
	case 'L', 'U':
		k.mode, k.once = op, 0
	case 'l', 'u':
		k.once = op
	case 'E':
		k.mode, k.once = 0, 0
	}
}

func (k *caser) add(dst, text []byte) []byte {
	if k.mode == 0 && k.once == 0 {
		return append(dst, text...)
	}
	for len(text) > 0 {
		r, n := utf8.DecodeRune(text)
		if r == utf8.RuneError && n <= 1 {
			dst = append(dst, text[0])
			text = text[1:]
			k.once = 0
			continue
		}
		op := k.mode
		if k.once != 0 {
			op, k.once = k.once, 0
		}
		switch op {
		case 'L', 'l':
			r = unicode.ToLower(r)
		case 'U', 'u':
			r = unicode.ToUpper(r)
		}
		dst = utf8.AppendRune(dst, r)
		text = text[n:]
	}
	return dst
}

// expand appends the replacement for match m (submatch indexes) of src.
func (s *subst) expand(dst, src []byte, m []int) []byte {
	var k caser
	for _, part := range s.repl {
		switch {
		case part.case_ != 0:
			k.set(part.case_)
		case part.group >= 0:
			if 2*part.group+1 < len(m) && m[2*part.group] >= 0 {
				dst = k.add(dst, src[m[2*part.group]:m[2*part.group+1]])
			}
		default:
			dst = k.add(dst, []byte(part.lit))
		}
	}
	return dst
}
