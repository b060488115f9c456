package commands

import (
	"bytes"
	"math"
	"strconv"
	"strings"
)

// numPrefix returns the leading number of s as sort -n sees it: blanks, an
// optional minus sign, digits and one decimal point.
func numPrefix(s []byte) string {
	s = bytes.TrimLeft(s, " \t")
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := false
	for i < len(s) && isDigit(s[i]) {
		i++
		digits = true
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
			digits = true
		}
	}
	if !digits {
		return "0"
	}
	return string(s[:i])
}

func cmpFloat(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func compareFloatKey(x float64, okx bool, y float64, oky bool) int {
	switch {
	case !okx || !oky:
		return boolCmp(okx, oky)
	case math.IsNaN(x) || math.IsNaN(y):
		return boolCmp(!math.IsNaN(x), !math.IsNaN(y))
	}
	return cmpFloat(x, y)
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

func floatPrefix(s []byte) (float64, bool) {
	t := strings.TrimLeft(string(s), " \t")
	for n := len(t); n > 0; n-- {
		if v, err := strconv.ParseFloat(t[:n], 64); err == nil {
			return v, true
		}
	}
	return 0, false
}

func humanRank(s []byte) int {
	p := numPrefix(s)
	t := bytes.TrimLeft(s, " \t")
	rank := 0
	if len(t) > len(p) {
		rank = strings.IndexByte("KMGTPEZYRQ", t[len(p)]) + 1
		if t[len(p)] == 'k' {
			rank = 1
		}
	}
	if strings.HasPrefix(p, "-") {
		return -rank
	}
	return rank
}

var monthNames = []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}

func monthOf(s []byte) int {
	t := strings.ToUpper(strings.TrimLeft(string(s), " \t"))
	for i, m := range monthNames {
		if strings.HasPrefix(t, m) {
			return i + 1
		}
	}
	return 0
}

// compareVersion orders like GNU filevercmp: runs of non-digits compare
// with letters before other characters, runs of digits numerically.
func compareVersion(a, b string) int {
	for a != "" || b != "" {
		na, nb := nonDigitPrefix(a), nonDigitPrefix(b)
		if c := compareVerText(na, nb); c != 0 {
			return c
		}
		a, b = a[len(na):], b[len(nb):]
		da, db := digitPrefix(a), digitPrefix(b)
		a, b = a[len(da):], b[len(db):]
		da, db = strings.TrimLeft(da, "0"), strings.TrimLeft(db, "0")
		if len(da) != len(db) {
			return len(da) - len(db)
		}
		if c := strings.Compare(da, db); c != 0 {
			return c
		}
	}
	return 0
}

func nonDigitPrefix(s string) string {
	i := 0
	for i < len(s) && !isDigit(s[i]) {
		i++
	}
	return s[:i]
}

func digitPrefix(s string) string {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return s[:i]
}

func verOrder(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	c := s[i]
	switch {
	case isAlpha(c):
		return int(c)
	case c == '~':
		return -1
	}
	return int(c) + 256
}

func compareVerText(a, b string) int {
	for i := 0; i < len(a) || i < len(b); i++ {
		if x, y := verOrder(a, i), verOrder(b, i); x != y {
			return x - y
		}
	}
	return 0
}
