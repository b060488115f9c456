package pattern

import (
	"strings"
	"unicode"
)

// class is a parsed bracket expression.
type class struct {
	neg    bool
	ranges []symRange
	named  []func(rune) bool
}

type symRange struct{ lo, hi int32 }

var namedClasses = map[string]func(rune) bool{
	"alnum":  func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) },
	"alpha":  unicode.IsLetter,
	"ascii":  func(r rune) bool { return r < 0x80 },
	"blank":  func(r rune) bool { return r == ' ' || r == '\t' || (r > 0x7f && unicode.Is(unicode.Zs, r)) },
	"cntrl":  unicode.IsControl,
	"digit":  func(r rune) bool { return r >= '0' && r <= '9' },
	"graph":  func(r rune) bool { return unicode.IsGraphic(r) && !unicode.IsSpace(r) },
	"lower":  unicode.IsLower,
	"print":  func(r rune) bool { return unicode.IsPrint(r) },
	"punct":  isPunct,
	"space":  unicode.IsSpace,
	"upper":  unicode.IsUpper,
	"word":   func(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) },
	"xdigit": func(r rune) bool { return r < 0x80 && strings.ContainsRune("0123456789abcdefABCDEF", r) },
}

func isPunct(r rune) bool {
	if r < 0x80 {
		return r > ' ' && r < 0x7f && !(r >= '0' && r <= '9') && !(r >= 'a' && r <= 'z') && !(r >= 'A' && r <= 'Z')
	}
	return unicode.IsPunct(r) || unicode.IsSymbol(r)
}

// collatingNames are the POSIX names a [.name.] may use besides a single
// character; bash knows the full table, the common ones suffice here.
var collatingNames = map[string]rune{
	"NUL": 0, "tab": '\t', "newline": '\n', "carriage-return": '\r', "space": ' ',
	"exclamation-mark": '!', "quotation-mark": '"', "number-sign": '#', "dollar-sign": '$',
	"percent-sign": '%', "ampersand": '&', "apostrophe": '\'', "left-parenthesis": '(',
	"right-parenthesis": ')', "asterisk": '*', "plus-sign": '+', "comma": ',', "hyphen": '-',
	"hyphen-minus": '-', "period": '.', "full-stop": '.', "slash": '/', "solidus": '/',
	"zero": '0', "one": '1', "two": '2', "three": '3', "four": '4', "five": '5', "six": '6',
	"seven": '7', "eight": '8', "nine": '9', "colon": ':', "semicolon": ';',
	"less-than-sign": '<', "equals-sign": '=', "greater-than-sign": '>', "question-mark": '?',
	"commercial-at": '@', "left-square-bracket": '[', "backslash": '\\', "reverse-solidus": '\\',
	"right-square-bracket": ']', "circumflex": '^', "circumflex-accent": '^', "underscore": '_',
	"low-line": '_', "grave-accent": '`', "left-brace": '{', "left-curly-bracket": '{',
	"vertical-line": '|', "right-brace": '}', "right-curly-bracket": '}', "tilde": '~', "DEL": 0x7f,
}

// parseClass parses the bracket expression at pat[i] == '['. ok is false
// when it is not closed before end; bash then takes the '[' literally.
func parseClass(pat string, i, end int, bytes bool) (cls *class, next int, ok bool) {
	cls = &class{}
	j := i + 1
	if j < end && (pat[j] == '!' || pat[j] == '^') {
		cls.neg = true
		j++
	}
	first := true
	for j < end {
		c := pat[j]
		if c == ']' && !first {
			return cls, j + 1, true
		}
		first = false
		if c == '[' && j+1 < end && pat[j+1] == ':' {
			if k := strings.Index(pat[j+2:end], ":]"); k >= 0 {
				// An unknown [:name:] matches nothing, but the rest of
				// the expression still counts: [abc[:foo:]] matches a.
				if f, ok := namedClasses[pat[j+2:j+2+k]]; ok {
					cls.named = append(cls.named, f)
				}
				j += 2 + k + 2
				continue
			}
		}
		lo, n := parseElem(pat, j, end, bytes)
		j += n
		if j+1 < end && pat[j] == '-' && pat[j+1] != ']' {
			hi, n := parseElem(pat, j+1, end, bytes)
			j += 1 + n
			cls.ranges = append(cls.ranges, symRange{lo, hi})
			continue
		}
		cls.ranges = append(cls.ranges, symRange{lo, lo})
	}
	return nil, 0, false
}

// parseElem reads one single-character element of a bracket expression:
// an escaped or plain character, or a [.x.] / [=x=] element.
func parseElem(pat string, j, end int, bytes bool) (int32, int) {
	c := pat[j]
	if c == '\\' && j+1 < end {
		sym, n := decodeSym(pat, j+1, bytes)
		return sym, 1 + n
	}
	if c == '[' && j+1 < end && (pat[j+1] == '.' || pat[j+1] == '=') {
		delim := string([]byte{pat[j+1], ']'})
		if k := strings.Index(pat[j+2:end], delim); k >= 0 {
			name := pat[j+2 : j+2+k]
			if name != "" {
				if r, size := decodeSym(name, 0, bytes); size == len(name) {
					return r, k + 4
				}
			}
			if pat[j+1] == '.' {
				// An unknown collating symbol is an element that matches
				// nothing, alone or as a range's end.
				if r, ok := collatingNames[name]; ok {
					return r, k + 4
				}
				return symInvalid, k + 4
			}
		}
	}
	return decodeSym(pat, j, bytes)
}

// symInvalid is an unknown [.name.]: no symbol equals it.
const symInvalid int32 = -2000

func (c *class) matchRanges(sym int32) bool {
	for _, r := range c.ranges {
		if r.lo == symInvalid || r.hi == symInvalid {
			continue
		}
		if k := symKey(sym); k >= symKey(r.lo) && k <= symKey(r.hi) {
			return true
		}
	}
	return false
}

func (c *class) matchOne(sym int32) bool {
	if c.matchRanges(sym) {
		return true
	}
	if sym >= 0 {
		for _, f := range c.named {
			if f(sym) {
				return true
			}
		}
	}
	return false
}

// match reports whether the bracket expression matches sym. Under noCase
// every case variant of sym is tried, so [a-z] matches 'Q'.
func (c *class) match(sym int32, noCase bool) bool {
	m := c.matchOne(sym)
	if !m && noCase && sym >= 0 {
		// bash folds the listed characters and ranges but not the named
		// classes: [[:upper:]] stays upper case under nocasematch.
		for f := unicode.SimpleFold(sym); f != sym; f = unicode.SimpleFold(f) {
			if c.matchRanges(f) {
				m = true
				break
			}
		}
	}
	return m != c.neg
}
