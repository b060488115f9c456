package sizes

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// humanSizeBase is GNU's -h (base 1024, "K") or --si (base 1000, "k")
// rendering, always rounding up.
func HumanBase(n int64, base int) string {
	b := float64(base)
	if float64(n) < b {
		return strconv.FormatInt(n, 10)
	}
	units := "KMGTPEZY"
	if base == 1000 {
		units = "kMGTPEZY"
	}
	v := float64(n)
	u := -1
	for v >= b && u < len(units)-1 {
		v /= b
		u++
	}
	if v < 10 {
		v = math.Ceil(v*10) / 10
		if v < 10 {
			return fmt.Sprintf("%.1f%c", v, units[u])
		}
	}
	v = math.Ceil(v)
	if v >= b && u < len(units)-1 {
		return fmt.Sprintf("1.0%c", units[u+1])
	}
	return fmt.Sprintf("%.0f%c", v, units[u])
}

func Human(n int64) string { return HumanBase(n, 1024) }

// parseSize reads a size with the coreutils suffixes: K M G T P E (1024),
// KB MB ... (1000), KiB MiB ... (1024), and b (512) for some tools.
func Parse(s string) (int64, bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	n, err := strconv.ParseInt(s[:i], 10, 64)
	if err != nil {
		return 0, false
	}
	suf := s[i:]
	if suf == "" {
		return n, true
	}
	mult := int64(1)
	switch suf {
	case "b":
		mult = 512
	case "c":
		mult = 1
	case "w":
		mult = 2
	default:
		idx := strings.IndexByte("KMGTPE", strings.ToUpper(suf[:1])[0])
		if idx < 0 {
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
		for j := 0; j <= idx; j++ {
			mult *= base
		}
	}
	return n * mult, true
}
