package eval

import (
	"sort"
	"strings"
)

// bash removes a backslash-newline from its input before it tokenizes,
// except inside single quotes (and $'...'), comments and quoted
// here-document bodies; so "$\<newline>(cmd)" is a command substitution,
// "<\<newline><" a here-document operator, "$(\<newline>(1+2))"
// arithmetic and "${\<newline>#\<newline>x}" a length. mvdan/sh's lexer
// joins the lines inside a word, not inside an operator, after a $ or in
// ${. joinContinuations makes the text what bash tokenizes: it removes
// every backslash-newline of code, double quotes and unquoted
// here-document bodies. Each removal is recorded as a cut, so line
// numbers stay bash's (it counts the physical lines).

// maxContDepth bounds the scanner's nesting; deeper text is left alone.
const maxContDepth = 256

// contScan is the scanner's state: a stack of contexts and the
// here-documents whose bodies start at the next newline of code.
type contScan struct {
	stack []byte // 'c' code, '"' double quotes, '`' backquotes
	docs  []pendingDoc
	// lts are the output offsets of the '<' of code on the current line:
	// here-document operators are read from the joined line at its end.
	lts  []int
	cuts []int // offsets of the removals, in the output
}

func (s *source) joinContinuations() {
	text := s.text
	if !strings.Contains(text, "\\\n") {
		return
	}
	sc := contScan{stack: []byte{'c'}}
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); {
		if len(sc.stack) == 0 || len(sc.stack) > maxContDepth {
			b.WriteString(text[i:])
			break
		}
		ctx := sc.stack[len(sc.stack)-1]
		c := text[i]
		switch {
		case c == '\\' && i+1 < len(text) && text[i+1] == '\n':
			sc.continuation(s, &b)
			i += 2
		case c == '\\' && i+1 < len(text):
			b.WriteString(text[i : i+2])
			i += 2
		case ctx == '"':
			i = sc.inDouble(&b, text, i)
		case c == '\n' && sc.readDocs(b.String()):
			b.WriteByte('\n')
			i = sc.bodies(s, &b, text, i+1)
		default:
			i = sc.inCode(&b, text, i, ctx)
		}
	}
	s.text = b.String()
	if len(sc.cuts) > 0 {
		s.cuts = append(s.cuts, sc.cuts...)
		sort.Ints(s.cuts) // cutsBefore searches them
	}
}

// continuation removes a backslash-newline: the offsets the reader has
// already recorded past it move back.
func (sc *contScan) continuation(s *source, b *strings.Builder) {
	at := b.Len()
	s.shiftOffsets(at, -2)
	sc.cuts = append(sc.cuts, at)
}

// readDocs reads, at the newline ending a line of code (out is the
// output so far), the here-document operators of the line; true when
// bodies follow.
func (sc *contScan) readDocs(out string) bool {
	if len(sc.lts) < 2 {
		sc.lts = sc.lts[:0]
		return false
	}
	start := strings.LastIndexByte(out, '\n') + 1
	line := out[start:]
	for k := 0; k+1 < len(sc.lts); k++ {
		p := sc.lts[k]
		if sc.lts[k+1] != p+1 || p < start {
			continue
		}
		if k+2 < len(sc.lts) && sc.lts[k+2] == p+2 {
			k += 2 // <<< is a here-string
			continue
		}
		d, _ := readDocOp(line, p-start)
		sc.docs = append(sc.docs, d)
		k++
	}
	sc.lts = sc.lts[:0]
	return len(sc.docs) > 0
}

// inDouble copies one step of double-quoted text.
func (sc *contScan) inDouble(b *strings.Builder, text string, i int) int {
	switch {
	case text[i] == '"':
		sc.stack = sc.stack[:len(sc.stack)-1]
	case text[i] == '`':
		sc.stack = append(sc.stack, '`')
	case strings.HasPrefix(text[i:], "$("):
		sc.stack = append(sc.stack, 'c')
		b.WriteString("$(")
		return i + 2
	}
	b.WriteByte(text[i])
	return i + 1
}

// inCode copies one step of code (ctx 'c' or '`'): a quoted string or a
// comment whole, a here-document body whole after the newline that ends
// its operator's line.
func (sc *contScan) inCode(b *strings.Builder, text string, i int, ctx byte) int {
	c := text[i]
	switch {
	case c == '\'' || strings.HasPrefix(text[i:], "$'"):
		start := i
		if c == '$' {
			i++
		}
		end := quoteEnd(text, i, c == '$')
		b.WriteString(text[start:end])
		return end
	case c == '#' && wordStart(b.String()):
		end := strings.IndexByte(text[i:], '\n')
		if end < 0 {
			end = len(text) - i
		}
		comment := text[i : i+end]
		if strings.HasSuffix(comment, "\\") && i+end < len(text) {
			// A comment ends at its newline; the parser would take a
			// backslash before it as a continuation. Nothing reads a
			// comment's text, so the backslash becomes a blank.
			comment = comment[:len(comment)-1] + " "
		}
		b.WriteString(comment)
		return i + end
	case c == '"':
		sc.stack = append(sc.stack, '"')
	case c == '`':
		if ctx == '`' {
			sc.stack = sc.stack[:len(sc.stack)-1]
		} else {
			sc.stack = append(sc.stack, '`')
		}
	case c == '(':
		sc.stack = append(sc.stack, 'c')
	case c == ')':
		if len(sc.stack) > 1 && ctx == 'c' {
			sc.stack = sc.stack[:len(sc.stack)-1]
		}
	case c == '<':
		sc.lts = append(sc.lts, b.Len())
	}
	b.WriteByte(c)
	return i + 1
}

// bodies copies the bodies of the pending here-documents, which start
// at pos, and returns the offset after them (their delimiter lines
// included). A quoted body is taken as it is; in an unquoted one a
// backslash escapes the next byte, and backslash-newline is a
// continuation as in code.
func (sc *contScan) bodies(s *source, b *strings.Builder, text string, pos int) int {
	for _, d := range sc.docs {
		for pos < len(text) {
			end := lineEnd(text, pos)
			line := strings.TrimSuffix(text[pos:end], "\n")
			if d.dash {
				line = strings.TrimLeft(line, "\t")
			}
			if d.quoted || line == d.delim {
				b.WriteString(text[pos:end])
				pos = end
				if line == d.delim {
					break
				}
				continue
			}
			for ; pos < end; pos++ {
				switch {
				case text[pos] == '\\' && pos+1 < end && text[pos+1] == '\n':
					sc.continuation(s, b)
					pos++
				case text[pos] == '\\' && pos+1 < end:
					b.WriteString(text[pos : pos+2])
					pos++
				default:
					b.WriteByte(text[pos])
				}
			}
		}
	}
	sc.docs = sc.docs[:0]
	return pos
}

// quoteEnd is the offset after the single-quoted string opening at
// text[i] ($'...' when ansi: backslash escapes the next byte).
func quoteEnd(text string, i int, ansi bool) int {
	for j := i + 1; j < len(text); j++ {
		switch {
		case ansi && text[j] == '\\':
			j++
		case text[j] == '\'':
			return j + 1
		}
	}
	return len(text)
}

// wordStart reports whether a # after out would start a comment.
func wordStart(out string) bool {
	return out == "" || strings.IndexByte(" \t\n;&|()<>", out[len(out)-1]) >= 0
}

// shiftOffsets moves the reader's offsets (here-document patches, cuts)
// that lie after at by delta, text having changed there.
func (s *source) shiftOffsets(at, delta int) {
	for k, p := range s.pads {
		if p > at {
			s.pads[k] = p + delta
		}
	}
	for k, c := range s.cuts {
		if c > at {
			s.cuts[k] = c + delta
		}
	}
	for k := range s.docWarns {
		h := &s.docWarns[k]
		if h.op > at {
			h.op += delta
		}
		if h.at > at {
			h.at += delta
		}
	}
}

// lineShown is the line bash echoes for a syntax error at off: the
// physical line, which starts after the last newline or removed
// backslash-newline (a cut) before off.
func (s *source) lineShown(off int) string {
	line := lineAt(s.text, off)
	off = min(off, len(s.text))
	start := strings.LastIndexByte(s.text[:off], '\n') + 1
	from := start
	for _, c := range s.cuts {
		if c > from && c <= off {
			from = c
		}
	}
	return line[from-start:]
}
