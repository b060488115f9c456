package dump

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

var hexdumpOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'C', Long: "canonical"},
	{Short: 'n', Long: "length", Arg: true},
	{Short: 's', Long: "skip", Arg: true},
	{Short: 'v', Long: "no-squeezing"},
	{Short: 'x', Long: "two-bytes-hex"},
	{Short: 'c', Long: "one-byte-char"},
	{Short: 'b', Long: "one-byte-octal"},
	{Short: 'd', Long: "two-bytes-decimal"},
	{Short: 'o', Long: "two-bytes-octal"},
}, Usage: 1, Help: "Usage:\n hexdump [options] <file>...\n\nDisplay file contents in hexadecimal, decimal, octal, or ascii.\n"}

func runHexdump(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := hexdumpOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	canonical := c.Name() == "hd"
	squeeze := true
	var skip, limit int64 = 0, -1
	format := ""
	for _, r := range res {
		switch r.Key {
		case "C":
			canonical = true
		case "v":
			squeeze = false
		case "n", "s":
			n, err := parseOdCount(r.Val)
			if err != nil {
				c.Errorf("invalid %s argument: '%s'", map[string]string{"n": "length", "s": "skip"}[r.Key], r.Val)
				return 1
			}
			if r.Key == "n" {
				limit = n
			} else {
				skip = n
			}
		default:
			format = r.Key
		}
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	var readers []io.Reader
	for _, name := range files {
		r, err := c.OpenInput(name)
		if err != nil {
			c.Errorf("%s: %s", name, commands.ErrText(err))
			status = 1
			continue
		}
		defer r.Close()
		readers = append(readers, commands.NewCtxReader(ctx, r))
	}
	if len(readers) == 0 {
		c.Errorf("all input file arguments failed")
		return 1
	}
	in := io.MultiReader(readers...)
	if skip > 0 {
		io.CopyN(io.Discard, in, skip)
	}
	if limit >= 0 {
		in = io.LimitReader(in, limit)
	}
	out := commands.NewOut(c.Stdout)
	if err := hexdumpStream(out, in, skip, canonical, squeeze, format); err != nil && ctx.Err() == nil {
		c.Errorf("%s", commands.ErrText(err))
		status = 1
	}
	return c.FinishOut(out, status)
}

// hexdumpStream prints 16-byte lines, replacing runs of identical lines
// with "*" unless -v.
func hexdumpStream(out *bufio.Writer, r io.Reader, off int64, canonical, squeeze bool, format string) error {
	buf := make([]byte, 16)
	var prev []byte
	starred := false
	total := off
	for {
		n, err := io.ReadFull(r, buf)
		if n > 0 {
			line := buf[:n]
			if squeeze && n == 16 && prev != nil && bytes.Equal(prev, line) {
				if !starred {
					out.WriteString("*\n")
					starred = true
				}
			} else {
				starred = false
				hexdumpLine(out, total, line, canonical, format)
			}
			prev = append(prev[:0], line...)
			total += int64(n)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return err
		}
	}
	if total > off || total > 0 {
		if canonical {
			fmt.Fprintf(out, "%08x\n", total)
		} else {
			fmt.Fprintf(out, "%07x\n", total)
		}
	}
	return nil
}

func hexdumpLine(out *bufio.Writer, off int64, line []byte, canonical bool, format string) {
	if canonical {
		var h strings.Builder
		for i, b := range line {
			fmt.Fprintf(&h, "%02x ", b)
			if i == 7 {
				h.WriteByte(' ')
			}
		}
		fmt.Fprintf(out, "%08x  %-49s |", off, h.String())
		for _, b := range line {
			if b >= 0x20 && b < 0x7f {
				out.WriteByte(b)
			} else {
				out.WriteByte('.')
			}
		}
		out.WriteString("|\n")
		return
	}
	fmt.Fprintf(out, "%07x", off)
	switch format {
	case "c", "b":
		for _, b := range line {
			if format == "b" {
				fmt.Fprintf(out, " %03o", b)
			} else {
				fmt.Fprintf(out, " %3s", hexdumpChar(b))
			}
		}
		fmt.Fprintf(out, "%s\n", strings.Repeat(" ", 4*(16-len(line))))
		return
	}
	padded := append(append([]byte(nil), line...), 0)
	words := (len(line) + 1) / 2
	for i := 0; i < words; i++ {
		v := uint16(padded[2*i]) | uint16(padded[2*i+1])<<8
		switch format {
		case "d":
			fmt.Fprintf(out, "   %05d", v)
		case "o":
			fmt.Fprintf(out, "  %06o", v)
		case "x":
			fmt.Fprintf(out, "    %04x", v)
		default:
			fmt.Fprintf(out, " %04x", v)
		}
	}
	w := 5
	if format != "" {
		w = 8
	}
	fmt.Fprintf(out, "%s\n", strings.Repeat(" ", w*(8-words)))
}

func hexdumpChar(b byte) string {
	if s := odChar(b); len(s) != 3 || b < 0x20 || b >= 0x7f {
		return s
	}
	return string(rune(b))
}
