package sed

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// selected reports whether cmd applies to the current line, updating its
// range state.
func (r *runner) selected(cmd *command) bool {
	return r.rangeMatch(cmd) != cmd.neg
}

func (r *runner) rangeMatch(cmd *command) bool {
	if cmd.a1 == nil {
		return true
	}
	if cmd.a2 == nil {
		return r.match(cmd.a1)
	}
	if cmd.closed {
		return false
	}
	if cmd.a1.typ == aZero && !cmd.zeroSeen {
		// 0,/re/ is a range already open before line 1, so the regex
		// may close it on the very first line.
		cmd.zeroSeen, cmd.inRange = true, true
	}
	if cmd.inRange {
		return r.rangeGoesOn(cmd)
	}
	switch {
	case cmd.a1.typ == aLine:
		if r.lineNo < cmd.a1.n {
			return false
		}
		// A line-number start that d, n or N carried the input past
		// still opens the range, as in GNU sed; with a line-number end
		// the range counts as open since that start, so an end already
		// passed selects nothing.
		if r.lineNo > cmd.a1.n && cmd.a2.typ == aLine {
			cmd.inRange = true
			return r.rangeGoesOn(cmd)
		}
	case cmd.a1.typ == aZero || !r.match(cmd.a1):
		return false
	}
	a2 := cmd.a2
	switch a2.typ {
	case aLine:
		cmd.inRange = a2.n > r.lineNo
	case aPlus:
		cmd.rangeEnd = r.lineNo + a2.n
		cmd.inRange = a2.n > 0
	case aMult:
		if a2.n > 0 {
			cmd.rangeEnd = r.lineNo + a2.n - r.lineNo%a2.n
			cmd.inRange = true
		}
	case aLast:
		cmd.inRange = !r.in.last()
	case aRegex:
		cmd.inRange = true
	}
	if !cmd.inRange {
		r.closeRange(cmd)
	}
	return true
}

// rangeGoesOn handles a line inside an open range: it reports whether the
// line is selected and closes the range on its last line. A line-number
// end that N or n skipped past selects nothing more (GNU sed).
func (r *runner) rangeGoesOn(cmd *command) bool {
	if cmd.a2.typ == aLine {
		if r.lineNo >= cmd.a2.n {
			r.closeRange(cmd)
		}
		return r.lineNo <= cmd.a2.n
	}
	if r.rangeEnds(cmd) {
		r.closeRange(cmd)
	}
	return true
}

// closeRange ends an open range. One that starts at a line number can
// never open again: its start has gone by.
func (r *runner) closeRange(cmd *command) {
	cmd.inRange = false
	cmd.closed = cmd.a1.typ == aLine
}

// resetRanges forgets the ranges' state when line numbers restart with
// the next file of -s or -i.
func (r *runner) resetRanges() {
	for _, cmd := range r.prog {
		cmd.inRange, cmd.closed, cmd.zeroSeen = false, false, false
	}
}

// rangeEnds reports whether the current line closes an open range.
func (r *runner) rangeEnds(cmd *command) bool {
	a2 := cmd.a2
	switch a2.typ {
	case aPlus, aMult:
		return r.lineNo >= cmd.rangeEnd
	case aLast:
		return r.in.last()
	}
	return r.match(a2)
}

func (r *runner) match(a *address) bool {
	switch a.typ {
	case aLine:
		return r.lineNo == a.n
	case aLast:
		return r.in.last()
	case aStep:
		if a.step <= 0 {
			return r.lineNo == a.n
		}
		return r.lineNo >= a.n && (r.lineNo-a.n)%a.step == 0
	case aRegex:
		re := a.re
		if re == nil {
			if re = r.lastRe; re == nil {
				r.fatal = errNoPrevRegex
				return false
			}
		} else {
			r.lastRe = re
		}
		ok := re.Match(r.ps)
		if err := budgetErr(re); err != nil {
			r.fatal = err
		}
		return ok
	}
	return false
}

// listLine renders the l command: C escapes, octal for other
// non-printing bytes, lines folded at width-1 with a trailing backslash,
// and '$' at the end.
// The listing ends with "$" and the buffer delimiter (NUL with -z).
func listLine(b []byte, width int, delim byte) string {
	var out strings.Builder
	col := 0
	for _, ch := range b {
		var piece string
		switch ch {
		case '\\':
			piece = `\\`
		case '\a':
			piece = `\a`
		case '\b':
			piece = `\b`
		case '\f':
			piece = `\f`
		case '\n':
			piece = `\n`
		case '\r':
			piece = `\r`
		case '\t':
			piece = `\t`
		case '\v':
			piece = `\v`
		default:
			if ch < 0x20 || ch >= 0x7f {
				piece = fmt.Sprintf("\\%03o", ch)
			} else {
				piece = string(ch)
			}
		}
		// GNU folds at width-1 columns; width 1 folds before every
		// character, 0 or less never.
		if width > 0 && col+len(piece) > width-1 {
			out.WriteByte('\\')
			out.WriteByte(delim)
			col = 0
		}
		out.WriteString(piece)
		col += len(piece)
	}
	out.WriteByte('$')
	out.WriteByte(delim)
	return out.String()
}

func decodeRune(b []byte) (rune, int) { return utf8.DecodeRune(b) }

func appendRune(b []byte, r rune) []byte { return utf8.AppendRune(b, r) }
