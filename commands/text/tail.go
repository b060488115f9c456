package text

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"io"
)

var tailOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'n', Long: "lines", Arg: true},
	{Short: 'c', Long: "bytes", Arg: true},
	{Short: 'q', Long: "quiet"},
	{Long: "silent", Key: "q"},
	{Short: 'v', Long: "verbose"},
	{Short: 'z', Long: "zero-terminated"},
	{Short: 'f', Long: "follow"},
	{Short: 'F'},
	{Short: 's', Long: "sleep-interval", Arg: true},
	{Long: "pid", Arg: true},
	{Long: "retry"},
}, Usage: 1, Help: "Usage: tail [OPTION]... [FILE]...\nPrint the last 10 lines of each FILE to standard output.\n"}

// runTail prints the end of each input. -f is accepted but does not wait
// for growth: nothing else can write to a file while tail runs here.
func runTail(ctx context.Context, c *commands.Context) int {
	if a := c.Args[1:]; len(a) > 2 && len(a[0]) > 1 && a[0][0] == '-' && a[0][1] >= '0' && a[0][1] <= '9' {
		// Not the obsolete form (more than one file): GNU tail's getopt
		// knows the digits only as that form's.
		c.Errorf("option used in invalid context -- %c", a[0][1])
		return 1
	}
	cfg, files, status, ok := parseHeadTail(c, &tailOpts, c.Args[1:], true)
	if !ok {
		return status
	}
	if cfg.n == 0 && cfg.sign != '+' {
		// GNU tail reads nothing (opens nothing) when it will print nothing.
		return 0
	}
	return runPerFile(ctx, c, cfg, files, cfg.tail)
}

func (cfg *headTailCfg) tail(out *bufio.Writer, r io.Reader) error {
	switch {
	case cfg.sign == '+' && cfg.bytes:
		if cfg.n > 1 {
			if _, err := io.CopyN(io.Discard, r, cfg.n-1); err != nil {
				if err == io.EOF {
					return nil
				}
				return err
			}
		}
		_, err := io.Copy(out, r)
		return err
	case cfg.sign == '+':
		var k int64
		return commands.EachLine(commands.LineReader(r), cfg.sep, func(line []byte, noEOL bool) bool {
			k++
			if k >= cfg.n {
				out.Write(line)
				if !noEOL {
					out.WriteByte(cfg.sep)
				}
			}
			return true
		})
	case cfg.bytes:
		return lastBytes(out, r, cfg.n)
	}
	return lastLines(out, r, cfg.n, cfg.sep)
}

// lastLines keeps a ring of the last n lines.
func lastLines(out *bufio.Writer, r io.Reader, n int64, sep byte) error {
	if n == 0 {
		_, err := io.Copy(io.Discard, r)
		return err
	}
	var ring [][]byte
	pos := 0
	err := commands.EachLine(commands.LineReader(r), sep, func(line []byte, noEOL bool) bool {
		l := append([]byte(nil), line...)
		if !noEOL {
			l = append(l, sep)
		}
		if int64(len(ring)) < n {
			ring = append(ring, l)
		} else {
			ring[pos] = l
			pos = (pos + 1) % len(ring)
		}
		return true
	})
	for i := range ring {
		out.Write(ring[(pos+i)%len(ring)])
	}
	return err
}

func lastBytes(out *bufio.Writer, r io.Reader, n int64) error {
	var held []byte
	buf := make([]byte, 32*1024)
	for {
		k, err := r.Read(buf)
		held = append(held, buf[:k]...)
		if int64(len(held)) > n {
			held = append(held[:0], held[int64(len(held))-n:]...)
		}
		if err == io.EOF {
			out.Write(held)
			return nil
		}
		if err != nil {
			return err
		}
	}
}
