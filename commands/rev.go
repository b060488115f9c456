package commands

import (
	"bytes"
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
	var buf, pending []byte
	status := c.eachInput(ctx, args, func(name string, r io.Reader) bool {
		pending = pending[:0]
		err := eachLineMax(lineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
			// util-linux rev reads lines as C strings: a NUL ends the
			// text, and what follows it, newline included, is lost, so
			// the next line joins on.
			if i := bytes.IndexByte(line, 0); i >= 0 {
				pending = append(pending, line[:i]...)
				return c.CheckString(int64(len(pending))) == nil
			}
			if len(pending) > 0 {
				line = append(pending, line...)
				pending = line[:0]
			}
			buf = revLine(buf[:0], line)
			out.Write(buf)
			if !noEOL {
				out.WriteByte('\n')
			}
			return true
		})
		if err == nil {
			err = c.CheckString(int64(len(pending)))
		}
		if err != nil {
			c.Errorf("%s: %s", name, ErrText(err))
		} else if len(pending) > 0 {
			out.Write(revLine(buf[:0], pending))
		}
		return true
	})
	return c.finishOut(out, status)
}

// revLine appends line reversed by characters to buf.
func revLine(buf, line []byte) []byte {
	for i := len(line); i > 0; {
		_, n := utf8.DecodeLastRune(line[:i])
		buf = append(buf, line[i-n:i]...)
		i -= n
	}
	return buf
}
