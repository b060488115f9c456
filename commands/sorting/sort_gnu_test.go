package sorting

import "testing"

// TestSortGNU: expectations recorded by running GNU sort with LC_ALL=C on
// the same files, arguments and stdin while writing the test.
func TestSortGNU(t *testing.T) {
	sf := map[string]string{
		"bin":  "b\x00x\na\xff\na\n\xe9\n",
		"c":    "x:3:z\ny:1:a\nz:2:b\ny:1:b\n",
		"crlf": "b\x0d\na\x0d\nc\n",
		"h":    "1K\n2M\n512\n-1K\n3G\n1k\n0\n",
		"k":    "b 2 x\na 10 y\nc 1 z\nB 3 w\na 2 y\n",
		"n":    "10\n-5\n3.14\n-0\n0\n007\n  42\nabc\n-3.2\n1e3\n99999999999999999999999\n99999999999999999999998\n.5\n-.5\n",
		"s1":   "a\nc\ne\n",
		"s2":   "b\nd\nf\n",
		"ws":   " b\n\ta\na\n  c\n",
	}
	runCases(t, []cmdCase{
		{Name: "n", Args: []string{"sort", "-n", "n"}, Stdin: "", Files: sf, Out: "-5\n-3.2\n-.5\n-0\n0\nabc\n.5\n1e3\n3.14\n007\n10\n  42\n99999999999999999999998\n99999999999999999999999\n", ErrOut: "", Status: 0},
		{Name: "rn", Args: []string{"sort", "-rn", "n"}, Stdin: "", Files: sf, Out: "99999999999999999999999\n99999999999999999999998\n  42\n10\n007\n3.14\n1e3\n.5\nabc\n0\n-0\n-.5\n-3.2\n-5\n", ErrOut: "", Status: 0},
		{Name: "g", Args: []string{"sort", "-g", "n"}, Stdin: "", Files: sf, Out: "abc\n-5\n-3.2\n-.5\n-0\n0\n.5\n3.14\n007\n10\n  42\n1e3\n99999999999999999999998\n99999999999999999999999\n", ErrOut: "", Status: 0},
		{Name: "nu", Args: []string{"sort", "-nu", "n"}, Stdin: "", Files: sf, Out: "-5\n-3.2\n-.5\n-0\n.5\n1e3\n3.14\n007\n10\n  42\n99999999999999999999998\n99999999999999999999999\n", ErrOut: "", Status: 0},
		{Name: "k2n", Args: []string{"sort", "-k2,2n", "k"}, Stdin: "", Files: sf, Out: "c 1 z\na 2 y\nb 2 x\nB 3 w\na 10 y\n", ErrOut: "", Status: 0},
		{Name: "k2n-k1r", Args: []string{"sort", "-k2,2n", "-k1,1r", "k"}, Stdin: "", Files: sf, Out: "c 1 z\nb 2 x\na 2 y\nB 3 w\na 10 y\n", ErrOut: "", Status: 0},
		{Name: "k2-stable", Args: []string{"sort", "-s", "-k2,2", "k"}, Stdin: "", Files: sf, Out: "c 1 z\na 10 y\nb 2 x\na 2 y\nB 3 w\n", ErrOut: "", Status: 0},
		{Name: "k1f", Args: []string{"sort", "-k1,1f", "k"}, Stdin: "", Files: sf, Out: "a 10 y\na 2 y\nB 3 w\nb 2 x\nc 1 z\n", ErrOut: "", Status: 0},
		{Name: "fk1-u", Args: []string{"sort", "-f", "-u", "-k1,1", "k"}, Stdin: "", Files: sf, Out: "a 10 y\nb 2 x\nc 1 z\n", ErrOut: "", Status: 0},
		{Name: "t-k2n-k3", Args: []string{"sort", "-t:", "-k2,2n", "-k3,3", "c"}, Stdin: "", Files: sf, Out: "y:1:a\ny:1:b\nz:2:b\nx:3:z\n", ErrOut: "", Status: 0},
		{Name: "k1.2", Args: []string{"sort", "-k1.2,1.2", "k"}, Stdin: "", Files: sf, Out: "B 3 w\na 10 y\na 2 y\nb 2 x\nc 1 z\n", ErrOut: "", Status: 0},
		{Name: "m", Args: []string{"sort", "-m", "s1", "s2"}, Stdin: "", Files: sf, Out: "a\nb\nc\nd\ne\nf\n", ErrOut: "", Status: 0},
		{Name: "crlf", Args: []string{"sort", "crlf"}, Stdin: "", Files: sf, Out: "a\x0d\nb\x0d\nc\n", ErrOut: "", Status: 0},
		{Name: "bin", Args: []string{"sort", "bin"}, Stdin: "", Files: sf, Out: "a\na\xff\nb\x00x\n\xe9\n", ErrOut: "", Status: 0},
		{Name: "h", Args: []string{"sort", "-h", "h"}, Stdin: "", Files: sf, Out: "-1K\n0\n512\n1K\n1k\n2M\n3G\n", ErrOut: "", Status: 0},
		{Name: "b", Args: []string{"sort", "-b", "ws"}, Stdin: "", Files: sf, Out: "\ta\na\n b\n  c\n", ErrOut: "", Status: 0},
		{Name: "plain-ws", Args: []string{"sort", "ws"}, Stdin: "", Files: sf, Out: "\ta\n  c\n b\na\n", ErrOut: "", Status: 0},
		{Name: "d", Args: []string{"sort", "-d"}, Stdin: "a-c\nab\na.b\n", Files: sf, Out: "a.b\nab\na-c\n", ErrOut: "", Status: 0},
		{Name: "i", Args: []string{"sort", "-i"}, Stdin: "a\x01c\nab\n", Files: sf, Out: "ab\na\x01c\n", ErrOut: "", Status: 0},
		{Name: "c-ok", Args: []string{"sort", "-c", "s1"}, Stdin: "", Files: sf, Out: "", ErrOut: "", Status: 0},
		{Name: "c-bad", Args: []string{"sort", "-c", "k"}, Stdin: "", Files: sf, Out: "", ErrOut: "sort: k:2: disorder: a 10 y\n", Status: 1},
		{Name: "C-bad", Args: []string{"sort", "-C", "k"}, Stdin: "", Files: sf, Out: "", ErrOut: "", Status: 1},
		{Name: "cu", Args: []string{"sort", "-cu"}, Stdin: "a\na\n", Files: sf, Out: "", ErrOut: "sort: -:2: disorder: a\n", Status: 1},
		{Name: "z", Args: []string{"sort", "-z"}, Stdin: "c\x00a\nb\x00b\x00", Files: sf, Out: "a\nb\x00b\x00c\x00", ErrOut: "", Status: 0},
		{Name: "empty", Args: []string{"sort"}, Stdin: "", Files: sf, Out: "", ErrOut: "", Status: 0},
		{Name: "noeol", Args: []string{"sort"}, Stdin: "b\na", Files: sf, Out: "a\nb\n", ErrOut: "", Status: 0},
		{Name: "V", Args: []string{"sort", "-V"}, Stdin: "a10\na2\na1.5\na1.10\n", Files: sf, Out: "a1.5\na1.10\na2\na10\n", ErrOut: "", Status: 0},
		{Name: "M", Args: []string{"sort", "-M"}, Stdin: "mar\nJan\n x\nFEB\n", Files: sf, Out: " x\nJan\nFEB\nmar\n", ErrOut: "", Status: 0},
		{Name: "r-k", Args: []string{"sort", "-r", "-k2"}, Stdin: "a 1\nb 1\nc 2\n", Files: sf, Out: "c 2\nb 1\na 1\n", ErrOut: "", Status: 0},
		{Name: "k-nonexist", Args: []string{"sort", "-k5"}, Stdin: "b\na\n", Files: sf, Out: "a\nb\n", ErrOut: "", Status: 0},
		{Name: "bad-k", Args: []string{"sort", "-k", "x"}, Stdin: "", Files: sf, Out: "", ErrOut: "sort: invalid number at field start: invalid count at start of 'x'\n", Status: 2},
	})
}
