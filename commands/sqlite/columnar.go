package sqlite

import (
	"strings"
	"unicode/utf8"

	"modernc.org/libc"
	lib "modernc.org/sqlite/lib"
)

// displayLines splits a cell the way the CLI's columnar modes show it:
// any control character other than TAB ends a line (CR LF counts once),
// tabs expand to the next multiple of 8, and a break at the very end does
// not start another line.
func displayLines(s string) []string {
	var lines []string
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\t':
			for {
				b.WriteByte(' ')
				n++
				if n%8 == 0 {
					break
				}
			}
			i++
		case c < ' ':
			lines = append(lines, b.String())
			b.Reset()
			n = 0
			i++
			if c == '\r' && i < len(s) && s[i] == '\n' {
				i++
			}
			if i == len(s) {
				return lines
			}
		default:
			_, size := utf8.DecodeRuneInString(s[i:])
			b.WriteString(s[i : i+size])
			n++
			i += size
		}
	}
	return append(lines, b.String())
}

func width(s string) int { return utf8.RuneCountInString(s) }

// grid is a result laid out for the columnar modes: each row is a list of
// physical lines, each line a list of cells.
type grid struct {
	widths    []int
	right     []bool // .width gave the column a negative width
	header    []string
	rows      [][][]string
	multiLine bool
}

// buildGrid lays out rows; spec is .width's list. A column with a fixed
// width has its header cut and its cells wrapped at that many characters.
func buildGrid(names []string, rows [][]string, spec []int) *grid {
	g := &grid{widths: make([]int, len(names)), right: make([]bool, len(names)), header: make([]string, len(names))}
	fixed := make([]int, len(names))
	for i, n := range names {
		g.header[i] = n
		g.widths[i] = width(n)
		if i < len(spec) && spec[i] != 0 {
			fixed[i], g.right[i] = abs(spec[i]), spec[i] < 0
			g.header[i] = cut(n, fixed[i])
			g.widths[i] = fixed[i]
		}
	}
	for _, r := range rows {
		cols := make([][]string, len(r))
		height := 1
		for i, cell := range r {
			cols[i] = displayLines(cell)
			if fixed[i] > 0 {
				cols[i] = wrap(cols[i], fixed[i])
			} else {
				for _, l := range cols[i] {
					g.widths[i] = max(g.widths[i], width(l))
				}
			}
			height = max(height, len(cols[i]))
		}
		if height > 1 {
			g.multiLine = true
		}
		lines := make([][]string, height)
		for k := range lines {
			lines[k] = make([]string, len(r))
			for i := range r {
				if k < len(cols[i]) {
					lines[k][i] = cols[i][k]
				}
			}
		}
		g.rows = append(g.rows, lines)
	}
	return g
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// cut keeps the first w characters of s.
func cut(s string, w int) string {
	n := 0
	for i := range s {
		if n == w {
			return s[:i]
		}
		n++
	}
	return s
}

// wrap breaks every line longer than w characters into pieces of w.
func wrap(lines []string, w int) []string {
	var out []string
	for _, l := range lines {
		for width(l) > w {
			head := cut(l, w)
			out = append(out, head)
			l = l[len(head):]
		}
		out = append(out, l)
	}
	return out
}

// align pads cell i of a row to its column's width, on the left for a
// column .width made right-aligned.
func (g *grid) align(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		if g.right[i] {
			out[i] = strings.Repeat(" ", max(0, g.widths[i]-width(c))) + c
		} else {
			out[i] = pad(c, g.widths[i])
		}
	}
	return out
}

func pad(s string, w int) string {
	return s + strings.Repeat(" ", max(0, w-width(s)))
}

func center(s string, w int) string {
	n := width(s)
	if n >= w {
		return s
	}
	return strings.Repeat(" ", (w-n)/2) + s + strings.Repeat(" ", (w-n+1)/2)
}

// frame is the border set of table, box and markdown.
type frame struct {
	top, mid, bottom [3]string // left, junction, right
	line             string    // horizontal rule piece
	side             string    // vertical bar
}

var (
	tableFrame = frame{top: [3]string{"+", "+", "+"}, mid: [3]string{"+", "+", "+"}, bottom: [3]string{"+", "+", "+"}, line: "-", side: "|"}
	boxFrame   = frame{top: [3]string{"┌", "┬", "┐"}, mid: [3]string{"├", "┼", "┤"}, bottom: [3]string{"└", "┴", "┘"}, line: "─", side: "│"}
	mdFrame    = frame{mid: [3]string{"|", "|", "|"}, line: "-", side: "|"}
)

func (f *frame) rule(b *strings.Builder, ends [3]string, widths []int) {
	b.WriteString(ends[0])
	for i, w := range widths {
		if i > 0 {
			b.WriteString(ends[1])
		}
		b.WriteString(strings.Repeat(f.line, w+2))
	}
	b.WriteString(ends[2])
	b.WriteByte('\n')
}

func (f *frame) cells(b *strings.Builder, cells []string, widths []int, align func(string, int) string) {
	b.WriteString(f.side)
	for i, c := range cells {
		b.WriteString(" " + align(c, widths[i]) + " " + f.side)
	}
	b.WriteByte('\n')
}

// columnarOut prints the buffered rows in column, table, markdown or box mode.
func (p *printer) columnarOut() {
	if len(p.rows) == 0 {
		return
	}
	g := buildGrid(p.names, p.rows, p.set.widths)
	var b strings.Builder
	switch p.set.mode {
	case modeColumn:
		g.column(&b, p.set.header)
	case modeMarkdown:
		f := mdFrame
		f.cells(&b, g.header, g.widths, center)
		f.rule(&b, f.mid, g.widths)
		for _, r := range g.rows {
			for _, line := range r {
				f.cells(&b, g.align(line), g.widths, pad)
			}
		}
	default:
		f := tableFrame
		if p.set.mode == modeBox {
			f = boxFrame
		}
		f.rule(&b, f.top, g.widths)
		f.cells(&b, g.header, g.widths, center)
		f.rule(&b, f.mid, g.widths)
		for k, r := range g.rows {
			if k > 0 && g.multiLine {
				f.rule(&b, f.mid, g.widths)
			}
			for _, line := range r {
				f.cells(&b, g.align(line), g.widths, pad)
			}
		}
		f.rule(&b, f.bottom, g.widths)
	}
	p.w.WriteString(b.String())
}

func (g *grid) column(b *strings.Builder, header bool) {
	line := func(cells []string) {
		for i, c := range g.align(cells) {
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(c)
		}
		b.WriteByte('\n')
	}
	if header {
		line(g.header)
		dashes := make([]string, len(g.widths))
		for i, w := range g.widths {
			dashes[i] = strings.Repeat("-", w)
		}
		line(dashes)
	}
	for k, r := range g.rows {
		if k > 0 && g.multiLine {
			b.WriteByte('\n')
		}
		for _, l := range r {
			line(l)
		}
	}
}

// isKeyword asks SQLite whether s is one of its keywords, which must be
// quoted when used as an identifier in generated SQL.
func isKeyword(s string) bool {
	tls := libc.NewTLS()
	defer tls.Close()
	p := lib.Xsqlite3_malloc64(tls, uint64(len(s)+1))
	if p == 0 {
		return false
	}
	defer lib.Xsqlite3_free(tls, p)
	buf := unsafeBytes(p, len(s)+1)
	copy(buf, s)
	buf[len(s)] = 0
	return lib.Xsqlite3_keyword_check(tls, p, int32(len(s))) != 0
}
