package diff

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"strconv"
)

// diffLine is one line of input; noEOL marks a last line without '\n'.
type diffLine struct {
	text  []byte
	noEOL bool
}

func splitDiffLines(data []byte) []diffLine {
	var ls []diffLine
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			ls = append(ls, diffLine{data, true})
			break
		}
		ls = append(ls, diffLine{data[:i], false})
		data = data[i+1:]
	}
	return ls
}

// key normalises a line for -i, -w and -b comparisons.
func (d *diffCfg) key(l diffLine) string {
	t := l.text
	if d.allSpace || d.spaceChange {
		var b []byte
		space := false
		for _, ch := range t {
			if ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f' {
				space = true
				continue
			}
			if space && d.spaceChange && !d.allSpace && len(b) > 0 {
				b = append(b, ' ')
			}
			space = false
			b = append(b, ch)
		}
		t = b
	}
	if d.icase {
		t = bytes.ToLower(t)
	}
	s := string(t)
	if l.noEOL && !d.allSpace && !d.spaceChange {
		s += "\x00noeol"
	}
	return s
}

// ids interns lines so the diff compares integers.
func (d *diffCfg) ids(a, b []diffLine) ([]int, []int) {
	tab := map[string]int{}
	conv := func(ls []diffLine) []int {
		out := make([]int, len(ls))
		for i, l := range ls {
			k := d.key(l)
			id, ok := tab[k]
			if !ok {
				id = len(tab)
				tab[k] = id
			}
			out[i] = id
		}
		return out
	}
	return conv(a), conv(b)
}

// diffHunk is a run of edits with changes: [a0,a1) and [b0,b1).
type diffHunk struct{ a0, a1, b0, b1, e0, e1 int }

// hunks groups change runs whose unchanged gap is at most 2*ctx lines
// and widens them by ctx lines of context (ctx 0: one hunk per run).
func hunks(edits []diffEdit, ctx int) []diffHunk {
	var hs []diffHunk
	for i := 0; i < len(edits); {
		if edits[i].kind == '=' {
			i++
			continue
		}
		s := i
		for i < len(edits) && edits[i].kind != '=' {
			i++
		}
		if n := len(hs); n > 0 && ctx > 0 && s-hs[n-1].e1 <= 2*ctx {
			hs[n-1].e1 = i
			continue
		}
		hs = append(hs, diffHunk{e0: s, e1: i})
	}
	for k := range hs {
		h := &hs[k]
		h.e0, h.e1 = max(h.e0-ctx, 0), min(h.e1+ctx, len(edits))
		h.a0, h.b0 = posBefore(edits, h.e0)
		h.a1, h.b1 = posBefore(edits, h.e1)
	}
	return hs
}

// posBefore gives the a and b line counts consumed before edit i.
func posBefore(edits []diffEdit, i int) (int, int) {
	a, b := 0, 0
	if i > 0 {
		e := edits[i-1]
		switch e.kind {
		case '=':
			a, b = e.a+1, e.b+1
		case '-':
			a, b = e.a+1, e.b
		case '+':
			a, b = e.a, e.b+1
		}
	}
	return a, b
}

// hunks are the hunks to print: with -B, those whose changes are all
// blank lines are left out, as GNU diff leaves them.
func (d *diffCfg) hunks(edits []diffEdit, ctx int, la, lb []diffLine) []diffHunk {
	hs := hunks(edits, ctx)
	if !d.blank {
		return hs
	}
	kept := hs[:0]
	for _, h := range hs {
		if !d.allBlank(edits[h.e0:h.e1], la, lb) {
			kept = append(kept, h)
		}
	}
	return kept
}

// allBlank reports whether every line the edits delete or insert is
// empty (or, with -b or -w, white space only).
func (d *diffCfg) allBlank(edits []diffEdit, la, lb []diffLine) bool {
	for _, e := range edits {
		var l diffLine
		switch e.kind {
		case '-':
			l = la[e.a]
		case '+':
			l = lb[e.b]
		default:
			continue
		}
		if len(l.text) > 0 && !((d.allSpace || d.spaceChange) && len(bytes.TrimLeft(l.text, " \t\r\v\f")) == 0) {
			return false
		}
	}
	return true
}

func (d *diffCfg) writeNormal(la, lb []diffLine, edits []diffEdit) {
	for _, h := range d.hunks(edits, 0, la, lb) {
		var op byte
		switch {
		case h.a0 == h.a1:
			op = 'a'
		case h.b0 == h.b1:
			op = 'd'
		default:
			op = 'c'
		}
		fmt.Fprintf(d.out, "%s%c%s\n", normRange(h.a0, h.a1, op == 'a'), op, normRange(h.b0, h.b1, op == 'd'))
		for i := h.a0; i < h.a1; i++ {
			d.line("< ", la[i])
		}
		if op == 'c' {
			io.WriteString(d.out, "---\n")
		}
		for i := h.b0; i < h.b1; i++ {
			d.line("> ", lb[i])
		}
	}
}

// normRange prints "l" or "l,m" (1-based); an empty side names the line
// after which the change happens.
func normRange(lo, hi int, empty bool) string {
	if empty {
		return strconv.Itoa(lo)
	}
	if hi-lo == 1 {
		return strconv.Itoa(lo + 1)
	}
	return strconv.Itoa(lo+1) + "," + strconv.Itoa(hi)
}

func (d *diffCfg) line(prefix string, l diffLine) {
	io.WriteString(d.out, prefix)
	d.out.Write(l.text)
	io.WriteString(d.out, "\n")
	if l.noEOL {
		io.WriteString(d.out, "\\ No newline at end of file\n")
	}
}

func (d *diffCfg) writeUnified(a, b string, sa, sb fs.FileInfo, la, lb []diffLine, edits []diffEdit) {
	na, nb := a+"\t"+diffTime(sa), b+"\t"+diffTime(sb)
	if len(d.labels) > 0 {
		na = d.labels[0]
	}
	if len(d.labels) > 1 {
		nb = d.labels[1]
	}
	fmt.Fprintf(d.out, "--- %s\n+++ %s\n", na, nb)
	for _, h := range d.hunks(edits, d.context, la, lb) {
		fmt.Fprintf(d.out, "@@ -%s +%s @@\n", uniRange(h.a0, h.a1), uniRange(h.b0, h.b1))
		for _, e := range edits[h.e0:h.e1] {
			switch e.kind {
			case '=':
				d.line(" ", la[e.a])
			case '-':
				d.line("-", la[e.a])
			case '+':
				d.line("+", lb[e.b])
			}
		}
	}
}

func uniRange(lo, hi int) string {
	switch hi - lo {
	case 0:
		return strconv.Itoa(lo) + ",0"
	case 1:
		return strconv.Itoa(lo + 1)
	}
	return strconv.Itoa(lo+1) + "," + strconv.Itoa(hi-lo)
}
