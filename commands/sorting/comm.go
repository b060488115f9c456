package sorting

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"bytes"
)

var commOpts = opts.Parser{Opts: []opts.Opt{
	{Short: '1'}, {Short: '2'}, {Short: '3'}, {Short: 'i'},
	{Long: "output-delimiter", Arg: true}, {Long: "check-order"}, {Long: "nocheck-order"},
	{Long: "total"}, {Short: 'z', Long: "zero-terminated"},
}, Usage: 1, Help: "Usage: comm [OPTION]... FILE1 FILE2\n"}

// runComm merges two sorted files into three columns: only in the first,
// only in the second, in both.
func runComm(ctx context.Context, c *commands.Context) int {
	res, args, st, ok := commOpts.Parse(c, c.Args[1:])
	if !ok {
		return st
	}
	hide := [4]bool{}
	delim, sep, total, icase := "\t", byte('\n'), false, false
	for _, r := range res {
		switch r.Key {
		case "1", "2", "3":
			hide[r.Key[0]-'0'] = true
		case "output-delimiter":
			delim = r.Val
		case "z":
			sep = 0
		case "total":
			total = true
		case "i":
			icase = true
		}
	}
	if len(args) < 2 {
		if len(args) == 0 {
			return opts.UsageError(c, 1, "missing operand")
		}
		return opts.UsageError(c, 1, "missing operand after %s", commands.QuoteArg(args[0]))
	}
	if len(args) > 2 {
		return opts.UsageError(c, 1, "extra operand %s", commands.QuoteArg(args[2]))
	}
	var rd [2]*bufio.Reader
	for i, name := range args {
		f, err := c.OpenInput(name)
		if err != nil {
			c.Errorf("%s: %s", name, commands.ErrText(err))
			return 1
		}
		defer f.Close()
		rd[i] = commands.LineReader(commands.NewCtxReader(ctx, f))
	}
	out := commands.NewOut(c.Stdout)
	var counts [4]int
	emit := func(col int, line []byte) {
		counts[col]++
		if hide[col] {
			return
		}
		for k := 1; k < col; k++ {
			if !hide[k] {
				out.WriteString(delim)
			}
		}
		out.Write(line)
		out.WriteByte(sep)
	}
	next := func(r *bufio.Reader) ([]byte, bool) {
		line, err := commands.ReadLine(r, sep, c.Limits.ReadMax())
		if len(line) == 0 && err != nil {
			return nil, false
		}
		return bytes.TrimSuffix(line, []byte{sep}), true
	}
	a, okA := next(rd[0])
	b, okB := next(rd[1])
	for okA || okB {
		cmp := 0
		switch {
		case !okA:
			cmp = 1
		case !okB:
			cmp = -1
		case icase:
			cmp = bytes.Compare(bytes.ToLower(a), bytes.ToLower(b))
		default:
			cmp = bytes.Compare(a, b)
		}
		switch {
		case cmp < 0:
			emit(1, a)
			a, okA = next(rd[0])
		case cmp > 0:
			emit(2, b)
			b, okB = next(rd[1])
		default:
			emit(3, a)
			a, okA = next(rd[0])
			b, okB = next(rd[1])
		}
	}
	if total {
		out.WriteString(commands.Itoa(counts[1]) + delim + commands.Itoa(counts[2]) + delim + commands.Itoa(counts[3]) + delim + "total")
		out.WriteByte(sep)
	}
	return c.FinishOut(out, 0)
}
