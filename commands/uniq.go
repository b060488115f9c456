package commands

import (
	"bytes"
	"io"
	"os"
	"strconv"
)

func init() { register("uniq", runUniq) }

var uniqOpts = optParser{opts: []opt{
	{short: 'c', long: "count"}, {short: 'd', long: "repeated"},
	{short: 'D', long: "all-repeated"}, {short: 'i', long: "ignore-case"},
	{short: 'u', long: "unique"}, {short: 'z', long: "zero-terminated"},
	{short: 'f', long: "skip-fields", arg: true}, {short: 's', long: "skip-chars", arg: true},
	{short: 'w', long: "check-chars", arg: true},
}, usage: 1, help: "Usage: uniq [OPTION]... [INPUT [OUTPUT]]\n"}

// uniqCfg selects which part of a line is compared and what is printed.
type uniqCfg struct {
	count, dups, allDups, uniques, icase bool
	fields, chars, width                 int
	sep                                  byte
}

func runUniq(ctx contextT, c *Context) int {
	res, args, st, ok := uniqOpts.parse(c, c.Args[1:])
	if !ok {
		return st
	}
	u := uniqCfg{width: -1, sep: '\n'}
	for _, r := range res {
		var err error
		switch r.key {
		case "c":
			u.count = true
		case "d":
			u.dups = true
		case "D":
			u.allDups = true
		case "i":
			u.icase = true
		case "u":
			u.uniques = true
		case "z":
			u.sep = 0
		case "f":
			u.fields, err = strconv.Atoi(r.val)
		case "s":
			u.chars, err = strconv.Atoi(r.val)
		case "w":
			u.width, err = strconv.Atoi(r.val)
		}
		if err != nil {
			return c.usageError(1, "%s: invalid number of bytes to compare", quoteArg(r.val))
		}
	}
	if u.count && u.allDups {
		return c.usageError(1, "printing all duplicated lines and repeat counts is meaningless")
	}
	if len(args) > 2 {
		return c.usageError(1, "extra operand %s", quoteArg(args[2]))
	}
	in := "-"
	if len(args) > 0 {
		in = args[0]
	}
	var w io.Writer = c.Stdout
	if len(args) == 2 && args[1] != "-" { // "-" is standard output, as in GNU uniq
		f, err := c.OpenWrite(args[1], os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
		if err != nil {
			c.Errorf("%s: %s", args[1], ErrText(err))
			return 1
		}
		defer f.Close()
		w = f
	}
	r, err := c.openInput(in)
	if err != nil {
		c.Errorf("%s: %s", in, ErrText(err))
		return 1
	}
	defer r.Close()
	return u.run(c, ctxReader{ctx, r}, w)
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

func (u *uniqCfg) run(c *Context, r io.Reader, w io.Writer) int {
	out := newOut(w)
	var prev []byte
	have := false
	n := 0
	emit := func(line []byte, count int) {
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
	err := eachLineMax(lineReader(r), u.sep, c.Limits.ReadMax(), func(line []byte, _ bool) bool {
		if have && u.same(prev, line) {
			n++
			if u.allDups {
				if n == 2 {
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
	if err != nil {
		c.Errorf("%s", ErrText(err))
		return 1
	}
	if err := out.Flush(); err != nil {
		return c.writeFailure(err)
	}
	return 0
}

func padLeft(s string, w int) string {
	for len(s) < w {
		s = " " + s
	}
	return s
}
