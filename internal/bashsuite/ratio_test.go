package main

import (
	"math"
	"strings"
	"testing"
)

// The expected ratios are Python's difflib.SequenceMatcher(None, a, b).ratio()
// on the lists of lines.
func TestLineRatio(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want float64
	}{
		{"", "", 1},
		{"a\n", "", 0},
		{"a\nb\nc\n", "a\nb\nc\n", 1},
		{"a\nb\nc\n", "a\nc\n", 0.8},
		{"a\nb\nc\nd\n", "x\nb\ny\nd\n", 0.5},
		{"a\nb\n", "b\na\n", 0.5},
		{"a\nb", "a\nb\n", 1},
		{"1\n2\n3\n4\n5\n", "0\n1\n2\n4\n5\n6\n", 2 * 4.0 / 11},
	} {
		if got := lineRatio(c.a, c.b); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("lineRatio(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestRewriteDiffs(t *testing.T) {
	in := "${THIS_SH} ./x.tests > ${BASH_TSTOUT} 2>&1\ndiff ${BASH_TSTOUT} x.right && rm -f ${BASH_TSTOUT}\n"
	got, rights := rewriteDiffs(in)
	want := "${THIS_SH} ./x.tests > ${BASH_TSTOUT} 2>&1\ncat ${BASH_TSTOUT} > \"$BASHSUITE_OUT/x.right.out\"\n"
	if got != want || len(rights) != 1 || rights[0] != "x.right" {
		t.Errorf("rewriteDiffs = %q %q", got, rights)
	}
	in = "TEST_NAME='set-x'\ndiff $TEST_FILE ${TEST_NAME}.right && rm -f $TEST_FILE\ndiff ${AFLAG} ${BASH_TSTOUT} glob.right\ndiff -a OUT y.right"
	got, rights = rewriteDiffs(in)
	want = "TEST_NAME='set-x'\ncat $TEST_FILE > \"$BASHSUITE_OUT/set-x.right.out\"\ncat ${BASH_TSTOUT} > \"$BASHSUITE_OUT/glob.right.out\"\ncat OUT > \"$BASHSUITE_OUT/y.right.out\""
	if got != want || strings.Join(rights, " ") != "set-x.right glob.right y.right" {
		t.Errorf("rewriteDiffs = %q %q", got, rights)
	}
}
