package all

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
		{name: "n", args: []string{"sort", "-n", "n"}, stdin: "", files: sf, out: "-5\n-3.2\n-.5\n-0\n0\nabc\n.5\n1e3\n3.14\n007\n10\n  42\n99999999999999999999998\n99999999999999999999999\n", errOut: "", status: 0},
		{name: "rn", args: []string{"sort", "-rn", "n"}, stdin: "", files: sf, out: "99999999999999999999999\n99999999999999999999998\n  42\n10\n007\n3.14\n1e3\n.5\nabc\n0\n-0\n-.5\n-3.2\n-5\n", errOut: "", status: 0},
		{name: "g", args: []string{"sort", "-g", "n"}, stdin: "", files: sf, out: "abc\n-5\n-3.2\n-.5\n-0\n0\n.5\n3.14\n007\n10\n  42\n1e3\n99999999999999999999998\n99999999999999999999999\n", errOut: "", status: 0},
		{name: "nu", args: []string{"sort", "-nu", "n"}, stdin: "", files: sf, out: "-5\n-3.2\n-.5\n-0\n.5\n1e3\n3.14\n007\n10\n  42\n99999999999999999999998\n99999999999999999999999\n", errOut: "", status: 0},
		{name: "k2n", args: []string{"sort", "-k2,2n", "k"}, stdin: "", files: sf, out: "c 1 z\na 2 y\nb 2 x\nB 3 w\na 10 y\n", errOut: "", status: 0},
		{name: "k2n-k1r", args: []string{"sort", "-k2,2n", "-k1,1r", "k"}, stdin: "", files: sf, out: "c 1 z\nb 2 x\na 2 y\nB 3 w\na 10 y\n", errOut: "", status: 0},
		{name: "k2-stable", args: []string{"sort", "-s", "-k2,2", "k"}, stdin: "", files: sf, out: "c 1 z\na 10 y\nb 2 x\na 2 y\nB 3 w\n", errOut: "", status: 0},
		{name: "k1f", args: []string{"sort", "-k1,1f", "k"}, stdin: "", files: sf, out: "a 10 y\na 2 y\nB 3 w\nb 2 x\nc 1 z\n", errOut: "", status: 0},
		{name: "fk1-u", args: []string{"sort", "-f", "-u", "-k1,1", "k"}, stdin: "", files: sf, out: "a 10 y\nb 2 x\nc 1 z\n", errOut: "", status: 0},
		{name: "t-k2n-k3", args: []string{"sort", "-t:", "-k2,2n", "-k3,3", "c"}, stdin: "", files: sf, out: "y:1:a\ny:1:b\nz:2:b\nx:3:z\n", errOut: "", status: 0},
		{name: "k1.2", args: []string{"sort", "-k1.2,1.2", "k"}, stdin: "", files: sf, out: "B 3 w\na 10 y\na 2 y\nb 2 x\nc 1 z\n", errOut: "", status: 0},
		{name: "m", args: []string{"sort", "-m", "s1", "s2"}, stdin: "", files: sf, out: "a\nb\nc\nd\ne\nf\n", errOut: "", status: 0},
		{name: "crlf", args: []string{"sort", "crlf"}, stdin: "", files: sf, out: "a\x0d\nb\x0d\nc\n", errOut: "", status: 0},
		{name: "bin", args: []string{"sort", "bin"}, stdin: "", files: sf, out: "a\na\xff\nb\x00x\n\xe9\n", errOut: "", status: 0},
		{name: "h", args: []string{"sort", "-h", "h"}, stdin: "", files: sf, out: "-1K\n0\n512\n1K\n1k\n2M\n3G\n", errOut: "", status: 0},
		{name: "b", args: []string{"sort", "-b", "ws"}, stdin: "", files: sf, out: "\ta\na\n b\n  c\n", errOut: "", status: 0},
		{name: "plain-ws", args: []string{"sort", "ws"}, stdin: "", files: sf, out: "\ta\n  c\n b\na\n", errOut: "", status: 0},
		{name: "d", args: []string{"sort", "-d"}, stdin: "a-c\nab\na.b\n", files: sf, out: "a.b\nab\na-c\n", errOut: "", status: 0},
		{name: "i", args: []string{"sort", "-i"}, stdin: "a\x01c\nab\n", files: sf, out: "ab\na\x01c\n", errOut: "", status: 0},
		{name: "c-ok", args: []string{"sort", "-c", "s1"}, stdin: "", files: sf, out: "", errOut: "", status: 0},
		{name: "c-bad", args: []string{"sort", "-c", "k"}, stdin: "", files: sf, out: "", errOut: "sort: k:2: disorder: a 10 y\n", status: 1},
		{name: "C-bad", args: []string{"sort", "-C", "k"}, stdin: "", files: sf, out: "", errOut: "", status: 1},
		{name: "cu", args: []string{"sort", "-cu"}, stdin: "a\na\n", files: sf, out: "", errOut: "sort: -:2: disorder: a\n", status: 1},
		{name: "z", args: []string{"sort", "-z"}, stdin: "c\x00a\nb\x00b\x00", files: sf, out: "a\nb\x00b\x00c\x00", errOut: "", status: 0},
		{name: "empty", args: []string{"sort"}, stdin: "", files: sf, out: "", errOut: "", status: 0},
		{name: "noeol", args: []string{"sort"}, stdin: "b\na", files: sf, out: "a\nb\n", errOut: "", status: 0},
		{name: "V", args: []string{"sort", "-V"}, stdin: "a10\na2\na1.5\na1.10\n", files: sf, out: "a1.5\na1.10\na2\na10\n", errOut: "", status: 0},
		{name: "M", args: []string{"sort", "-M"}, stdin: "mar\nJan\n x\nFEB\n", files: sf, out: " x\nJan\nFEB\nmar\n", errOut: "", status: 0},
		{name: "r-k", args: []string{"sort", "-r", "-k2"}, stdin: "a 1\nb 1\nc 2\n", files: sf, out: "c 2\nb 1\na 1\n", errOut: "", status: 0},
		{name: "k-nonexist", args: []string{"sort", "-k5"}, stdin: "b\na\n", files: sf, out: "a\nb\n", errOut: "", status: 0},
		{name: "bad-k", args: []string{"sort", "-k", "x"}, stdin: "", files: sf, out: "", errOut: "sort: invalid number at field start: invalid count at start of 'x'\n", status: 2},
	})
}
