package commands

import (
	"io"
	"unicode/utf8"
)

func init() { register("rev", runRev) }

// runRev reverses the characters of each line; invalid UTF-8 bytes are
// kept as single units.
func runRev(ctx contextT, c *Context) int {
	res, args, st, ok := (&optParser{usage: 1}).parse(c, c.Args[1:])
	if !ok || len(res) > 0 {
		return st
	}
	out := newOut(c.Stdout)
	var buf []byte
	status := c.eachInput(ctx, args, func(name string, r io.Reader) bool {
		err := eachLineMax(lineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
			buf = buf[:0]
			for i := len(line); i > 0; {
				_, n := utf8.DecodeLastRune(line[:i])
				buf = append(buf, line[i-n:i]...)
				i -= n
			}
			out.Write(buf)
			if !noEOL {
				out.WriteByte('\n')
			}
			return true
		})
		if err != nil {
			c.Errorf("%s: %s", name, ErrText(err))
		}
		return true
	})
	return c.finishOut(out, status)
}
