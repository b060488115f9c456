package dump

import (
	"context"
	"github.com/justbash/justbash/commands/internal/quote"
	"io"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"bytes"
	"encoding/base32"
	"encoding/base64"
	"strconv"
)

var baseOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'd', Long: "decode"}, {Short: 'i', Long: "ignore-garbage"},
	{Short: 'w', Long: "wrap", Arg: true},
}, Usage: 1}

// baseHelp is GNU's --help of base64 and base32.
func baseHelp(name string) string {
	enc := strings.ToUpper(strings.TrimPrefix(name, "base"))
	return "Usage: " + name + ` [OPTION]... [FILE]
Base` + enc + ` encode or decode FILE, or standard input, to standard output.

With no FILE, or when FILE is -, read standard input.

  -d, --decode          decode data
  -i, --ignore-garbage  when decoding, ignore non-alphabet characters
  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
                          Use 0 to disable line wrapping
      --help        display this help and exit
      --version     output version information and exit
`
}

// runBaseN is base64 and base32: encode with line wrapping (76 columns by
// default) or decode, ignoring newlines (and with -i any non-alphabet byte).
func runBaseN(ctx context.Context, c *commands.Context) int {
	p := baseOpts
	p.Help = baseHelp(c.Name())
	decode, garbage, wrap := false, false, 76
	// GNU checks -w as getopt returns it, before later bad options.
	args, st, ok := p.ParseChecked(c, c.Args[1:], func(res []opts.Result) (int, bool) {
		for _, r := range res {
			switch r.Key {
			case "d":
				decode = true
			case "i":
				garbage = true
			case "w":
				n, err := strconv.Atoi(r.Val)
				if err != nil || n < 0 {
					c.Errorf("invalid wrap size: %s", commands.QuoteArg(r.Val))
					return 1, false
				}
				wrap = n
			}
		}
		return 0, true
	})
	if !ok {
		return st
	}
	if len(args) > 1 {
		return opts.UsageError(c, 1, "extra operand %s", commands.QuoteArg(args[1]))
	}
	name := "-"
	if len(args) == 1 {
		name = args[0]
	}
	r, err := c.OpenInput(name)
	if err != nil {
		c.Errorf("%s: %s", quote.Name(name), commands.ErrText(err))
		return 1
	}
	defer r.Close()
	b32 := c.Name() == "base32"
	out := commands.NewOut(c.Stdout)
	if !decode {
		// Encoding streams, as GNU's does: base64 of an endless input
		// writes as it reads (and stops when its reader goes away).
		if err := encodeStream(out, r, b32, wrap); err != nil {
			if st, ok := c.LimitStatus(err); ok {
				return st
			}
			out.Flush()
			c.Errorf("read error: %s", commands.ErrText(err)) // GNU names no file
			return 1
		}
		return c.FinishOut(out, 0)
	}
	data, err := c.ReadAll(ctx, r)
	if st, ok := c.LimitStatus(err); ok {
		return st
	}
	if err != nil {
		c.Errorf("read error: %s", commands.ErrText(err))
		return 1
	}
	return c.FinishOut(out, baseDecode(c, out, data, b32, garbage))
}

// encodeStream encodes r in chunks that are whole encoding blocks (a
// multiple of 3 and of 5 bytes), wrapping lines at wrap columns across
// chunks. It stops at the first read or write error.
func encodeStream(out *bufio.Writer, r io.Reader, b32 bool, wrap int) error {
	buf := make([]byte, 3*5*1024)
	col := 0
	var enc []byte
	for {
		n, rerr := io.ReadFull(r, buf)
		if n > 0 {
			if b32 {
				enc = base32.StdEncoding.AppendEncode(enc[:0], buf[:n])
			} else {
				enc = base64.StdEncoding.AppendEncode(enc[:0], buf[:n])
			}
			var werr error
			col, werr = writeWrapped(out, enc, wrap, col)
			if werr != nil {
				return werr
			}
		}
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			break
		}
		if rerr != nil {
			return rerr
		}
	}
	if wrap > 0 && col > 0 {
		return out.WriteByte('\n')
	}
	return nil
}

// writeWrapped writes s breaking lines every wrap columns (0: never),
// starting at column col; it returns the column it ends at.
func writeWrapped(out *bufio.Writer, s []byte, wrap, col int) (int, error) {
	if wrap == 0 {
		_, err := out.Write(s) // -w 0: no newline at all, as GNU
		return 0, err
	}
	for len(s) > 0 {
		k := min(wrap-col, len(s))
		out.Write(s[:k])
		s, col = s[k:], col+k
		if col == wrap {
			if err := out.WriteByte('\n'); err != nil {
				return col, err
			}
			col = 0
		}
	}
	return col, nil
}

func baseDecode(c *commands.Context, out *bufio.Writer, data []byte, b32, garbage bool) int {
	alpha := "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
	if b32 {
		alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567="
	}
	clean := make([]byte, 0, len(data))
	for _, ch := range data {
		switch {
		case ch == '\n':
		case bytes.IndexByte([]byte(alpha), ch) >= 0:
			clean = append(clean, ch)
		case garbage:
		default:
			clean = append(clean, ch)
		}
	}
	var dec []byte
	var err error
	unit := 4
	if b32 {
		unit = 8
	}
	// Unpadded input decodes as far as it goes but is still an error.
	short := len(clean)%unit != 0
	if b32 {
		dec, err = base32.StdEncoding.DecodeString(padTo(string(clean), 8))
	} else {
		dec, err = base64.StdEncoding.DecodeString(padTo(string(clean), 4))
	}
	if err != nil {
		// Output what decoded cleanly before the bad input, as GNU does.
		if ce, ok := err.(base64.CorruptInputError); ok && !b32 {
			good := int(ce) / 4 * 4
			d, _ := base64.StdEncoding.DecodeString(string(clean[:good]))
			out.Write(d)
		}
		c.Errorf("invalid input")
		return 1
	}
	out.Write(dec)
	if short {
		c.Errorf("invalid input")
		return 1
	}
	return 0
}

// padTo adds the '=' padding GNU tolerates being absent.
func padTo(s string, n int) string {
	for len(s)%n != 0 {
		s += "="
	}
	return s
}
