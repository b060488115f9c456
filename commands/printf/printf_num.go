package printf

import (
	"github.com/justbash/justbash/commands/internal/escape"

	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// parseInt reads a printf numeric argument as a C integer constant: decimal,
// 0x hex, 0 octal, or 'c / "c for a character code. A bad argument is
// reported and the parsed prefix (maybe 0) is used, as bash does.
func (p *printfState) parseInt(a string) (int64, bool) {
	v, err := parseCInt(a)
	if err != nil {
		p.numWarn(err)
		return v, false
	}
	return v, true
}

// parseUint is parseInt for the unsigned conversions (%u %o %x %X),
// which read their argument as strtoumax does: a negative number wraps
// modulo 2^64 and only a magnitude past 2^64-1 is out of range.
func (p *printfState) parseUint(a string) uint64 {
	v, err := parseCNum(a, true)
	if err != nil {
		p.numWarn(err)
	}
	return v
}

// numWarn reports a bad argument. A number out of range is only a
// warning in bash: it does not change printf's status.
func (p *printfState) numWarn(err error) {
	if ne := (*numError)(nil); p.gnu && errors.As(err, &ne) {
		p.warn(ne.gnuText())
		return
	}
	if errors.Is(err, errNumRange) {
		p.errs = append(p.errs, err.Error())
		return
	}
	p.warn(err.Error())
}

// numError is a numeric argument that did not read whole: msg is bash's
// wording; partial says a prefix did read, which coreutils words apart.
type numError struct {
	arg, msg string
	partial  bool
	rng      error
}

func (e *numError) Error() string { return e.msg }
func (e *numError) Unwrap() error { return e.rng }

// gnuText is coreutils printf's wording of the error.
func (e *numError) gnuText() string {
	switch {
	case e.rng != nil:
		return localeQuote(e.arg) + ": Numerical result out of range"
	case e.partial:
		return localeQuote(e.arg) + ": value not completely converted"
	}
	return localeQuote(e.arg) + ": expected a numeric value"
}

// localeQuote is coreutils' quote() in the C locale: 'x', with
// backslashes, quotes and control characters escaped as in C.
func localeQuote(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' || c == '\'':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// errNumRange carries strerror(ERANGE)'s text, capitalised as libc
// spells it (bash prints it).
var errNumRange = rangeError{}

type rangeError struct{}

func (rangeError) Error() string { return "Numerical result out of range" }

// parseCInt is the parser behind parseInt.
func parseCInt(a string) (int64, error) {
	v, err := parseCNum(a, false)
	return int64(v), err
}

// parseCNum reads a C integer constant like strtoimax (signed) or
// strtoumax (unsigned), saturating on overflow with errNumRange. The
// result is the integer's 64 bits.
func parseCNum(a string, unsigned bool) (uint64, error) {
	s := strings.TrimLeft(a, " \t\n")
	if s == "" {
		if a == "" {
			return 0, nil
		}
		return 0, &numError{arg: a, msg: a + ": invalid number"}
	}
	if s[0] == '\'' || s[0] == '"' {
		if len(s) == 1 {
			return 0, nil
		}
		r, _ := utf8.DecodeRuneInString(s[1:])
		return uint64(r), nil
	}
	neg := false
	i := 0
	if s[0] == '+' || s[0] == '-' {
		neg = s[0] == '-'
		i++
	}
	base := 10
	if strings.HasPrefix(s[i:], "0x") || strings.HasPrefix(s[i:], "0X") {
		base = 16
		i += 2
	} else if strings.HasPrefix(s[i:], "0") {
		base = 8
	}
	start := i
	var v uint64
	overflow := false
	for i < len(s) {
		d := escape.DigitVal(s[i])
		if d < 0 || d >= base {
			break
		}
		if v > (math.MaxUint64-uint64(d))/uint64(base) {
			overflow = true
		} else {
			v = v*uint64(base) + uint64(d)
		}
		i++
	}
	limit := uint64(math.MaxUint64)
	if !unsigned {
		limit = math.MaxInt64
		if neg {
			limit++
		}
	}
	if overflow || v > limit {
		res := limit
		if !unsigned && neg {
			res = 1 << 63
		}
		return res, &numError{arg: a, msg: "warning: " + a + ": " + errNumRange.Error(), rng: errNumRange}
	}
	res := v
	if neg {
		res = -v
	}
	switch {
	case base == 16 && i == start:
		return 0, &numError{arg: a, msg: a + ": invalid hex number", partial: true}
	case i < len(s) && base == 8 && (s[i] == '8' || s[i] == '9'):
		return res, &numError{arg: a, msg: a + ": invalid octal number", partial: true}
	case i < len(s) || i == start && base == 10:
		return res, &numError{arg: a, msg: a + ": invalid number", partial: i > start || base != 10}
	}
	return res, nil
}

// parseFloat reads a floating argument like strtold: decimal, hex,
// inf/nan, or a character constant.
func (p *printfState) parseFloat(a string) float64 {
	s := strings.TrimLeft(a, " \t\n")
	if s == "" {
		return 0
	}
	if s[0] == '\'' || s[0] == '"' {
		v, _ := parseCInt(s)
		return float64(v)
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil || errors.Is(err, strconv.ErrRange) {
		return v
	}
	if v, err := parseCInt(s); err == nil {
		return float64(v)
	}
	// Use the longest numeric prefix, then complain.
	for n := len(s) - 1; n > 0; n-- {
		if v, err := strconv.ParseFloat(s[:n], 64); err == nil {
			p.numWarn(&numError{arg: a, msg: a + ": invalid number", partial: true})
			return v
		}
	}
	p.numWarn(&numError{arg: a, msg: a + ": invalid number"})
	return 0
}

// formatFloat renders v for a %e %f %g %a directive with C semantics
// (Go's %g differs from C's, and Go spells infinities differently).
func formatFloat(s *spec, v float64) string {
	prec := 6
	if s.hasPrec {
		prec = max(s.prec, 0)
	}
	alt := strings.Contains(s.flags, "#")
	upper := s.conv >= 'A' && s.conv <= 'Z'
	neg := math.Signbit(v)
	a := math.Abs(v)
	var body string
	switch {
	case math.IsInf(v, 0):
		body = "inf"
	case math.IsNaN(v):
		body, neg = "nan", false
	default:
		body = floatBody(s.conv|0x20, a, prec, s.hasPrec, alt)
	}
	if upper {
		body = strings.ToUpper(body)
	}
	sign := ""
	switch {
	case neg:
		sign = "-"
	case strings.Contains(s.flags, "+"):
		sign = "+"
	case strings.Contains(s.flags, " "):
		sign = " "
	}
	return padNumber(sign, body, s, !math.IsInf(v, 0) && !math.IsNaN(v))
}

func floatBody(conv byte, a float64, prec int, hasPrec, alt bool) string {
	switch conv {
	case 'f':
		b := strconv.FormatFloat(a, 'f', prec, 64)
		if alt && prec == 0 {
			b += "."
		}
		return b
	case 'e':
		b := strconv.FormatFloat(a, 'e', prec, 64)
		if alt && prec == 0 {
			b = strings.Replace(b, "e", ".e", 1)
		}
		return b
	case 'a':
		p := -1
		if hasPrec {
			p = prec
		}
		b := strconv.FormatFloat(a, 'x', p, 64)
		// C writes the exponent without leading zeros: p+1, not p+01.
		if i := strings.IndexAny(b, "p"); i >= 0 && i+2 < len(b) {
			exp := strings.TrimLeft(b[i+2:], "0")
			if exp == "" {
				exp = "0"
			}
			b = b[:i+2] + exp
		}
		return b
	}
	// %g: precision is significant digits; choose %e or %f by exponent.
	if prec == 0 {
		prec = 1
	}
	e := strconv.FormatFloat(a, 'e', prec-1, 64)
	x, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	var b string
	if x < prec && x >= -4 {
		b = strconv.FormatFloat(a, 'f', prec-1-x, 64)
	} else {
		b = e
	}
	if alt {
		if !strings.Contains(b, ".") {
			if i := strings.IndexByte(b, 'e'); i >= 0 {
				b = b[:i] + "." + b[i:]
			} else {
				b += "."
			}
		}
		return b
	}
	mant, exp, hasExp := strings.Cut(b, "e")
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
	}
	if hasExp {
		return mant + "e" + exp
	}
	return mant
}

// padNumber applies width with C's '-' and '0' flags.
func padNumber(sign, body string, s *spec, zeroOK bool) string {
	n := len(sign) + len(body)
	if !s.hasWidth || s.width <= n {
		return sign + body
	}
	fill := s.width - n
	switch {
	case strings.Contains(s.flags, "-"):
		return sign + body + strings.Repeat(" ", fill)
	case strings.Contains(s.flags, "0") && zeroOK:
		return sign + strings.Repeat("0", fill) + body
	}
	return strings.Repeat(" ", fill) + sign + body
}
