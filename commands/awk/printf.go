package awk

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/justbash/justbash/commands/internal/boundio"
)

func sprintfGo(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// sprintfNums formats a single number with a user format (CONVFMT/OFMT).
func sprintfNums(format string, n float64) string {
	in := &interp{convfmt: "%.6g"}
	defer func() { _ = recover() }()
	return string(in.format(nil, format, []value{num(n)}))
}

type fmtSpec struct {
	minus, plus, space, alt, zero bool
	width, prec                   int
	hasPrec                       bool
}

// format implements printf/sprintf with C semantics.
func (in *interp) format(buf []byte, f string, args []value) []byte {
	ai := 0
	nextArg := func() value {
		if ai >= len(args) {
			in.fatal("not enough arguments to satisfy format string")
		}
		ai++
		return args[ai-1]
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' {
			buf = append(buf, c)
			continue
		}
		if i+1 >= len(f) {
			buf = append(buf, '%')
			break
		}
		start := i
		i++
		var sp fmtSpec
	flags:
		for ; i < len(f); i++ {
			switch f[i] {
			case '-':
				sp.minus = true
			case '+':
				sp.plus = true
			case ' ':
				sp.space = true
			case '#':
				sp.alt = true
			case '0':
				sp.zero = true
			default:
				break flags
			}
		}
		if i < len(f) && f[i] == '*' {
			sp.width = int(nextArg().toNum())
			if sp.width < 0 {
				sp.minus, sp.width = true, -sp.width
			}
			i++
		} else {
			for i < len(f) && isDigit(f[i]) {
				sp.width = sp.width*10 + int(f[i]-'0')
				i++
				in.checkWidth(sp.width)
			}
		}
		if i < len(f) && f[i] == '.' {
			sp.hasPrec = true
			i++
			if i < len(f) && f[i] == '*' {
				sp.prec = int(nextArg().toNum())
				if sp.prec < 0 {
					sp.hasPrec, sp.prec = false, 0
				}
				i++
			} else {
				for i < len(f) && isDigit(f[i]) {
					sp.prec = sp.prec*10 + int(f[i]-'0')
					i++
					in.checkWidth(sp.prec)
				}
			}
		}
		in.checkWidth(sp.width)
		in.checkWidth(sp.prec)
		for i < len(f) && strings.IndexByte("hlLqjzt", f[i]) >= 0 {
			i++
		}
		if i >= len(f) {
			buf = append(buf, f[start:]...)
			break
		}
		conv := f[i]
		switch conv {
		case '%':
			buf = append(buf, '%')
		case 'd', 'i':
			buf = in.fmtInt(buf, sp, nextArg().toNum())
		case 'o', 'x', 'X', 'u':
			buf = in.fmtUnsigned(buf, sp, conv, nextArg().toNum())
		case 'e', 'E', 'f', 'F', 'g', 'G':
			buf = in.fmtFloat(buf, sp, conv, nextArg().toNum())
		case 'c':
			buf = in.fmtChar(buf, sp, nextArg())
		case 's':
			s := in.toStr(nextArg())
			if sp.hasPrec && sp.prec < in.slen(s) {
				s = s[:in.byteOff(s, sp.prec)]
			}
			buf = in.padChars(buf, sp, s)
		default:
			buf = append(buf, f[start:i+1]...)
		}
		in.checkLen(len(buf))
	}
	return buf
}

func (in *interp) checkWidth(w int) {
	if m := in.strMax(); w > m/4 || w < -m/4 {
		in.limit(boundio.StringLimit(int64(m)))
	}
}

// padChars is pad with the width counted in characters, as gawk counts
// it in a UTF-8 locale.
func (in *interp) padChars(buf []byte, sp fmtSpec, s string) []byte {
	if extra := len(s) - in.slen(s); extra > 0 && sp.width > 0 {
		sp.width += extra
	}
	return pad(buf, sp, s)
}

// pad right- or left-justifies s to the width with spaces.
func pad(buf []byte, sp fmtSpec, s string) []byte {
	n := sp.width - len(s)
	if !sp.minus {
		for ; n > 0; n-- {
			buf = append(buf, ' ')
		}
	}
	buf = append(buf, s...)
	for ; n > 0; n-- {
		buf = append(buf, ' ')
	}
	return buf
}

// padNum places sign, prefix and digits, zero-filling when asked.
func padNum(buf []byte, sp fmtSpec, sign, prefix, digits string, zeroOK bool) []byte {
	total := len(sign) + len(prefix) + len(digits)
	n := sp.width - total
	if sp.zero && !sp.minus && zeroOK {
		buf = append(buf, sign...)
		buf = append(buf, prefix...)
		for ; n > 0; n-- {
			buf = append(buf, '0')
		}
		return append(buf, digits...)
	}
	if !sp.minus {
		for ; n > 0; n-- {
			buf = append(buf, ' ')
		}
	}
	buf = append(buf, sign...)
	buf = append(buf, prefix...)
	buf = append(buf, digits...)
	for ; n > 0; n-- {
		buf = append(buf, ' ')
	}
	return buf
}

func signOf(sp fmtSpec, neg bool) string {
	switch {
	case neg:
		return "-"
	case sp.plus:
		return "+"
	case sp.space:
		return " "
	}
	return ""
}

func (in *interp) fmtInt(buf []byte, sp fmtSpec, n float64) []byte {
	if math.IsInf(n, 0) || math.IsNaN(n) {
		return pad(buf, fmtSpec{width: sp.width, minus: sp.minus}, infNaN(n, false))
	}
	n = math.Trunc(n)
	neg := n < 0
	var digits string
	if math.Abs(n) < 1e18 {
		digits = strconv.FormatUint(uint64(math.Abs(n)), 10)
	} else {
		digits = strconv.FormatFloat(math.Abs(n), 'f', 0, 64)
	}
	if sp.hasPrec {
		if sp.prec == 0 && n == 0 {
			digits = ""
		}
		for len(digits) < sp.prec {
			digits = "0" + digits
		}
	}
	return padNum(buf, sp, signOf(sp, neg), "", digits, !sp.hasPrec)
}

func (in *interp) fmtUnsigned(buf []byte, sp fmtSpec, conv byte, n float64) []byte {
	if math.IsInf(n, 0) || math.IsNaN(n) {
		return pad(buf, fmtSpec{width: sp.width, minus: sp.minus}, infNaN(n, false))
	}
	n = math.Trunc(n)
	var u uint64
	if n < 0 {
		u = uint64(int64(n))
	} else if n >= 18446744073709551615 {
		u = math.MaxUint64
	} else {
		u = uint64(n)
	}
	var digits, prefix string
	switch conv {
	case 'o':
		digits = strconv.FormatUint(u, 8)
		if sp.alt && digits != "0" {
			digits = "0" + digits
		}
	case 'x', 'X':
		digits = strconv.FormatUint(u, 16)
		if sp.alt && u != 0 {
			prefix = "0x"
		}
		if conv == 'X' {
			digits, prefix = strings.ToUpper(digits), strings.ToUpper(prefix)
		}
	default:
		digits = strconv.FormatUint(u, 10)
	}
	if sp.hasPrec {
		if sp.prec == 0 && u == 0 {
			digits = ""
		}
		for len(digits) < sp.prec {
			digits = "0" + digits
		}
	}
	return padNum(buf, sp, "", prefix, digits, !sp.hasPrec)
}

func (in *interp) fmtFloat(buf []byte, sp fmtSpec, conv byte, n float64) []byte {
	neg := math.Signbit(n) && !math.IsNaN(n)
	if math.IsInf(n, 0) || math.IsNaN(n) {
		s := "inf"
		if math.IsNaN(n) {
			s = "nan"
		}
		if conv == 'E' || conv == 'F' || conv == 'G' {
			s = strings.ToUpper(s)
		}
		sign := signOf(sp, neg)
		if math.IsNaN(n) && sign == "" {
			sign = "-"
			if !math.Signbit(n) {
				sign = "+"
			}
		}
		if math.IsInf(n, 0) && sign == "" {
			sign = "+"
		}
		return padNum(buf, sp, sign, "", s, false)
	}
	prec := 6
	if sp.hasPrec {
		prec = sp.prec
	}
	a := math.Abs(n)
	var digits string
	switch conv {
	case 'f', 'F':
		digits = strconv.FormatFloat(a, 'f', prec, 64)
		if sp.alt && prec == 0 {
			digits += "."
		}
	case 'e', 'E':
		digits = strconv.FormatFloat(a, 'e', prec, 64)
		digits = fixExp(digits)
		if sp.alt && prec == 0 {
			e := strings.IndexByte(digits, 'e')
			digits = digits[:e] + "." + digits[e:]
		}
		if conv == 'E' {
			digits = strings.ToUpper(digits)
		}
	default:
		digits = formatG(a, prec, sp.alt, conv == 'G')
	}
	return padNum(buf, sp, signOf(sp, neg), "", digits, true)
}

// fixExp makes sure the exponent has at least two digits, as in C.
func fixExp(s string) string {
	e := strings.LastIndexAny(s, "eE")
	if e < 0 || e+2 >= len(s) {
		return s
	}
	if len(s)-(e+2) < 2 {
		return s[:e+2] + "0" + s[e+2:]
	}
	return s
}

func (in *interp) fmtChar(buf []byte, sp fmtSpec, v value) []byte {
	var s string
	if v.k == kNum || (v.k == kStrNum && looksNumeric(v.s)) {
		code := int(v.toNum())
		switch {
		case in.utf8 && code >= 0 && code <= utf8.MaxRune:
			// gawk in a UTF-8 locale prints the code point's character.
			s = string(rune(code))
		default:
			s = string([]byte{byte(code & 0xff)})
		}
	} else {
		s = in.toStr(v)
		if len(s) > 1 {
			s = s[:in.byteOff(s, 1)]
		}
	}
	return in.padChars(buf, sp, s)
}
