package text

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// errCountRange is GNU's complaint about a count beyond uintmax_t.
var errCountRange = errors.New("Value too large for defined data type") //lint:ignore ST1005 strerror's text

// parseCount reads a head/tail count: an optional sign and a number with
// GNU multiplier suffixes (b=512, K/KiB=1024, KB=1000, M, G, ...). A
// count that fits 64 unsigned bits but not int64 is clamped (it means
// "all"); beyond that GNU refuses it, and so does err.
func parseCount(s string) (n int64, sign byte, ok bool, err error) {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		sign = s[0]
		s = s[1:]
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, sign, false, nil
	}
	v, perr := strconv.ParseUint(s[:i], 10, 64)
	mult, ok := countSuffix(s[i:])
	if !ok {
		return 0, sign, false, nil
	}
	if perr != nil || mult == 0 && v > 0 || mult > 1 && v > math.MaxUint64/uint64(mult) {
		return 0, sign, false, errCountRange
	}
	v *= uint64(mult)
	if v > math.MaxInt64 {
		return math.MaxInt64, sign, true, nil
	}
	return int64(v), sign, true, nil
}

func countSuffix(suf string) (int64, bool) {
	if suf == "" {
		return 1, true
	}
	if suf == "b" {
		return 512, true
	}
	units := "KMGTPEZY"
	u := strings.IndexByte(units, strings.ToUpper(suf[:1])[0])
	if u < 0 {
		return 0, false
	}
	if u > 5 {
		return 0, true // Z and Y: beyond 64 bits; parseCount refuses them
	}
	base := int64(1024)
	switch suf[1:] {
	case "", "iB":
	case "B":
		base = 1000
	default:
		return 0, false
	}
	m := int64(1)
	for range u + 1 {
		m *= base
	}
	return m, true
}

// legacyCount rewrites the obsolete "-5" (and for tail "+5") first
// argument into "-n 5" / "-n +5".
func legacyCount(args []string, plus bool) []string {
	if len(args) == 0 || len(args[0]) < 2 {
		return args
	}
	a := args[0]
	if plus && !(len(args) == 1 || len(args) == 2 && !(len(args[1]) > 1 && args[1][0] == '-')) {
		// GNU tail takes the obsolete form only with one file operand at
		// most: "tail +2 a b" reads a file named "+2".
		return args
	}
	if (a[0] == '-' || plus && a[0] == '+') && a[1] >= '0' && a[1] <= '9' {
		num := a[1:]
		key := "-n"
		if strings.HasSuffix(num, "c") {
			num, key = strings.TrimSuffix(num, "c"), "-c"
		} else {
			num = strings.TrimSuffix(num, "l")
		}
		if a[0] == '+' {
			num = "+" + num
		}
		return append([]string{key, num}, args[1:]...)
	}
	return args
}
