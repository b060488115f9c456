package awk

import (
	"sort"
	"strings"
)

// array is an awk associative array. It remembers insertion order so that
// "for (k in a)" is deterministic (awk leaves the order unspecified).
type array struct {
	m     map[string]*elem
	order []*elem
	dead  int
}

type elem struct {
	key string
	v   value
	// sub is set when the element is itself an array (a[i][j]).
	sub  *array
	gone bool
}

func newArray() *array { return &array{m: map[string]*elem{}} }

func (a *array) get(k string) (*elem, bool) {
	e, ok := a.m[k]
	return e, ok
}

// ref returns the element for k, creating it (uninitialized) if missing:
// referencing a[k] creates it in awk.
func (a *array) ref(k string) *elem {
	if e, ok := a.m[k]; ok {
		return e
	}
	e := &elem{key: k}
	a.m[k] = e
	a.order = append(a.order, e)
	return e
}

func (a *array) set(k string, v value) { a.ref(k).v = v }

func (a *array) delete(k string) {
	e, ok := a.m[k]
	if !ok {
		return
	}
	delete(a.m, k)
	e.gone = true
	a.dead++
	if a.dead > 32 && a.dead > len(a.order)/2 {
		live := a.order[:0]
		for _, x := range a.order {
			if !x.gone {
				live = append(live, x)
			}
		}
		for i := len(live); i < len(a.order); i++ {
			a.order[i] = nil
		}
		a.order = live
		a.dead = 0
	}
}

func (a *array) clear() {
	for _, e := range a.order {
		e.gone = true
	}
	a.m = map[string]*elem{}
	a.order = nil
	a.dead = 0
}

func (a *array) len() int { return len(a.m) }

// keys snapshots the live keys in insertion order.
func (a *array) keys() []string {
	ks := make([]string, 0, len(a.m))
	for _, e := range a.order {
		if !e.gone {
			ks = append(ks, e.key)
		}
	}
	return ks
}

// sortedKeys orders keys for PROCINFO["sorted_in"].
func (in *interp) sortedKeys(a *array, how string) []string {
	ks := a.keys()
	desc := strings.HasSuffix(how, "_desc")
	var less func(i, j int) bool
	switch strings.TrimSuffix(strings.TrimSuffix(how, "_desc"), "_asc") {
	case "@ind_str":
		less = func(i, j int) bool { return ks[i] < ks[j] }
	case "@ind_num":
		less = func(i, j int) bool {
			x, y := strToNum(ks[i]), strToNum(ks[j])
			if x != y {
				return x < y
			}
			return ks[i] < ks[j]
		}
	case "@val_num":
		less = func(i, j int) bool {
			x, y := a.m[ks[i]].v.toNum(), a.m[ks[j]].v.toNum()
			if x != y {
				return x < y
			}
			return ks[i] < ks[j]
		}
	case "@val_str":
		less = func(i, j int) bool {
			x, y := in.toStr(a.m[ks[i]].v), in.toStr(a.m[ks[j]].v)
			if x != y {
				return x < y
			}
			return ks[i] < ks[j]
		}
	case "@val_type":
		less = func(i, j int) bool { return in.valLess(a.m[ks[i]].v, a.m[ks[j]].v, ks[i], ks[j]) }
	default:
		return ks
	}
	if desc {
		sort.SliceStable(ks, func(i, j int) bool { return less(j, i) })
	} else {
		sort.SliceStable(ks, less)
	}
	return ks
}

// valLess is gawk's asort order: numbers before strings, numbers by value,
// strings by bytes.
func (in *interp) valLess(x, y value, kx, ky string) bool {
	xn, yn := x.isNumeric() && x.k != kUninit, y.isNumeric() && y.k != kUninit
	if x.k == kUninit {
		xn = true
	}
	if y.k == kUninit {
		yn = true
	}
	switch {
	case xn && yn:
		a, b := x.toNum(), y.toNum()
		if a != b {
			return a < b
		}
	case xn != yn:
		return xn
	default:
		a, b := in.toStr(x), in.toStr(y)
		if a != b {
			return a < b
		}
	}
	return kx < ky
}
