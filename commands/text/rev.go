package text

import (
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
	var buf []byte
	status := c.EachInput(ctx, args, func(name string, r io.Reader) bool {
		err := commands.EachLineMax(commands.LineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
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
			c.Errorf("%s: %s", name, commands.ErrText(err))
		}
		return true
	})
	return c.FinishOut(out, status)
}
