package diff

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
	"github.com/justbash/justbash/commands/internal/sizes"

	"bufio"
	"fmt"
	"io"
	"strconv"
)

var cmpOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'b', Long: "print-bytes"},
	{Short: 'i', Long: "ignore-initial", Arg: true},
	{Short: 'l', Long: "verbose"},
	{Short: 'n', Long: "bytes", Arg: true},
	{Short: 's', Long: "quiet"}, {Long: "silent", Key: "s"},
}, Usage: 2, NamedHint: true, Help: "Usage: cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]\nCompare two files byte by byte.\n  -b  print differing bytes\n  -i SKIP  skip first SKIP bytes of both inputs\n  -l  output byte numbers and differing byte values\n  -n LIMIT  compare at most LIMIT bytes\n  -s  suppress all normal output\n"}

type cmpRun struct {
	c                     *commands.Context
	bytes, verbose, quiet bool
	limit                 int64
}

func runCmp(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := cmpOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	r := &cmpRun{c: c, bytes: f.Has("b"), verbose: f.Has("l"), quiet: f.Has("s"), limit: -1}
	if r.verbose && r.quiet {
		c.Errorf("options -l and -s are incompatible")
		return 2
	}
	if len(ops) == 0 {
		return cmpOpts.UsageError(c, 2, "missing operand after '%s'", "cmp")
	}
	if len(ops) > 4 {
		return cmpOpts.UsageError(c, 2, "extra operand '%s'", ops[4])
	}
	if len(ops) == 1 {
		ops = append(ops, "-")
	}
	var skip [2]int64
	if v, ok := f["i"]; ok {
		a, b, _ := cutColon(v)
		var ok1, ok2 bool
		skip[0], ok1 = sizes.Parse(a)
		skip[1], ok2 = sizes.Parse(b)
		if !ok1 || !ok2 {
			c.Errorf("invalid --ignore-initial value '%s'", v)
			return 2
		}
	}
	for i := 2; i < len(ops); i++ {
		n, ok := sizes.Parse(ops[i])
		if !ok {
			c.Errorf("invalid --ignore-initial value '%s'", ops[i])
			return 2
		}
		skip[i-2] = n
	}
	if v, ok := f["n"]; ok {
		n, ok := sizes.Parse(v)
		if !ok {
			c.Errorf("invalid --bytes value '%s'", v)
			return 2
		}
		r.limit = n
	}
	var rd [2]*bufio.Reader
	for i := 0; i < 2; i++ {
		in, err := c.OpenInput(ops[i])
		if err != nil {
			c.Errorf("%s: %s", ops[i], commands.ErrText(err))
			return 2
		}
		defer in.Close()
		rd[i] = bufio.NewReader(commands.NewCtxReader(ctx, in))
		if _, err := io.CopyN(io.Discard, rd[i], skip[i]); err != nil && err != io.EOF {
			c.Errorf("%s: %s", ops[i], commands.ErrText(err))
			return 2
		}
	}
	return r.compare(ops[:2], rd)
}

func cutColon(v string) (string, string, bool) {
	for i := 0; i < len(v); i++ {
		if v[i] == ':' {
			return v[:i], v[i+1:], true
		}
	}
	return v, v, false
}

func (r *cmpRun) compare(names []string, rd [2]*bufio.Reader) int {
	out := commands.NewOut(r.c.Stdout)
	defer out.Flush()
	var pos, line int64 = 0, 1
	diff := false
	var last byte
	for r.limit < 0 || pos < r.limit {
		a, errA := rd[0].ReadByte()
		b, errB := rd[1].ReadByte()
		if errA != nil || errB != nil {
			if errA != nil && errB != nil {
				break
			}
			short := names[0]
			if errB != nil {
				short = names[1]
			}
			out.Flush()
			if !r.quiet {
				if pos == 0 {
					fmt.Fprintf(r.c.Stderr, "cmp: EOF on %s which is empty\n", short)
				} else if r.verbose {
					fmt.Fprintf(r.c.Stderr, "cmp: EOF on %s after byte %d\n", short, pos)
				} else {
					where := fmt.Sprintf("in line %d", line)
					if last == '\n' {
						where = fmt.Sprintf("line %d", line-1)
					}
					fmt.Fprintf(r.c.Stderr, "cmp: EOF on %s after byte %d, %s\n", short, pos, where)
				}
			}
			return 1
		}
		pos++
		if a != b {
			diff = true
			switch {
			case r.quiet:
				return 1
			case r.verbose && r.bytes:
				fmt.Fprintf(out, "%d %3o %-4s %3o %s\n", pos, a, cmpByte(a), b, cmpByte(b))
			case r.verbose:
				fmt.Fprintf(out, "%d %3o %3o\n", pos, a, b)
			case r.bytes:
				fmt.Fprintf(out, "%s %s differ: byte %d, line %d is %3o %s %3o %s\n", names[0], names[1], pos, line, a, cmpByte(a), b, cmpByte(b))
				return 1
			default:
				fmt.Fprintf(out, "%s %s differ: char %d, line %d\n", names[0], names[1], pos, line)
				return 1
			}
		}
		if a == '\n' {
			line++
		}
		last = a
	}
	if diff {
		return 1
	}
	return 0
}

// cmpByte shows a byte the way cmp -b does (cat -v notation).
func cmpByte(b byte) string {
	s := ""
	if b >= 128 {
		s = "M-"
		b -= 128
	}
	switch {
	case b < 32:
		return s + "^" + string(rune(b+64))
	case b == 127:
		return s + "^?"
	}
	return s + strconv.QuoteRuneToASCII(rune(b))[1:2]
}
