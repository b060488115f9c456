package sorting

import (
	"github.com/justbash/justbash/commands/internal/ascii"
	"github.com/justbash/justbash/commands/internal/vercmp"

	"bytes"
	"hash/maphash"
	"math"
)

// sortVal is one key of one line, parsed once before sorting so that the
// comparisons themselves never allocate or re-parse.
type sortVal struct {
	text []byte // the key text (numeric: the integer digits)
	frac []byte // numeric: fraction digits without trailing zeros
	// a and b hold numeric keys that fit in 18 digits each (integer part,
	// fraction scaled to 18 digits), the -R hash in a, or -g's float
	// bits in a.
	a, b uint64
	rank int32 // month number, or the SI suffix rank of -h
	neg  bool  // numeric: negative and non-zero
	ok   bool  // -g: a number was found; numeric: a and b are valid
}

// sortItem is one input line with its parsed keys. The first key is
// stored inline so comparisons touch one cache line.
type sortItem struct {
	line []byte
	k0   sortVal
	rest []sortVal
	pre  uint64 // bytePrefix of line, for the last-resort comparison
	idx  int32  // input position, the tie-break that keeps the sort stable
}

func (it *sortItem) key(i int) *sortVal {
	if i == 0 {
		return &it.k0
	}
	return &it.rest[i-1]
}

// prepare parses every line's keys; keys after the first share one flat
// allocation.
func (s *sorter) prepare(lines [][]byte) []sortItem {
	extra := max(len(s.keys)-1, 0)
	var vals []sortVal
	if extra > 0 {
		vals = make([]sortVal, len(lines)*extra)
	}
	items := make([]sortItem, len(lines))
	var starts []int
	for i, l := range lines {
		it := &items[i]
		it.line, it.idx = l, int32(i)
		if len(s.keys) > 0 || s.global.hasOrdering() {
			it.pre = bytePrefix(l)
		}
		if extra > 0 {
			it.rest = vals[i*extra : (i+1)*extra : (i+1)*extra]
		}
		if len(s.keys) == 0 {
			s.global.parse(&it.k0, l, s.seed)
			continue
		}
		for j := range s.keys {
			k := &s.keys[j]
			var text []byte
			text, starts = k.extractWith(l, s.tab, starts)
			k.parse(it.key(j), text, s.seed)
		}
	}
	return items
}

// parse fills v from a key's text according to the ordering options.
func (o *sortOrder) parse(v *sortVal, t []byte, seed maphash.Seed) {
	switch {
	case o.numeric:
		v.setNum(t)
	case o.general:
		var f float64
		f, v.ok = floatPrefix(t)
		v.a = math.Float64bits(f)
	case o.human:
		v.rank = int32(humanRank(t))
		v.setNum(t)
	case o.month:
		v.rank = int32(monthOf(t))
	case o.version:
		v.text = t
	default:
		if o.blankStart {
			t = bytes.TrimLeft(t, " \t")
		}
		if o.fold || o.dict || o.nonprint {
			t = o.transform(t)
		}
		v.text = t
		if o.random {
			v.a = maphash.Bytes(seed, t)
		} else {
			v.a = bytePrefix(t)
		}
	}
}

// compareVal orders two parsed keys (without reverse).
func (o *sortOrder) compareVal(a, b *sortVal) int {
	switch {
	case o.numeric:
		return compareNumKey(a, b)
	case o.general:
		return compareFloatKey(math.Float64frombits(a.a), a.ok, math.Float64frombits(b.a), b.ok)
	case o.human:
		if a.rank != b.rank {
			return int(a.rank - b.rank)
		}
		return compareNumKey(a, b)
	case o.month:
		return int(a.rank - b.rank)
	case o.version:
		return vercmp.Compare(string(a.text), string(b.text))
	}
	// a holds the first eight bytes (or the -R hash): most keys differ
	// there, which saves following the text pointers.
	if a.a != b.a {
		if a.a < b.a {
			return -1
		}
		return 1
	}
	return bytes.Compare(a.text, b.text)
}

// parseNumKey splits the leading number of t as sort -n reads it: blanks,
// an optional '-', digits, an optional '.' and digits. Leading zeros of
// the integer and trailing zeros of the fraction are dropped so that the
// parts compare by length and bytes, exactly, without floating point.
func parseNumKey(t []byte) (neg bool, ints, frac []byte) {
	i := 0
	for i < len(t) && isBlank(t[i]) {
		i++
	}
	if i < len(t) && t[i] == '-' {
		neg = true
		i++
	}
	st := i
	for i < len(t) && ascii.IsDigit(t[i]) {
		i++
	}
	ints = t[st:i]
	for len(ints) > 0 && ints[0] == '0' {
		ints = ints[1:]
	}
	if i < len(t) && t[i] == '.' {
		i++
		fs := i
		for i < len(t) && ascii.IsDigit(t[i]) {
			i++
		}
		frac = t[fs:i]
		for len(frac) > 0 && frac[len(frac)-1] == '0' {
			frac = frac[:len(frac)-1]
		}
	}
	if len(ints) == 0 && len(frac) == 0 {
		neg = false // -0 equals 0, and a non-number counts as zero
	}
	return neg, ints, frac
}

// setNum parses a numeric key and, when both parts fit, packs them into
// a and b so most comparisons are two integer compares.
func (v *sortVal) setNum(t []byte) {
	v.neg, v.text, v.frac = parseNumKey(t)
	if len(v.text) > 18 || len(v.frac) > 18 {
		return
	}
	v.ok = true
	for _, d := range v.text {
		v.a = v.a*10 + uint64(d-'0')
	}
	for i := 0; i < 18; i++ {
		d := uint64(0)
		if i < len(v.frac) {
			d = uint64(v.frac[i] - '0')
		}
		v.b = v.b*10 + d
	}
}

func compareNumKey(a, b *sortVal) int {
	if a.neg != b.neg {
		if a.neg {
			return -1
		}
		return 1
	}
	if a.ok && b.ok {
		c := cmpU64(a.a, b.a)
		if c == 0 {
			c = cmpU64(a.b, b.b)
		}
		if a.neg {
			return -c
		}
		return c
	}
	c := len(a.text) - len(b.text)
	if c == 0 {
		c = bytes.Compare(a.text, b.text)
	}
	if c == 0 {
		c = bytes.Compare(a.frac, b.frac)
	}
	if a.neg {
		return -c
	}
	return c
}

// extractWith is extract reusing a scratch slice for field offsets.
func (k *sortKey) extractWith(line []byte, tab int, starts []int) ([]byte, []int) {
	starts = fieldStartsInto(starts[:0], line, tab)
	return k.extractFrom(line, tab, starts), starts
}

func cmpU64(x, y uint64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// bytePrefix packs the first eight bytes of t big-endian, zero padded, so
// that comparing prefixes as integers agrees with bytes.Compare whenever
// they differ.
func bytePrefix(t []byte) uint64 {
	var p uint64
	for i := 0; i < 8; i++ {
		p <<= 8
		if i < len(t) {
			p |= uint64(t[i])
		}
	}
	return p
}
