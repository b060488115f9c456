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

// commRun is one comm: its options, its two readers and the order checks.
type commRun struct {
	c            *commands.Context
	names        []string
	rd           [2]*bufio.Reader
	out          *bufio.Writer
	hide         [4]bool
	delim        string
	sep          byte
	total, icase bool
	check        int // GNU's default 0; 1 --check-order, -1 --nocheck-order
	counts       [4]int
	prev         [2][]byte
	unpaired     bool
	disorder     [2]bool
	readErr      error
	errName      string
}

// runComm merges two sorted files into three columns: only in the first,
// only in the second, in both.
func runComm(ctx context.Context, c *commands.Context) int {
	res, args, st, ok := commOpts.Parse(c, c.Args[1:])
	if !ok {
		return st
	}
	m := &commRun{c: c, delim: "\t", sep: '\n', names: args}
	delimSet := false
	for _, r := range res {
		switch r.Key {
		case "1", "2", "3":
			m.hide[r.Key[0]-'0'] = true
		case "output-delimiter":
			if delimSet && r.Val != m.delim {
				c.Errorf("multiple output delimiters specified")
				return 1
			}
			m.delim, delimSet = r.Val, true
		case "z":
			m.sep = 0
		case "total":
			m.total = true
		case "i":
			m.icase = true
		case "check-order":
			m.check = 1
		case "nocheck-order":
			m.check = -1
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
	for i, name := range args {
		f, err := c.OpenInput(name)
		if err != nil {
			c.Errorf("%s: %s", name, commands.ErrText(err))
			return 1
		}
		defer f.Close()
		m.rd[i] = commands.LineReader(commands.NewCtxReader(ctx, f))
	}
	m.out = commands.NewOut(c.Stdout)
	return m.merge()
}

func (m *commRun) emit(col int, line []byte) {
	m.counts[col]++
	if m.hide[col] {
		return
	}
	for k := 1; k < col; k++ {
		if !m.hide[k] {
			m.out.WriteString(m.delim)
		}
	}
	m.out.Write(line)
	m.out.WriteByte(m.sep)
}

func (m *commRun) cmpLines(a, b []byte) int {
	if m.icase {
		return bytes.Compare(bytes.ToLower(a), bytes.ToLower(b))
	}
	return bytes.Compare(a, b)
}

// next reads file i's next line: ok is false at its end; goOn is false
// when --check-order found it out of order (fatal). GNU checks each file's
// order as it steps through it: always with --check-order, by default
// only once a line without a pair was seen (a warning per file, then a
// failure at the end).
func (m *commRun) next(i int) (line []byte, ok, goOn bool) {
	line, err := commands.ReadLine(m.rd[i], m.sep, m.c.Limits.ReadMax())
	if len(line) == 0 && err != nil {
		if err != io.EOF && m.readErr == nil {
			m.readErr, m.errName = err, m.names[i]
		}
		return nil, false, true
	}
	line = bytes.TrimSuffix(line, []byte{m.sep})
	if m.check >= 0 && (m.check > 0 || m.unpaired) && !m.disorder[i] && m.prev[i] != nil && m.cmpLines(m.prev[i], line) > 0 {
		m.c.Errorf("file %d is not in sorted order", i+1)
		m.disorder[i] = true
		if m.check > 0 {
			return nil, false, false
		}
	}
	m.prev[i] = append(m.prev[i][:0], line...)
	return line, true, true
}

// merge walks both files in step and prints the columns.
func (m *commRun) merge() int {
	c, out := m.c, m.out
	a, okA, goOn := m.next(0)
	b, okB, goOn2 := m.next(1)
	for goOn && goOn2 && m.readErr == nil && (okA || okB) {
		cmp := 0
		switch {
		case !okA:
			cmp = 1
		case !okB:
			cmp = -1
		default:
			cmp = m.cmpLines(a, b)
		}
		if cmp != 0 {
			m.unpaired = true
		}
		switch {
		case cmp < 0:
			m.emit(1, a)
			a, okA, goOn = m.next(0)
		case cmp > 0:
			m.emit(2, b)
			b, okB, goOn2 = m.next(1)
		default:
			m.emit(3, a)
			a, okA, goOn = m.next(0)
			b, okB, goOn2 = m.next(1)
		}
	}
	if !goOn || !goOn2 {
		out.Flush()
		return 1
	}
	if m.readErr != nil {
		out.Flush()
		c.Errorf("%s: %s", m.errName, commands.ErrText(m.readErr))
		return 1
	}
	if m.total {
		out.WriteString(commands.Itoa(m.counts[1]) + m.delim + commands.Itoa(m.counts[2]) + m.delim + commands.Itoa(m.counts[3]) + m.delim + "total")
		out.WriteByte(m.sep)
	}
	if m.disorder[0] || m.disorder[1] {
		out.Flush()
		c.Errorf("input is not in sorted order")
		return 1
	}
	return c.FinishOut(out, 0)
}
