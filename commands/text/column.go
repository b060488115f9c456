package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

var columnOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 't', Long: "table"},
	{Short: 's', Long: "separator", Arg: true},
	{Short: 'o', Long: "output-separator", Arg: true},
	{Short: 'c', Long: "output-width", Arg: true},
	{Short: 'x', Long: "fillrows"},
	{Short: 'n', Long: "no-merge"},
	{Short: 'L', Long: "keep-empty-lines"},
}, Usage: 1, Help: "Usage:\n column [options] [<file>...]\n\nColumnate lists.\n"}

// columnRun is the configuration of one column invocation.
type columnRun struct {
	table, fillRows, noMerge, keepEmpty bool
	seps                                string
	outSep                              string
	width                               int
}

func runColumn(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := columnOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	col := &columnRun{seps: " \t", outSep: "  ", width: 80}
	for _, r := range res {
		switch r.Key {
		case "t":
			col.table = true
		case "s":
			col.seps = r.Val
			col.noMerge = true // explicit separators keep empty cells, as util-linux
		case "o":
			col.outSep = r.Val
		case "c":
			n, err := strconv.Atoi(r.Val)
			if err != nil || n <= 0 {
				c.Errorf("invalid columns argument: '%s'", r.Val)
				return 1
			}
			col.width = n
		case "x":
			col.fillRows = true
		case "n":
			col.noMerge = true
		case "L":
			col.keepEmpty = true
		}
	}
	var lines []string
	var kept int64
	st := c.EachInputPlain(ctx, files, func(name string, r io.Reader) bool {
		// The whole input is kept: bound it as one read.
		err := commands.EachLineMax(commands.LineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, _ bool) bool {
			// A string header per line kept, and the line.
			if kept += int64(len(line)) + 16; kept > c.Limits.ReadMax() {
				return false
			}
			lines = append(lines, string(line))
			return true
		})
		if kept > c.Limits.ReadMax() {
			err = commands.ReadLimitErr(c.Limits.ReadMax())
		}
		if lst, ok := c.LimitStatus(err); ok {
			status = lst
			return false
		}
		if err != nil {
			c.Errorf("%s: %s", name, commands.ErrText(err))
			status = 1
		}
		return true
	})
	if status == commands.StatusLimit {
		return status
	}
	out := commands.NewOut(c.Stdout)
	if col.table {
		col.writeTable(out, lines)
	} else {
		col.writeFill(out, lines)
	}
	return c.FinishOut(out, max(st, status))
}

func (col *columnRun) split(line string) []string {
	isSep := func(r rune) bool { return strings.ContainsRune(col.seps, r) }
	if !col.noMerge {
		return strings.FieldsFunc(line, isSep)
	}
	var cells []string
	start := 0
	for i, r := range line {
		if isSep(r) {
			cells = append(cells, line[start:i])
			start = i + utf8.RuneLen(r)
		}
	}
	return append(cells, line[start:])
}

// writeTable aligns cells into columns; every row gets every column and
// the last column is not padded.
func (col *columnRun) writeTable(out *bufio.Writer, lines []string) {
	var rows [][]string
	var widths []int
	for _, l := range lines {
		if strings.TrimSpace(l) == "" && !col.keepEmpty {
			continue
		}
		cells := col.split(l)
		for i, cell := range cells {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
		rows = append(rows, cells)
	}
	for _, cells := range rows {
		if len(cells) == 1 && cells[0] == "" && col.keepEmpty {
			out.WriteByte('\n')
			continue
		}
		for i, w := range widths {
			cell := ""
			if i < len(cells) {
				cell = cells[i]
			}
			out.WriteString(cell)
			if i < len(widths)-1 {
				out.WriteString(strings.Repeat(" ", w-utf8.RuneCountInString(cell)))
				out.WriteString(col.outSep)
			}
		}
		out.WriteByte('\n')
	}
}

// writeFill lays entries out in as many tab-aligned columns as fit in the
// width, filling columns first (or rows with -x).
func (col *columnRun) writeFill(out *bufio.Writer, lines []string) {
	var items []string
	maxLen := 0
	for _, l := range lines {
		if l == "" {
			continue
		}
		items = append(items, l)
		maxLen = max(maxLen, utf8.RuneCountInString(l))
	}
	if len(items) == 0 {
		return
	}
	colW := (maxLen + 8) &^ 7
	ncols := max(col.width/colW, 1)
	nrows := (len(items) + ncols - 1) / ncols
	var b bytes.Buffer
	for r := 0; r < nrows; r++ {
		b.Reset()
		pos := 0
		for k := 0; k < ncols; k++ {
			i := k*nrows + r
			if col.fillRows {
				i = r*ncols + k
			}
			if i >= len(items) {
				break
			}
			if k > 0 {
				for end := k * colW; pos < end; pos = (pos + 8) &^ 7 {
					b.WriteByte('\t')
				}
			}
			b.WriteString(items[i])
			pos += utf8.RuneCountInString(items[i])
		}
		out.Write(b.Bytes())
		out.WriteByte('\n')
	}
}
