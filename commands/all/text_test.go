package all

import "testing"

const aTxt = "hello world\nfoo bar\n\n\n\tx\x01\x80y\n"
const nTxt = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"

func TestCat(t *testing.T) {
	f := map[string]string{"a.txt": aTxt, "d/": ""}
	runCases(t, []cmdCase{
		{name: "plain", args: []string{"cat", "a.txt"}, files: f, out: aTxt},
		{name: "stdin-dash", args: []string{"cat", "-", "a.txt"}, stdin: "in\n", files: f, out: "in\n" + aTxt},
		{name: "n", args: []string{"cat", "-n", "a.txt"}, files: f, out: "     1\thello world\n     2\tfoo bar\n     3\t\n     4\t\n     5\t\tx\x01\x80y\n"},
		{name: "b", args: []string{"cat", "-b", "a.txt"}, files: f, out: "     1\thello world\n     2\tfoo bar\n\n\n     3\t\tx\x01\x80y\n"},
		{name: "s", args: []string{"cat", "-s", "a.txt"}, files: f, out: "hello world\nfoo bar\n\n\tx\x01\x80y\n"},
		{name: "A", args: []string{"cat", "-A", "a.txt"}, files: f, out: "hello world$\nfoo bar$\n$\n$\n^Ix^AM-^@y$\n"},
		{name: "e", args: []string{"cat", "-e", "a.txt"}, files: f, out: "hello world$\nfoo bar$\n$\n$\n\tx^AM-^@y$\n"},
		{name: "T", args: []string{"cat", "-T", "a.txt"}, files: f, out: "hello world\nfoo bar\n\n\n^Ix\x01\x80y\n"},
		{name: "n-across-files", args: []string{"cat", "-n", "a.txt", "-"}, stdin: "z", files: f, out: "     1\thello world\n     2\tfoo bar\n     3\t\n     4\t\n     5\t\tx\x01\x80y\n     6\tz"},
		{name: "missing", args: []string{"cat", "nope", "a.txt"}, files: f, out: aTxt, errOut: "cat: nope: No such file or directory\n", status: 1},
		{name: "dir", args: []string{"cat", "d"}, files: f, errOut: "cat: d: Is a directory\n", status: 1},
		{name: "bad-opt", args: []string{"cat", "-z"}, errOut: "cat: invalid option -- 'z'\nTry 'cat --help' for more information.\n", status: 1},
		{name: "bad-long", args: []string{"cat", "--bogus"}, errOut: "cat: unrecognized option '--bogus'\nTry 'cat --help' for more information.\n", status: 1},
		{name: "dev-stdin", args: []string{"cat", "/dev/stdin"}, stdin: "x\n", out: "x\n"},
	})
}

func TestHeadTail(t *testing.T) {
	f := map[string]string{"n.txt": nTxt, "a.txt": aTxt}
	runCases(t, []cmdCase{
		{name: "head-default", args: []string{"head", "n.txt"}, files: f, out: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"},
		{name: "head-n", args: []string{"head", "-n", "3", "n.txt"}, files: f, out: "1\n2\n3\n"},
		{name: "head-n-attached", args: []string{"head", "-n3", "n.txt"}, files: f, out: "1\n2\n3\n"},
		{name: "head-lines-long", args: []string{"head", "--lines=2", "n.txt"}, files: f, out: "1\n2\n"},
		{name: "head-neg", args: []string{"head", "-n", "-9", "n.txt"}, files: f, out: "1\n2\n3\n"},
		{name: "head-c", args: []string{"head", "-c", "5", "a.txt"}, files: f, out: "hello"},
		{name: "head-c-neg", args: []string{"head", "-c", "-3"}, stdin: "abcdef", out: "abc"},
		{name: "head-legacy", args: []string{"head", "-3", "n.txt"}, files: f, out: "1\n2\n3\n"},
		{name: "head-multi", args: []string{"head", "-n", "2", "n.txt", "a.txt"}, files: f, out: "==> n.txt <==\n1\n2\n\n==> a.txt <==\nhello world\nfoo bar\n"},
		{name: "head-q", args: []string{"head", "-q", "-n1", "n.txt", "n.txt"}, files: f, out: "1\n1\n"},
		{name: "head-v-stdin", args: []string{"head", "-v", "-n1"}, stdin: "a\nb\n", out: "==> standard input <==\na\n"},
		{name: "head-bad", args: []string{"head", "-n", "x", "n.txt"}, files: f, errOut: "head: invalid number of lines: 'x'\n", status: 1},
		{name: "head-missing", args: []string{"head", "nope"}, errOut: "head: cannot open 'nope' for reading: No such file or directory\n", status: 1},
		{name: "head-no-eol", args: []string{"head", "-n", "5"}, stdin: "a\nb", out: "a\nb"},
		{name: "tail-n", args: []string{"tail", "-n", "3", "n.txt"}, files: f, out: "10\n11\n12\n"},
		{name: "tail-default", args: []string{"tail"}, stdin: nTxt, out: "3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"},
		{name: "tail-plus", args: []string{"tail", "-n", "+11", "n.txt"}, files: f, out: "11\n12\n"},
		{name: "tail-c", args: []string{"tail", "-c", "4", "n.txt"}, files: f, out: "\n12\n"},
		{name: "tail-c-plus", args: []string{"tail", "-c", "+3"}, stdin: "abcdef", out: "cdef"},
		{name: "tail-legacy", args: []string{"tail", "-2", "n.txt"}, files: f, out: "11\n12\n"},
		{name: "tail-legacy-plus", args: []string{"tail", "+12", "n.txt"}, files: f, out: "12\n"},
		{name: "tail-v", args: []string{"tail", "-v", "-n1", "n.txt"}, files: f, out: "==> n.txt <==\n12\n"},
		{name: "tail-no-eol", args: []string{"tail", "-n", "1"}, stdin: "a\nb", out: "b"},
		{name: "tail-missing", args: []string{"tail", "nope"}, errOut: "tail: cannot open 'nope' for reading: No such file or directory\n", status: 1},
	})
}

func TestWc(t *testing.T) {
	f := map[string]string{"n.txt": nTxt, "a.txt": aTxt, "d/": ""}
	runCases(t, []cmdCase{
		{name: "default", args: []string{"wc", "n.txt"}, files: f, out: "12 12 27 n.txt\n"},
		{name: "l-multi", args: []string{"wc", "-l", "n.txt", "a.txt"}, files: f, out: "12 n.txt\n 5 a.txt\n17 total\n"},
		{name: "c", args: []string{"wc", "-c", "n.txt"}, files: f, out: "27 n.txt\n"},
		{name: "L", args: []string{"wc", "-L", "a.txt"}, files: f, out: "11 a.txt\n"},
		{name: "w", args: []string{"wc", "-w", "a.txt"}, files: f, out: "5 a.txt\n"},
		{name: "stdin", args: []string{"wc"}, stdin: "hi\n", out: "      1       1       3\n"},
		{name: "stdin-l", args: []string{"wc", "-l"}, stdin: "hi\n", out: "1\n"},
		{name: "m", args: []string{"wc", "-m", "-L", "-c"}, stdin: "héllo\tx\n", out: "      9       9       9\n"}, // no LANG: the C locale counts bytes
		{name: "missing", args: []string{"wc", "nope", "n.txt"}, files: f, out: "12 12 27 n.txt\n12 12 27 total\n", errOut: "wc: nope: No such file or directory\n", status: 1},
		{name: "dir", args: []string{"wc", "d"}, files: f, out: "      0       0       0 d\n", errOut: "wc: d: Is a directory\n", status: 1},
	})
}

func TestSeq(t *testing.T) {
	runCases(t, []cmdCase{
		{name: "last", args: []string{"seq", "3"}, out: "1\n2\n3\n"},
		{name: "sep", args: []string{"seq", "-s:", "1", "3"}, out: "1:2:3\n"},
		{name: "w", args: []string{"seq", "-w", "8", "10"}, out: "08\n09\n10\n"},
		{name: "w-neg", args: []string{"seq", "-w", "-5", "3", "5"}, out: "-5\n-2\n01\n04\n"},
		{name: "float", args: []string{"seq", "1", "0.5", "2"}, out: "1.0\n1.5\n2.0\n"},
		{name: "float-prec", args: []string{"seq", "1", "0.25", "2.0"}, out: "1.00\n1.25\n1.50\n1.75\n2.00\n"},
		{name: "tenths", args: []string{"seq", "0.1", "0.1", "0.5"}, out: "0.1\n0.2\n0.3\n0.4\n0.5\n"},
		{name: "exp", args: []string{"seq", "1e2", "1e2", "3e2"}, out: "100\n200\n300\n"},
		{name: "down", args: []string{"seq", "10", "-3", "1"}, out: "10\n7\n4\n1\n"},
		{name: "empty", args: []string{"seq", "5", "1"}},
		{name: "format", args: []string{"seq", "-f", "%03g", "3"}, out: "001\n002\n003\n"},
		{name: "format-f", args: []string{"seq", "-f", "x%.2fy", "1", "2"}, out: "x1.00y\nx2.00y\n"},
		{name: "hex", args: []string{"seq", "0x10", "0x11"}, out: "16\n17\n"},
		{name: "zero-incr", args: []string{"seq", "1", "0", "3"}, errOut: "seq: invalid Zero increment value: '0'\nTry 'seq --help' for more information.\n", status: 1},
		{name: "bad", args: []string{"seq", "x"}, errOut: "seq: invalid floating point argument: 'x'\nTry 'seq --help' for more information.\n", status: 1},
		{name: "missing", args: []string{"seq"}, errOut: "seq: missing operand\nTry 'seq --help' for more information.\n", status: 1},
	})
}
