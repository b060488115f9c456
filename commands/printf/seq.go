package printf

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"math"
	"math/big"
	"strconv"
	"strings"
)

// seqOpts stop at the first operand, and a negative number ("-5", "-.5")
// is an operand, as GNU seq checks before each getopt call.
var seqOpts = opts.Parser{StopAtOperand: true, Operand: negativeNumber, Opts: []opts.Opt{
	{Short: 'f', Long: "format", Arg: true},
	{Short: 's', Long: "separator", Arg: true},
	{Short: 'w', Long: "equal-width"},
}, Usage: 1, Help: `Usage: seq [OPTION]... LAST
  or:  seq [OPTION]... FIRST LAST
  or:  seq [OPTION]... FIRST INCREMENT LAST
Print numbers from FIRST to LAST, in steps of INCREMENT.

  -f, --format=FORMAT      use printf style floating-point FORMAT
  -s, --separator=STRING   use STRING to separate numbers (default: \n)
  -w, --equal-width        equalize width by padding with leading zeroes
      --help               display this help and exit
`}

// seqNum is a parsed operand. prec is the number of fraction digits it was
// written with (-1: unknown, e.g. a hex float, which selects %g output) and
// width the number of characters it takes when printed with that
// precision; both drive the default format as in GNU seq.
type seqNum struct {
	v     float64
	prec  int
	width int
	// integer is set for plain decimal integers, which are counted exactly
	// (arbitrary size) instead of in floating point.
	integer bool
	text    string
}

func runSeq(ctx context.Context, c *commands.Context) int {
	res, nums, status, ok := seqOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	sep, hasSep := f["s"]
	if !hasSep {
		sep = "\n"
	}
	switch {
	case len(nums) == 0:
		return opts.UsageError(c, 1, "missing operand")
	case len(nums) > 3:
		return opts.UsageError(c, 1, "extra operand '%s'", nums[3])
	}
	one := seqNum{v: 1, width: 1, integer: true, text: "1"}
	vals := []seqNum{one, one, {}}
	pos := map[int][]int{1: {2}, 2: {0, 2}, 3: {0, 1, 2}}[len(nums)]
	for i, s := range nums {
		n, ok := parseSeqNum(s)
		if !ok {
			return opts.UsageError(c, 1, "invalid floating point argument: '%s'", s)
		}
		vals[pos[i]] = n
	}
	first, incr, last := vals[0], vals[1], vals[2]
	if incr.v == 0 {
		return opts.UsageError(c, 1, "invalid Zero increment value: '%s'", nums[1])
	}
	_, userFmt := f["f"]
	if userFmt && f.Has("w") {
		return opts.UsageError(c, 1, "format string may not be specified when printing equal width strings")
	}
	s := &seqOut{out: commands.NewOut(c.Stdout), sep: sep}
	if !userFmt && first.integer && incr.integer && last.integer {
		s.integers(ctx, first, incr, last, f.Has("w"))
	} else {
		if st, ok := c.LimitStatus(commands.CheckFormatWidths(f["f"], c.Limits.StringMax())); ok {
			return st
		}
		format, fmtOK := seqFormat(c, f, first, incr, last)
		if !fmtOK {
			return 1
		}
		s.floats(ctx, first.v, incr.v, last.v, format)
	}
	if s.n > 0 {
		s.out.WriteString("\n")
	}
	if err := s.out.Flush(); err != nil || s.err != nil {
		if err == nil {
			err = s.err
		}
		return c.WriteFailure(err)
	}
	if ctx.Err() != nil {
		return 1
	}
	return 0
}

// negativeNumber is GNU seq's test: a dash then a digit or a dot.
func negativeNumber(a string) bool {
	return a[1] == '.' || '0' <= a[1] && a[1] <= '9'
}

// parseSeqNum reads an operand and measures its precision and width the
// way GNU seq does for -w and the default format.
func parseSeqNum(arg string) (seqNum, bool) {
	t := strings.TrimLeft(arg, " \t\n\v\f\r")
	v, err := strconv.ParseFloat(t, 64)
	if err != nil && !isRangeErr(err) {
		iv, ierr := strconv.ParseInt(t, 0, 64)
		if ierr != nil {
			return seqNum{}, false
		}
		v = float64(iv)
	}
	if math.IsNaN(v) {
		return seqNum{}, false
	}
	s := strings.TrimLeft(t, "+")
	n := seqNum{v: v, text: s}
	lower := strings.ToLower(s)
	dot := strings.IndexByte(s, '.')
	// "-0" keeps its sign in GNU's output, which only the float path does.
	n.integer = dot < 0 && isDecimalInt(s) && !(v == 0 && s[0] == '-')
	if dot < 0 && !strings.Contains(lower, "p") {
		n.prec = 0
	} else {
		n.prec = -1
	}
	if strings.Contains(lower, "x") || math.IsInf(v, 0) {
		return n, true
	}
	n.width = len(s)
	mant := s
	if e := strings.IndexAny(s, "eE"); e >= 0 {
		mant = s[:e]
	}
	if dot >= 0 {
		frac := len(mant) - dot - 1
		n.prec = frac
		switch {
		case frac == 0:
			n.width-- // "5." prints as "5"
		case dot == 0 || s[dot-1] < '0' || s[dot-1] > '9':
			n.width++ // ".5" and "-.5" print with a leading 0
		}
	}
	if e := strings.IndexAny(s, "eE"); e >= 0 {
		exp, _ := strconv.Atoi(strings.TrimPrefix(s[e+1:], "+"))
		n.width -= len(s) - e
		if exp < 0 {
			n.prec -= exp
			if dot < 0 || e == dot+1 {
				n.width++
			}
			n.width -= exp
		} else {
			n.prec -= min(n.prec, exp)
			if dot >= 0 && n.prec == 0 {
				n.width--
			}
			n.width -= min(n.prec, exp)
		}
	}
	return n, true
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func isDecimalInt(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// seqFormat builds the number formatter from -f, -w and the operands'
// precision, as GNU seq does.
func seqFormat(c *commands.Context, f opts.Flags, first, incr, last seqNum) (func(float64) string, bool) {
	if userFmt, ok := f["f"]; ok {
		sp, prefix, suffix, msg := parseOneFloatDirective(userFmt)
		if msg != "" {
			c.Errorf("format '%s' %s", userFmt, msg)
			return nil, false
		}
		return func(x float64) string { return prefix + formatFloat(sp, x) + suffix }, true
	}
	prec := max(first.prec, incr.prec)
	if first.prec < 0 || incr.prec < 0 || last.prec < 0 {
		g := &spec{conv: 'g'}
		return func(x float64) string { return formatFloat(g, x) }, true
	}
	plain := func(x float64) string { return strconv.FormatFloat(x, 'f', prec, 64) }
	if !f.Has("w") {
		return plain, true
	}
	width := max(seqWidth(first, prec), seqWidth(last, prec))
	return func(x float64) string { return zeroPad(plain(x), width) }, true
}

// seqWidth is the printed width of an operand once it is shown with prec
// fraction digits.
func seqWidth(n seqNum, prec int) int {
	w := n.width + prec - n.prec
	switch {
	case n.prec == 0 && prec > 0:
		w++ // room for the decimal point
	case n.prec > 0 && prec == 0:
		w-- // the decimal point is not printed
	}
	return w
}

// zeroPad left-pads with zeros after any sign, as printf's 0 flag does.
func zeroPad(s string, width int) string {
	if len(s) >= width {
		return s
	}
	if s[0] == '-' {
		return "-" + strings.Repeat("0", width-len(s)) + s[1:]
	}
	return strings.Repeat("0", width-len(s)) + s
}

// parseOneFloatDirective splits a seq -f format around its single
// floating-point directive; msg is GNU's complaint when it is not valid.
func parseOneFloatDirective(format string) (sp *spec, prefix, suffix, msg string) {
	unpct := func(s string) string { return strings.ReplaceAll(s, "%%", "%") }
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			i++
			continue
		}
		sp, k := scanFloatSpec(format, i+1)
		if k >= len(format) {
			return nil, "", "", "ends in %"
		}
		if strings.IndexByte("eEfFgGaA", format[k]) < 0 {
			return nil, "", "", "has unknown %" + string(format[k]) + " directive"
		}
		sp.conv = format[k]
		rest := format[k+1:]
		for j := 0; j < len(rest); j++ {
			if rest[j] == '%' {
				if j+1 < len(rest) && rest[j+1] == '%' {
					j++
					continue
				}
				return nil, "", "", "has too many % directives"
			}
		}
		return sp, unpct(format[:i]), unpct(rest), ""
	}
	return nil, "", "", "has no % directive"
}

// scanFloatSpec reads flags, width and precision starting at j and returns
// the index of the conversion letter.
func scanFloatSpec(format string, j int) (*spec, int) {
	sp := &spec{}
	for j < len(format) && strings.IndexByte("-+ #0'", format[j]) >= 0 {
		if format[j] != '\'' {
			sp.flags += string(format[j])
		}
		j++
	}
	k := j
	for k < len(format) && format[k] >= '0' && format[k] <= '9' {
		k++
	}
	if k > j {
		sp.width, _ = strconv.Atoi(format[j:k])
		sp.hasWidth = true
	}
	if k < len(format) && format[k] == '.' {
		k++
		m := k
		for k < len(format) && format[k] >= '0' && format[k] <= '9' {
			k++
		}
		sp.prec, _ = strconv.Atoi(format[m:k])
		sp.hasPrec = true
	}
	return sp, k
}

// seqOut writes numbers joined by the separator.
type seqOut struct {
	out interface {
		WriteString(string) (int, error)
		Flush() error
	}
	sep string
	n   int
	err error
}

func (s *seqOut) emit(num string) bool {
	if s.n > 0 {
		s.out.WriteString(s.sep)
	}
	s.n++
	if _, err := s.out.WriteString(num); err != nil {
		s.err = err
		return false
	}
	return true
}

// floats counts in floating point: x = first + i*incr, so errors do not
// accumulate. A value just past last whose printed form reads back as
// last is printed too (0.1 0.1 0.3 ends with 0.3; 1.5 is 1, not 1 2).
func (s *seqOut) floats(ctx context.Context, first, incr, last float64, format func(float64) string) {
	for i := 0; ; i++ {
		if i%4096 == 0 && ctx.Err() != nil {
			return
		}
		x := first + float64(i)*incr
		if i == 0 {
			x = first // keeps the sign of "-0"
		}
		if incr > 0 && x > last || incr < 0 && x < last {
			// GNU prints it when its printed value reads back as last,
			// unless it prints as the value before it did (seq -f %G 1e6
			// 1e6 prints 1E+06 once).
			str := format(x)
			if v, err := strconv.ParseFloat(strings.TrimSpace(str), 64); i > 0 && err == nil && v == last &&
				str != format(first+float64(i-1)*incr) {
				s.emit(str)
			}
			return
		}
		if !s.emit(format(x)) {
			return
		}
	}
}

// integers counts exactly, in int64 while it cannot overflow and in
// big.Int otherwise.
func (s *seqOut) integers(ctx context.Context, first, incr, last seqNum, equalWidth bool) {
	width := 0
	if equalWidth {
		width = max(first.width, last.width)
	}
	a, aok := new(big.Int).SetString(first.text, 10)
	d, dok := new(big.Int).SetString(incr.text, 10)
	z, zok := new(big.Int).SetString(last.text, 10)
	if !aok || !dok || !zok {
		return
	}
	down := d.Sign() < 0
	if a.IsInt64() && d.IsInt64() && z.IsInt64() {
		lo, step, hi := a.Int64(), d.Int64(), z.Int64()
		limit := int64(math.MaxInt64 - 1<<32)
		if abs64(lo) < limit && abs64(hi) < limit && abs64(step) < 1<<32 {
			var buf []byte
			for i, x := 0, lo; down && x >= hi || !down && x <= hi; i, x = i+1, x+step {
				if i%4096 == 0 && ctx.Err() != nil {
					return
				}
				buf = strconv.AppendInt(buf[:0], x, 10)
				if !s.emit(zeroPad(string(buf), width)) {
					return
				}
			}
			return
		}
	}
	for i := 0; ; i++ {
		if c := a.Cmp(z); down && c < 0 || !down && c > 0 {
			return
		}
		if i%4096 == 0 && ctx.Err() != nil {
			return
		}
		if !s.emit(zeroPad(a.String(), width)) {
			return
		}
		a.Add(a, d)
	}
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
