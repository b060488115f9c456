package eval

import (
	"errors"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A here-document whose delimiter never comes is not an error in bash:
// the body ends at the end of the input, with a warning. Inside a
// command substitution, a body line that begins with the delimiter and
// goes on to a ')' also ends the body there (the rest of the line is
// read as commands), with the same warning. mvdan/sh's parser rejects
// both, so the reading loop puts the missing delimiter line in and reads
// again.

// heredocEOF is the patch for an unclosed here-document: ins is put at
// at; warnLine and opLine (1-based, in the text) are for the warning.
type heredocEOF struct {
	op, at           int // op: offset of the operator
	ins, delim       string
	warnLine, opLine int
}

func (h heredocEOF) apply(s string) string { return s[:h.at] + h.ins + s[h.at:] }

// pendingDoc is a here-document operator whose body is still to come.
type pendingDoc struct {
	delim string
	dash  bool // <<-: tabs are stripped before the delimiter is matched
	inSub bool // the operator sits inside $( )
	at    int  // offset of the operator in its line
}

// readDocOp reads the operator and delimiter word at line[i] ("<<") and
// returns them with the index after the word. Quotes and backslashes in
// the word are removed, as they are for matching.
func readDocOp(line string, i int) (pendingDoc, int) {
	d := pendingDoc{at: i}
	i += 2
	if i < len(line) && line[i] == '-' {
		d.dash = true
		i++
	}
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	var b strings.Builder
	for ; i < len(line); i++ {
		c := line[i]
		switch {
		case strings.IndexByte(" \t\n;&|<>()", c) >= 0:
			d.delim = b.String()
			return d, i
		case c == '\\' && i+1 < len(line):
			i++
			b.WriteByte(line[i])
		case c == '\'' || c == '"':
			j := strings.IndexByte(line[i+1:], c)
			if j < 0 {
				j = len(line) - i - 1
			}
			b.WriteString(line[i+1 : i+1+j])
			i += j + 1
		default:
			b.WriteByte(c)
		}
	}
	d.delim = b.String()
	return d, i
}

// inSub reports whether the scanner stands inside an open $( ).
func (q *posixQuotes) inSub() bool {
	for _, f := range q.stack {
		if f.kind == pqTop && f.parens > 0 {
			return true
		}
	}
	return false
}

// heredocEOFAt answers a parse error about an unclosed here-document in
// text, whose statements up to offset done have run: it finds the first
// here-document after done that bash ends early or at the end of input.
func heredocEOFAt(text string, done int, pads []int, err error) (heredocEOF, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || !strings.HasPrefix(pe.Text, "unclosed here-document") {
		return heredocEOF{}, false
	}
	var docs []pendingDoc
	q := posixQuotes{docs: &docs}
	pos := max(done+1, 0)
	for pos < len(text) {
		end := lineEnd(text, pos)
		q.rewrite(text[pos:end])
		if q.off {
			return heredocEOF{}, false
		}
		opStart := pos
		pos = end
		for _, d := range docs {
			h, next, ok := docBody(text, pos, d, len(pads))
			if ok {
				h.delim, h.op = d.delim, opStart+d.at
				h.opLine = strings.Count(text[:opStart], "\n") + 1 - len(pads)
				return h, true
			}
			pos = next
		}
		docs = docs[:0]
	}
	return heredocEOF{}, false
}

// lineEnd is the index after the newline ending the line at pos.
func lineEnd(text string, pos int) int {
	if nl := strings.IndexByte(text[pos:], '\n'); nl >= 0 {
		return pos + nl + 1
	}
	return len(text)
}

// docBody reads the body of d from text[pos:]: it returns the offset
// after its delimiter line, or (ok) the patch that ends it as bash does.
func docBody(text string, pos int, d pendingDoc, pads int) (heredocEOF, int, bool) {
	if d.delim == "" {
		return heredocEOF{}, len(text), false
	}
	for pos < len(text) {
		end := lineEnd(text, pos)
		line := strings.TrimSuffix(text[pos:end], "\n")
		if d.dash {
			line = strings.TrimLeft(line, "\t")
		}
		rest, ok := strings.CutPrefix(line, d.delim)
		if ok && rest == "" || d.dash && strings.TrimSuffix(text[pos:end], "\n") == d.delim {
			// The end (bash matches a <<- delimiter that starts with a
			// tab against the line before its tabs are stripped too).
			return heredocEOF{}, end, false
		}
		if ok && d.inSub && strings.Contains(rest, ")") {
			at := pos + len(text[pos:end]) - len(rest)
			if strings.HasSuffix(text[pos:end], "\n") {
				at--
			}
			return heredocEOF{at: at, ins: "\n", warnLine: strings.Count(text[:pos], "\n") + 1 - pads}, 0, true
		}
		pos = end
	}
	h := heredocEOF{at: len(text), warnLine: strings.Count(text, "\n") - pads}
	if !strings.HasSuffix(text, "\n") {
		h.warnLine++
		h.ins = "\n"
	}
	h.ins += d.delim + "\n"
	return h, 0, true
}

// warnHeredocEOF prints bash's warning for a body ended by h.
func (r *Runner) warnHeredocEOF(src *source, h heredocEOF) {
	r.stderr().Write([]byte(r.msgPrefixAt(src, h.warnLine+src.lineBase) +
		"warning: here-document at line " + strconv.Itoa(h.opLine+src.lineBase) +
		" delimited by end-of-file (wanted `" + h.delim + "')\n"))
}

// notePad records the lines a patch h put into the source (whose text
// was n bytes long), so line numbers stay bash's.
func (s *source) notePad(h heredocEOF, n int) {
	if h.at == n {
		s.eofPad += strings.Count(h.ins, "\n")
		return
	}
	s.pads = append(s.pads, h.at)
}

// padsBefore counts the newlines the reader inserted before off.
func (s *source) padsBefore(off int) int {
	n := 0
	for _, p := range s.pads {
		if p < off {
			n++
		}
	}
	return n
}
