package awk

import (
	"strconv"
	"strings"
	"time"

	"github.com/justbash/justbash/commands/internal/timefmt"
	"github.com/justbash/justbash/commands/internal/tz"
)

func (in *interp) split(a []expr) value {
	s := in.toStr(in.eval(a[0]))
	arr := in.array(a[1].(*arrayRef))
	var seps *array
	if len(a) == 4 {
		seps = in.array(a[3].(*arrayRef))
		seps.clear()
	}
	mode, ch, re := in.rec.fsMode, in.rec.fsChar, in.rec.fsRe
	if len(a) >= 3 {
		if r, ok := a[2].(*regexExpr); ok {
			mode, re = fsRegex, r.re
		} else {
			fs := in.toStr(in.eval(a[2]))
			switch {
			case fs == " ":
				mode = fsSpace
			case fs == "":
				mode = fsEmpty
			case len(fs) == 1 && fs != "\\":
				mode, ch = fsChar, fs[0]
			default:
				mode, re = fsRegex, in.dynRegex(fs)
			}
		}
	}
	parts := in.splitInto(s, nil, mode, ch, re, false)
	arr.clear()
	for i, p := range parts {
		arr.set(strconv.Itoa(i+1), strnum(p))
	}
	if seps != nil {
		in.fillSeps(s, parts, seps, mode)
	}
	return num(float64(len(parts)))
}

// fillSeps recovers the separators between the parts split() produced:
// each part is a substring of s, so the gaps are the separators.
func (in *interp) fillSeps(s string, parts []string, seps *array, mode int) {
	pos := 0
	for i, p := range parts {
		idx := strings.Index(s[pos:], p)
		if idx < 0 {
			break
		}
		if i > 0 || (mode == fsSpace && idx > 0) {
			seps.set(strconv.Itoa(i), str(s[pos:pos+idx]))
		}
		pos += idx + len(p)
	}
	if mode == fsSpace && pos < len(s) && len(parts) > 0 {
		seps.set(strconv.Itoa(len(parts)), str(s[pos:]))
	}
}

func (in *interp) match(a []expr) value {
	s := in.toStr(in.eval(a[0]))
	re := in.regexFor(a[1])
	var arr *array
	if len(a) == 3 {
		arr = in.array(a[2].(*arrayRef))
		arr.clear()
	}
	var loc []int
	if re.isLit && re.lit != "" {
		if i := strings.Index(s, re.lit); i >= 0 {
			loc = []int{i, i + len(re.lit)}
		}
	} else {
		if re.re == nil {
			re = in.dynRegex("()" + re.lit)
		}
		loc = re.re.FindStringSubmatchIndex(s)
	}
	if loc == nil {
		in.globals[vRSTART] = num(0)
		in.globals[vRLENGTH] = num(-1)
		return num(0)
	}
	start := in.charOff(s, loc[0])
	in.globals[vRSTART] = num(float64(start + 1))
	in.globals[vRLENGTH] = num(float64(in.slen(s[loc[0]:loc[1]])))
	if arr != nil {
		for g := 0; g*2 < len(loc); g++ {
			if loc[2*g] < 0 {
				continue
			}
			k := strconv.Itoa(g)
			sub := s[loc[2*g]:loc[2*g+1]]
			arr.set(k, strnum(sub))
			arr.set(k+in.subsep+"start", num(float64(in.charOff(s, loc[2*g])+1)))
			arr.set(k+in.subsep+"length", num(float64(in.slen(sub))))
		}
	}
	return num(float64(start + 1))
}

// findAll returns match positions as awk's gsub sees them: successive,
// non-overlapping, and an empty match right after a match is skipped.
func (in *interp) findAll(re *regex, s string, n int) [][]int {
	if re.isLit && re.lit != "" {
		var locs [][]int
		off := 0
		for n < 0 || len(locs) < n {
			i := strings.Index(s[off:], re.lit)
			if i < 0 {
				break
			}
			locs = append(locs, []int{off + i, off + i + len(re.lit)})
			off += i + len(re.lit)
		}
		return locs
	}
	if re.re == nil {
		re = in.dynRegex("()")
	}
	return re.re.FindAllStringSubmatchIndex(s, n)
}

func (in *interp) sub(a []expr, global bool) value {
	re := in.regexFor(a[0])
	repl := in.toStr(in.eval(a[1]))
	var target expr = &fieldExpr{index: &constExpr{v: num(0)}}
	if len(a) == 3 {
		target = a[2]
	}
	discard := false
	if d, ok := target.(*discardTarget); ok {
		target, discard = d.x, true
	}
	s := in.toStr(in.eval(target))
	n := 1
	if global {
		n = -1
	}
	locs := in.findAll(re, s, n)
	if len(locs) == 0 {
		return num(0)
	}
	var b strings.Builder
	prev := 0
	for _, loc := range locs {
		b.WriteString(s[prev:loc[0]])
		m := s[loc[0]:loc[1]]
		for i := 0; i < len(repl); i++ {
			c := repl[i]
			switch {
			case c == '\\' && i+1 < len(repl) && repl[i+1] == '&':
				i++
				b.WriteByte('&')
			case c == '\\' && i+2 < len(repl) && repl[i+1] == '\\' && repl[i+2] == '&':
				// "\\&" is a literal backslash followed by the match
				i++
				b.WriteByte('\\')
			case c == '&':
				b.WriteString(m)
			default:
				b.WriteByte(c)
			}
		}
		in.checkLen(b.Len())
		prev = loc[1]
	}
	b.WriteString(s[prev:])
	if !discard {
		in.assign(target, str(b.String()))
	}
	return num(float64(len(locs)))
}

func (in *interp) gensub(a []expr) value {
	re := in.regexFor(a[0])
	repl := in.toStr(in.eval(a[1]))
	how := in.eval(a[2])
	var s string
	if len(a) == 4 {
		s = in.toStr(in.eval(a[3]))
	} else {
		s = in.getLine()
	}
	hs := in.toStr(how)
	nth := 0 // 0: all
	if !(hs != "" && (hs[0] == 'g' || hs[0] == 'G')) {
		nth = int(how.toNum())
		if nth < 1 {
			nth = 1
		}
	}
	limit := -1
	if nth > 0 {
		limit = nth
	}
	locs := in.findAll(re, s, limit)
	var b strings.Builder
	prev := 0
	for i, loc := range locs {
		if nth > 0 && i != nth-1 {
			continue
		}
		b.WriteString(s[prev:loc[0]])
		for j := 0; j < len(repl); j++ {
			c := repl[j]
			switch {
			case c == '\\' && j+1 < len(repl) && isDigit(repl[j+1]):
				g := int(repl[j+1] - '0')
				j++
				if 2*g+1 < len(loc) && loc[2*g] >= 0 {
					b.WriteString(s[loc[2*g]:loc[2*g+1]])
				}
			case c == '\\' && j+1 < len(repl) && (repl[j+1] == '&' || repl[j+1] == '\\'):
				j++
				b.WriteByte(repl[j])
			case c == '&':
				b.WriteString(s[loc[0]:loc[1]])
			default:
				b.WriteByte(c)
			}
		}
		in.checkLen(b.Len())
		prev = loc[1]
	}
	b.WriteString(s[prev:])
	return str(b.String())
}

func (in *interp) strftime(a []expr) value {
	format := "%a %b %e %H:%M:%S %Z %Y"
	t := time.Now().UTC()
	if len(a) >= 1 {
		format = in.toStr(in.eval(a[0]))
	}
	if len(a) >= 2 {
		t = time.Unix(int64(in.eval(a[1]).toNum()), 0)
	}
	if len(a) >= 3 && in.eval(a[2]).toBool() {
		// gawk's utc-flag formats through gmtime, whose zone is "GMT".
		t = t.In(tables().gmt)
	} else if value, ok := in.c.LookupEnv("TZ"); ok {
		t = t.In(tz.Load(value))
	}
	return str(timefmt.Strftime(format, t))
}

// mktime parses "YYYY MM DD HH MM SS" in UTC (the sandbox has no zone
// database guarantee).
func mktime(spec string) float64 {
	f := strings.Fields(spec)
	if len(f) < 6 {
		return -1
	}
	var n [6]int
	for i := 0; i < 6; i++ {
		v, err := strconv.Atoi(f[i])
		if err != nil {
			return -1
		}
		n[i] = v
	}
	t := time.Date(n[0], time.Month(n[1]), n[2], n[3], n[4], n[5], 0, time.UTC)
	return float64(t.Unix())
}
