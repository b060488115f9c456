package commands

import (
	"bufio"
	"io"
)

func init() { register("tail", runTail) }

var tailOpts = optParser{opts: []opt{
	{short: 'n', long: "lines", arg: true},
	{short: 'c', long: "bytes", arg: true},
	{short: 'q', long: "quiet"},
	{long: "silent", key: "q"},
	{short: 'v', long: "verbose"},
	{short: 'z', long: "zero-terminated"},
	{short: 'f', long: "follow"},
	{short: 'F'},
	{short: 's', long: "sleep-interval", arg: true},
	{long: "pid", arg: true},
	{long: "retry"},
}, usage: 1, help: "Usage: tail [OPTION]... [FILE]...\nPrint the last 10 lines of each FILE to standard output.\n"}

// runTail prints the end of each input. -f is accepted but does not wait
// for growth: nothing else can write to a file while tail runs here.
func runTail(ctx contextT, c *Context) int {
	cfg, files, status, ok := parseHeadTail(c, &tailOpts, c.Args[1:], true)
	if !ok {
		return status
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
		return eachLine(lineReader(r), cfg.sep, func(line []byte, noEOL bool) bool {
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
	err := eachLine(lineReader(r), sep, func(line []byte, noEOL bool) bool {
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
