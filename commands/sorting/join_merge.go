package sorting

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/justbash/justbash/commands"
)

// jline is one input line and its fields.
type jline struct {
	raw []byte
	f   [][]byte
}

// run opens both inputs (both before reading either, as GNU fopens them),
// reads them within the line budget and merges them.
func (j *joinRun) run(ctx context.Context, names [2]string) int {
	c := j.c
	var rs [2]io.ReadCloser
	for i, name := range names {
		r, err := c.OpenInput(name)
		if err != nil {
			if rs[0] != nil {
				rs[0].Close()
			}
			c.Errorf("%s: %s", name, commands.ErrText(err))
			return 1
		}
		rs[i] = r
	}
	defer rs[0].Close()
	defer rs[1].Close()
	budget := c.NewLineBudget()
	for i := range rs {
		b, err := c.ReadAll(ctx, rs[i])
		if st, ok := c.LimitStatus(err); ok {
			return st
		}
		if err != nil {
			c.Errorf("read error: %s", commands.ErrText(err)) // GNU names no file
			return 1
		}
		if len(b) > 0 && b[len(b)-1] == j.sep {
			b = b[:len(b)-1]
		}
		if st, ok := c.LimitStatus(budget.Add(len(b), bytes.Count(b, []byte{j.sep})+1, 64)); ok {
			return st
		}
		if len(b) > 0 {
			j.lines[i] = bytes.Split(b, []byte{j.sep})
		}
		j.names[i] = names[i]
	}
	j.out = commands.NewOut(c.Stdout)
	j.merge()
	st := c.FinishOut(j.out, 0)
	switch {
	case j.fatal:
		return 1
	case (j.warned[0] || j.warned[1]) && st == 0:
		c.Errorf("input is not in sorted order")
		return 1
	}
	return st
}

// getLine is GNU's get_line: the next line of a file, checked for order
// against the one before it.
func (j *joinRun) getLine(which int) *jline {
	if j.fatal || j.pos[which] >= len(j.lines[which]) {
		return nil
	}
	raw := j.lines[which][j.pos[which]]
	j.pos[which]++
	j.lineNo[which]++
	l := &jline{raw: raw, f: j.fields(raw)}
	if j.prev[which] != nil {
		j.checkOrderOf(l, which)
	}
	j.prev[which] = l.raw
	j.prevFields[which] = l.f
	if j.fatal {
		return nil
	}
	return l
}

// checkOrderOf reports the first disorder of a file: always with
// --check-order (and then stops), by default only once an unpairable line
// was seen, never with --nocheck-order.
func (j *joinRun) checkOrderOf(cur *jline, which int) {
	if j.noCheck || !(j.checkOrder || j.seenUnpairable) || j.warned[which] {
		return
	}
	if j.cmp(j.key(j.prevFields[which], which), j.key(cur.f, which)) <= 0 {
		return
	}
	j.out.Flush()
	fmt.Fprintf(j.c.Stderr, "%s: %s:%d: is not sorted: %s\n", j.c.Name(), j.names[which], j.lineNo[which], cur.raw)
	j.warned[which] = true
	j.fatal = j.checkOrder
}

// advance is GNU's advance_seq: read one more line into s (emptied first
// when reset); false at the end of the file.
func (j *joinRun) advance(s *[]*jline, reset bool, which int) bool {
	if reset {
		*s = (*s)[:0]
	}
	l := j.getLine(which)
	if l == nil {
		return false
	}
	*s = append(*s, l)
	return true
}

func (j *joinRun) keycmp(a, b *jline) int {
	return j.cmp(j.key(a.f, 0), j.key(b.f, 1))
}

// merge is GNU's join(): walk both sorted inputs, pairing runs of lines
// with equal keys, then drain the tails (printing them with -a, checking
// their order otherwise).
func (j *joinRun) merge() {
	var s [2][]*jline
	j.advance(&s[0], false, 0)
	j.advance(&s[1], false, 1)
	if j.auto {
		for i := range 2 {
			if len(s[i]) > 0 {
				j.widths[i] = len(s[i][0].f)
			}
		}
	}
	if j.header && (len(s[0]) > 0 || len(s[1]) > 0) {
		var h [2]*jline
		for i := range 2 {
			if len(s[i]) > 0 {
				h[i] = s[i][0]
			}
		}
		j.emit(h[0], h[1])
		j.prev = [2][]byte{}
		for i := range 2 {
			if len(s[i]) > 0 {
				j.advance(&s[i], true, i)
			}
		}
	}
	for len(s[0]) > 0 && len(s[1]) > 0 && !j.fatal {
		if d := j.keycmp(s[0][0], s[1][0]); d != 0 {
			i := 0
			if d > 0 {
				i = 1
			}
			if j.unpaired[i] {
				j.single(s[i][0], i)
			}
			j.advance(&s[i], true, i)
			j.seenUnpairable = true
			continue
		}
		var eof [2]bool
		for !eof[0] {
			if !j.advance(&s[0], false, 0) {
				eof[0] = true
			} else if j.keycmp(s[0][len(s[0])-1], s[1][0]) != 0 {
				break
			}
		}
		for !eof[1] && !j.fatal {
			if !j.advance(&s[1], false, 1) {
				eof[1] = true
			} else if j.keycmp(s[0][0], s[1][len(s[1])-1]) != 0 {
				break
			}
		}
		if j.fatal {
			return
		}
		var n [2]int
		for i := range 2 {
			n[i] = len(s[i])
			if !eof[i] {
				n[i]--
			}
		}
		if !j.onlyUnpair {
			for _, a := range s[0][:n[0]] {
				for _, b := range s[1][:n[1]] {
					j.emit(a, b)
				}
			}
		}
		for i := range 2 {
			if eof[i] {
				s[i] = s[i][:0]
			} else {
				s[i] = append(s[i][:0], s[i][len(s[i])-1])
			}
		}
	}
	j.tails(s)
}

// tails drains what is left of either file after the other ended.
func (j *joinRun) tails(s [2][]*jline) {
	checkTail := !j.noCheck && !(j.warned[0] && j.warned[1])
	for i := range 2 {
		if j.fatal || !(j.unpaired[i] || checkTail) || len(s[i]) == 0 {
			continue
		}
		if j.unpaired[i] {
			j.single(s[i][0], i)
		}
		if len(s[1-i]) > 0 {
			j.seenUnpairable = true
		}
		for l := j.getLine(i); l != nil; l = j.getLine(i) {
			if j.unpaired[i] {
				j.single(l, i)
			}
			if j.warned[i] && !j.unpaired[i] {
				break
			}
		}
	}
}

// single prints an unpairable line of file i.
func (j *joinRun) single(l *jline, i int) {
	if i == 0 {
		j.emit(l, nil)
	} else {
		j.emit(nil, l)
	}
}

// emit is GNU's prjoin: one output line from a pair, or from one line
// and a blank one (nil).
func (j *joinRun) emit(l1, l2 *jline) {
	sep := byte(' ')
	if j.tab >= 0 {
		sep = byte(j.tab)
	}
	var f1, f2 [][]byte
	if l1 != nil {
		f1 = l1.f
	}
	if l2 != nil {
		f2 = l2.f
	}
	keyF, keyN := f1, j.field[0]
	if l1 == nil {
		keyF, keyN = f2, j.field[1]
	}
	if len(j.format) > 0 {
		for i, o := range j.format {
			if i > 0 {
				j.out.WriteByte(sep)
			}
			switch o.file {
			case 0:
				j.field1(keyF, keyN)
			case 1:
				j.field1(f1, o.field)
			default:
				j.field1(f2, o.field)
			}
		}
		j.out.WriteByte(j.sep)
		return
	}
	j.field1(keyF, keyN)
	for i, f := range [2][][]byte{f1, f2} {
		n := len(f)
		if j.auto {
			n = j.widths[i]
			if n == 0 {
				n = len(f)
			}
		}
		for k := 0; k < n; k++ {
			if k != j.field[i] {
				j.out.WriteByte(sep)
				j.field1(f, k)
			}
		}
	}
	j.out.WriteByte(j.sep)
}

// field1 is GNU's prfield: field n, or the -e filler when it is missing
// or empty.
func (j *joinRun) field1(f [][]byte, n int) {
	if n < len(f) && len(f[n]) > 0 {
		j.out.Write(f[n])
	} else if j.hasEmpty {
		j.out.WriteString(j.empty)
	}
}
