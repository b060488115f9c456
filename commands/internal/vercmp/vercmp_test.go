package vercmp

import (
	"slices"
	"testing"
)

// The order GNU sort -V (coreutils 9.1) gives these names.
func TestCompareLikeSortV(t *testing.T) {
	want := []string{"1.0", "1.0rc1", "a1", "a1.2", "a1.9", "a1.10", "a2", "a10"}
	got := []string{"a10", "a2", "a1", "a1.2", "a1.10", "a1.9", "1.0rc1", "1.0"}
	slices.SortStableFunc(got, Compare)
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// TestFileSuffixesAndDots: GNU sort -V (coreutils 9.1) in the C locale
// puts "", ".", "..", then dot names first, and compares names without
// their file suffixes before comparing them whole.
func TestFileSuffixesAndDots(t *testing.T) {
	want := []string{"", ".", "..", ".a", ".b", "1.0", "1.0rc1", "a.tar", "a.tar.gz", "a b", "a-1.0.tar.gz",
		"a-1.0.1.tar.gz", "x.1~", "x.1", "z~", "z"}
	got := slices.Clone(want)
	slices.Reverse(got)
	slices.SortStableFunc(got, Compare)
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}
