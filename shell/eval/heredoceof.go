package eval

import (
	"errors"
	"sort"
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

// heredocEOF is the patch for an unclosed here-document: ins replaces
// del bytes at at; warnLine and opLine (1-based, in the text) are for
// the warning, when warn is set (not for a delimiter the parser could
// not see, see docBody).
type heredocEOF struct {
	op, at, del      int // op: offset of the operator
	ins, delim       string
	warnLine, opLine int
	warn             bool
}

func (h heredocEOF) apply(s string) string { return s[:h.at] + h.ins + s[h.at+h.del:] }

// pendingDoc is a here-document operator whose body is still to come.
type pendingDoc struct {
	delim  string
	dash   bool // <<-: tabs are stripped before the delimiter is matched
	inSub  bool // the operator sits inside $( )
	quoted bool // part of the word is quoted: the body is taken as is
	at     int  // offset of the operator in its line
	// word, wordEnd: offsets of the delimiter word in its line; cont:
	// the word goes on after a backslash-newline
	word, wordEnd int
	cont          bool
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
	d.word = i
	var b strings.Builder
	for ; i < len(line); i++ {
		c := line[i]
		switch {
		case strings.IndexByte(" \t\n;&|<>()", c) >= 0:
			d.delim, d.wordEnd = b.String(), i
			return d, i
		case c == '\\' && i+1 < len(line) && line[i+1] == '\n':
			d.delim, d.wordEnd, d.cont = b.String(), i, true
			return d, len(line)
		case c == '\\' && i+1 < len(line):
			i++
			b.WriteByte(line[i])
			d.quoted = true
		case c == '\'' || c == '"':
			d.quoted = true
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
	d.delim, d.wordEnd = b.String(), i
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
			if ok && h.at < 0 {
				h.at = opStart + d.word // the word is rewritten
			}
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
// Besides the end of input and the line in $( ), two delimiter lines
// bash sees escape the parser: in an unquoted body a line joined with
// the next by backslash-newline, and for <<- a delimiter starting with a
// tab that matches its line before the tabs are stripped.
func docBody(text string, pos int, d pendingDoc, pads int) (heredocEOF, int, bool) {
	if d.delim == "" {
		return heredocEOF{}, len(text), false
	}
	for pos < len(text) {
		end := lineEnd(text, pos)
		raw := strings.TrimSuffix(text[pos:end], "\n")
		joins := 0
		for !d.quoted && oddBackslashes(raw) && end < len(text) {
			next := lineEnd(text, end)
			raw = raw[:len(raw)-1] + strings.TrimSuffix(text[end:next], "\n")
			end, joins = next, joins+1
		}
		line := raw
		if d.dash {
			line = strings.TrimLeft(line, "\t")
		}
		rest, ok := strings.CutPrefix(line, d.delim)
		switch {
		case ok && rest == "" && joins > 0:
			// The lines become the delimiter then blank lines, which
			// keeps the line count.
			span := strings.TrimSuffix(text[pos:end], "\n")
			return heredocEOF{at: pos, del: len(span), ins: d.delim + strings.Repeat("\n", joins)}, 0, true
		case ok && rest == "":
			return heredocEOF{}, end, false
		case d.dash && raw == d.delim && !strings.Contains(d.delim, "'"):
			// The parser strips the line's tabs before it compares:
			// drop them from the word instead.
			word := "'" + strings.TrimLeft(d.delim, "\t") + "'"
			return heredocEOF{at: -1, del: d.wordEnd - d.word, ins: word}, 0, true
		case ok && joins == 0 && d.inSub && strings.Contains(rest, ")"):
			at := pos + len(raw) - len(rest)
			return heredocEOF{at: at, ins: "\n", warn: true, warnLine: strings.Count(text[:pos], "\n") + 1 - pads}, 0, true
		}
		pos = end
	}
	h := heredocEOF{at: len(text), warn: true, warnLine: strings.Count(text, "\n") - pads}
	if !strings.HasSuffix(text, "\n") {
		h.warnLine++
		h.ins = "\n"
	}
	h.ins += d.delim + "\n"
	return h, 0, true
}

// oddBackslashes reports whether s ends in an unescaped backslash.
func oddBackslashes(s string) bool {
	n := len(s) - len(strings.TrimRight(s, "\\"))
	return n%2 == 1
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
	if h.ins != "\n" && h.at != n {
		return // a patch that keeps the lines
	}
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

// prepHeredocs rewrites, before the text is parsed, backslash-newlines
// in single quotes inside backquotes (see quotedContinuation) and the
// here-document
// ends bash finds and the parser would miss (it would take a later line
// as the delimiter): a delimiter line joined by backslash-newline in an
// unquoted body (the lines become the delimiter then blank lines), and
// in $( ) a line starting with the delimiter and going on to ')' (split
// after the delimiter; its warning waits in docWarns for the reader).
// Bodies bash ends at the end of input are left to the reader's retry.
func (s *source) prepHeredocs() {
	text := s.text
	if !strings.Contains(text, "<<") && !(strings.Contains(text, "`") && strings.Contains(text, "\\\n")) {
		return
	}
	var docs []pendingDoc
	q := posixQuotes{docs: &docs}
	for pos := 0; pos < len(text); {
		end := lineEnd(text, pos)
		q.rewrite(text[pos:end])
		if q.off {
			break
		}
		if at, ok := q.quotedContinuation(text, end); ok {
			// Removed; the line goes on with the next one.
			text = text[:at] + text[at+2:]
			s.cuts = append(s.cuts, at)
			pos = at
			continue
		}
		opStart := pos
		pos = end
	docs:
		for _, d := range docs {
			if d.cont && pos < len(text) {
				// The word goes on in the next line; the body after it.
				more, _ := readDocOp("<<"+text[pos:lineEnd(text, pos)], 0)
				d.delim += more.delim
				d.quoted = d.quoted || more.quoted
				pos = lineEnd(text, pos)
			}
			h, next, ok := docBody(text, pos, d, len(s.pads))
			if ok && !h.warn && h.at >= 0 && h.del > 0 {
				text = h.apply(text)
				h, next, ok = docBody(text, pos, d, len(s.pads))
			}
			switch {
			case !ok:
				pos = next
			case h.warn && h.ins == "\n" && h.at < len(text):
				text = h.apply(text)
				h.delim, h.op = d.delim, opStart+d.at
				h.opLine = strings.Count(text[:opStart], "\n") + 1 - len(s.pads)
				s.pads = append(s.pads, h.at)
				s.docWarns = append(s.docWarns, h)
				pos = h.at + 1 // the rest of the line is code again
				break docs
			default:
				s.text = text
				return
			}
		}
		docs = docs[:0]
	}
	s.text = text
}

// warnDocs prints the warnings prepHeredocs left for here-documents
// whose operator comes before offset end (the commands read so far).
func (r *Runner) warnDocs(src *source, end int) {
	for len(src.docWarns) > 0 && src.docWarns[0].op < end {
		r.warnHeredocEOF(src, src.docWarns[0])
		src.docWarns = src.docWarns[1:]
	}
}

// cutsBefore counts the newlines the reader removed before off.
func (s *source) cutsBefore(off int) int {
	return sort.SearchInts(s.cuts, off) // cuts are in order (bsnl.go)
}

// quotedContinuation finds, for the line the scanner q has just read
// (ending at end in text), a backslash-newline ending it inside single
// quotes inside backquotes: bash removes it while it collects the
// backquoted text, before the quotes are read ('foo\<newline>bar' there
// is foobar); the parser keeps it. It returns the backslash's offset.
func (q *posixQuotes) quotedContinuation(text string, end int) (int, bool) {
	n := len(q.stack)
	if n == 0 || q.stack[n-1].kind != pqSq || !strings.HasSuffix(text[:end], "\\\n") || !oddBackslashes(text[:end-1]) {
		return 0, false
	}
	for _, f := range q.stack {
		if f.backtick {
			return end - 2, true
		}
	}
	return 0, false
}
