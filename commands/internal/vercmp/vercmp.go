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

// Compare orders like gnulib's filevercmp (sort -V, ls -v): "" first,
// then ".", "..", other names starting with ".", and the rest; names
// compare without their file suffixes (".tar.gz": a dot, a letter or
// "~", letters, digits and "~") first, and whole only on a tie.
func Compare(a, b string) int {
	switch {
	case a == "" || b == "":
		return boolInt(b == "") - boolInt(a == "")
	case a[0] == '.' && b[0] != '.':
		return -1
	case b[0] == '.' && a[0] != '.':
		return 1
	case a[0] == '.':
		for _, special := range []string{".", ".."} {
			if a == special || b == special {
				return boolInt(b == special) - boolInt(a == special)
			}
		}
	}
	ap, bp := prefixLen(a), prefixLen(b)
	if r := verrevcmp(a[:ap], b[:bp]); r != 0 || ap == len(a) && bp == len(b) {
		return r
	}
	return verrevcmp(a, b)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// prefixLen is the length of s without its file suffix; the first byte
// never belongs to the suffix.
func prefixLen(s string) int {
	prefix := 0
	for i := 0; ; {
		if i == len(s) {
			return prefix
		}
		i++
		prefix = i
		for i+1 < len(s) && s[i] == '.' && (ascii.IsAlpha(s[i+1]) || s[i+1] == '~') {
			for i += 2; i < len(s) && (ascii.IsAlpha(s[i]) || ascii.IsDigit(s[i]) || s[i] == '~'); i++ {
			}
		}
	}
}

// verrevcmp compares runs of non-digits with letters before other
// characters ("~" before all, even the end), and runs of digits
// numerically.
func verrevcmp(a, b string) int {
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
