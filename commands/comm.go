package commands

import (
	"bufio"
	"bytes"
)

func init() { register("comm", runComm) }

var commOpts = optParser{opts: []opt{
	{short: '1'}, {short: '2'}, {short: '3'}, {short: 'i'},
	{long: "output-delimiter", arg: true}, {long: "check-order"}, {long: "nocheck-order"},
	{long: "total"}, {short: 'z', long: "zero-terminated"},
}, usage: 1, help: "Usage: comm [OPTION]... FILE1 FILE2\n"}

// runComm merges two sorted files into three columns: only in the first,
// only in the second, in both.
func runComm(ctx contextT, c *Context) int {
	res, args, st, ok := commOpts.parse(c, c.Args[1:])
	if !ok {
		return st
	}
	hide := [4]bool{}
	delim, sep, total, icase := "\t", byte('\n'), false, false
	for _, r := range res {
		switch r.key {
		case "1", "2", "3":
			hide[r.key[0]-'0'] = true
		case "output-delimiter":
			delim = r.val
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
			return c.usageError(1, "missing operand")
		}
		return c.usageError(1, "missing operand after %s", quoteArg(args[0]))
	}
	if len(args) > 2 {
		return c.usageError(1, "extra operand %s", quoteArg(args[2]))
	}
	var rd [2]*bufio.Reader
	for i, name := range args {
		f, err := c.openInput(name)
		if err != nil {
			c.Errorf("%s: %s", name, ErrText(err))
			return 1
		}
		defer f.Close()
		rd[i] = lineReader(ctxReader{ctx, f})
	}
	out := newOut(c.Stdout)
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
		line, err := readLine(r, sep, c.Limits.ReadMax())
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
		out.WriteString(itoa(counts[1]) + delim + itoa(counts[2]) + delim + itoa(counts[3]) + delim + "total")
		out.WriteByte(sep)
	}
	return c.finishOut(out, 0)
}
