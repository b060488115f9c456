package commands

import (
	"bufio"
	"io"
)

func init() { register("paste", runPaste) }

var pasteOpts = optParser{opts: []opt{
	{short: 'd', long: "delimiters", arg: true}, {short: 's', long: "serial"},
	{short: 'z', long: "zero-terminated"},
}, usage: 1, help: "Usage: paste [OPTION]... [FILE]...\n"}

func runPaste(ctx contextT, c *Context) int {
	res, args, st, ok := pasteOpts.parse(c, c.Args[1:])
	if !ok {
		return st
	}
	delims, serial, sep := []string{"\t"}, false, byte('\n')
	for _, r := range res {
		switch r.key {
		case "d":
			delims = pasteDelims(r.val)
		case "s":
			serial = true
		case "z":
			sep = 0
		}
	}
	if len(args) == 0 {
		args = []string{"-"}
	}
	out := newOut(c.Stdout)
	if serial {
		st := c.eachInput(ctx, args, func(name string, r io.Reader) bool {
			n, any := 0, false
			eachLineMax(lineReader(r), sep, c.Limits.ReadMax(), func(line []byte, _ bool) bool {
				if any {
					out.WriteString(delims[n%len(delims)])
					n++
				}
				out.Write(line)
				any = true
				return true
			})
			out.WriteByte(sep)
			return true
		})
		return c.finishOut(out, st)
	}
	return c.finishOut(out, pasteParallel(ctx, c, args, delims, sep, out))
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

func pasteParallel(ctx contextT, c *Context, args []string, delims []string, sep byte, out *bufio.Writer) int {
	status := 0
	readers := make([]*bufio.Reader, len(args))
	var stdin *bufio.Reader
	for i, name := range args {
		if name == "-" {
			if stdin == nil {
				stdin = lineReader(c.stdin())
			}
			readers[i] = stdin
			continue
		}
		f, err := c.OpenRead(name)
		if err != nil {
			c.Errorf("%s: %s", name, ErrText(err))
			return 1
		}
		defer f.Close()
		readers[i] = lineReader(ctxReader{ctx, f})
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
			line, err := readLine(r, sep, c.Limits.ReadMax())
			if len(line) > 0 {
				any = true
				if line[len(line)-1] == sep {
					line = line[:len(line)-1]
				}
				row = append(row, line...)
			}
			if err != nil {
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
