package text

import (
	"bytes"
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"io"
	"unicode/utf8"
)

const revHelp = `Usage: rev [options] [file ...]

Reverse lines characterwise.

Options:
 -h, --help     display this help
 -V, --version  display version
`

// runRev reverses the characters of each line; invalid UTF-8 bytes are
// kept as single units.
func runRev(ctx context.Context, c *commands.Context) int {
	res, args, st, ok := (&opts.Parser{Usage: 1, Help: revHelp}).Parse(c, c.Args[1:])
	if !ok || len(res) > 0 {
		return st
	}
	out := commands.NewOut(c.Stdout)
	var buf, pending []byte
	status := c.EachInputPlain(ctx, args, func(name string, r io.Reader) bool {
		pending = pending[:0]
		err := commands.EachLineMax(commands.LineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
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
			c.Errorf("%s: %s", name, commands.ErrText(err))
		} else if len(pending) > 0 {
			out.Write(revLine(buf[:0], pending))
		}
		return true
	})
	return c.FinishOut(out, status)
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
