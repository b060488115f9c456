package dump

import (
	"github.com/justbash/justbash/commands/internal/ascii"

	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
)

// writeLine prints one dump line (or one -p line).
func (x *xxdRun) writeLine(out *bufio.Writer, off int64, line []byte, zeroRun *int) {
	if x.plain {
		for _, b := range line {
			out.WriteString(x.hex(b))
		}
		out.WriteByte('\n')
		return
	}
	if x.autoskip && len(line) == x.cols && bytes.Count(line, []byte{0}) == len(line) {
		*zeroRun++
		if *zeroRun == 2 {
			out.WriteString("*\n")
		}
		if *zeroRun >= 2 {
			return
		}
	} else {
		*zeroRun = 0
	}
	fmt.Fprintf(out, "%08x: ", off)
	per := 2
	if x.bits {
		per = 8
	}
	var h strings.Builder
	for i := 0; i < len(line); i++ {
		g := i
		if x.little {
			// -e: bytes of each group in reverse order.
			start := i / x.group * x.group
			end := min(start+x.group, len(line))
			g = end - 1 - (i - start)
			if i == start && end-start < x.group {
				// A short last group is right-aligned, as a number.
				h.WriteString(strings.Repeat(" ", (x.group-(end-start))*per))
			}
		}
		if x.bits {
			fmt.Fprintf(&h, "%08b", line[g])
		} else {
			h.WriteString(x.hex(line[g]))
		}
		if (i+1)%x.group == 0 || i == len(line)-1 {
			h.WriteByte(' ')
		}
	}
	width := x.cols*per + (x.cols+x.group-1)/x.group
	out.WriteString(h.String())
	out.WriteString(strings.Repeat(" ", max(width-h.Len(), 0)))
	out.WriteByte(' ')
	for _, b := range line {
		if b >= 0x20 && b < 0x7f {
			out.WriteByte(b)
		} else {
			out.WriteByte('.')
		}
	}
	out.WriteByte('\n')
}

// dumpC prints a C array (-i); a named file also gets declarations.
func (x *xxdRun) dumpC(out *bufio.Writer, r io.Reader, name string) error {
	data, err := x.c.ReadBounded(r)
	if err != nil {
		return err
	}
	if x.name != "" {
		name = x.name
	}
	ident := ""
	if name != "" {
		var b strings.Builder
		for i, ch := range []byte(name) {
			switch {
			case ascii.IsAlpha(ch) || ascii.IsDigit(ch) && i > 0:
				b.WriteByte(ch)
			case ascii.IsDigit(ch):
				b.WriteString("__" + string(ch))
			default:
				b.WriteByte('_')
			}
		}
		ident = b.String()
		fmt.Fprintf(out, "unsigned char %s[] = {\n", ident)
	}
	format := "0x%02x"
	if x.upper {
		format = "0X%02X"
	}
	for i, b := range data {
		switch {
		case i == 0:
			out.WriteString("  ")
		case i%x.cols == 0:
			out.WriteString(",\n  ")
		default:
			out.WriteString(", ")
		}
		fmt.Fprintf(out, format, b)
	}
	if len(data) > 0 {
		out.WriteByte('\n')
	}
	if ident != "" {
		fmt.Fprintf(out, "};\nunsigned int %s_len = %d;\n", ident, len(data))
	}
	return nil
}

// reverse turns a dump (or -p hex) back into bytes. In the normal format
// each line is "offset: hex... ascii"; output is written at the offsets.
func (x *xxdRun) reverse(out *bufio.Writer, r io.Reader) error {
	data, err := x.c.ReadBounded(r)
	if err != nil {
		return err
	}
	if x.plain {
		var digits []byte
		for _, ch := range data {
			if isHexDigit(ch) {
				digits = append(digits, ch)
			}
		}
		digits = digits[:len(digits)/2*2]
		b, _ := hex.DecodeString(string(digits))
		out.Write(b)
		return nil
	}
	var pos int64
	for _, line := range strings.Split(string(data), "\n") {
		addr, rest, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		var off int64
		if _, err := fmt.Sscanf(strings.TrimSpace(addr), "%x", &off); err != nil {
			continue
		}
		// The hex area ends at the first double space.
		if i := strings.Index(rest, "  "); i >= 0 {
			rest = rest[:i]
		}
		hexDigits := strings.ReplaceAll(rest, " ", "")
		b, _ := hex.DecodeString(hexDigits[:len(hexDigits)/2*2])
		for ; pos < off; pos++ {
			out.WriteByte(0)
		}
		out.Write(b)
		pos += int64(len(b))
	}
	return nil
}

func isHexDigit(c byte) bool {
	return ascii.IsDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
