package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
)

var unexpandOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'a', Long: "all"},
	{Long: "first-only"},
	{Short: 't', Long: "tabs", Arg: true},
}, Usage: 1, Help: "Usage: unexpand [OPTION]... [FILE]...\nConvert blanks in each FILE to tabs, writing to standard output.\n"}

func runUnexpand(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := unexpandOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	all, first := false, false
	var specs []string
	for _, r := range res {
		switch r.Key {
		case "a":
			all = true
		case "first-only":
			first = true
		case "t":
			specs = append(specs, r.Val)
			all = true // -t implies -a, as in GNU
		}
	}
	if first {
		all = false
	}
	ts, ok := parseTabStops(c, specs)
	if !ok {
		return 1
	}
	return mapLines(c, ctx, files, status, func(out *bufio.Writer, line []byte) {
		unexpandLine(out, line, ts, all)
	})
}

// unexpandLine turns runs of blanks that reach a tab stop into tabs.
func unexpandLine(out *bufio.Writer, line []byte, ts tabStops, all bool) {
	col, pending := 0, 0
	flush := func() {
		for ; pending > 0; pending-- {
			out.WriteByte(' ')
		}
	}
	for i, b := range line {
		switch b {
		case ' ':
			col++
			pending++
			n := ts.next(col - 1)
			if n < 0 {
				flush()
				out.Write(line[i+1:])
				return
			}
			if col == n {
				// A single blank becomes a tab only when more blanks
				// follow; before text it stays a space.
				if pending > 1 || i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t') {
					out.WriteByte('\t')
				} else {
					out.WriteByte(' ')
				}
				pending = 0
			}
		case '\t':
			n := ts.next(col)
			if n < 0 {
				flush()
				out.Write(line[i:])
				return
			}
			col, pending = n, 0
			out.WriteByte('\t')
		default:
			flush()
			if !all {
				out.Write(line[i:])
				return
			}
			if b == '\b' {
				col = max(col-1, 0)
			} else {
				col++
			}
			out.WriteByte(b)
		}
	}
	flush()
}
