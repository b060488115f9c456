package diffkit

import (
	"sync/atomic"
	"testing"
)

type run struct {
	group, cat string
	ok         bool
	size       int
}

func TestSummariseAndCategories(t *testing.T) {
	rs := []run{
		{"a", "x", true, 1}, {"a", "y", false, 5}, {"b", "y", false, 2},
		{"b", "z", false, 9}, {"a", "y", false, 3}, {"b", "x", true, 1},
	}
	tl := Summarise(rs, func(r run) string { return r.group }, func(r run) bool { return r.ok })
	if *tl["a"] != (Tally{1, 3}) || *tl["b"] != (Tally{1, 3}) || len(tl) != 2 {
		t.Fatalf("tallies %v %v", *tl["a"], *tl["b"])
	}
	cs := Categories(rs, func(r run) string { return r.cat }, func(r run) bool { return !r.ok })
	if len(cs) != 2 || cs[0].Name != "y" || len(cs[0].Results) != 3 || cs[1].Name != "z" {
		t.Fatalf("categories %+v", cs)
	}
	if s := Smallest(cs[0].Results, func(r run) int { return r.size }); s.size != 2 {
		t.Fatalf("smallest %+v", s)
	}
}

func TestMapKeepsOrder(t *testing.T) {
	in := make([]int, 100)
	for i := range in {
		in[i] = i
	}
	var calls atomic.Int64
	out := Map(in, 4, func(x int) int { return x * x }, func(int) { calls.Add(1) })
	for i, v := range out {
		if v != i*i {
			t.Fatalf("out[%d] = %d, want %d", i, v, i*i)
		}
	}
	if calls.Load() != 100 {
		t.Errorf("progress called %d times, want 100", calls.Load())
	}
}
