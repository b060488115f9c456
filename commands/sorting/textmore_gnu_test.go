package sorting

import (
	"testing"
)

// TestTextMoreGNU: expectations recorded by running the GNU tools
// (coreutils expand/unexpand/nl/join/od/fmt/tac, binutils strings,
// util-linux column/hexdump, vim xxd) with LC_ALL=C on the same files,
// arguments and stdin while writing the test.
func TestTextMoreGNU(t *testing.T) {
	mf := map[string]string{
		"col":   "a  b c\nlonger x\n\nd,,e\n",
		"crlf":  "a\tb\x0d\nc d\x0d\n",
		"cw":    "one\ntwo\nthree\nfour\nfive\nsix\nseven\n",
		"cw2":   "abcdefgh\nb\nccccccccccccccccc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\n",
		"empty": "",
		"ex":    "a\tb\tc\n\tx\ty\n1234567\t8\n\x08\tz\n",
		"fm":    "The quick brown fox jumps over the lazy dog.  It was a sunny day.\nShort line\nanother short one here.\n\n   indented para with many words that go on and on and on for quite a while yes\n   second line\n",
		"j1":    "a 1\nb 2\nc 3\nc 33\ne 5\n",
		"j2":    "a x\nc y\nd z\ne w w2\n",
		"j3":    "A:1\nb:2\nC:3\n",
		"j4":    "a:x\nc:y\n",
		"j5":    "b 1\na 2\nc 3\n",
		"nlin":  "a\n\nb\n\\:\\:\\:\nhead\n\\:\\:\nbody\n\n\n\n\\:\nfoot\nlast",
		"noeol": "x\ty",
		"odin":  "hello\nworld\x00\x01\xff\x7f\x80 abcdefghijklmnopqrstuvwxyz",
		"odrep": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab",
		"st":    "ab\x00hello world\tx\x00\x01\x02abcd\xff\xfeefghij\nklmn",
		"ux":    "a       b\n        x\n a      b\nab      c       d\n       \tx\n \ty\n",
		"zz":    "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00x",
	}
	runCases(t, []cmdCase{
		{Name: "join", Args: []string{"join", "j1", "j2"}, Stdin: "", Files: mf, Out: "a 1 x\nc 3 y\nc 33 y\ne 5 w w2\n", ErrOut: "", Status: 0},
		{Name: "join-a1", Args: []string{"join", "-a1", "j1", "j2"}, Stdin: "", Files: mf, Out: "a 1 x\nb 2\nc 3 y\nc 33 y\ne 5 w w2\n", ErrOut: "", Status: 0},
		{Name: "join-a12", Args: []string{"join", "-a1", "-a2", "j1", "j2"}, Stdin: "", Files: mf, Out: "a 1 x\nb 2\nc 3 y\nc 33 y\nd z\ne 5 w w2\n", ErrOut: "", Status: 0},
		{Name: "join-v2", Args: []string{"join", "-v2", "j1", "j2"}, Stdin: "", Files: mf, Out: "d z\n", ErrOut: "", Status: 0},
		{Name: "join-o", Args: []string{"join", "-o", "1.2,2.2,0", "j1", "j2"}, Stdin: "", Files: mf, Out: "1 x a\n3 y c\n33 y c\n5 w e\n", ErrOut: "", Status: 0},
		{Name: "join-e", Args: []string{"join", "-a1", "-e", "X", "-o", "0,1.2,2.2", "j1", "j2"}, Stdin: "", Files: mf, Out: "a 1 x\nb 2 X\nc 3 y\nc 33 y\ne 5 w\n", ErrOut: "", Status: 0},
		{Name: "join-auto", Args: []string{"join", "-o", "auto", "-a2", "-e", "-", "j1", "j2"}, Stdin: "", Files: mf, Out: "a 1 x\nc 3 y\nc 33 y\nd - z\ne 5 w\n", ErrOut: "", Status: 0},
		{Name: "join-t-i", Args: []string{"join", "-t:", "-i", "j3", "j4"}, Stdin: "", Files: mf, Out: "A:1:x\nC:3:y\n", ErrOut: "", Status: 0},
		{Name: "join-12", Args: []string{"join", "-1", "2", "-2", "1", "j1", "j2"}, Stdin: "", Files: mf, Out: "", ErrOut: "", Status: 0},
		{Name: "join-unsorted", Args: []string{"join", "j5", "j2"}, Stdin: "", Files: mf, Out: "c 3 y\n", ErrOut: "join: j5:2: is not sorted: a 2\njoin: input is not in sorted order\n", Status: 1},
		{Name: "join-nocheck", Args: []string{"join", "--nocheck-order", "j5", "j2"}, Stdin: "", Files: mf, Out: "c 3 y\n", ErrOut: "", Status: 0},
		{Name: "join-header", Args: []string{"join", "--header", "j1", "j2"}, Stdin: "", Files: mf, Out: "a 1 x\nc 3 y\nc 33 y\ne 5 w w2\n", ErrOut: "", Status: 0},
		{Name: "join-missing-op", Args: []string{"join", "j1"}, Stdin: "", Files: mf, Out: "", ErrOut: "join: missing operand after 'j1'\nTry 'join --help' for more information.\n", Status: 1},
		{Name: "join-stdin", Args: []string{"join", "-", "j2"}, Stdin: "a 1\nc 2\n", Files: mf, Out: "a 1 x\nc 2 y\n", ErrOut: "", Status: 0},
	})
}
