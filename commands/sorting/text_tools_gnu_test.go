package sorting

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
		{Name: "uniq", Args: []string{"uniq"}, Stdin: "a\na\nb\nb\nb\nc\na\n", Files: tf, Out: "a\nb\nc\na\n", ErrOut: "", Status: 0},
		{Name: "uniq-c", Args: []string{"uniq", "-c"}, Stdin: "a\na\nb\nb\nb\nc\na\n", Files: tf, Out: "      2 a\n      3 b\n      1 c\n      1 a\n", ErrOut: "", Status: 0},
		{Name: "uniq-d", Args: []string{"uniq", "-d"}, Stdin: "a\na\nb\nc\nc\n", Files: tf, Out: "a\nc\n", ErrOut: "", Status: 0},
		{Name: "uniq-D", Args: []string{"uniq", "-D"}, Stdin: "a\na\nb\nc\nc\n", Files: tf, Out: "a\na\nc\nc\n", ErrOut: "", Status: 0},
		{Name: "uniq-u", Args: []string{"uniq", "-u"}, Stdin: "a\na\nb\nc\nc\n", Files: tf, Out: "b\n", ErrOut: "", Status: 0},
		{Name: "uniq-i", Args: []string{"uniq", "-i"}, Stdin: "a\nA\nb\n", Files: tf, Out: "a\nb\n", ErrOut: "", Status: 0},
		{Name: "uniq-f", Args: []string{"uniq", "-f", "1"}, Stdin: "1 a\n2 a\n3 b\n", Files: tf, Out: "1 a\n3 b\n", ErrOut: "", Status: 0},
		{Name: "uniq-s", Args: []string{"uniq", "-s", "1", "-c"}, Stdin: "xa\nya\nzb\n", Files: tf, Out: "      2 xa\n      1 zb\n", ErrOut: "", Status: 0},
		{Name: "uniq-w", Args: []string{"uniq", "-w", "2"}, Stdin: "ab1\nab2\nac\n", Files: tf, Out: "ab1\nac\n", ErrOut: "", Status: 0},
		{Name: "uniq-noeol", Args: []string{"uniq"}, Stdin: "a\na", Files: tf, Out: "a\n", ErrOut: "", Status: 0},
		{Name: "uniq-empty", Args: []string{"uniq", "-c"}, Stdin: "", Files: tf, Out: "", ErrOut: "", Status: 0},
		{Name: "uniq-z", Args: []string{"uniq", "-z"}, Stdin: "a\x00a\x00b\x00", Files: tf, Out: "a\x00b\x00", ErrOut: "", Status: 0},
		{Name: "uniq-cD", Args: []string{"uniq", "-c", "-D"}, Stdin: "a\n", Files: tf, Out: "", ErrOut: "uniq: printing all duplicated lines and repeat counts is meaningless\nTry 'uniq --help' for more information.\n", Status: 1},
		{Name: "comm", Args: []string{"comm", "s1", "s2"}, Stdin: "", Files: tf, Out: "a\n\t\tb\n\t\tc\n\td\n", ErrOut: "", Status: 0},
		{Name: "comm-12", Args: []string{"comm", "-12", "s1", "s2"}, Stdin: "", Files: tf, Out: "b\nc\n", ErrOut: "", Status: 0},
		{Name: "comm-3", Args: []string{"comm", "-3", "s1", "s2"}, Stdin: "", Files: tf, Out: "a\n\td\n", ErrOut: "", Status: 0},
		{Name: "comm-delim", Args: []string{"comm", "--output-delimiter=:", "s1", "s2"}, Stdin: "", Files: tf, Out: "a\n::b\n::c\n:d\n", ErrOut: "", Status: 0},
		{Name: "comm-total", Args: []string{"comm", "--total", "s1", "s2"}, Stdin: "", Files: tf, Out: "a\n\t\tb\n\t\tc\n\td\n1\t1\t2\ttotal\n", ErrOut: "", Status: 0},
		{Name: "comm-missing", Args: []string{"comm", "s1"}, Stdin: "", Files: tf, Out: "", ErrOut: "comm: missing operand after 's1'\nTry 'comm --help' for more information.\n", Status: 1},
	})
}
