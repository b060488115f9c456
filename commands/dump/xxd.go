package dump

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

var xxdOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'c', Long: "cols", Arg: true}, {Short: 'g', Long: "groupsize", Arg: true},
	{Short: 'l', Long: "len", Arg: true}, {Short: 's', Long: "seek", Arg: true},
	{Short: 'o', Arg: true},
	{Short: 'p', Long: "ps"}, {Short: 'i', Long: "include"}, {Short: 'u'},
	{Short: 'b', Long: "bits"}, {Short: 'r', Long: "revert"}, {Short: 'a', Long: "autoskip"},
	{Short: 'e'}, {Short: 'n', Long: "name", Arg: true},
}, Usage: 1, Help: "Usage:\n       xxd [options] [infile [outfile]]\n    or\n       xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]\n"}

// xxdRun is the configuration of one xxd invocation.
type xxdRun struct {
	cols, group       int
	colsSet, groupSet bool
	limit, seek, add  int64
	plain, include    bool
	upper, bits       bool
	revert, autoskip  bool
	little            bool
	name              string
	c                 *commands.Context
}

func runXxd(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := xxdOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	x := &xxdRun{limit: -1, c: c}
	if st := x.options(c, res); st >= 0 {
		return st
	}
	if len(files) > 2 {
		return opts.UsageError(c, 1, "too many arguments")
	}
	in, name := "-", ""
	if len(files) > 0 {
		in = files[0]
		if in != "-" {
			name = in
		}
	}
	r, err := c.OpenInput(in)
	if err != nil {
		fmt.Fprintf(c.Stderr, "%s: %s: %s\n", c.Name(), in, commands.ErrText(err))
		return 2
	}
	defer r.Close()
	var w io.Writer = c.Stdout
	if len(files) == 2 && files[1] != "-" {
		f, err := c.OpenWrite(files[1], os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
		if err != nil {
			fmt.Fprintf(c.Stderr, "%s: %s: %s\n", c.Name(), files[1], commands.ErrText(err))
			return 2
		}
		defer f.Close()
		w = f
	}
	out := commands.NewOut(w)
	src := io.Reader(commands.NewCtxReader(ctx, r))
	if x.revert {
		err = x.reverse(out, src)
	} else {
		err = x.dump(out, src, name)
	}
	if st, ok := c.LimitStatus(err); ok {
		out.Flush()
		return st
	}
	if err != nil && ctx.Err() == nil {
		c.Errorf("%s", commands.ErrText(err))
		status = 2
	}
	return c.FinishOut(out, status)
}

func (x *xxdRun) options(c *commands.Context, res []opts.Result) int {
	for _, r := range res {
		switch r.Key {
		case "c", "g", "l", "s", "o":
			n, err := strconv.ParseInt(strings.TrimPrefix(r.Val, "+"), 0, 64)
			if err != nil || n < 0 && r.Key != "s" {
				c.Errorf("invalid number %s", commands.QuoteArg(r.Val))
				return 1
			}
			switch r.Key {
			case "c":
				// A line of n columns is buffered (and printed 4n wide).
				if st, ok := c.LimitStatus(c.CheckString(4 * n)); ok {
					return st
				}
				x.cols, x.colsSet = int(n), true
			case "g":
				x.group, x.groupSet = int(n), true
			case "l":
				x.limit = n
			case "s":
				x.seek = n
			case "o":
				x.add = n
			}
		case "p":
			x.plain = true
		case "i":
			x.include = true
		case "u":
			x.upper = true
		case "b":
			x.bits = true
		case "r":
			x.revert = true
		case "a":
			x.autoskip = true
		case "e":
			x.little = true
		case "n":
			x.name = r.Val
		}
	}
	return -1
}

// defaults fills in the column and group sizes of the chosen mode.
func (x *xxdRun) defaults() {
	switch {
	case x.plain && !x.colsSet:
		x.cols = 30
	case x.include && !x.colsSet:
		x.cols = 12
	case x.bits && !x.colsSet:
		x.cols = 6
	case !x.colsSet || x.cols == 0:
		x.cols = 16
	}
	switch {
	case x.bits && !x.groupSet:
		x.group = 1
	case x.little && !x.groupSet:
		x.group = 4
	case !x.groupSet:
		x.group = 2
	}
	if x.group == 0 || x.group > x.cols {
		x.group = x.cols
	}
}

func (x *xxdRun) hex(b byte) string {
	if x.upper {
		return fmt.Sprintf("%02X", b)
	}
	return fmt.Sprintf("%02x", b)
}

// dump reads the input in lines of cols bytes and prints them.
func (x *xxdRun) dump(out *bufio.Writer, r io.Reader, name string) error {
	x.defaults()
	if x.seek > 0 {
		if _, err := io.CopyN(io.Discard, r, x.seek); err != nil && err != io.EOF {
			return err
		}
	}
	if x.limit >= 0 {
		r = io.LimitReader(r, x.limit)
	}
	if x.include {
		return x.dumpC(out, r, name)
	}
	off := max(x.seek, 0) + x.add
	buf := make([]byte, x.cols)
	zeroRun := 0
	for {
		n, err := io.ReadFull(r, buf)
		if n > 0 {
			x.writeLine(out, off, buf[:n], &zeroRun)
			off += int64(n)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
