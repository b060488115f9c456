package sorting

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"bytes"
	"strconv"
	"strings"
)

var joinOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'a', Arg: true}, {Short: 'v', Arg: true},
	{Short: 'e', Arg: true}, {Short: 'i', Long: "ignore-case"},
	{Short: 'j', Arg: true}, {Short: '1', Arg: true}, {Short: '2', Arg: true},
	{Short: 'o', Arg: true}, {Short: 't', Arg: true},
	{Long: "check-order"}, {Long: "nocheck-order"}, {Long: "header"},
	{Short: 'z', Long: "zero-terminated"},
}, Usage: 1, Help: "Usage: join [OPTION]... FILE1 FILE2\nFor each pair of input lines with identical join fields, write a line to\nstandard output.\n"}

// joinSpec is one -o item: file 0 means the join field.
type joinSpec struct{ file, field int }

// joinRun is the configuration of one join invocation.
type joinRun struct {
	field      [2]int // 0-based join field per file
	unpaired   [2]bool
	onlyUnpair bool
	empty      string
	hasEmpty   bool
	fold       bool
	tab        int // -1: blanks
	format     []joinSpec
	auto       bool
	header     bool
	checkOrder bool
	noCheck    bool
	sep        byte
	names      [2]string
	disordered bool
	out        *bufio.Writer
	c          *commands.Context
	widths     [2]int
}

func runJoin(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := joinOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	j := &joinRun{tab: -1, sep: '\n', c: c}
	if st := j.options(res); st >= 0 {
		return st
	}
	switch {
	case len(files) == 0:
		return opts.UsageError(c, 1, "missing operand")
	case len(files) < 2:
		return opts.UsageError(c, 1, "missing operand after %s", commands.QuoteArg(c.Args[len(c.Args)-1])) // argv[argc-1]: join's getopt does not permute
	case len(files) > 2:
		return opts.UsageError(c, 1, "extra operand %s", commands.QuoteArg(files[2]))
	}
	var data [2][][]byte
	budget := c.NewLineBudget()
	for i, name := range files[:2] {
		r, err := c.OpenInput(name)
		if err != nil {
			c.Errorf("%s: %s", name, commands.ErrText(err))
			return 1
		}
		b, err := c.ReadAll(ctx, r)
		r.Close()
		if st, ok := c.LimitStatus(err); ok {
			return st
		}
		if err != nil {
			c.Errorf("read error: %s", commands.ErrText(err)) // GNU names no file
			return 1
		}
		if len(b) > 0 && b[len(b)-1] == j.sep {
			b = b[:len(b)-1]
		}
		if st, ok := c.LimitStatus(budget.Add(len(b), bytes.Count(b, []byte{j.sep})+1, 64)); ok {
			return st
		}
		if len(b) > 0 {
			data[i] = bytes.Split(b, []byte{j.sep})
		}
		j.names[i] = name
	}
	j.out = commands.NewOut(c.Stdout)
	j.merge(data[0], data[1])
	st := c.FinishOut(j.out, 0)
	if j.disordered && st == 0 {
		c.Errorf("input is not in sorted order")
		return 1
	}
	return st
}

func (j *joinRun) options(res []opts.Result) int {
	c := j.c
	for _, r := range res {
		switch r.Key {
		case "a", "v":
			n, err := strconv.Atoi(r.Val)
			if err != nil || n < 1 || n > 2 {
				c.Errorf("invalid field number: %s", commands.QuoteArg(r.Val)) // sic: GNU's wording
				return 1
			}
			j.unpaired[n-1] = true
			j.onlyUnpair = j.onlyUnpair || r.Key == "v"
		case "e":
			j.empty, j.hasEmpty = r.Val, true
		case "i":
			j.fold = true
		case "j", "1", "2":
			n, err := strconv.Atoi(r.Val)
			if err != nil || n < 1 {
				c.Errorf("invalid field number: %s", commands.QuoteArg(r.Val))
				return 1
			}
			if r.Key != "2" {
				j.field[0] = n - 1
			}
			if r.Key != "1" {
				j.field[1] = n - 1
			}
		case "o":
			if st := j.parseFormat(r.Val); st >= 0 {
				return st
			}
		case "t":
			switch {
			case r.Val == "":
				j.tab = '\n' // the whole line is the field
			case len(r.Val) > 1 && r.Val != `\0`:
				c.Errorf("multi-character tab %s", commands.QuoteArg(r.Val))
				return 1
			case r.Val == `\0`:
				j.tab = 0
			default:
				j.tab = int(r.Val[0])
			}
		case "header":
			j.header = true
		case "check-order":
			j.checkOrder = true
		case "nocheck-order":
			j.noCheck = true
		case "z":
			j.sep = 0
		}
	}
	return -1
}

func (j *joinRun) parseFormat(s string) int {
	if s == "auto" {
		j.auto = true
		return -1
	}
	for _, item := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		// GNU's decode_field_spec: the first byte picks the message.
		switch {
		case item == "0":
			j.format = append(j.format, joinSpec{})
			continue
		case item[0] == '0' || (item[0] == '1' || item[0] == '2') && (len(item) < 2 || item[1] != '.'):
			j.c.Errorf("invalid field specifier: %s", commands.QuoteArg(item))
			return 1
		case item[0] != '1' && item[0] != '2':
			j.c.Errorf("invalid file number in field spec: %s", commands.QuoteArg(item))
			return 1
		}
		f, n := item[:1], item[2:]
		num, err := strconv.Atoi(n)
		if err != nil || num < 1 || strings.Trim(n, "0123456789") != "" {
			j.c.Errorf("invalid field number: %s", commands.QuoteArg(n))
			return 1
		}
		j.format = append(j.format, joinSpec{file: int(f[0] - '0'), field: num - 1})
	}
	return -1
}

// fields splits a line: on the -t character, or on runs of blanks with
// leading blanks ignored.
func (j *joinRun) fields(line []byte) [][]byte {
	if j.tab >= 0 {
		if j.tab == '\n' {
			return [][]byte{line}
		}
		return bytes.Split(line, []byte{byte(j.tab)})
	}
	return bytes.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' })
}

func (j *joinRun) key(f [][]byte, file int) []byte {
	if j.field[file] < len(f) {
		return f[j.field[file]]
	}
	return nil
}

func (j *joinRun) cmp(a, b []byte) int {
	if j.fold {
		return bytes.Compare(bytes.ToLower(a), bytes.ToLower(b))
	}
	return bytes.Compare(a, b)
}
