package text

import (
	"context"
	"math"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/closein"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"io"
	"strconv"
)

var foldOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'b', Long: "bytes"}, {Short: 's', Long: "spaces"},
	{Short: 'w', Long: "width", Arg: true}, {Short: 'c', Long: "characters"},
}, Usage: 1, Help: "Usage: fold [OPTION]... [FILE]...\n"}

func runFold(ctx context.Context, c *commands.Context) int {
	args := legacyCount(c.Args[1:], false)
	width, bytesMode, spaces := 80, false, false
	files, st, ok := foldOpts.ParseChecked(c, args, func(res []opts.Result) (int, bool) {
		for _, r := range res {
			switch r.Key {
			case "b":
				bytesMode = true
			case "s":
				spaces = true
			case "w":
				n, ok, why := foldWidth(r.Val)
				if !ok {
					c.Errorf("invalid number of columns: %s%s", commands.QuoteArg(r.Val), why)
					return 1, false
				}
				width = n
			}
		}
		return 0, true
	})
	if !ok {
		return st
	}
	out := commands.NewOut(c.Stdout)
	status := closein.EachInput(ctx, c, files, func(name string, r io.Reader) error {
		return commands.EachLineMax(commands.LineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
			foldLine(out, line, width, bytesMode, spaces)
			if !noEOL {
				out.WriteByte('\n')
			}
			return true
		})
	})
	return c.FinishOut(out, status)
}

// foldColumn advances a column the way fold counts: tab to the next
// multiple of 8, backspace back one, carriage return to 0.
func foldColumn(col int, ch byte, bytesMode bool) int {
	if bytesMode {
		return col + 1
	}
	switch ch {
	case '\t':
		return col + 8 - col%8
	case '\b':
		return max(col-1, 0)
	case '\r':
		return 0
	}
	return col + 1
}

func foldLine(out *bufio.Writer, line []byte, width int, bytesMode, spaces bool) {
	col, start := 0, 0
	for i := 0; i < len(line); i++ {
		next := foldColumn(col, line[i], bytesMode)
		if next > width && i > start {
			brk := i
			if spaces {
				for j := i - 1; j >= start; j-- {
					if line[j] == ' ' || line[j] == '\t' {
						brk = j + 1
						break
					}
				}
			}
			out.Write(line[start:brk])
			out.WriteByte('\n')
			start = brk
			col = 0
			for j := start; j < i; j++ {
				col = foldColumn(col, line[j], bytesMode)
			}
			next = foldColumn(col, line[i], bytesMode)
		}
		col = next
	}
	out.Write(line[start:])
}

// foldWidth reads -w as GNU's xdectoimax does: digits (an optional '+');
// 0, or more than an int holds, is out of range; more than 64 bits is too
// large. why is GNU's ": reason" for those two, "" for a malformed number.
func foldWidth(v string) (n int, ok bool, why string) {
	d := strings.TrimPrefix(v, "+")
	if d == "" || strings.Trim(d, "0123456789") != "" {
		return 0, false, ""
	}
	u, err := strconv.ParseUint(d, 10, 64)
	switch {
	case err != nil:
		return 0, false, ": Value too large for defined data type"
	case u == 0 || u > math.MaxInt32:
		return 0, false, ": Numerical result out of range"
	}
	return int(u), true, ""
}
