package sorting

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"bytes"
	"io"
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
	check := 0 // GNU's default; 1 --check-order, -1 --nocheck-order
	delimSet := false
	for _, r := range res {
		switch r.Key {
		case "1", "2", "3":
			hide[r.Key[0]-'0'] = true
		case "output-delimiter":
			if delimSet && r.Val != delim {
				c.Errorf("multiple output delimiters specified")
				return 1
			}
			delim, delimSet = r.Val, true
		case "z":
			sep = 0
		case "total":
			total = true
		case "i":
			icase = true
		case "check-order":
			check = 1
		case "nocheck-order":
			check = -1
		}
	}
	if len(args) < 2 {
		if len(args) == 0 {
			return opts.UsageError(c, 1, "missing operand")
		}
		return opts.UsageError(c, 1, "missing operand after %s", commands.QuoteArg(args[0])) // argv[argc-1] once getopt moved operands last
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
	cmpLines := func(a, b []byte) int {
		if icase {
			return bytes.Compare(bytes.ToLower(a), bytes.ToLower(b))
		}
		return bytes.Compare(a, b)
	}
	var readErr error
	var errName string
	var prev [2][]byte
	// GNU checks each file's order as it steps through it: always with
	// --check-order (the first disorder is fatal), by default only once a
	// line without a pair was seen (a warning per file, then a failure).
	unpaired, disorder := false, [2]bool{}
	next := func(i int) ([]byte, bool, bool) {
		line, err := commands.ReadLine(rd[i], sep, c.Limits.ReadMax())
		if len(line) == 0 && err != nil {
			if err != io.EOF && readErr == nil {
				readErr, errName = err, args[i]
			}
			return nil, false, true
		}
		line = bytes.TrimSuffix(line, []byte{sep})
		if check >= 0 && (check > 0 || unpaired) && !disorder[i] && prev[i] != nil && cmpLines(prev[i], line) > 0 {
			c.Errorf("file %d is not in sorted order", i+1)
			disorder[i] = true
			if check > 0 {
				return nil, false, false
			}
		}
		prev[i] = append(prev[i][:0], line...)
		return line, true, true
	}
	a, okA, goOn := next(0)
	b, okB, goOn2 := next(1)
	for goOn && goOn2 && readErr == nil && (okA || okB) {
		cmp := 0
		switch {
		case !okA:
			cmp = 1
		case !okB:
			cmp = -1
		default:
			cmp = cmpLines(a, b)
		}
		if cmp != 0 {
			unpaired = true
		}
		switch {
		case cmp < 0:
			emit(1, a)
			a, okA, goOn = next(0)
		case cmp > 0:
			emit(2, b)
			b, okB, goOn2 = next(1)
		default:
			emit(3, a)
			a, okA, goOn = next(0)
			b, okB, goOn2 = next(1)
		}
	}
	if !goOn || !goOn2 {
		out.Flush()
		return 1
	}
	if readErr != nil {
		out.Flush()
		c.Errorf("%s: %s", errName, commands.ErrText(readErr))
		return 1
	}
	if total {
		out.WriteString(commands.Itoa(counts[1]) + delim + commands.Itoa(counts[2]) + delim + commands.Itoa(counts[3]) + delim + "total")
		out.WriteByte(sep)
	}
	if disorder[0] || disorder[1] {
		out.Flush()
		c.Errorf("input is not in sorted order")
		return 1
	}
	return c.FinishOut(out, 0)
}
