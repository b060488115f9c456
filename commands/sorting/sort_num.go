package sorting

import (
	"github.com/justbash/justbash/commands/internal/ascii"

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
	for i < len(s) && ascii.IsDigit(s[i]) {
		i++
		digits = true
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && ascii.IsDigit(s[i]) {
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
