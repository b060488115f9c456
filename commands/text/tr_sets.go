package text

import (
	"sync"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/ascii"
	"github.com/justbash/justbash/commands/internal/escape"

	"fmt"
	"strconv"
	"strings"
)

// trClasses lists the bytes of each POSIX class in the C locale.
var trClasses = sync.OnceValue(func() map[string]func(b byte) bool {
	return map[string]func(b byte) bool{
		"alnum":  func(b byte) bool { return ascii.IsAlpha(b) || ascii.IsDigit(b) },
		"alpha":  ascii.IsAlpha,
		"blank":  func(b byte) bool { return b == ' ' || b == '\t' },
		"cntrl":  func(b byte) bool { return b < 32 || b == 127 },
		"digit":  ascii.IsDigit,
		"graph":  func(b byte) bool { return b > 32 && b < 127 },
		"lower":  func(b byte) bool { return b >= 'a' && b <= 'z' },
		"print":  func(b byte) bool { return b >= 32 && b < 127 },
		"punct":  func(b byte) bool { return b > 32 && b < 127 && !ascii.IsAlpha(b) && !ascii.IsDigit(b) },
		"space":  func(b byte) bool { return b == ' ' || b >= '\t' && b <= '\r' },
		"upper":  func(b byte) bool { return b >= 'A' && b <= 'Z' },
		"xdigit": func(b byte) bool { return ascii.IsDigit(b) || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' },
	}
})

// trElem is a run of bytes, or a [c*n] repeat (fill when n == 0 and star).
type trElem struct {
	bytes []byte
	rep   bool
	n     int
	class string // the name of a [:name:] class, "" otherwise
}

// parseTrSet splits a tr SET operand into elements.
func parseTrSet(s string) ([]trElem, error) {
	var out []trElem
	for i := 0; i < len(s); {
		if s[i] == '[' {
			if e, n, ok, err := trBracket(s[i:]); err != nil {
				return nil, err
			} else if ok {
				out = append(out, e)
				i += n
				continue
			}
		}
		b, n := trChar(s[i:])
		i += n
		if i+1 < len(s) && s[i] == '-' {
			hi, m := trChar(s[i+1:])
			if hi < b {
				return nil, fmt.Errorf("range-endpoints of '%c-%c' are in reverse collating sequence order", b, hi)
			}
			var r []byte
			for c := int(b); c <= int(hi); c++ {
				r = append(r, byte(c))
			}
			out = append(out, trElem{bytes: r})
			i += 1 + m
			continue
		}
		out = append(out, trElem{bytes: []byte{b}})
	}
	return out, nil
}

// trBracket handles [:class:], [=c=] and [c*n] at the start of s.
func trBracket(s string) (trElem, int, bool, error) {
	if strings.HasPrefix(s, "[:") {
		end := strings.Index(s, ":]")
		if end > 2 {
			name := s[2:end]
			f, ok := trClasses()[name]
			if !ok {
				return trElem{}, 0, false, fmt.Errorf("invalid character class '%s'", name)
			}
			var r []byte
			for c := 0; c < 256; c++ {
				if f(byte(c)) {
					r = append(r, byte(c))
				}
			}
			return trElem{bytes: r, class: name}, end + 2, true, nil
		}
	}
	if strings.HasPrefix(s, "[=") && len(s) >= 5 {
		if end := strings.Index(s[3:], "=]"); end >= 0 {
			b, _ := trChar(s[2:])
			return trElem{bytes: []byte{b}}, end + 5, true, nil
		}
	}
	if len(s) >= 4 {
		b, n := trChar(s[1:])
		rest := s[1+n:]
		if strings.HasPrefix(rest, "*") {
			if end := strings.IndexByte(rest, ']'); end > 0 {
				num := rest[1:end]
				cnt := 0
				if num != "" {
					v, err := strconv.ParseInt(num, 0, 32)
					if err != nil {
						return trElem{}, 0, false, fmt.Errorf("invalid repeat count '%s' in [c*n] construct", num)
					}
					cnt = int(v)
				}
				return trElem{bytes: []byte{b}, rep: true, n: cnt}, 1 + n + end + 1, true, nil
			}
		}
	}
	return trElem{}, 0, false, nil
}

// checkTrClasses applies GNU's rules for classes in string2 when
// translating: only [:upper:] and [:lower:] may appear there, each where
// string1 has one of them at the same character offset (case conversion),
// unless string1 is complemented.
func checkTrClasses(e1, e2 []trElem, comp bool) error {
	for _, e := range e2 {
		if e.class != "" && e.class != "upper" && e.class != "lower" {
			return fmt.Errorf("when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'")
		}
	}
	if comp {
		return nil
	}
	starts := map[int]string{}
	off := 0
	for _, e := range e1 {
		starts[off] = e.class
		off += len(e.bytes)
	}
	off = 0
	for _, e := range e2 {
		if e.rep {
			if e.n == 0 {
				return nil // a fill: offsets after it depend on string1
			}
			off += e.n
			continue
		}
		if e.class != "" {
			if c := starts[off]; c != "upper" && c != "lower" {
				return fmt.Errorf("misaligned [:upper:] and/or [:lower:] construct")
			}
		}
		off += len(e.bytes)
	}
	return nil
}

// trTrailingBackslash reports whether s ends in a backslash that escapes
// nothing (an odd run of them), which GNU tr warns about.
func trTrailingBackslash(s string) bool {
	n := len(s) - len(strings.TrimRight(s, `\`))
	return n%2 == 1
}

// trChar decodes one possibly escaped byte.
func trChar(s string) (byte, int) {
	if s[0] != '\\' || len(s) == 1 {
		return s[0], 1
	}
	switch e := s[1]; e {
	case 'a':
		return 7, 2
	case 'b':
		return 8, 2
	case 'f':
		return 12, 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'v':
		return 11, 2
	default:
		if e >= '0' && e <= '7' {
			v, n := escape.ParseDigits(s[1:], 8, 3)
			return byte(v), 1 + n
		}
		return e, 2
	}
}

// expandTrSet flattens elements; fillTo sizes a [c*] repeat in SET2.
func expandTrSet(elems []trElem, fillTo int) []byte {
	fixed := 0
	for _, e := range elems {
		if !e.rep || e.n > 0 {
			fixed += max(len(e.bytes), e.n)
		}
	}
	var out []byte
	for _, e := range elems {
		switch {
		case !e.rep:
			out = append(out, e.bytes...)
		case e.n > 0:
			out = append(out, []byte(strings.Repeat(string(e.bytes), e.n))...)
		default:
			out = append(out, []byte(strings.Repeat(string(e.bytes), max(fillTo-fixed, 0)))...)
		}
	}
	return out
}

// maxTrSet bounds an expanded set. Only the first 256 distinct positions
// of a set can matter for a byte map, but [c*N] is expanded literally, so
// N is bounded here, before the expansion allocates N bytes.
const maxTrSet = 1 << 20

// checkTrSize refuses sets whose repeats expand past maxTrSet bytes.
func checkTrSize(elems []trElem) error {
	var n int64
	for _, e := range elems {
		n += int64(max(len(e.bytes), e.n))
		if n > maxTrSet {
			return commands.StringLimitErr(maxTrSet)
		}
	}
	return nil
}
