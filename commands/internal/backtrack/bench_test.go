package backtrack

import (
	"strings"
	"testing"
)

// BenchmarkMatchLines: grep '\([a-z]*\) \1' over lines of words, most of
// which do not match (the RE2 prefilter passes them all: each has a
// space).
func BenchmarkMatchLines(b *testing.B) {
	re, err := compileGrep(`\([a-z]*\) \1`, false)
	if err != nil {
		b.Fatal(err)
	}
	lines := [][]byte{[]byte("the quick brown fox jumps over the lazy dog"), []byte("say hello hello to all"),
		[]byte(strings.Repeat("abc ", 20) + "xyz")}
	b.SetBytes(int64(len(lines[0]) + len(lines[1]) + len(lines[2])))
	for i := 0; i < b.N; i++ {
		for _, l := range lines {
			re.Match(l)
		}
	}
}

// BenchmarkFilterRejects: lines the RE2 superset rejects never reach the
// backtracker.
func BenchmarkFilterRejects(b *testing.B) {
	re, err := compileGrep(`x\(a\)\1`, false)
	if err != nil {
		b.Fatal(err)
	}
	line := []byte(strings.Repeat("the quick brown fox ", 5))
	b.SetBytes(int64(len(line)))
	for i := 0; i < b.N; i++ {
		re.Match(line)
	}
}
