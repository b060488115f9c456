package vercmp

import (
	"github.com/justbash/justbash/commands/internal/ascii"
)
import "strings"

func compareVerText(a, b string) int {
	for i := 0; i < len(a) || i < len(b); i++ {
		if x, y := verOrder(a, i), verOrder(b, i); x != y {
			return x - y
		}
	}
	return 0
}

func verOrder(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	c := s[i]
	switch {
	case ascii.IsAlpha(c):
		return int(c)
	case c == '~':
		return -1
	}
	return int(c) + 256
}

func digitPrefix(s string) string {
	i := 0
	for i < len(s) && ascii.IsDigit(s[i]) {
		i++
	}
	return s[:i]
}

func nonDigitPrefix(s string) string {
	i := 0
	for i < len(s) && !ascii.IsDigit(s[i]) {
		i++
	}
	return s[:i]
}

// compareVersion orders like GNU filevercmp: runs of non-digits compare
// with letters before other characters, runs of digits numerically.
func Compare(a, b string) int {
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
