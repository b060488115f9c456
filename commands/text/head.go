package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/closein"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"fmt"
	"io"
	"strings"
)

var headOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'n', Long: "lines", Arg: true},
	{Short: 'c', Long: "bytes", Arg: true},
	{Short: 'q', Long: "quiet"},
	{Long: "silent", Key: "q"},
	{Short: 'v', Long: "verbose"},
	{Short: 'z', Long: "zero-terminated"},
}, Usage: 1, Help: "Usage: head [OPTION]... [FILE]...\nPrint the first 10 lines of each FILE to standard output.\n"}

// headTailCfg is what head and tail share.
type headTailCfg struct {
	n       int64
	sign    byte
	bytes   bool
	headers bool
	sep     byte
}

// parseHeadTail reads the options common to head and tail.
func parseHeadTail(c *commands.Context, p *opts.Parser, args []string, plus bool) (*headTailCfg, []string, int, bool) {
	cfg := &headTailCfg{n: 10, sep: '\n'}
	verbose, quiet := false, false
	files, status, ok := p.ParseChecked(c, legacyCount(args, plus), func(res []opts.Result) (int, bool) {
		return cfg.apply(c, res, &verbose, &quiet)
	})
	if !ok {
		return nil, nil, status, false
	}
	cfg.headers = verbose || !quiet && len(files) > 1
	return cfg, files, 0, true
}

// apply reads head's and tail's options in order; a bad count stops it
// with GNU's message.
func (h *headTailCfg) apply(c *commands.Context, res []opts.Result, verbose, quiet *bool) (int, bool) {
	for _, r := range res {
		switch r.Key {
		case "n", "c":
			n, sign, ok, err := parseCount(r.Val)
			if !ok {
				what := "lines"
				if r.Key == "c" {
					what = "bytes"
				}
				num := r.Val
				if err != nil {
					// GNU names the number without a minus sign, and why.
					num = strings.TrimPrefix(num, "-")
					c.Errorf("invalid number of %s: %s: %s", what, commands.QuoteArg(num), err)
				} else {
					c.Errorf("invalid number of %s: %s", what, commands.QuoteArg(r.Val))
				}
				return 1, false
			}
			h.n, h.sign, h.bytes = n, sign, r.Key == "c"
		case "q":
			*quiet, *verbose = true, false
		case "v":
			*verbose, *quiet = true, false
		case "z":
			h.sep = 0
		}
	}
	return 0, true
}

func runHead(ctx context.Context, c *commands.Context) int {
	cfg, files, status, ok := parseHeadTail(c, &headOpts, c.Args[1:], false)
	if !ok {
		return status
	}
	return runPerFile(ctx, c, cfg, files, cfg.head)
}

// runPerFile opens each input with head/tail messages and headers.
func runPerFile(ctx context.Context, c *commands.Context, cfg *headTailCfg, files []string, fn func(out *bufio.Writer, r io.Reader) error) int {
	if len(files) == 0 {
		files = []string{"-"}
	}
	out := commands.NewOut(c.Stdout)
	status := 0
	var closed closein.Tracker
	shown := false // a header was printed: later ones get a blank line
	for _, name := range files {
		if ctx.Err() != nil {
			return 1
		}
		r, err := c.OpenInput(name)
		if err != nil {
			c.Errorf("cannot open '%s' for reading: %s", name, commands.ErrText(err))
			status = 1
			continue
		}
		if cfg.headers {
			if shown {
				out.WriteString("\n")
			}
			shown = true
			shown := name
			if name == "-" {
				shown = "standard input"
			}
			fmt.Fprintf(out, "==> %s <==\n", shown)
		}
		err = fn(out, commands.NewCtxReader(ctx, r))
		r.Close()
		if werr := out.Flush(); werr != nil {
			return c.WriteFailure(werr)
		}
		if err != nil && ctx.Err() == nil {
			if closein.Closed(name, err) && c.Name() == "tail" {
				// GNU tail fstats its input before reading it.
				c.Errorf("cannot fstat '%s': %s", closein.Name(name), commands.ErrText(err))
			} else {
				c.Errorf("error reading '%s': %s", closein.Name(name), commands.ErrText(err))
			}
			closed.Note(name, err)
			status = 1
		}
	}
	if closed.Report(c, closein.Dash) {
		status = 1
	}
	return status
}

func (cfg *headTailCfg) head(out *bufio.Writer, r io.Reader) error {
	switch {
	case cfg.bytes && cfg.sign != '-':
		_, err := io.CopyN(out, r, cfg.n)
		if err == io.EOF {
			err = nil
		}
		return err
	case cfg.bytes:
		return dropLastBytes(out, r, cfg.n)
	case cfg.sign != '-':
		left := cfg.n
		if left == 0 {
			return nil
		}
		return commands.EachLine(commands.LineReader(r), cfg.sep, func(line []byte, noEOL bool) bool {
			out.Write(line)
			if !noEOL {
				out.WriteByte(cfg.sep)
			}
			left--
			return left > 0
		})
	}
	return dropLastLines(out, r, cfg.n, cfg.sep)
}

// dropLastLines prints all but the last n lines, keeping only n in memory.
func dropLastLines(out *bufio.Writer, r io.Reader, n int64, sep byte) error {
	var ring [][]byte
	pos := 0
	return commands.EachLine(commands.LineReader(r), sep, func(line []byte, noEOL bool) bool {
		l := append([]byte(nil), line...)
		if !noEOL {
			l = append(l, sep)
		}
		if n == 0 {
			out.Write(l)
			return true
		}
		if int64(len(ring)) < n {
			ring = append(ring, l)
			return true
		}
		out.Write(ring[pos])
		ring[pos] = l
		pos = (pos + 1) % len(ring)
		return true
	})
}

// dropLastBytes prints all but the last n bytes.
func dropLastBytes(out *bufio.Writer, r io.Reader, n int64) error {
	var held []byte
	buf := make([]byte, 32*1024)
	for {
		k, err := r.Read(buf)
		held = append(held, buf[:k]...)
		if int64(len(held)) > n {
			cut := int64(len(held)) - n
			out.Write(held[:cut])
			held = append(held[:0], held[cut:]...)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
