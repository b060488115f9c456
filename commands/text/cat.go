package text

import (
	"context"
	"github.com/justbash/justbash/commands/internal/quote"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/closein"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"fmt"
	"io"
)

// catOpts: long options in GNU's order, which its "ambiguous" message
// lists.
var catOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'b', Long: "number-nonblank"},
	{Short: 'n', Long: "number"},
	{Short: 's', Long: "squeeze-blank"},
	{Short: 'v', Long: "show-nonprinting"},
	{Short: 'E', Long: "show-ends"},
	{Short: 'T', Long: "show-tabs"},
	{Short: 'A', Long: "show-all"},
	{Short: 'e'},
	{Short: 't'},
	{Short: 'u'},
}, Usage: 1, Help: "Usage: cat [OPTION]... [FILE]...\nConcatenate FILE(s) to standard output.\n"}

// catMode holds the line-oriented options; its zero value is plain copying.
type catMode struct {
	number, nonblank, ends, squeeze, tabs, nonprint bool
	line                                            int
	prevBlank                                       bool
	// midLine is set when the previous file ended without a newline: the
	// next file's first line continues it and gets no number.
	midLine bool
}

func (m *catMode) plain() bool {
	return !m.number && !m.nonblank && !m.ends && !m.squeeze && !m.tabs && !m.nonprint
}

func runCat(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := catOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	m := &catMode{}
	for _, r := range res {
		switch r.Key {
		case "A":
			m.nonprint, m.ends, m.tabs = true, true, true
		case "b":
			m.nonblank = true
		case "e":
			m.nonprint, m.ends = true, true
		case "E":
			m.ends = true
		case "n":
			m.number = true
		case "s":
			m.squeeze = true
		case "t":
			m.nonprint, m.tabs = true, true
		case "T":
			m.tabs = true
		case "v":
			m.nonprint = true
		}
	}
	out := commands.NewOut(c.Stdout)
	writeFailed := false
	var closed closein.Tracker
	st := c.EachInput(ctx, files, func(name string, r io.Reader) bool {
		var err error
		if m.plain() {
			// Copy chunk by chunk, unbuffered, so a pipeline sees data
			// as soon as it arrives.
			if _, err = io.Copy(plainWriter{c.Stdout, &writeFailed}, r); writeFailed {
				status = c.WriteFailure(err)
				return false
			}
		} else {
			err = m.copy(out, r)
		}
		if out.Flush() != nil {
			writeFailed = true
			return false
		}
		if err != nil && ctx.Err() == nil {
			c.Errorf("%s: %s", quote.Name(name), commands.ErrText(err))
			status = 1
			// GNU cat closes a standard input it read before it exits;
			// a closed descriptor fails that too, and cat says so last.
			closed.Note(name, err)
		}
		return ctx.Err() == nil
	})
	defer closed.Report(c, closein.Closing)
	if writeFailed {
		if err := out.Flush(); err != nil {
			return c.WriteFailure(err)
		}
		return status
	}
	return max(st, status)
}

// copy is the line-by-line path used when any formatting option is on.
func (m *catMode) copy(out *bufio.Writer, r io.Reader) error {
	return commands.EachLine(commands.LineReader(r), '\n', func(line []byte, noEOL bool) bool {
		cont := m.midLine
		m.midLine = noEOL
		blank := len(line) == 0 && !cont
		if m.squeeze && blank && m.prevBlank {
			return true
		}
		m.prevBlank = blank
		if !cont && (m.nonblank && !blank || m.number && !m.nonblank) {
			m.line++
			fmt.Fprintf(out, "%6d\t", m.line)
		}
		if m.ends && !noEOL && !m.nonprint && len(line) > 0 && line[len(line)-1] == '\r' {
			// GNU cat -E shows a CR that ends a line as ^M, before the $.
			m.writeLine(out, line[:len(line)-1])
			out.WriteString("^M")
		} else {
			m.writeLine(out, line)
		}
		if !noEOL {
			if m.ends {
				out.WriteByte('$')
			}
			out.WriteByte('\n')
		}
		return true
	})
}

func (m *catMode) writeLine(out *bufio.Writer, line []byte) {
	if !m.nonprint && !m.tabs {
		out.Write(line)
		return
	}
	for _, ch := range line {
		switch {
		case ch == '\t':
			if m.tabs {
				out.WriteString("^I")
			} else {
				out.WriteByte(ch)
			}
		case !m.nonprint:
			out.WriteByte(ch)
		default:
			writeVisible(out, ch)
		}
	}
}

// writeVisible prints a byte in cat -v notation (^X, M-X, ^?).
func writeVisible(out *bufio.Writer, ch byte) {
	if ch >= 128 {
		out.WriteString("M-")
		ch -= 128
	}
	switch {
	case ch < 32:
		out.WriteByte('^')
		out.WriteByte(ch + 64)
	case ch == 127:
		out.WriteString("^?")
	default:
		out.WriteByte(ch)
	}
}

// plainWriter records that the failure came from the output side, so a
// closed pipe is not reported as a read error.
type plainWriter struct {
	w      io.Writer
	failed *bool
}

func (p plainWriter) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	if err != nil {
		*p.failed = true
	}
	return n, err
}
