package text

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
		{Name: "cut-f", Args: []string{"cut", "-f", "2"}, Stdin: "a\tb\tc\nd\te\n", Files: tf, Out: "b\ne\n", ErrOut: "", Status: 0},
		{Name: "cut-f-range", Args: []string{"cut", "-d", ":", "-f", "2-"}, Stdin: "a:b:c:d\n", Files: tf, Out: "b:c:d\n", ErrOut: "", Status: 0},
		{Name: "cut-f-list", Args: []string{"cut", "-d:", "-f1,3"}, Stdin: "a:b:c:d\n", Files: tf, Out: "a:c\n", ErrOut: "", Status: 0},
		{Name: "cut-s", Args: []string{"cut", "-d:", "-s", "-f2"}, Stdin: "a:b\nnodelim\n", Files: tf, Out: "b\n", ErrOut: "", Status: 0},
		{Name: "cut-nodelim", Args: []string{"cut", "-d:", "-f2"}, Stdin: "a:b\nnodelim\n", Files: tf, Out: "b\nnodelim\n", ErrOut: "", Status: 0},
		{Name: "cut-complement", Args: []string{"cut", "-d:", "--complement", "-f2"}, Stdin: "a:b:c\n", Files: tf, Out: "a:c\n", ErrOut: "", Status: 0},
		{Name: "cut-outdelim", Args: []string{"cut", "-d:", "-f1,3", "--output-delimiter=+"}, Stdin: "a:b:c\n", Files: tf, Out: "a+c\n", ErrOut: "", Status: 0},
		{Name: "cut-b", Args: []string{"cut", "-b", "2-4"}, Stdin: "abcdef\n", Files: tf, Out: "bcd\n", ErrOut: "", Status: 0},
		{Name: "cut-c", Args: []string{"cut", "-c", "-2,5-"}, Stdin: "abcdef\n", Files: tf, Out: "abef\n", ErrOut: "", Status: 0},
		{Name: "cut-noeol", Args: []string{"cut", "-d:", "-f2"}, Stdin: "a:b", Files: tf, Out: "b\n", ErrOut: "", Status: 0},
		{Name: "cut-crlf", Args: []string{"cut", "-d:", "-f2"}, Stdin: "a:b\x0d\n", Files: tf, Out: "b\x0d\n", ErrOut: "", Status: 0},
		{Name: "cut-bad", Args: []string{"cut", "-f", "0"}, Stdin: "", Files: tf, Out: "", ErrOut: "cut: fields are numbered from 1\nTry 'cut --help' for more information.\n", Status: 1},
		{Name: "cut-nolist", Args: []string{"cut"}, Stdin: "", Files: tf, Out: "", ErrOut: "cut: you must specify a list of bytes, characters, or fields\nTry 'cut --help' for more information.\n", Status: 1},
		{Name: "cut-decr", Args: []string{"cut", "-f", "3-1"}, Stdin: "", Files: tf, Out: "", ErrOut: "cut: invalid decreasing range\nTry 'cut --help' for more information.\n", Status: 1},
		{Name: "paste", Args: []string{"paste", "s1", "s2"}, Stdin: "", Files: tf, Out: "a\tb\nb\tc\nc\td\n", ErrOut: "", Status: 0},
		{Name: "paste-d", Args: []string{"paste", "-d", ",", "s1", "s2"}, Stdin: "", Files: tf, Out: "a,b\nb,c\nc,d\n", ErrOut: "", Status: 0},
		{Name: "paste-s", Args: []string{"paste", "-s", "s1", "s2"}, Stdin: "", Files: tf, Out: "a\tb\tc\nb\tc\td\n", ErrOut: "", Status: 0},
		{Name: "paste-sd", Args: []string{"paste", "-s", "-d", ":,", "s1"}, Stdin: "", Files: tf, Out: "a:b,c\n", ErrOut: "", Status: 0},
		{Name: "paste-stdin", Args: []string{"paste", "-", "-"}, Stdin: "1\n2\n3\n", Files: tf, Out: "1\t2\n3\t\n", ErrOut: "", Status: 0},
		{Name: "paste-uneven", Args: []string{"paste", "s1", "-"}, Stdin: "1\n2\n3\n", Files: tf, Out: "a\t1\nb\t2\nc\t3\n", ErrOut: "", Status: 0},
		{Name: "tac", Args: []string{"tac"}, Stdin: "1\n2\n3\n", Files: tf, Out: "3\n2\n1\n", ErrOut: "", Status: 0},
		{Name: "tac-noeol", Args: []string{"tac"}, Stdin: "1\n2", Files: tf, Out: "21\n", ErrOut: "", Status: 0},
		{Name: "tac-s", Args: []string{"tac", "-s", ","}, Stdin: "a,b,c", Files: tf, Out: "cb,a,", ErrOut: "", Status: 0},
		{Name: "tac-b", Args: []string{"tac", "-b"}, Stdin: "a\nb\n", Files: tf, Out: "\n\nba", ErrOut: "", Status: 0},
		{Name: "tac-files", Args: []string{"tac", "s1", "s2"}, Stdin: "", Files: tf, Out: "c\nb\na\nd\nc\nb\n", ErrOut: "", Status: 0},
		{Name: "fold", Args: []string{"fold", "-w", "12"}, Stdin: "aaaaaaaaaa bbbbbbbbbb cccccccccc\n", Files: tf, Out: "aaaaaaaaaa b\nbbbbbbbbb cc\ncccccccc\n", ErrOut: "", Status: 0},
		{Name: "fold-s", Args: []string{"fold", "-s", "-w", "12"}, Stdin: "aaaaaaaaaa bbbbbbbbbb cccccccccc\n", Files: tf, Out: "aaaaaaaaaa \nbbbbbbbbbb \ncccccccccc\n", ErrOut: "", Status: 0},
		{Name: "fold-tab", Args: []string{"fold", "-w", "10"}, Stdin: "\tabcdefghijkl\n", Files: tf, Out: "\tab\ncdefghijkl\n", ErrOut: "", Status: 0},
		{Name: "fold-b", Args: []string{"fold", "-b", "-w", "5"}, Stdin: "\tabcdefghijkl\n", Files: tf, Out: "\tabcd\nefghi\njkl\n", ErrOut: "", Status: 0},
		{Name: "fold-noeol", Args: []string{"fold", "-w", "4"}, Stdin: "abcdef", Files: tf, Out: "abcd\nef", ErrOut: "", Status: 0},
		{Name: "rev", Args: []string{"rev"}, Stdin: "abc\n\nx", Files: tf, Out: "cba\n\nx", ErrOut: "", Status: 0},
	})
}
