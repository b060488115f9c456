package text

import (
	"context"
	"github.com/justbash/justbash/commands/internal/quote"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/closein"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"io"
)

var pasteOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'd', Long: "delimiters", Arg: true}, {Short: 's', Long: "serial"},
	{Short: 'z', Long: "zero-terminated"},
}, Usage: 1, Help: "Usage: paste [OPTION]... [FILE]...\n"}

func runPaste(ctx context.Context, c *commands.Context) int {
	res, args, st, ok := pasteOpts.Parse(c, c.Args[1:])
	if !ok {
		return st
	}
	delims, serial, sep := []string{"\t"}, false, byte('\n')
	var list *string
	for _, r := range res {
		switch r.Key {
		case "d":
			list = &r.Val // the last -d is the one GNU checks and uses
		case "s":
			serial = true
		case "z":
			sep = 0
		}
	}
	if list != nil {
		if n := len(*list) - len(strings.TrimRight(*list, `\`)); n%2 == 1 {
			c.Errorf("delimiter list ends with an unescaped backslash: %s", *list)
			return 1
		}
		delims = pasteDelims(*list)
	}
	if len(args) == 0 {
		args = []string{"-"}
	}
	out := commands.NewOut(c.Stdout)
	if serial {
		st := closein.EachInput(ctx, c, args, func(name string, r io.Reader) error {
			n, any := 0, false
			err := commands.EachLineMax(commands.LineReader(r), sep, c.Limits.ReadMax(), func(line []byte, _ bool) bool {
				if any {
					out.WriteString(delims[n%len(delims)])
					n++
				}
				out.Write(line)
				any = true
				return true
			})
			out.WriteByte(sep)
			return err
		})
		return c.FinishOut(out, st)
	}
	return c.FinishOut(out, pasteParallel(ctx, c, args, delims, sep, out))
}

// pasteDelims expands the -d list: \n \t \\ and \0 (no delimiter).
func pasteDelims(s string) []string {
	var ds []string
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 'n':
				ds = append(ds, "\n")
			case 't':
				ds = append(ds, "\t")
			case '0':
				ds = append(ds, "")
			default:
				ds = append(ds, string(s[i]))
			}
			continue
		}
		ds = append(ds, string(s[i]))
	}
	if len(ds) == 0 {
		ds = []string{""}
	}
	return ds
}

func pasteParallel(ctx context.Context, c *commands.Context, args []string, delims []string, sep byte, out *bufio.Writer) (status int) {
	var closed closein.Tracker
	defer func() {
		if closed.Report(c, closein.Dash) {
			status = 1
		}
	}()
	readers := make([]*bufio.Reader, len(args))
	var stdin *bufio.Reader
	for i, name := range args {
		if name == "-" {
			if stdin == nil {
				stdin = commands.LineReader(c.In())
			}
			readers[i] = stdin
			continue
		}
		f, err := c.OpenRead(name)
		if err != nil {
			c.Errorf("%s: %s", quote.Name(name), commands.ErrText(err))
			return 1
		}
		defer f.Close()
		readers[i] = commands.LineReader(commands.NewCtxReader(ctx, f))
	}
	for ctx.Err() == nil {
		any := false
		var row []byte
		for i, r := range readers {
			if i > 0 {
				row = append(row, delims[(i-1)%len(delims)]...)
			}
			if r == nil {
				continue
			}
			line, err := commands.ReadLine(r, sep, c.Limits.ReadMax())
			if len(line) > 0 {
				any = true
				if line[len(line)-1] == sep {
					line = line[:len(line)-1]
				}
				row = append(row, line...)
			}
			if err != nil {
				if err != io.EOF && ctx.Err() == nil {
					c.Errorf("%s: %s", args[i], commands.ErrText(err))
					closed.Note(args[i], err)
					status = 1
				}
				readers[i] = nil
			}
		}
		if !any {
			break
		}
		out.Write(row)
		out.WriteByte(sep)
	}
	return status
}
