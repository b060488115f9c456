package fnmatch

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Match matches name against a shell glob (fnmatch(3) without
// FNM_PATHNAME, so '*' also matches '/', as find -path needs). fold makes
// the match case-insensitive. Bracket expressions accept '!' or '^'
// negation, ranges and [:class:] names; '\' quotes the next character.
func Match(pattern, name string, fold bool) bool {
	// Iterative matching with one backtrack point for the last '*' keeps
	// this linear-ish and free of recursion on long names.
	p, n := 0, 0
	starP, starN := -1, -1
	for n < len(name) {
		if p < len(pattern) {
			switch pattern[p] {
			case '*':
				starP, starN = p, n
				p++
				continue
			case '?':
				_, sz := utf8.DecodeRuneInString(name[n:])
				p, n = p+1, n+sz
				continue
			case '[':
				r, sz := utf8.DecodeRuneInString(name[n:])
				if ok, end := matchBracket(pattern, p, r, fold); end > 0 {
					if ok {
						p, n = end, n+sz
						continue
					}
				} else if name[n] == '[' {
					p, n = p+1, n+1
					continue
				}
			default:
				pc, psz := utf8.DecodeRuneInString(pattern[p:])
				if pc == '\\' && p+1 < len(pattern) {
					pc, psz = utf8.DecodeRuneInString(pattern[p+1:])
					psz++
				}
				nc, nsz := utf8.DecodeRuneInString(name[n:])
				if pc == nc || fold && foldEq(pc, nc) {
					p, n = p+psz, n+nsz
					continue
				}
			}
		}
		if starP < 0 {
			return false
		}
		_, sz := utf8.DecodeRuneInString(name[starN:])
		starN += sz
		p, n = starP+1, starN
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

func foldEq(a, b rune) bool { return unicode.ToLower(a) == unicode.ToLower(b) }

// matchBracket matches r against the bracket expression at pattern[p]
// ('['). end is the index after ']', or 0 when the bracket is unterminated
// (then '[' is literal).
func matchBracket(pattern string, p int, r rune, fold bool) (bool, int) {
	i := p + 1
	neg := false
	if i < len(pattern) && (pattern[i] == '!' || pattern[i] == '^') {
		neg = true
		i++
	}
	matched := false
	first := true
	for i < len(pattern) {
		if pattern[i] == ']' && !first {
			return matched != neg, i + 1
		}
		first = false
		if pattern[i] == '[' && i+1 < len(pattern) && pattern[i+1] == ':' {
			if end := strings.Index(pattern[i+2:], ":]"); end >= 0 {
				if classMatch(pattern[i+2:i+2+end], r) {
					matched = true
				}
				i += end + 4
				continue
			}
		}
		lo, sz := utf8.DecodeRuneInString(pattern[i:])
		if lo == '\\' && i+1 < len(pattern) {
			lo, sz = utf8.DecodeRuneInString(pattern[i+1:])
			sz++
		}
		i += sz
		hi := lo
		if i+1 < len(pattern) && pattern[i] == '-' && pattern[i+1] != ']' {
			var hsz int
			hi, hsz = utf8.DecodeRuneInString(pattern[i+1:])
			i += 1 + hsz
		}
		if lo <= r && r <= hi || fold && (lo <= unicode.ToLower(r) && unicode.ToLower(r) <= hi || lo <= unicode.ToUpper(r) && unicode.ToUpper(r) <= hi) {
			matched = true
		}
	}
	return false, 0
}

func classMatch(class string, r rune) bool {
	switch class {
	case "alpha":
		return unicode.IsLetter(r)
	case "digit":
		return r >= '0' && r <= '9'
	case "alnum":
		return unicode.IsLetter(r) || unicode.IsDigit(r)
	case "upper":
		return unicode.IsUpper(r)
	case "lower":
		return unicode.IsLower(r)
	case "space":
		return unicode.IsSpace(r)
	case "blank":
		return r == ' ' || r == '\t'
	case "punct":
		return unicode.IsPunct(r) || unicode.IsSymbol(r) && r < 128
	case "xdigit":
		return strings.ContainsRune("0123456789abcdefABCDEF", r)
	case "cntrl":
		return unicode.IsControl(r)
	case "print":
		return unicode.IsPrint(r)
	case "graph":
		return unicode.IsPrint(r) && r != ' '
	}
	return false
}
