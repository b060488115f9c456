package jsexec

import (
	"math"
	"strings"
)

// Date string parsing for Date.parse and new Date(string), done here
// because goja's parser reads strings without a zone in time.Local (the
// host's zone). Two grammars: the ISO format of the spec (date-only forms
// are UTC, date-times without an offset are local) and, failing that, a
// lenient one for the forms toString, toUTCString, RFC 2822 and people
// write ("Jan 2 2020 10:00", "1/2/2020", "2 January 2020 GMT+0100").

// maxDateString bounds what is scanned: no date needs more.
const maxDateString = 256

// parse is Date.parse: a time value or NaN.
func (z zone) parse(s string) float64 {
	s = strings.TrimSpace(s)
	if len(s) > maxDateString {
		return math.NaN()
	}
	if t, ok := z.parseISO(s); ok {
		return t
	}
	if t, ok := z.parseLoose(s); ok {
		return t
	}
	return math.NaN()
}

// scanner reads a date string left to right.
type scanner struct{ s string }

func (p *scanner) peek() byte {
	if p.s == "" {
		return 0
	}
	return p.s[0]
}

func (p *scanner) eat(c byte) bool {
	if p.peek() == c {
		p.s = p.s[1:]
		return true
	}
	return false
}

// digits reads between lo and hi decimal digits.
func (p *scanner) digits(lo, hi int) (int, bool) {
	n, v := 0, 0
	for n < len(p.s) && n < hi && p.s[n] >= '0' && p.s[n] <= '9' {
		v = v*10 + int(p.s[n]-'0')
		n++
	}
	if n < lo {
		return 0, false
	}
	p.s = p.s[n:]
	return v, true
}

// fraction reads the digits after a decimal point as milliseconds.
func (p *scanner) fraction() int {
	ms, scale, n := 0, 100, 0
	for n < len(p.s) && p.s[n] >= '0' && p.s[n] <= '9' {
		ms += int(p.s[n]-'0') * scale
		scale /= 10
		n++
	}
	p.s = p.s[n:]
	return ms
}

// offset reads ±HH:mm or ±HHmm (or ±HH when loose) as minutes.
func (p *scanner) offset(loose bool) (int, bool) {
	sign := 1
	switch {
	case p.eat('+'):
	case p.eat('-'):
		sign = -1
	default:
		return 0, false
	}
	save := p.s
	n := len(p.s)
	v, ok := p.digits(1, 4)
	used := n - len(p.s)
	if !ok || (!loose && used != 2 && used != 4) {
		return 0, false
	}
	h, m := v, 0
	if used > 2 {
		h, m = v/100, v%100
	} else if p.eat(':') {
		if m, ok = p.digits(2, 2); !ok {
			p.s = save
			return 0, false
		}
	}
	if h > 23 || m > 59 {
		return 0, false
	}
	return sign * (h*60 + m), true
}

// clock is a wall-clock time of day.
type clock struct{ h, m, s, ms int }

// minutesOn reads the rest of H:mm[:ss[.sss]] after the hour and colon.
func (p *scanner) minutesOn(h int) (clock, bool) {
	c := clock{h: h}
	var ok bool
	if c.m, ok = p.digits(1, 2); !ok {
		return c, false
	}
	if p.eat(':') {
		if c.s, ok = p.digits(1, 2); !ok {
			return c, false
		}
		if p.eat('.') || p.eat(',') {
			c.ms = p.fraction()
		}
	}
	return c, true
}

func (c clock) valid() bool {
	return c.m <= 59 && c.s <= 59 && (c.h < 24 || c.h == 24 && c.m == 0 && c.s == 0 && c.ms == 0)
}

// finish turns fields into a time value: local when there is no offset.
func (z zone) finish(y, mon, d int, c clock, offMin int, zoned bool) (float64, bool) {
	if mon < 1 || mon > 12 || d < 1 || d > 31 || !c.valid() {
		return 0, false
	}
	L := makeDate(makeDay(float64(y), float64(mon-1), float64(d)), makeTime(float64(c.h), float64(c.m), float64(c.s), float64(c.ms)))
	if zoned {
		L -= float64(offMin) * msPerMinute
	} else {
		L = z.utc(L)
	}
	t := timeClip(L)
	return t, !math.IsNaN(t)
}

// parseISO reads the spec's date time string format.
func (z zone) parseISO(s string) (float64, bool) {
	p := &scanner{s}
	var y int
	var ok bool
	switch c := p.peek(); c {
	case '+', '-':
		p.s = p.s[1:]
		if y, ok = p.digits(6, 6); !ok || (c == '-' && y == 0) {
			return 0, false
		}
		if c == '-' {
			y = -y
		}
	default:
		if y, ok = p.digits(4, 4); !ok {
			return 0, false
		}
	}
	mon, d := 1, 1
	if p.eat('-') {
		if mon, ok = p.digits(2, 2); !ok {
			return 0, false
		}
		if p.eat('-') {
			if d, ok = p.digits(2, 2); !ok {
				return 0, false
			}
		}
	}
	var c clock
	zoned := true // date-only forms are UTC
	if p.eat('T') || p.eat('t') || p.eat(' ') {
		h, ok := p.digits(2, 2)
		if !ok || !p.eat(':') {
			return 0, false
		}
		if c, ok = p.minutesOn(h); !ok {
			return 0, false
		}
		zoned = false
	}
	off := 0
	if p.eat('Z') || p.eat('z') {
		zoned = true
	} else if p.s != "" {
		if off, ok = p.offset(false); !ok {
			return 0, false
		}
		zoned = true
	}
	if p.s != "" {
		return 0, false
	}
	return z.finish(y, mon, d, c, off, zoned)
}

// zoneWords are the zone names the lenient grammar knows (minutes east).
// A switch, not a map: a package-level map is built at every start of the
// binary (issue 15).
func zoneWord(w string) (int, bool) {
	switch w {
	case "gmt", "utc", "ut", "z":
		return 0, true
	case "est":
		return -300, true
	case "edt":
		return -240, true
	case "cst":
		return -360, true
	case "cdt":
		return -300, true
	case "mst":
		return -420, true
	case "mdt":
		return -360, true
	case "pst":
		return -480, true
	case "pdt":
		return -420, true
	}
	return 0, false
}

// dnum is a numeric date component and how many digits it had.
type dnum struct{ v, width int }

// loose collects what the lenient grammar found.
type loose struct {
	nums    []dnum
	month   int
	c       clock
	hasTime bool
	ampm    string
	off     int
	zoned   bool
}

// parseLoose reads the lenient forms.
func (z zone) parseLoose(s string) (float64, bool) {
	p := &scanner{strings.ToLower(s)}
	var f loose
	for p.s != "" {
		if !f.step(p) {
			return 0, false
		}
	}
	return f.result(z)
}

// step consumes one token.
func (f *loose) step(p *scanner) bool {
	c := p.peek()
	switch {
	case c == ' ' || c == ',' || c == '\t' || c == '/' || c == '.':
		p.s = p.s[1:]
	case c == '(':
		depth := 0
		for p.s != "" {
			ch := p.s[0]
			p.s = p.s[1:]
			if ch == '(' {
				depth++
			} else if ch == ')' {
				if depth--; depth == 0 {
					return true
				}
			}
		}
		return false
	case c == '+' || c == '-':
		if f.hasTime || f.zoned {
			off, ok := p.offset(true)
			if !ok {
				return false
			}
			f.off, f.zoned = off, true
			return true
		}
		p.s = p.s[1:] // a separator: Jan-02-2020
	case c >= '0' && c <= '9':
		n := len(p.s)
		v, _ := p.digits(1, 9)
		if p.eat(':') {
			if f.hasTime {
				return false
			}
			cl, ok := p.minutesOn(v)
			f.c, f.hasTime = cl, true
			return ok
		}
		f.nums = append(f.nums, dnum{v, n - len(p.s)})
	case c >= 'a' && c <= 'z':
		return f.word(p)
	default:
		return false
	}
	return true
}

// word reads a month or day name, am/pm, a zone name, or an ignorable
// word before any date part ("on", "the").
func (f *loose) word(p *scanner) bool {
	n := 0
	for n < len(p.s) && p.s[n] >= 'a' && p.s[n] <= 'z' {
		n++
	}
	w := p.s[:n]
	p.s = p.s[n:]
	if off, ok := zoneWord(w); ok {
		f.off, f.zoned = off, true
		return true
	}
	switch w {
	case "am", "pm":
		f.ampm = w
		return f.hasTime
	case "t":
		return true
	}
	if len(w) >= 3 {
		for i, m := range months {
			if strings.HasPrefix(w, strings.ToLower(m)) {
				if f.month != 0 {
					return false
				}
				f.month = i + 1
				return true
			}
		}
		for _, d := range weekdays {
			if strings.HasPrefix(w, strings.ToLower(d)) {
				return true
			}
		}
	}
	return len(f.nums) == 0 && f.month == 0 && !f.hasTime
}

// twoDigitYear follows the legacy rule: 0-49 are 20xx, 50-99 19xx.
func twoDigitYear(n dnum) int {
	if n.width <= 2 && n.v < 50 {
		return 2000 + n.v
	}
	if n.width <= 2 && n.v < 100 {
		return 1900 + n.v
	}
	return n.v
}

func (f *loose) result(z zone) (float64, bool) {
	y, mon, d := 0, f.month, 0
	nums := f.nums
	switch {
	case f.month != 0 && len(nums) == 2:
		// "Jan 2 2020", "2 Jan 2020", "2020 Jan 2": the year is the wide
		// or large one, the day the other.
		if nums[0].width > 2 || nums[0].v > 31 {
			y, d = nums[0].v, nums[1].v
		} else {
			d, y = nums[0].v, twoDigitYear(nums[1])
		}
	case f.month != 0 && len(nums) == 1:
		d, y = nums[0].v, 2001
	case f.month == 0 && len(nums) == 3:
		if nums[0].width > 2 {
			y, mon, d = nums[0].v, nums[1].v, nums[2].v
		} else {
			mon, d, y = nums[0].v, nums[1].v, twoDigitYear(nums[2])
		}
	default:
		return 0, false
	}
	c := f.c
	switch f.ampm {
	case "pm":
		if c.h > 12 {
			return 0, false
		}
		if c.h < 12 {
			c.h += 12
		}
	case "am":
		if c.h > 12 {
			return 0, false
		}
		if c.h == 12 {
			c.h = 0
		}
	}
	return z.finish(y, mon, d, c, f.off, f.zoned)
}
