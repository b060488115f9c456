// Package diffkit holds what the differential harnesses share — the
// shell's (internal/difftest: generated scripts, /bin/bash against ours)
// and the commands' (internal/cmddiff: generated invocations, the GNU
// tools against ours): counting matches per group and grouping
// divergences into categories, most frequent first.
package diffkit

import (
	"cmp"
	"maps"
	"slices"
)

// Tally counts matched and total runs of one group (an area, a command).
type Tally struct{ Matched, Total int }

// Summarise counts items per group; matched reports an item whose two
// sides agreed.
func Summarise[T any](items []T, group func(T) string, matched func(T) bool) map[string]*Tally {
	t := map[string]*Tally{}
	for _, it := range items {
		g := group(it)
		a := t[g]
		if a == nil {
			a = &Tally{}
			t[g] = a
		}
		a.Total++
		if matched(it) {
			a.Matched++
		}
	}
	return t
}

// Category is one divergence category and the items in it.
type Category[T any] struct {
	Name    string
	Results []T
}

// Categories groups the items that diverged by their category name, most
// frequent first (ties by name).
func Categories[T any](items []T, name func(T) string, diverged func(T) bool) []Category[T] {
	by := map[string][]T{}
	for _, it := range items {
		if diverged(it) {
			n := name(it)
			by[n] = append(by[n], it)
		}
	}
	out := make([]Category[T], 0, len(by))
	for _, k := range slices.Sorted(maps.Keys(by)) {
		out = append(out, Category[T]{k, by[k]})
	}
	slices.SortStableFunc(out, func(a, b Category[T]) int { return cmp.Compare(len(b.Results), len(a.Results)) })
	return out
}

// Smallest returns the item of least size (the shortest reproduction).
func Smallest[T any](items []T, size func(T) int) T {
	return slices.MinFunc(items, func(a, b T) int { return cmp.Compare(size(a), size(b)) })
}
