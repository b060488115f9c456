package awk

import (
	"math"
	"math/rand"
	"sort"
	"strconv"
	"strings"
	"time"
)

func (in *interp) builtin(e *builtinExpr) value {
	a := e.args
	switch e.fn {
	case bLength:
		if len(a) == 0 {
			return num(float64(in.slen(in.getLine())))
		}
		if la, ok := a[0].(*lengthArg); ok {
			if arr := in.argAsArray(la); arr != nil {
				return num(float64(arr.len()))
			}
			return num(float64(in.slen(in.toStr(in.eval(la.v)))))
		}
		return num(float64(in.slen(in.toStr(in.eval(a[0])))))
	case bSubstr:
		return in.substr(a)
	case bIndex:
		s := in.toStr(in.eval(a[0]))
		t := in.toStr(in.eval(a[1]))
		i := strings.Index(s, t)
		if i < 0 {
			return num(0)
		}
		return num(float64(in.charOff(s, i) + 1))
	case bSplit:
		return in.split(a)
	case bMatch:
		return in.match(a)
	case bSub, bGsub:
		return in.sub(a, e.fn == bGsub)
	case bGensub:
		return in.gensub(a)
	case bSprintf:
		vals := make([]value, len(a)-1)
		for i, x := range a[1:] {
			vals[i] = in.eval(x)
		}
		return str(string(in.format(nil, in.toStr(in.eval(a[0])), vals)))
	case bTolower:
		return str(in.mapCase(in.toStr(in.eval(a[0])), false))
	case bToupper:
		return str(in.mapCase(in.toStr(in.eval(a[0])), true))
	case bInt:
		return num(math.Trunc(in.eval(a[0]).toNum()))
	case bSqrt, bExp, bLog, bSin, bCos:
		return num(mathFn(e.fn, in.eval(a[0]).toNum()))
	case bAtan2:
		y := in.eval(a[0]).toNum()
		return num(math.Atan2(y, in.eval(a[1]).toNum()))
	case bRand:
		return num(in.rnd.Float64())
	case bSrand:
		prev := in.seed
		if len(a) == 0 {
			in.seed = float64(time.Now().Unix())
		} else {
			in.seed = in.eval(a[0]).toNum()
		}
		in.rnd = rand.New(rand.NewSource(int64(in.seed)))
		return num(prev)
	case bSystime:
		return num(float64(time.Now().Unix()))
	case bStrftime:
		return in.strftime(a)
	case bMktime:
		return num(mktime(in.toStr(in.eval(a[0]))))
	case bClose:
		return num(float64(in.closeStream(in.toStr(in.eval(a[0])))))
	case bFflush:
		return num(in.fflush(a))
	case bSystem:
		cmd := in.toStr(in.eval(a[0]))
		return num(float64(in.runScript(cmd, in.c.Stdin, in.out)))
	case bAsort, bAsorti:
		return in.asort(a, e.fn == bAsorti)
	case bAnd, bOr, bXor:
		r := toUint(in.eval(a[0]).toNum())
		for _, x := range a[1:] {
			v := toUint(in.eval(x).toNum())
			switch e.fn {
			case bAnd:
				r &= v
			case bOr:
				r |= v
			default:
				r ^= v
			}
		}
		return num(float64(r))
	case bLshift:
		x := toUint(in.eval(a[0]).toNum())
		return num(float64(x << (toUint(in.eval(a[1]).toNum()) & 63)))
	case bRshift:
		x := toUint(in.eval(a[0]).toNum())
		return num(float64(x >> (toUint(in.eval(a[1]).toNum()) & 63)))
	case bCompl:
		return num(float64(^toUint(in.eval(a[0]).toNum()) & (1<<53 - 1)))
	case bStrtonum:
		return num(strtonum(in.eval(a[0]), in))
	case bIsarray:
		if la, ok := a[0].(*lengthArg); ok {
			return boolVal(in.argAsArray(la) != nil)
		}
		return num(0)
	}
	in.fatal("internal error: unknown builtin")
	return value{}
}

func toUint(f float64) uint64 {
	if f < 0 {
		return uint64(int64(f))
	}
	return uint64(f)
}

func mathFn(fn int, x float64) float64 {
	switch fn {
	case bSqrt:
		return math.Sqrt(x)
	case bExp:
		return math.Exp(x)
	case bLog:
		return math.Log(x)
	case bSin:
		return math.Sin(x)
	}
	return math.Cos(x)
}

func strtonum(v value, in *interp) float64 {
	if v.k == kNum {
		return v.n
	}
	s := strings.TrimLeft(in.toStr(v), " \t\n")
	neg := false
	t := s
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") {
		neg, t = t[0] == '-', t[1:]
	}
	var r float64
	switch {
	case len(t) > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X'):
		j := 2
		for j < len(t) && isHex(t[j]) {
			j++
		}
		u, _ := strconv.ParseUint(t[2:j], 16, 64)
		r = float64(u)
	case len(t) > 1 && t[0] == '0' && t[1] >= '0' && t[1] <= '7':
		j := 1
		for j < len(t) && t[j] >= '0' && t[j] <= '7' {
			j++
		}
		u, _ := strconv.ParseUint(t[1:j], 8, 64)
		r = float64(u)
	default:
		return strToNum(s)
	}
	if neg {
		return -r
	}
	return r
}

func (in *interp) existingArray(local bool, idx int) *array {
	if local {
		return in.frame[idx].a
	}
	return in.garr[idx]
}

// argAsArray is the array a length/isarray argument holds, or nil.
func (in *interp) argAsArray(la *lengthArg) *array {
	if la.ix == nil {
		return in.existingArray(la.local, la.idx)
	}
	// Asking creates the element, as in gawk.
	return in.array(la.ix.arr).ref(in.key(la.ix.keys)).sub
}

func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func asciiUpper(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'a' && b[j] <= 'z' {
					b[j] -= 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// substr follows gawk: a start below 1 becomes 1 (the length is kept) and
// fractional positions and lengths are truncated.
func (in *interp) substr(a []expr) value {
	s := in.toStr(in.eval(a[0]))
	n := in.slen(s)
	start := in.eval(a[1]).toNum()
	if !(start >= 1) {
		start = 1
	}
	if start-1 >= float64(n) {
		return str("")
	}
	i := int(start - 1)
	if len(a) == 2 {
		return str(s[in.byteOff(s, i):])
	}
	l := in.eval(a[2]).toNum()
	if !(l >= 1) {
		return str("")
	}
	if l > float64(n-i) {
		return str(s[in.byteOff(s, i):])
	}
	b := in.byteOff(s, i)
	return str(s[b : b+in.byteOff(s[b:], int(l))])
}

func (in *interp) fflush(a []expr) float64 {
	if len(a) == 0 {
		in.flushOut()
		for _, s := range in.outputs {
			if s.pipe == nil {
				s.w.Flush()
			}
		}
		return 0
	}
	name := in.toStr(in.eval(a[0]))
	if s, ok := in.outputs[name]; ok {
		if s.pipe == nil {
			s.w.Flush()
		}
		return 0
	}
	if name == "/dev/stdout" {
		in.flushOut()
		return 0
	}
	return -1
}

func (in *interp) asort(a []expr, byIndex bool) value {
	src := in.array(a[0].(*arrayRef))
	type kv struct {
		k string
		v value
	}
	var items []kv
	for _, k := range src.keys() {
		e, _ := src.get(k)
		items = append(items, kv{k, e.v})
	}
	if byIndex {
		sort.SliceStable(items, func(i, j int) bool { return items[i].k < items[j].k })
	} else {
		sort.SliceStable(items, func(i, j int) bool { return in.valLess(items[i].v, items[j].v, items[i].k, items[j].k) })
	}
	dst := src
	if len(a) >= 2 {
		dst = in.array(a[1].(*arrayRef))
	}
	dst.clear()
	for i, it := range items {
		k := strconv.Itoa(i + 1)
		if byIndex {
			dst.set(k, str(it.k))
		} else {
			dst.set(k, it.v)
		}
	}
	return num(float64(len(items)))
}
