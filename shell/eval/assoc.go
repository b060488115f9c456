package eval

import (
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// assocArray is an associative array that lists its keys in the order bash
// does. bash keeps them in a hash table of 1024 buckets (growing ×4 when
// it holds twice as many entries as buckets), inserts at the head of a
// bucket, and walks buckets in index order; scripts and tests observe that
// order through ${!a[@]}, "${a[@]}" and declare -p, so we keep the same
// table shape. Buckets are stored sparsely: most arrays are small.
type assocArray struct {
	vals     map[string]string
	buckets  map[uint32][]string // each slice's last element is the bucket head
	nbuckets uint32
}

const assocBuckets = 1024

func newAssoc() *assocArray {
	return &assocArray{vals: map[string]string{}, buckets: map[uint32][]string{}, nbuckets: assocBuckets}
}

// bashHash is bash's hash_string: FNV-1 over the bytes as C's signed char.
func bashHash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h *= 16777619
		h ^= uint32(int32(int8(s[i])))
	}
	return h
}

func (a *assocArray) clone() *assocArray {
	c := &assocArray{vals: make(map[string]string, len(a.vals)), buckets: make(map[uint32][]string, len(a.buckets)), nbuckets: a.nbuckets}
	for k, v := range a.vals {
		c.vals[k] = v
	}
	for k, v := range a.buckets {
		c.buckets[k] = append([]string(nil), v...)
	}
	return c
}

func (a *assocArray) len() int { return len(a.vals) }

func (a *assocArray) get(k string) (string, bool) {
	if a == nil {
		return "", false
	}
	v, ok := a.vals[k]
	return v, ok
}

func (a *assocArray) set(k, v string) {
	if _, ok := a.vals[k]; ok {
		a.vals[k] = v
		return
	}
	if uint32(len(a.vals)) >= a.nbuckets*2 {
		a.grow()
	}
	b := bashHash(k) & (a.nbuckets - 1)
	a.buckets[b] = append(a.buckets[b], k)
	a.vals[k] = v
}

func (a *assocArray) grow() {
	old := a.order()
	a.nbuckets *= 4
	a.buckets = map[uint32][]string{}
	for _, k := range old {
		b := bashHash(k) & (a.nbuckets - 1)
		a.buckets[b] = append(a.buckets[b], k)
	}
}

func (a *assocArray) unset(k string) {
	if _, ok := a.vals[k]; !ok {
		return
	}
	delete(a.vals, k)
	b := bashHash(k) & (a.nbuckets - 1)
	ks := a.buckets[b]
	for i, x := range ks {
		if x == k {
			ks = append(ks[:i], ks[i+1:]...)
			break
		}
	}
	if len(ks) == 0 {
		delete(a.buckets, b)
	} else {
		a.buckets[b] = ks
	}
}

// order lists the keys as bash walks its table.
func (a *assocArray) order() []string {
	if a == nil {
		return nil
	}
	bs := make([]uint32, 0, len(a.buckets))
	for b := range a.buckets {
		bs = append(bs, b)
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i] < bs[j] })
	out := make([]string, 0, len(a.vals))
	for _, b := range bs {
		ks := a.buckets[b]
		for i := len(ks) - 1; i >= 0; i-- {
			out = append(out, ks[i])
		}
	}
	return out
}

func (a *assocArray) keys() []string { return a.order() }

func (a *assocArray) values() []string {
	ks := a.order()
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = a.vals[k]
	}
	return out
}

// expandNoTilde expands a word to one string like expandString, but
// without tilde expansion: bash 5.2 does none in an associative array
// literal's [k]=v values.
func (r *Runner) expandNoTilde(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	b := &fieldBuf{r: r, ifs: ""}
	b.noSplit = true
	if !r.expandParts(b, w.Parts, false, false) {
		return "", false
	}
	fs := b.finish()
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.s
	}
	return strings.Join(parts, " "), true
}

// elemAsWord is the array literal element [k]=v taken as a plain word.
func (r *Runner) elemAsWord(e *syntax.ArrayElem) *syntax.Word {
	parts := []syntax.WordPart{&syntax.Lit{Value: "[" + r.nodeText(e.Index) + "]="}}
	if e.Value != nil {
		parts = append(parts, e.Value.Parts...)
	}
	return &syntax.Word{Parts: parts}
}
