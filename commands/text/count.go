package text

import (
	"math"
	"strconv"
	"strings"
)

// parseCount reads a head/tail count: an optional sign and a number with
// GNU multiplier suffixes (b=512, K/KiB=1024, KB=1000, M, G, ...).
func parseCount(s string) (n int64, sign byte, ok bool) {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		sign = s[0]
		s = s[1:]
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, sign, false
	}
	v, err := strconv.ParseInt(s[:i], 10, 64)
	if err != nil {
		v = math.MaxInt64
	}
	mult, ok := countSuffix(s[i:])
	if !ok {
		return 0, sign, false
	}
	if mult > 1 && v > math.MaxInt64/mult {
		return math.MaxInt64, sign, true
	}
	return v * mult, sign, true
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
	if u < 0 || u > 5 {
		return 0, false
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
