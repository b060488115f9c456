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
