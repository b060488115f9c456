package sorting

import (
	"context"
	"github.com/justbash/justbash/commands/internal/quote"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

var shufOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'e', Long: "echo"},
	{Short: 'i', Long: "input-range", Arg: true},
	{Short: 'n', Long: "head-count", Arg: true},
	{Short: 'o', Long: "output", Arg: true},
	{Short: 'r', Long: "repeat"},
	{Short: 'z', Long: "zero-terminated"},
	{Long: "random-source", Arg: true},
}, Usage: 1, Help: "Usage: shuf [OPTION]... [FILE]\n  or:  shuf -e [OPTION]... [ARG]...\n  or:  shuf -i LO-HI [OPTION]...\nWrite a random permutation of the input lines to standard output.\n  -e  treat each ARG as an input line\n  -i LO-HI  treat each number LO through HI as an input line\n  -n COUNT  output at most COUNT lines\n  -o FILE  write result to FILE instead of standard output\n  -r  output lines can be repeated\n"}

func runShuf(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := shufOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	sep := byte('\n')
	if f.Has("z") {
		sep = 0
	}
	count := int64(-1)
	if v, ok := f["n"]; ok {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			c.Errorf("invalid line count: '%s'", v)
			return 1
		}
		count = n
	}
	lines, st := shufInput(c, ctx, f, ops, sep)
	if st >= 0 {
		return st
	}
	var w io.Writer = c.Stdout
	if o, ok := f["o"]; ok {
		fh, err := c.OpenWrite(o, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
		if err != nil {
			c.Errorf("%s: %s", quote.Name(o), commands.ErrText(err))
			return 1
		}
		defer fh.Close()
		w = fh
	}
	out := commands.NewOut(w)
	emit := func(s string) { out.WriteString(s); out.WriteByte(sep) }
	if f.Has("r") {
		if len(lines) == 0 {
			if count != 0 {
				c.Errorf("no lines to repeat")
				return 1
			}
			return 0
		}
		for i := int64(0); count < 0 || i < count; i++ {
			if ctx.Err() != nil {
				break
			}
			emit(lines[rand.IntN(len(lines))])
			if out.Flush() != nil {
				break
			}
		}
	} else {
		rand.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
		if count >= 0 && count < int64(len(lines)) {
			lines = lines[:count]
		}
		for _, l := range lines {
			emit(l)
		}
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}

// shufInput collects the lines to shuffle; a status >= 0 means stop.
func shufInput(c *commands.Context, ctx context.Context, f opts.Flags, ops []string, sep byte) ([]string, int) {
	switch {
	case f.Has("e"):
		return ops, -1
	case f.Has("i"):
		if len(ops) > 0 {
			return nil, opts.UsageError(c, 1, "extra operand '%s'", ops[0])
		}
		v := f["i"]
		lo, hi, ok := strings.Cut(v, "-")
		a, err1 := strconv.ParseUint(lo, 10, 64)
		b, err2 := strconv.ParseUint(hi, 10, 64)
		if !ok || err1 != nil || err2 != nil || b+1 < a {
			c.Errorf("invalid input range: '%s'", v)
			return nil, 1
		}
		if b-a > 1<<24 {
			c.Errorf("invalid input range: '%s'", v)
			return nil, 1
		}
		var lines []string
		for n := a; n <= b && n >= a; n++ {
			lines = append(lines, strconv.FormatUint(n, 10))
			if n == b {
				break
			}
		}
		return lines, -1
	}
	if len(ops) > 1 {
		return nil, opts.UsageError(c, 1, "extra operand '%s'", ops[1])
	}
	var lines []string
	var kept int64
	limited := 0
	st := c.EachInput(ctx, ops, func(name string, r io.Reader) bool {
		// The whole input is kept: bound it as one read.
		err := commands.EachLineMax(commands.LineReader(r), sep, c.Limits.ReadMax(), func(line []byte, _ bool) bool {
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
			limited = lst
			return false
		}
		if err != nil {
			c.Errorf("%s: %s", quote.Name(name), commands.ErrText(err))
			return false
		}
		return true
	})
	if limited != 0 {
		return nil, limited
	}
	if st != 0 {
		return nil, st
	}
	return lines, -1
}
