package sorting

import (
	"bufio"
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bytes"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

var uniqOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'c', Long: "count"}, {Short: 'd', Long: "repeated"},
	{Short: 'D'}, {Long: "all-repeated", Optional: true, Key: "D"}, {Short: 'i', Long: "ignore-case"},
	{Short: 'u', Long: "unique"}, {Short: 'z', Long: "zero-terminated"},
	{Short: 'f', Long: "skip-fields", Arg: true}, {Short: 's', Long: "skip-chars", Arg: true},
	{Short: 'w', Long: "check-chars", Arg: true}, {Long: "group", Optional: true},
}, Usage: 1, Help: "Usage: uniq [OPTION]... [INPUT [OUTPUT]]\n"}

// uniqCfg selects which part of a line is compared and what is printed.
type uniqCfg struct {
	count, dups, allDups, uniques, icase bool
	fields, chars, width                 int
	sep                                  byte
	// delimit is --all-repeated's METHOD, group --group's (0: none).
	delimit, group int
}

// The methods of --all-repeated and --group, as GNU names them.
const (
	delimNone = iota
	delimPrepend
	delimSeparate
	groupAppend
	groupBoth
)

var (
	delimitNames = []string{"none", "prepend", "separate"}
	delimitVals  = []int{delimNone, delimPrepend, delimSeparate}
	groupNames   = []string{"prepend", "append", "separate", "both"}
	groupVals    = []int{delimPrepend, groupAppend, delimSeparate, groupBoth}
)

// uniqSize reads a count of -f, -s or -w: decimal digits (an optional
// '+'), clamped at the largest int as GNU clamps at SIZE_MAX.
func uniqSize(v string) (int, bool) {
	d := strings.TrimPrefix(v, "+")
	if d == "" || strings.Trim(d, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(d, 10, 0)
	if err != nil {
		return math.MaxInt, true
	}
	return int(n), true
}

func runUniq(ctx context.Context, c *commands.Context) int {
	u := uniqCfg{width: -1, sep: '\n'}
	args, st, ok := uniqOpts.ParseChecked(c, c.Args[1:], func(res []opts.Result) (int, bool) {
		for _, r := range res {
			switch r.Key {
			case "c":
				u.count = true
			case "d":
				u.dups = true
			case "D":
				u.allDups = true
				if r.HasVal {
					var good bool
					if u.delimit, good = opts.ArgMatch(c, "--all-repeated", r.Val, delimitNames, delimitVals); !good {
						return 1, false
					}
				}
			case "group":
				u.group = delimSeparate
				if r.HasVal {
					var good bool
					if u.group, good = opts.ArgMatch(c, "--group", r.Val, groupNames, groupVals); !good {
						return 1, false
					}
				}
			case "i":
				u.icase = true
			case "u":
				u.uniques = true
			case "z":
				u.sep = 0
			case "f", "s", "w":
				n, ok := uniqSize(r.Val)
				if !ok {
					// GNU: the value as given, unquoted, and no usage hint.
					c.Errorf("%s: %s", r.Val, map[string]string{"f": "invalid number of fields to skip",
						"s": "invalid number of bytes to skip", "w": "invalid number of bytes to compare"}[r.Key])
					return 1, false
				}
				*map[string]*int{"f": &u.fields, "s": &u.chars, "w": &u.width}[r.Key] = n
			}
		}
		return 0, true
	})
	if !ok {
		return st
	}
	if u.group != delimNone && (u.count || u.dups || u.allDups || u.uniques) {
		return opts.UsageError(c, 1, "--group is mutually exclusive with -c/-d/-D/-u")
	}
	if u.count && u.allDups {
		return opts.UsageError(c, 1, "printing all duplicated lines and repeat counts is meaningless")
	}
	if len(args) > 2 {
		return opts.UsageError(c, 1, "extra operand %s", commands.QuoteArg(args[2]))
	}
	in := "-"
	if len(args) > 0 {
		in = args[0]
	}
	var w io.Writer = c.Stdout
	if len(args) == 2 && args[1] != "-" { // "-" is standard output, as in GNU uniq
		f, err := c.OpenWrite(args[1], os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
		if err != nil {
			c.Errorf("%s: %s", args[1], commands.ErrText(err))
			return 1
		}
		defer f.Close()
		w = f
	}
	r, err := c.OpenInput(in)
	if err != nil {
		c.Errorf("%s: %s", in, commands.ErrText(err))
		return 1
	}
	defer r.Close()
	return u.run(c, in, commands.NewCtxReader(ctx, r), w)
}

// key returns the compared part of line.
func (u *uniqCfg) key(line []byte) []byte {
	for f := 0; f < u.fields && len(line) > 0; f++ {
		i := 0
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		for i < len(line) && line[i] != ' ' && line[i] != '\t' {
			i++
		}
		line = line[i:]
	}
	line = line[min(u.chars, len(line)):]
	if u.width >= 0 && u.width < len(line) {
		line = line[:u.width]
	}
	return line
}

func (u *uniqCfg) same(a, b []byte) bool {
	ka, kb := u.key(a), u.key(b)
	if u.icase {
		return bytes.EqualFold(ka, kb)
	}
	return bytes.Equal(ka, kb)
}

func (u *uniqCfg) run(c *commands.Context, name string, r io.Reader, w io.Writer) int {
	out := commands.NewOut(w)
	var prev []byte
	have := false
	n := 0
	if u.group != delimNone {
		return u.runGroups(c, name, r, out)
	}
	first := true // no --all-repeated=separate delimiter before the first group
	emit := func(line []byte, count int) {
		if count > 1 {
			first = false
		}
		switch {
		case u.allDups:
			return
		case u.dups && count < 2, u.uniques && count > 1:
			return
		}
		if u.count {
			out.WriteString(padLeft(strconv.Itoa(count), 7))
			out.WriteByte(' ')
		}
		out.Write(line)
		out.WriteByte(u.sep)
	}
	err := commands.EachLineMax(commands.LineReader(r), u.sep, c.Limits.ReadMax(), func(line []byte, _ bool) bool {
		if have && u.same(prev, line) {
			n++
			if u.allDups {
				if n == 2 {
					if u.delimit == delimPrepend || u.delimit == delimSeparate && !first {
						out.WriteByte(u.sep)
					}
					out.Write(prev)
					out.WriteByte(u.sep)
				}
				out.Write(line)
				out.WriteByte(u.sep)
			}
			return true
		}
		if have {
			emit(prev, n)
		}
		prev = append(prev[:0], line...)
		have, n = true, 1
		return true
	})
	if have {
		emit(prev, n)
	}
	return u.finish(c, name, out, err)
}

// finish reports a read error or flushes the output.
func (u *uniqCfg) finish(c *commands.Context, name string, out *bufio.Writer, err error) int {
	if err != nil {
		if _, limit := c.LimitStatus(err); !limit {
			c.Errorf("error reading %s", commands.QuoteArg(name))
			return 1
		}
		c.Errorf("%s", commands.ErrText(err))
		return 1
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}

// runGroups is --group: every line, each group of equal ones set off by
// an empty line before it (prepend), after it (append), between groups
// (separate) or both, as GNU uniq's grouping loop does.
func (u *uniqCfg) runGroups(c *commands.Context, name string, r io.Reader, out *bufio.Writer) int {
	var prev []byte
	have, printed := false, false
	err := commands.EachLineMax(commands.LineReader(r), u.sep, c.Limits.ReadMax(), func(line []byte, _ bool) bool {
		if !have || !u.same(prev, line) {
			if u.group == delimPrepend || u.group == groupBoth || printed && (u.group == groupAppend || u.group == delimSeparate) {
				out.WriteByte(u.sep)
			}
		}
		out.Write(line)
		out.WriteByte(u.sep)
		prev = append(prev[:0], line...)
		have, printed = true, true
		return true
	})
	if printed && (u.group == groupAppend || u.group == groupBoth) {
		out.WriteByte(u.sep)
	}
	return u.finish(c, name, out, err)
}

func padLeft(s string, w int) string {
	for len(s) < w {
		s = " " + s
	}
	return s
}
