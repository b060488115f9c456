package diff

import (
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"time"
)

// writeContext is diff -c / -C N: each hunk shows the old lines, then
// the new ones, a change run marked "! " on both sides when it deletes
// and inserts, "- " or "+ " when it only does one; a side with no change
// in the hunk is left out after its range line.
func (d *diffCfg) writeContext(a, b string, sa, sb fs.FileInfo, la, lb []diffLine, edits []diffEdit) {
	// The context format keeps ctime's date ("Tue Jan  2 03:04:05 2024").
	na, nb := a+"\t"+ctxTime(sa), b+"\t"+ctxTime(sb)
	if len(d.labels) > 0 {
		na = d.labels[0]
	}
	if len(d.labels) > 1 {
		nb = d.labels[1]
	}
	fmt.Fprintf(d.out, "*** %s\n--- %s\n", na, nb)
	for _, h := range d.hunks(edits, d.context, la, lb) {
		es := edits[h.e0:h.e1]
		marks := changeMarks(es)
		hasDel, hasIns := false, false
		for _, e := range es {
			hasDel = hasDel || e.kind == '-'
			hasIns = hasIns || e.kind == '+'
		}
		io.WriteString(d.out, "***************\n")
		fmt.Fprintf(d.out, "*** %s ****\n", ctxRange(h.a0, h.a1))
		if hasDel {
			for i, e := range es {
				switch e.kind {
				case '=':
					d.line("  ", la[e.a])
				case '-':
					d.line(marks[i], la[e.a])
				}
			}
		}
		fmt.Fprintf(d.out, "--- %s ----\n", ctxRange(h.b0, h.b1))
		if hasIns {
			for i, e := range es {
				switch e.kind {
				case '=':
					d.line("  ", lb[e.b])
				case '+':
					d.line(marks[i], lb[e.b])
				}
			}
		}
	}
}

// changeMarks gives each edit its context-format prefix: "! " in a run
// of changes that both deletes and inserts, else "- " or "+ ".
func changeMarks(es []diffEdit) []string {
	marks := make([]string, len(es))
	for i := 0; i < len(es); {
		if es[i].kind == '=' {
			marks[i] = "  "
			i++
			continue
		}
		j, del, ins := i, false, false
		for ; j < len(es) && es[j].kind != '='; j++ {
			del = del || es[j].kind == '-'
			ins = ins || es[j].kind == '+'
		}
		for k := i; k < j; k++ {
			switch {
			case del && ins:
				marks[k] = "! "
			case del:
				marks[k] = "- "
			default:
				marks[k] = "+ "
			}
		}
		i = j
	}
	return marks
}

// ctxRange is GNU's context range: "first,last", or just the last line
// (the line before, for an empty range) when there is at most one.
func ctxRange(lo, hi int) string {
	if hi-lo <= 1 {
		return strconv.Itoa(hi)
	}
	return strconv.Itoa(lo+1) + "," + strconv.Itoa(hi)
}

func ctxTime(info fs.FileInfo) string {
	t := time.Now().UTC()
	if info != nil {
		t = info.ModTime()
	}
	return t.Format("Mon Jan _2 15:04:05 2006")
}

// writeEd is diff -e: an ed script, its changes last first so that line
// numbers stay valid, each "Nd", "Na" or "N,Mc" with the new lines and a
// "." after them. It returns the name of a file whose changed last line
// lacks its newline, which an ed script cannot express ("" if none).
func (d *diffCfg) writeEd(a, b string, la, lb []diffLine, edits []diffEdit) string {
	bad := ""
	hs := d.hunks(edits, 0, la, lb)
	for k := len(hs) - 1; k >= 0; k-- {
		h := hs[k]
		op := byte('c')
		switch {
		case h.a0 == h.a1:
			op = 'a'
		case h.b0 == h.b1:
			op = 'd'
		}
		fmt.Fprintf(d.out, "%s%c\n", normRange(h.a0, h.a1, op == 'a'), op)
		for i := h.a0; i < h.a1; i++ {
			if la[i].noEOL && bad == "" {
				bad = a
			}
		}
		if op == 'd' {
			continue
		}
		for i := h.b0; i < h.b1; i++ {
			d.out.Write(lb[i].text)
			io.WriteString(d.out, "\n")
			if lb[i].noEOL && bad == "" {
				bad = b
			}
		}
		io.WriteString(d.out, ".\n")
	}
	return bad
}
