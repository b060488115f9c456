package dump

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/ascii"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"fmt"
	"io"
	"strconv"
)

var stringsOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'a', Long: "all"}, {Short: 'd', Long: "data"},
	{Short: 'f', Long: "print-file-name"},
	{Short: 'n', Long: "bytes", Arg: true},
	{Short: 't', Long: "radix", Arg: true},
	{Short: 'o'},
	{Short: 'e', Long: "encoding", Arg: true},
	{Short: 's', Long: "output-separator", Arg: true},
	{Short: 'w', Long: "include-all-whitespace"},
}, Usage: 1, Help: "Usage: strings [option(s)] [file(s)]\n Display printable strings in [file(s)] (stdin by default)\n"}

// stringsRun is the configuration of one strings invocation.
type stringsRun struct {
	min      int
	radix    byte // 0, 'o', 'd' or 'x'
	names    bool
	eightBit bool
	allWS    bool
	sep      string
}

func runStrings(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := stringsOpts.Parse(c, legacyStringsLen(c.Args[1:]))
	if !ok {
		return status
	}
	s := &stringsRun{min: 4, sep: "\n"}
	for _, r := range res {
		switch r.Key {
		case "n":
			n, err := strconv.Atoi(r.Val)
			if err != nil || n <= 0 {
				c.Errorf("invalid minimum string length %s", r.Val)
				return 1
			}
			s.min = n
		case "t":
			if len(r.Val) != 1 || (r.Val[0] != 'o' && r.Val[0] != 'd' && r.Val[0] != 'x') {
				c.Errorf("invalid radix")
				return 1
			}
			s.radix = r.Val[0]
		case "o":
			s.radix = 'o'
		case "f":
			s.names = true
		case "e":
			s.eightBit = r.Val == "S"
		case "s":
			s.sep = r.Val
		case "w":
			s.allWS = true
		}
	}
	out := commands.NewOut(c.Stdout)
	st := c.EachInput(ctx, files, func(name string, r io.Reader) bool {
		if name == "-" {
			name = "{standard input}"
		}
		if err := s.scan(out, name, r); err != nil {
			c.Errorf("%s: %s", name, commands.ErrText(err))
			status = 1
		}
		return true
	})
	return c.FinishOut(out, max(st, status))
}

// legacyStringsLen turns "-8" into "-n 8".
func legacyStringsLen(args []string) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' && ascii.IsDigit(a[1]) {
			out = append(out, "-n", a[1:])
			continue
		}
		out = append(out, a)
	}
	return out
}

func (s *stringsRun) printable(b byte) bool {
	switch {
	case b >= 0x20 && b < 0x7f, b == '\t':
		return true
	case s.allWS && (b == '\n' || b == '\r' || b == '\v' || b == '\f'):
		return true
	}
	return s.eightBit && b >= 0x80
}

// scan streams r, printing each run of at least min printable bytes.
func (s *stringsRun) scan(out *bufio.Writer, name string, r io.Reader) error {
	br := bufio.NewReaderSize(r, 64*1024)
	var run []byte
	var off, start int64
	flush := func() {
		if len(run) >= s.min {
			if s.names {
				out.WriteString(name + ": ")
			}
			switch s.radix {
			case 'o':
				fmt.Fprintf(out, "%7o ", start)
			case 'd':
				fmt.Fprintf(out, "%7d ", start)
			case 'x':
				fmt.Fprintf(out, "%7x ", start)
			}
			out.Write(run)
			out.WriteString(s.sep)
		}
		run = run[:0]
	}
	for {
		b, err := br.ReadByte()
		if err == io.EOF {
			flush()
			return nil
		}
		if err != nil {
			return err
		}
		if s.printable(b) {
			if len(run) == 0 {
				start = off
			}
			run = append(run, b)
		} else {
			flush()
		}
		off++
	}
}
