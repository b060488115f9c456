package diff

import (
	"testing"
)

// TestTextToolsGNU: each expectation was produced by running the GNU tool
// (coreutils / diffutils, LC_ALL=C) on the same arguments, stdin and files
// while writing the test; outputs are compared byte for byte.
func TestTextToolsGNU(t *testing.T) {
	tf := map[string]string{
		"a":  "a\nb\n",
		"b":  "c\nd\n",
		"t":  "hello world\nfoo bar\nbaz\n",
		"s1": "a\nb\nc\n",
		"s2": "b\nc\nd\n",
		"sp": "x y z\n",
	}
	runCases(t, []cmdCase{
		{Name: "diff", Args: []string{"diff", "s1", "s2"}, Stdin: "", Files: tf, Out: "1d0\n< a\n3a3\n> d\n", ErrOut: "", Status: 1},
		{Name: "diff-same", Args: []string{"diff", "s1", "s1"}, Stdin: "", Files: tf, Out: "", ErrOut: "", Status: 0},
		{Name: "diff-q", Args: []string{"diff", "-q", "s1", "s2"}, Stdin: "", Files: tf, Out: "Files s1 and s2 differ\n", ErrOut: "", Status: 1},
		{Name: "diff-s", Args: []string{"diff", "-s", "s1", "s1"}, Stdin: "", Files: tf, Out: "Files s1 and s1 are identical\n", ErrOut: "", Status: 0},
		{Name: "diff-missing", Args: []string{"diff", "s1", "nope"}, Stdin: "", Files: tf, Out: "", ErrOut: "diff: nope: No such file or directory\n", Status: 2},
		{Name: "diff-stdin", Args: []string{"diff", "-", "s2"}, Stdin: "a\nb\nc\n", Files: tf, Out: "1d0\n< a\n3a3\n> d\n", ErrOut: "", Status: 1},
		{Name: "diff-noeol", Args: []string{"diff", "-", "s1"}, Stdin: "a\nb", Files: tf, Out: "2c2,3\n< b\n\\ No newline at end of file\n---\n> b\n> c\n", ErrOut: "", Status: 1},
		{Name: "diff-i", Args: []string{"diff", "-i", "-", "s1"}, Stdin: "A\nB\nC\n", Files: tf, Out: "", ErrOut: "", Status: 0},
		{Name: "diff-w", Args: []string{"diff", "-w", "-", "s1"}, Stdin: "a \n b\nc\n", Files: tf, Out: "", ErrOut: "", Status: 0},
		{Name: "diff-b", Args: []string{"diff", "-b", "-", "sp"}, Stdin: "a  x\n", Files: tf, Out: "1c1\n< a  x\n---\n> x y z\n", ErrOut: "", Status: 1},
		{Name: "diff-add", Args: []string{"diff", "s1", "-"}, Stdin: "a\nb\nc\nd\n", Files: tf, Out: "3a4\n> d\n", ErrOut: "", Status: 1},
		{Name: "diff-del", Args: []string{"diff", "s1", "-"}, Stdin: "a\nc\n", Files: tf, Out: "2d1\n< b\n", ErrOut: "", Status: 1},
		{Name: "diff-u-label", Args: []string{"diff", "-u", "--label", "x", "--label", "y", "s1", "-"}, Stdin: "a\nc\n", Files: tf, Out: "--- x\n+++ y\n@@ -1,3 +1,2 @@\n a\n-b\n c\n", ErrOut: "", Status: 1},
	})
}
