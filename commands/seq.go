package commands

import (
	"math"
	"strconv"
	"strings"
)

func init() { register("seq", runSeq) }

var seqOpts = optParser{opts: []opt{
	{short: 'f', long: "format", arg: true},
	{short: 's', long: "separator", arg: true},
	{short: 'w', long: "equal-width"},
}, usage: 1, help: "Usage: seq [OPTION]... LAST\n  or:  seq [OPTION]... FIRST LAST\n  or:  seq [OPTION]... FIRST INCREMENT LAST\n"}

// seqNum is a parsed operand with the precision it was written with.
type seqNum struct {
	v    float64
	prec int
	exp  bool
}

func runSeq(ctx contextT, c *Context) int {
	// Negative numbers are operands, not options: hide them from the parser.
	args := c.Args[1:]
	var optArgs, nums []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if isNumberLike(a) || len(nums) > 0 {
			nums = append(nums, args[i:]...)
			break
		}
		optArgs = append(optArgs, a)
	}
	res, ops, status, ok := seqOpts.parse(c, optArgs)
	if !ok {
		return status
	}
	nums = append(ops, nums...)
	f := toFlags(res)
	sep, hasSep := f["s"]
	if !hasSep {
		sep = "\n"
	}
	switch {
	case len(nums) == 0:
		return c.usageError(1, "missing operand")
	case len(nums) > 3:
		return c.usageError(1, "extra operand '%s'", nums[3])
	}
	vals := []seqNum{{v: 1}, {v: 1}, {}}
	pos := map[int][]int{1: {2}, 2: {0, 2}, 3: {0, 1, 2}}[len(nums)]
	for i, s := range nums {
		n, err := parseSeqNum(s)
		if err != nil {
			return c.usageError(1, "invalid floating point argument: '%s'", s)
		}
		vals[pos[i]] = n
	}
	first, incr, last := vals[0], vals[1], vals[2]
	if incr.v == 0 {
		return c.usageError(1, "invalid Zero increment value: '%s'", nums[1])
	}
	format, fmtOK := seqFormat(c, f, first, incr, last)
	if !fmtOK {
		return 1
	}
	out := newOut(c.Stdout)
	n := 0
	for i := 0; ; i++ {
		x := first.v + float64(i)*incr.v
		if incr.v > 0 && x > last.v || incr.v < 0 && x < last.v {
			break
		}
		if i%4096 == 0 && ctx.Err() != nil {
			return 1
		}
		if n > 0 {
			out.WriteString(sep)
		}
		if _, err := out.WriteString(format(x)); err != nil {
			return c.writeFailure(err)
		}
		n++
	}
	if n > 0 {
		out.WriteString("\n")
	}
	if err := out.Flush(); err != nil {
		return c.writeFailure(err)
	}
	return 0
}

// isNumberLike spots "-5" or "-1.5" so they are not read as options.
func isNumberLike(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	_, err := strconv.ParseFloat(a[1:], 64)
	return err == nil && (a[1] >= '0' && a[1] <= '9' || a[1] == '.')
}

func parseSeqNum(s string) (seqNum, error) {
	t := strings.TrimSpace(s)
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		iv, ierr := strconv.ParseInt(t, 0, 64)
		if ierr != nil || !strings.Contains(strings.ToLower(t), "0x") {
			return seqNum{}, err
		}
		return seqNum{v: float64(iv)}, nil
	}
	if math.IsNaN(v) {
		return seqNum{}, strconv.ErrSyntax
	}
	n := seqNum{v: v}
	mant, exp, hasExp := strings.Cut(strings.ToLower(t), "e")
	if _, frac, ok := strings.Cut(mant, "."); ok {
		n.prec = len(frac)
	}
	if hasExp {
		e, _ := strconv.Atoi(exp)
		n.prec = max(n.prec-e, 0)
		n.exp = true
	}
	return n, nil
}

// seqFormat builds the number formatter from -f, -w and the operands'
// precision, as GNU seq does.
func seqFormat(c *Context, f flagSet, first, incr, last seqNum) (func(float64) string, bool) {
	if userFmt, ok := f["f"]; ok {
		sp, prefix, suffix, ok := parseOneFloatDirective(userFmt)
		if !ok {
			c.Errorf("format '%s' has no %% directive", userFmt)
			return nil, false
		}
		return func(x float64) string { return prefix + formatFloat(sp, x) + suffix }, true
	}
	prec := max(first.prec, incr.prec)
	plain := func(x float64) string {
		if x == 0 {
			x = 0 // no "-0"
		}
		return strconv.FormatFloat(x, 'f', prec, 64)
	}
	if !f.has("w") {
		return plain, true
	}
	width := max(len(plain(first.v)), len(strconv.FormatFloat(last.v, 'f', prec, 64)))
	return func(x float64) string {
		s := plain(x)
		if len(s) >= width {
			return s
		}
		if s[0] == '-' {
			return "-" + strings.Repeat("0", width-len(s)) + s[1:]
		}
		return strings.Repeat("0", width-len(s)) + s
	}, true
}

// parseOneFloatDirective splits a seq -f format around its single
// floating-point directive.
func parseOneFloatDirective(format string) (*spec, string, string, bool) {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			i++
			continue
		}
		j := i + 1
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
		if k >= len(format) || strings.IndexByte("eEfFgGaA", format[k]) < 0 {
			return nil, "", "", false
		}
		sp.conv = format[k]
		unpct := func(s string) string { return strings.ReplaceAll(s, "%%", "%") }
		return sp, unpct(format[:i]), unpct(format[k+1:]), true
	}
	return nil, "", "", false
}
