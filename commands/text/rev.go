package text

import (
	"bytes"
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/locale"
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

// runRev reverses the characters of each line, as util-linux rev does:
// a line that is not text in the locale (a byte outside ASCII in C,
// invalid UTF-8 in a UTF-8 locale) ends that file with "NAME: N: Invalid
// or incomplete multibyte or wide character", N the lines done before.
func runRev(ctx context.Context, c *commands.Context) int {
	res, args, st, ok := (&opts.Parser{Usage: 1, Help: revHelp}).Parse(c, c.Args[1:])
	if !ok || len(res) > 0 {
		return st
	}
	if len(args) == 0 {
		args = []string{"-"}
	}
	utf8Loc := locale.UTF8(c.Getenv, true)
	out := commands.NewOut(c.Stdout)
	status := 0
	for _, name := range args {
		if ctx.Err() != nil {
			break
		}
		r, err := c.OpenInput(name)
		if err != nil {
			c.Errorf("cannot open %s: %s", name, commands.ErrText(err))
			status = 1
			continue
		}
		shown := name
		if name == "-" {
			shown = "stdin"
		}
		if !revFile(ctx, c, out, r, shown, utf8Loc) {
			status = 1
		}
		r.Close()
	}
	return c.FinishOut(out, status)
}

// revFile reverses the lines of one input; false after an error.
func revFile(ctx context.Context, c *commands.Context, out io.Writer, r io.Reader, name string, utf8Loc bool) bool {
	var buf, pending []byte
	done, bad := 0, false
	err := commands.EachLineMax(commands.LineReader(commands.NewCtxReader(ctx, r)), '\n', c.Limits.ReadMax(), func(line []byte, noEOL bool) bool {
		// util-linux rev reads lines as C strings: a NUL ends the text,
		// and what follows it, newline included, is lost, so the next
		// line joins on.
		if i := bytes.IndexByte(line, 0); i >= 0 {
			pending = append(pending, line[:i]...)
			return c.CheckString(int64(len(pending))) == nil
		}
		if len(pending) > 0 {
			line = append(pending, line...)
			pending = line[:0]
		}
		if !revText(line, utf8Loc) {
			bad = true
			return false
		}
		buf = revLine(buf[:0], line)
		out.Write(buf)
		if !noEOL {
			out.Write([]byte{'\n'})
		}
		done++
		return true
	})
	if err == nil && !bad {
		err = c.CheckString(int64(len(pending)))
	}
	switch {
	case bad:
		c.Errorf("%s: %d: Invalid or incomplete multibyte or wide character", name, done)
	case err != nil:
		c.Errorf("%s: %d: %s", name, done, commands.ErrText(err))
	case len(pending) > 0:
		out.Write(revLine(buf[:0], pending))
		return true
	}
	return !bad && err == nil
}

// revText says whether a line decodes in the locale.
func revText(line []byte, utf8Loc bool) bool {
	if utf8Loc {
		return utf8.Valid(line)
	}
	for _, b := range line {
		if b >= utf8.RuneSelf {
			return false
		}
	}
	return true
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
