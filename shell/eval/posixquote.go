package eval

import "strings"

// In posix mode a single quote inside a double-quoted ${name-word}
// (operators - = ? + with or without ':') is an ordinary character: it
// neither quotes nor hides a '}' (POSIX 2.6.2; bash's parse.y reads the
// word that way with posix set). mvdan/sh's parser always reads it as a
// quote, so in posix mode each line is rewritten before the parser sees
// it: such a ' becomes "'" (a double-quoted quote), which bash reads the
// same in that place. The pattern operators (# % /) keep quoting, as
// bash does.

// pqKind is a context of the line scanner.
type pqKind uint8

const (
	pqTop   pqKind = iota // command text, or the inside of $( ) / ` `
	pqDq                  // "..."
	pqParam               // ${ before its operator
	pqWord                // the word of ${name OP word}
	pqSq                  // '...' running on past its line
)

type pqFrame struct {
	kind pqKind
	// quoted: the ${ } sits inside double quotes; literal: its word
	// takes ' literally (posix, quoted, one of - = ? +).
	quoted, literal bool
	// parens counts open '(' of a $( ) frame (pqTop only); backtick
	// marks a ` ` frame.
	parens   int
	backtick bool
}

// posixQuotes carries the scanner's contexts from one line to the next
// while a command is incomplete. off stops rewriting until the next
// command (a here-document body follows, whose lines are not code).
type posixQuotes struct {
	stack []pqFrame
	off   bool
	// docs, when non-nil, collects the here-document operators met
	// instead of stopping (heredoceof.go).
	docs *[]pendingDoc
}

// maxPQDepth bounds the scanner's stack; deeper text is left alone.
const maxPQDepth = 256

// rewrite returns line with posix-literal single quotes made "'".
func (q *posixQuotes) rewrite(line string) string {
	if q.off {
		return line
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(line); i++ {
		if len(q.stack) == 0 {
			q.stack = append(q.stack, pqFrame{kind: pqTop})
		}
		if len(q.stack) > maxPQDepth {
			q.off = true
			break
		}
		f := &q.stack[len(q.stack)-1]
		c := line[i]
		switch f.kind {
		case pqTop:
			i = q.top(line, i)
		case pqDq:
			i = q.dq(line, i)
		case pqParam:
			q.param(line, i)
		case pqSq:
			if j := strings.IndexByte(line[i:], '\''); j >= 0 {
				q.pop()
				i += j
			} else {
				i = len(line)
			}
		case pqWord:
			if c == '\'' && f.literal {
				b.WriteString(line[last:i])
				b.WriteString(`"'"`)
				last = i + 1
				continue
			}
			i = q.word(line, i)
		}
		if q.off {
			break
		}
	}
	if last == 0 {
		return line
	}
	b.WriteString(line[last:])
	return b.String()
}

func (q *posixQuotes) push(f pqFrame) { q.stack = append(q.stack, f) }
func (q *posixQuotes) pop()           { q.stack = q.stack[:len(q.stack)-1] }

// quotedHere reports whether a ${ opened now sits inside double quotes.
func (q *posixQuotes) quotedHere() bool {
	f := q.stack[len(q.stack)-1]
	return f.kind == pqDq || (f.kind == pqWord || f.kind == pqParam) && f.quoted
}

// dollar handles a '$' at line[i] in any context and returns the index
// of the last byte consumed.
func (q *posixQuotes) dollar(line string, i int) int {
	if i+1 >= len(line) {
		return i
	}
	switch line[i+1] {
	case '{':
		q.push(pqFrame{kind: pqParam, quoted: q.quotedHere()})
		return i + 1
	case '(':
		q.push(pqFrame{kind: pqTop, parens: 1})
		return i + 1
	}
	return i
}

// top scans command text: quotes, comments, substitutions, and the
// closing ) or ` of the frame.
func (q *posixQuotes) top(line string, i int) int {
	f := &q.stack[len(q.stack)-1]
	switch c := line[i]; c {
	case '\\':
		return i + 1
	case '\'':
		if j := strings.IndexByte(line[i+1:], '\''); j >= 0 {
			return i + 1 + j
		}
		q.push(pqFrame{kind: pqSq})
		return len(line)
	case '"':
		q.push(pqFrame{kind: pqDq})
	case '$':
		if i+1 < len(line) && line[i+1] == '\'' {
			return ansiEnd(line, i+2)
		}
		return q.dollar(line, i)
	case '`':
		if f.backtick {
			q.pop()
		} else {
			q.push(pqFrame{kind: pqTop, backtick: true})
		}
	case '(':
		if f.parens > 0 {
			f.parens++
		}
	case ')':
		if f.parens > 0 {
			if f.parens--; f.parens == 0 {
				q.pop()
			}
		}
	case '#':
		if i == 0 || strings.IndexByte(" \t\n;&|(", line[i-1]) >= 0 {
			return len(line)
		}
	case '<':
		if strings.HasPrefix(line[i:], "<<<") {
			return i + 2
		}
		if strings.HasPrefix(line[i:], "<<") {
			if q.docs == nil {
				q.off = true
				return i
			}
			d, end := readDocOp(line, i)
			d.inSub = q.inSub()
			*q.docs = append(*q.docs, d)
			return end - 1
		}
	}
	return i
}

// dq scans double-quoted text.
func (q *posixQuotes) dq(line string, i int) int {
	switch line[i] {
	case '\\':
		return i + 1
	case '"':
		q.pop()
	case '$':
		return q.dollar(line, i)
	case '`':
		q.push(pqFrame{kind: pqTop, backtick: true})
	}
	return i
}

// param reads a ${ name up to its operator and turns the frame into a
// word frame, or closes it.
func (q *posixQuotes) param(line string, i int) {
	f := &q.stack[len(q.stack)-1]
	c := line[i]
	switch {
	case c == '}':
		q.pop()
	case c == '[':
		q.push(pqFrame{kind: pqWord, quoted: false})
	case isNameByte(c) || i > 0 && line[i-1] == '{' && strings.IndexByte("#!@*?$-", c) >= 0:
		// the name, a special parameter, or a length/indirection prefix
	case c == ':' && i+1 < len(line) && strings.IndexByte("-=?+", line[i+1]) >= 0:
		// the ':' of :- := :? :+; the operator comes next
	default:
		f.kind = pqWord
		f.literal = f.quoted && strings.IndexByte("-=?+", c) >= 0
	}
}

// word scans the word of ${name OP word} (or a subscript).
func (q *posixQuotes) word(line string, i int) int {
	switch c := line[i]; c {
	case '\\':
		return i + 1
	case '}':
		q.pop()
	case ']':
		if q.stack[len(q.stack)-2].kind == pqParam {
			q.pop() // a subscript ends; the name's frame goes on
		}
	case '\'':
		// A quoting ' (not literal here): skip to its end.
		if j := strings.IndexByte(line[i+1:], '\''); j >= 0 {
			return i + 1 + j
		}
		q.push(pqFrame{kind: pqSq})
		return len(line)
	case '"':
		q.push(pqFrame{kind: pqDq})
	case '$':
		return q.dollar(line, i)
	case '`':
		q.push(pqFrame{kind: pqTop, backtick: true})
	}
	return i
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ansiEnd returns the index of the ' closing a $'...' whose text starts
// at line[i] (backslash escapes skipped), or the line's end.
func ansiEnd(line string, i int) int {
	for ; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '\'':
			return i
		}
	}
	return len(line)
}

// posixLine rewrites the line line[pos:end] of text for posix mode (see
// posixQuotes) and splices it into the feed's texts; it returns the new
// text and line end.
func (f *lineFeed) posixLine(text string, end int) (string, int) {
	if !f.p.Incomplete() {
		f.pq = posixQuotes{}
	}
	line := text[f.pos:end]
	out := f.pq.rewrite(line)
	if out == line {
		return text, end
	}
	text = text[:f.pos] + out + text[end:]
	f.src.text = f.src.text[:f.pos] + out + f.src.text[end:]
	f.text = text
	return text, f.pos + len(out)
}
