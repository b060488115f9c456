package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/locale"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
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
	{Short: 'N', Long: "table-columns", Arg: true}, {Short: 'R', Long: "table-right", Arg: true},
	{Short: 'd', Long: "table-noheadings"},
}, Usage: 1, Help: "Usage:\n column [options] [<file>...]\n\nColumnate lists.\n"}

// columnRun is the configuration of one column invocation.
type columnRun struct {
	table, fillRows, noMerge, keepEmpty bool
	seps                                string
	outSep                              string
	width                               int
	// names are -N's column names (a header row unless -d); right is
	// -R's list, resolved against them once the columns are known.
	names     []string
	right     string
	noHeading bool
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
		case "N":
			col.names = strings.Split(r.Val, ",")
		case "R":
			col.right = r.Val
		case "d":
			col.noHeading = true
		}
	}
	if st := col.checkTable(c, res); st >= 0 {
		return st
	}
	var lines []string
	var kept int64
	utf8 := locale.UTF8(c.Getenv, true) // the shell exports LANG=C.UTF-8
	st := c.EachInputPlain(ctx, files, func(name string, r io.Reader) bool {
		// The whole input is kept: bound it as one read.
		err := commands.EachLineMax(commands.LineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, _ bool) bool {
			// A string header per line kept, and the line.
			if kept += int64(len(line)) + 16; kept > c.Limits.ReadMax() {
				return false
			}
			if !utf8 {
				line = escapeHigh(line)
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
			// util-linux names no file here, and stops with no output.
			c.Errorf("read failed: %s", commands.ErrText(err))
			status = 1
			return false
		}
		return true
	})
	if status == 1 {
		return 1
	}
	if status == commands.StatusLimit {
		return status
	}
	out := commands.NewOut(c.Stdout)
	if col.table {
		if err := col.writeTable(out, lines); err != nil {
			c.Errorf("%s", err)
			return 1
		}
	} else {
		col.writeFill(out, lines)
	}
	return c.FinishOut(out, max(st, status))
}

// escapeHigh writes each byte outside ASCII as \xHH, as util-linux does
// for text it cannot decode in the C locale (the escapes count in the
// widths).
func escapeHigh(line []byte) []byte {
	var out []byte
	for _, b := range line {
		if b < 0x80 {
			out = append(out, b)
			continue
		}
		out = append(out, '\\', 'x', "0123456789abcdef"[b>>4], "0123456789abcdef"[b&15])
	}
	return out
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

// checkTable applies util-linux's rules on the table options: -N, -R
// and -d need -t, which -x excludes.
func (col *columnRun) checkTable(c *commands.Context, res []opts.Result) int {
	if col.table && col.fillRows {
		c.Errorf("mutually exclusive arguments: --table --fillrows")
		return 1
	}
	for _, r := range res {
		if (r.Key == "N" || r.Key == "R" || r.Key == "d") && !col.table {
			c.Errorf("option --table required for all --table-*")
			return 1
		}
	}
	return -1
}

// rightColumns resolves -R's comma list (numbers from 1, or -N names)
// to column indexes; a number past the last column is ignored.
func (col *columnRun) rightColumns() (map[int]bool, error) {
	out := map[int]bool{}
	if col.right == "" {
		return out, nil
	}
	for _, w := range strings.Split(col.right, ",") {
		if n, err := strconv.Atoi(w); err == nil && n > 0 {
			out[n-1] = true
			continue
		}
		i := slices.Index(col.names, w)
		if i < 0 {
			return nil, fmt.Errorf("undefined column name '%s'", w)
		}
		out[i] = true
	}
	return out, nil
}

// writeTable aligns cells into columns; every row gets every column, a
// -N header comes first, and the last column is not padded unless it is
// right-aligned and not empty.
func (col *columnRun) writeTable(out *bufio.Writer, lines []string) error {
	right, err := col.rightColumns()
	if err != nil {
		return err
	}
	var rows [][]string
	widths := make([]int, len(col.names))
	if len(lines) == 0 {
		return nil // no data, no header
	}
	if len(col.names) > 0 && !col.noHeading {
		rows = append(rows, col.names)
	}
	for _, l := range lines {
		if strings.TrimSpace(l) == "" && !col.keepEmpty {
			continue
		}
		rows = append(rows, col.split(l))
	}
	for _, cells := range rows {
		for i, cell := range cells {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
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
			pad := strings.Repeat(" ", w-utf8.RuneCountInString(cell))
			last := i == len(widths)-1
			switch {
			case right[i] && !(last && cell == ""):
				out.WriteString(pad + cell)
			case last:
				out.WriteString(cell)
			default:
				out.WriteString(cell + pad)
			}
			if !last {
				out.WriteString(col.outSep)
			}
		}
		out.WriteByte('\n')
	}
	return nil
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
