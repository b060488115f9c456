package arith

import "strings"

// parseNumber converts an integer constant as bash's strlong does: a leading
// 0 means octal, 0x hexadecimal, BASE#DIGITS any base from 2 to 64 with the
// digits 0-9a-zA-Z@_ (letters case-insensitive up to base 36). Overflow
// wraps silently, as in bash. msg is bash's error text, or "".
func parseNumber(s string) (v int64, msg string) {
	i := 0
	base := int64(10)
	foundBase := false
	if s[0] == '0' {
		i++
		if len(s) == 1 {
			return 0, ""
		}
		if s[i] == 'x' || s[i] == 'X' {
			base = 16
			i++
		} else {
			base = 8
		}
		foundBase = true
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c == '#' {
			if foundBase {
				return 0, "invalid number"
			}
			if v < 2 || v > 64 {
				return 0, "invalid arithmetic base"
			}
			if i+1 == len(s) {
				return 0, "invalid integer constant"
			}
			base, v, foundBase = v, 0, true
			continue
		}
		d, ok := digitValue(c, base)
		if !ok {
			break
		}
		if d >= base {
			return 0, "value too great for base"
		}
		v = v*base + d
	}
	return v, ""
}

// digitValue is the value of c as a digit in base, ok false when c is not
// a digit character at all.
func digitValue(c byte, base int64) (int64, bool) {
	switch {
	case isDigit(c):
		return int64(c - '0'), true
	case c >= 'a' && c <= 'z':
		return int64(c-'a') + 10, true
	case c >= 'A' && c <= 'Z':
		if base <= 36 {
			return int64(c-'A') + 10, true
		}
		return int64(c-'A') + 36, true
	case c == '@':
		return 62, true
	case c == '_':
		return 63, true
	}
	return 0, false
}

// ParseInt parses s as the test and [ builtins read an integer operand
// (bash's legal_number): leading white space, an optional sign, decimal
// digits, trailing blanks or tabs. It fails on anything else and on values
// outside int64, where bash says "integer expression expected". ([[ -eq ]]
// evaluates its operands as arithmetic instead: use Eval there.)
func ParseInt(s string) (int64, bool) {
	s = strings.TrimRight(strings.TrimLeft(s, " \t\n\v\f\r"), " \t")
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	var u uint64
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		if u > (1<<63)/10 {
			return 0, false
		}
		u = u*10 + uint64(s[i]-'0')
		if u > 1<<63 {
			return 0, false
		}
	}
	if neg {
		return -int64(u), true // -(1<<63) wraps to itself, which is MinInt64
	}
	if u > 1<<63-1 {
		return 0, false
	}
	return int64(u), true
}
