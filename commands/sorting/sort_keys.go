package sorting

import (
	"github.com/justbash/justbash/commands/internal/ascii"

	"fmt"
	"strconv"
	"strings"
)

// sortOrder holds the ordering options of a key (or the global ones).
type sortOrder struct {
	numeric, general, human, version, month bool
	fold, dict, nonprint, reverse, random   bool
	blankStart, blankEnd                    bool
}

func (o sortOrder) hasOrdering() bool {
	return o.numeric || o.general || o.human || o.version || o.month ||
		o.fold || o.dict || o.nonprint || o.reverse || o.random || o.blankStart || o.blankEnd
}

// incompatible returns GNU's "-LETTERS" spelling of o when it asks for
// more than one way of comparing (-n with -g, -M with -V, ...), "" when
// it is fine. -R, -V, -d and -i count as one way between them.
func (o sortOrder) incompatible() string {
	n := 0
	for _, b := range []bool{o.numeric, o.general, o.human, o.month, o.version || o.random || o.dict || o.nonprint} {
		if b {
			n++
		}
	}
	if n < 2 {
		return ""
	}
	var b []byte
	for _, f := range []struct {
		on bool
		ch byte
	}{{o.dict, 'd'}, {o.fold, 'f'}, {o.general, 'g'}, {o.human, 'h'},
		{o.nonprint && !o.dict, 'i'}, {o.month, 'M'}, {o.numeric, 'n'}, {o.random, 'R'}, {o.version, 'V'}} {
		if f.on {
			b = append(b, f.ch)
		}
	}
	return "-" + string(b)
}

// setFlag applies one option letter; it reports unknown letters.
func (o *sortOrder) setFlag(ch byte, end bool) bool {
	switch ch {
	case 'n':
		o.numeric = true
	case 'g':
		o.general = true
	case 'h':
		o.human = true
	case 'V':
		o.version = true
	case 'M':
		o.month = true
	case 'f':
		o.fold = true
	case 'd':
		o.dict = true
	case 'i':
		o.nonprint = true
	case 'r':
		o.reverse = true
	case 'R':
		o.random = true
	case 'b':
		if end {
			o.blankEnd = true
		} else {
			o.blankStart = true
		}
	default:
		return false
	}
	return true
}

// sortKey is one -k POS1[,POS2].
type sortKey struct {
	sortOrder
	f1, c1 int // 1-based field and char of the start
	f2, c2 int // end field (0: end of line) and char (0: end of field)
}

// parseSortKey reads a -k argument.
func parseSortKey(s string) (sortKey, error) {
	var k sortKey
	start, end, hasEnd := strings.Cut(s, ",")
	rest, err := k.parsePos(start, false, &k.f1, &k.c1)
	if err != nil {
		return k, err
	}
	if rest != "" {
		return k, fmt.Errorf("invalid field specification '%s'", s)
	}
	if k.f1 == 0 {
		return k, fmt.Errorf("field number is zero: invalid field specification '%s'", s)
	}
	if k.c1 == 0 {
		return k, fmt.Errorf("character offset is zero: invalid field specification '%s'", s)
	}
	if hasEnd {
		if rest, err = k.parsePos(end, true, &k.f2, &k.c2); err != nil {
			return k, err
		}
		if rest != "" || k.f2 == 0 {
			return k, fmt.Errorf("invalid field specification '%s'", s)
		}
	}
	return k, nil
}

// parsePos reads F[.C][flags] into f and c (c defaults to 1 at the start
// and 0, meaning end of field, at the end).
func (k *sortKey) parsePos(s string, end bool, f, c *int) (string, error) {
	i := 0
	for i < len(s) && ascii.IsDigit(s[i]) {
		i++
	}
	if i == 0 {
		return s, fmt.Errorf("invalid number at field start: invalid count at start of '%s'", s)
	}
	*f, _ = strconv.Atoi(s[:i])
	if !end {
		*c = 1
	}
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && ascii.IsDigit(s[j]) {
			j++
		}
		if j == i+1 {
			return s, fmt.Errorf("invalid number after '.': invalid count at start of '%s'", s[i+1:])
		}
		*c, _ = strconv.Atoi(s[i+1 : j])
		i = j
	}
	for ; i < len(s); i++ {
		if !k.setFlag(s[i], end) {
			return s[i:], nil
		}
	}
	return "", nil
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' }

// fieldStartsInto appends the byte offset where each field begins to
// starts. Without a separator a field starts at a blank following a
// non-blank, so leading blanks belong to the field as in GNU sort.
func fieldStartsInto(starts []int, line []byte, tab int) []int {
	starts = append(starts, 0)
	if tab >= 0 {
		for i, b := range line {
			if int(b) == tab {
				starts = append(starts, i+1)
			}
		}
		return starts
	}
	for i := 1; i < len(line); i++ {
		if isBlank(line[i]) && !isBlank(line[i-1]) {
			starts = append(starts, i)
		}
	}
	return starts
}

func (k *sortKey) extractFrom(line []byte, tab int, starts []int) []byte {
	fieldEnd := func(f int) int {
		if f < len(starts) {
			if tab >= 0 {
				return starts[f] - 1
			}
			return starts[f]
		}
		return len(line)
	}
	if k.f1 > len(starts) {
		return nil
	}
	beg := starts[k.f1-1]
	if k.blankStart {
		for beg < fieldEnd(k.f1) && isBlank(line[beg]) {
			beg++
		}
	}
	// A character offset may run past its field, up to the end of the
	// line, as in GNU sort (-k1.2 of "a x" starts at " x").
	beg = min(beg+k.c1-1, len(line))
	end := len(line)
	if k.f2 > 0 {
		if k.f2 > len(starts) {
			end = len(line)
		} else if k.c2 == 0 {
			end = fieldEnd(k.f2)
		} else {
			e := starts[k.f2-1]
			if k.blankEnd {
				for e < fieldEnd(k.f2) && isBlank(line[e]) {
					e++
				}
			}
			end = min(e+k.c2, len(line))
		}
	}
	if end < beg {
		return nil
	}
	return line[beg:end]
}

// transform applies -f, -d and -i to a key.
func (o *sortOrder) transform(s []byte) []byte {
	out := make([]byte, 0, len(s))
	for _, b := range s {
		if o.dict && !(isBlank(b) || ascii.IsAlpha(b) || ascii.IsDigit(b)) {
			continue
		}
		if o.nonprint && (b < 32 || b >= 127) {
			continue
		}
		if o.fold && b >= 'a' && b <= 'z' {
			b -= 32
		}
		out = append(out, b)
	}
	return out
}
