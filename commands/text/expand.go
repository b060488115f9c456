package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/closein"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"io"
	"strconv"
	"strings"
)

var expandOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'i', Long: "initial"},
	{Short: 't', Long: "tabs", Arg: true},
}, Usage: 1, Help: "Usage: expand [OPTION]... [FILE]...\nConvert tabs in each FILE to spaces, writing to standard output.\n"}

// tabStops is a -t list: one number means every N columns; several are
// explicit stops, after the last of which tabs become single spaces,
// unless the list ends in "/N" (stops at multiples of N) or "+N" (stops
// every N columns after the last explicit one).
type tabStops struct {
	every int
	list  []int
	// slash and plus are the "/N" and "+N" extensions (0: none).
	slash, plus int
}

// parseTabStops reads "N" or "N1,N2,..." (blanks also separate), the last
// perhaps "/N" or "+N".
func parseTabStops(c *commands.Context, specs []string) (tabStops, bool) {
	ts := tabStops{every: 8}
	var list []int
	var fields []string
	for _, spec := range specs {
		fields = append(fields, strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' })...)
	}
	slash, plus := 0, 0
	for i, f := range fields {
		ext := byte(0)
		if f != "" && (f[0] == '/' || f[0] == '+') {
			ext, f = f[0], f[1:]
			if i != len(fields)-1 {
				c.Errorf("'%c' specifier only allowed with the last value", ext)
				return ts, false
			}
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			c.Errorf("tab size contains invalid character(s): %s", commands.QuoteArg(f))
			return ts, false
		}
		switch ext {
		case '/':
			slash = n
			continue
		case '+':
			plus = n
			continue
		}
		if n == 0 {
			c.Errorf("tab size cannot be 0")
			return ts, false
		}
		if len(list) > 0 && n <= list[len(list)-1] {
			c.Errorf("tab sizes must be ascending")
			return ts, false
		}
		list = append(list, n)
	}
	switch {
	case len(list) == 0 && (slash > 0 || plus > 0):
		ts.every = max(slash, plus)
	case len(list) == 0:
	case len(list) == 1 && slash == 0 && plus == 0:
		ts.every = list[0]
	default:
		ts.every, ts.list, ts.slash, ts.plus = 0, list, slash, plus
	}
	return ts, true
}

// next returns the column of the next stop after col, or -1 when past
// the last explicit stop.
func (ts tabStops) next(col int) int {
	if ts.every > 0 {
		return col + ts.every - col%ts.every
	}
	for _, s := range ts.list {
		if s > col {
			return s
		}
	}
	if ts.slash > 0 {
		return col + ts.slash - col%ts.slash
	}
	if ts.plus > 0 && len(ts.list) > 0 {
		last := ts.list[len(ts.list)-1]
		return last + ((col-last)/ts.plus+1)*ts.plus
	}
	return -1
}

func runExpand(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := expandOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	initial := false
	var specs []string
	for _, r := range res {
		switch r.Key {
		case "i":
			initial = true
		case "t":
			specs = append(specs, r.Val)
		}
	}
	ts, ok := parseTabStops(c, specs)
	if !ok {
		return 1
	}
	return mapLines(c, ctx, files, status, func(out *bufio.Writer, line []byte) {
		expandLine(out, line, ts, initial)
	})
}

// mapLines writes each input line through f, keeping a missing final
// newline missing, and returns the exit status (at least status).
func mapLines(c *commands.Context, ctx context.Context, files []string, status int, f func(out *bufio.Writer, line []byte)) int {
	out := commands.NewOut(c.Stdout)
	st := closein.EachInput(ctx, c, files, func(name string, r io.Reader) error {
		return commands.EachLineMax(commands.LineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
			f(out, line)
			if !noEOL {
				out.WriteByte('\n')
			}
			return true
		})
	})
	return c.FinishOut(out, max(st, status))
}

func expandLine(out *bufio.Writer, line []byte, ts tabStops, initial bool) {
	col := 0
	leading := true
	for i, b := range line {
		switch {
		case b == '\t' && (leading || !initial):
			n := ts.next(col)
			if n < 0 {
				n = col + 1
			}
			for ; col < n; col++ {
				out.WriteByte(' ')
			}
			continue
		case b == '\b' && !initial:
			col = max(col-1, 0)
		case b != ' ' && b != '\t':
			if leading && initial {
				leading = false
				out.Write(line[i:])
				return
			}
			col++
		default:
			col++
		}
		out.WriteByte(b)
	}
}
