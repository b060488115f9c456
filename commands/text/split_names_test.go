package text

import (
	"testing"
)

// TestSplitSuffixWidening follows GNU: after xyz comes xzaaa.
func TestSplitSuffixNames(t *testing.T) {
	s := &splitRun{Prefix: "x", Alphabet: "abcdefghijklmnopqrstuvwxyz", SuffLen: 2, AutoLen: true}
	for i, want := range map[int]string{0: "xaa", 1: "xab", 649: "xyz", 650: "xzaaa", 651: "xzaab"} {
		if got, _ := s.Name(i); got != want {
			t.Errorf("name(%d) = %q, want %q", i, got, want)
		}
	}
}
