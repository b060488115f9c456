package awk

import (
	"math"
	"strconv"
	"strings"
)

// kind says what a value is. Strnum values come from input (fields,
// getline, ARGV, ENVIRON, -v): they compare as numbers when they look like
// numbers, as strings otherwise.
type kind uint8

const (
	kUninit kind = iota
	kNum
	kStr
	kStrNum
)

type value struct {
	k kind
	s string
	n float64
}

func num(n float64) value   { return value{k: kNum, n: n} }
func str(s string) value    { return value{k: kStr, s: s} }
func strnum(s string) value { return value{k: kStrNum, s: s} }
func boolVal(b bool) value {
	if b {
		return value{k: kNum, n: 1}
	}
	return value{k: kNum}
}

// isNumeric reports whether v compares numerically.
func (v value) isNumeric() bool {
	switch v.k {
	case kNum, kUninit:
		return true
	case kStrNum:
		return looksNumeric(v.s)
	}
	return false
}

// toNum converts like strtod on the leading part of a string.
func (v value) toNum() float64 {
	switch v.k {
	case kNum:
		return v.n
	case kUninit:
		return 0
	}
	return strToNum(v.s)
}

func (v value) toBool() bool {
	switch v.k {
	case kNum:
		return v.n != 0
	case kStr:
		return v.s != ""
	case kStrNum:
		if looksNumeric(v.s) {
			return strToNum(v.s) != 0
		}
		return v.s != ""
	}
	return false
}

// strToNum parses the longest numeric prefix of s (leading blanks allowed).
// A fast path handles plain integers without allocation.
func strToNum(s string) float64 {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v') {
		i++
	}
	s = s[i:]
	if s == "" {
		return 0
	}
	// fast path: optional sign and up to 15 digits
	j, neg := 0, false
	if s[0] == '-' || s[0] == '+' {
		neg = s[0] == '-'
		j = 1
	}
	var n int64
	k := j
	for k < len(s) && k-j < 16 && s[k] >= '0' && s[k] <= '9' {
		n = n*10 + int64(s[k]-'0')
		k++
	}
	if k > j && (k == len(s) || (s[k] != '.' && s[k] != 'e' && s[k] != 'E' && (s[k] < '0' || s[k] > '9'))) {
		if neg {
			return -float64(n)
		}
		return float64(n)
	}
	end := numPrefixLen(s)
	if end == 0 {
		return 0
	}
	f, err := strconv.ParseFloat(s[:end], 64)
	if err != nil {
		// ParseFloat reports range errors but still gives ±Inf or 0
		return f
	}
	return f
}

// numPrefixLen gives the length of the longest decimal float prefix,
// also accepting gawk's signed "+inf"/"-nan" spellings.
func numPrefixLen(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
		if len(s) >= i+3 {
			w := strings.ToLower(s[i : i+3])
			if w == "inf" || w == "nan" {
				return i + 3
			}
		}
	}
	digits := 0
	for i < len(s) && isDigit(s[i]) {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			i = j
		}
	}
	return i
}

// looksNumeric reports whether the whole string (blanks aside) is a number.
func looksNumeric(s string) bool {
	i, j := 0, len(s)
	for i < j && isBlankNL(s[i]) {
		i++
	}
	for j > i && isBlankNL(s[j-1]) {
		j--
	}
	if i == j {
		return false
	}
	return numPrefixLen(s[i:j]) == j-i
}

func isBlankNL(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// numToStr converts a number with the given format (CONVFMT or OFMT);
// integral values print as integers.
func numToStr(n float64, format string) string {
	if n == math.Trunc(n) {
		if n >= -1e15 && n <= 1e15 {
			return strconv.FormatInt(int64(n), 10)
		}
		if math.IsInf(n, 0) {
			if n > 0 {
				return "+inf"
			}
			return "-inf"
		}
		return strconv.FormatFloat(n, 'f', 0, 64)
	}
	if math.IsNaN(n) {
		if math.Signbit(n) {
			return "-nan"
		}
		return "+nan"
	}
	if format == "%.6g" {
		return formatG(n, 6, false, false)
	}
	return sprintfNums(format, n)
}

// formatG renders like C's %g.
func formatG(n float64, prec int, alt bool, upper bool) string {
	if prec == 0 {
		prec = 1
	}
	if math.IsInf(n, 0) || math.IsNaN(n) {
		return infNaN(n, upper)
	}
	s := strconv.FormatFloat(n, 'e', prec-1, 64)
	// exponent decides between %e and %f style
	e := strings.LastIndexByte(s, 'e')
	exp, _ := strconv.Atoi(s[e+1:])
	if exp < -4 || exp >= prec {
		mant := s[:e]
		if !alt {
			mant = trimZeros(mant)
		}
		es := s[e+1:]
		sign := es[0]
		digits := es[1:]
		if len(digits) < 2 {
			digits = "0" + digits
		}
		r := mant + "e" + string(sign) + digits
		if upper {
			r = strings.ToUpper(r)
		}
		return r
	}
	f := strconv.FormatFloat(n, 'f', prec-1-exp, 64)
	if !alt {
		f = trimZeros(f)
	}
	return f
}

func trimZeros(s string) string {
	if strings.IndexByte(s, '.') < 0 {
		return s
	}
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

func infNaN(n float64, upper bool) string {
	var s string
	switch {
	case math.IsNaN(n):
		s = "nan"
		if math.Signbit(n) {
			s = "-" + s
		} else {
			s = "+" + s
		}
	case n > 0:
		s = "+inf"
	default:
		s = "-inf"
	}
	if upper {
		s = strings.ToUpper(s)
	}
	return s
}
