package dump

import (
	"encoding/binary"
	"io"
	"math"
	"slices"
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
		field := padded[k*s.size : (k+1)*s.size]
		if o.big && s.size > 1 {
			slices.Reverse(field) // read as little-endian below
		}
		v := odValue(s, field)
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
	case 'f':
		if s.size == 4 {
			return odFloat(float64(math.Float32frombits(uint32(u))), 32)
		}
		return odFloat(math.Float64frombits(u), 64)
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

// odFloat prints a float as GNU od does (gnulib's ftoastr): %g with the
// fewest digits, from FLT_DIG or DBL_DIG up (from 1 for subnormals), that
// read back as the same value; C's spelling of infinities and NaN.
func odFloat(x float64, bits int) string {
	switch {
	case math.IsNaN(x):
		if math.Signbit(x) {
			return "-nan"
		}
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	prec, bound, smallest := 15, 17, 0x1p-1022 // DBL_DIG, its round-trip bound, DBL_MIN
	if bits == 32 {
		prec, bound, smallest = 6, 9, 0x1p-126
	}
	if math.Abs(x) < smallest {
		prec = 1
	}
	for ; ; prec++ {
		v := strconv.FormatFloat(x, 'g', prec, 64)
		if back, err := strconv.ParseFloat(v, bits); prec >= bound || err == nil && back == x {
			return v
		}
	}
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
