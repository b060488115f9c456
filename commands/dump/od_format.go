package dump

import (
	"encoding/binary"
	"io"
	"strconv"
	"strings"
)

// writeLine prints one line of input in every requested type; lines after
// the first carry blanks where the address was.
func (o *odRun) writeLine(out io.Writer, off int64, line []byte) {
	var b strings.Builder
	addr := o.addr(off)
	for i, s := range o.specs {
		if i == 0 {
			b.WriteString(addr)
		} else {
			b.WriteString(strings.Repeat(" ", len(addr)))
		}
		o.fields(&b, s, line)
		b.WriteByte('\n')
	}
	io.WriteString(out, b.String())
}

// fields prints the values of one type, spreading the type's padding over
// its fields the way GNU od does so that all types align.
func (o *odRun) fields(b *strings.Builder, s odSpec, line []byte) {
	total := o.perLine / s.size
	n := (len(line) + s.size - 1) / s.size
	padded := make([]byte, n*s.size)
	copy(padded, line)
	padLeft := s.pad
	for k := 0; k < n; k++ {
		i := total - k
		next := s.pad * (i - 1) / total
		w := padLeft - next + s.width + 1
		padLeft = next
		v := odValue(s, padded[k*s.size:(k+1)*s.size])
		b.WriteString(strings.Repeat(" ", max(w-len(v), 0)))
		b.WriteString(v)
	}
	if s.z {
		used := 0
		pl := s.pad
		for k := 0; k < n; k++ {
			i := total - k
			next := s.pad * (i - 1) / total
			used += pl - next + s.width + 1
			pl = next
		}
		full := total*(s.width+1) + s.pad
		b.WriteString(strings.Repeat(" ", full-used))
		b.WriteString("  >")
		for _, c := range line {
			if c >= 0x20 && c < 0x7f {
				b.WriteByte(c)
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('<')
	}
}

var odNames = [...]string{"nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel",
	"bs", "ht", "nl", "vt", "ff", "cr", "so", "si", "dle", "dc1", "dc2", "dc3", "dc4",
	"nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us", "sp"}

// odValue formats one field.
func odValue(s odSpec, p []byte) string {
	switch s.kind {
	case 'a':
		c := p[0] & 0x7f
		switch {
		case int(c) < len(odNames):
			return odNames[c]
		case c == 0x7f:
			return "del"
		}
		return string(rune(c))
	case 'c':
		return odChar(p[0])
	}
	var u uint64
	switch s.size {
	case 1:
		u = uint64(p[0])
	case 2:
		u = uint64(binary.LittleEndian.Uint16(p))
	case 4:
		u = uint64(binary.LittleEndian.Uint32(p))
	default:
		u = binary.LittleEndian.Uint64(p)
	}
	switch s.kind {
	case 'x':
		v := strconv.FormatUint(u, 16)
		return strings.Repeat("0", s.width-len(v)) + v
	case 'o':
		v := strconv.FormatUint(u, 8)
		return strings.Repeat("0", s.width-len(v)) + v
	case 'u':
		return strconv.FormatUint(u, 10)
	}
	shift := 64 - 8*s.size
	return strconv.FormatInt(int64(u<<shift)>>shift, 10)
}

func odChar(c byte) string {
	switch c {
	case 0:
		return `\0`
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	case '\v':
		return `\v`
	}
	if c >= 0x20 && c < 0x7f {
		return string(rune(c))
	}
	v := strconv.FormatUint(uint64(c), 8)
	return strings.Repeat("0", 3-len(v)) + v
}
