package text

import "testing"

const aTxt = "hello world\nfoo bar\n\n\n\tx\x01\x80y\n"
const nTxt = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"

func TestCat(t *testing.T) {
	f := map[string]string{"a.txt": aTxt, "d/": ""}
	runCases(t, []cmdCase{
		{Name: "plain", Args: []string{"cat", "a.txt"}, Files: f, Out: aTxt},
		{Name: "stdin-dash", Args: []string{"cat", "-", "a.txt"}, Stdin: "in\n", Files: f, Out: "in\n" + aTxt},
		{Name: "n", Args: []string{"cat", "-n", "a.txt"}, Files: f, Out: "     1\thello world\n     2\tfoo bar\n     3\t\n     4\t\n     5\t\tx\x01\x80y\n"},
		{Name: "b", Args: []string{"cat", "-b", "a.txt"}, Files: f, Out: "     1\thello world\n     2\tfoo bar\n\n\n     3\t\tx\x01\x80y\n"},
		{Name: "s", Args: []string{"cat", "-s", "a.txt"}, Files: f, Out: "hello world\nfoo bar\n\n\tx\x01\x80y\n"},
		{Name: "A", Args: []string{"cat", "-A", "a.txt"}, Files: f, Out: "hello world$\nfoo bar$\n$\n$\n^Ix^AM-^@y$\n"},
		{Name: "e", Args: []string{"cat", "-e", "a.txt"}, Files: f, Out: "hello world$\nfoo bar$\n$\n$\n\tx^AM-^@y$\n"},
		{Name: "T", Args: []string{"cat", "-T", "a.txt"}, Files: f, Out: "hello world\nfoo bar\n\n\n^Ix\x01\x80y\n"},
		{Name: "n-across-files", Args: []string{"cat", "-n", "a.txt", "-"}, Stdin: "z", Files: f, Out: "     1\thello world\n     2\tfoo bar\n     3\t\n     4\t\n     5\t\tx\x01\x80y\n     6\tz"},
		{Name: "missing", Args: []string{"cat", "nope", "a.txt"}, Files: f, Out: aTxt, ErrOut: "cat: nope: No such file or directory\n", Status: 1},
		{Name: "dir", Args: []string{"cat", "d"}, Files: f, ErrOut: "cat: d: Is a directory\n", Status: 1},
		{Name: "bad-opt", Args: []string{"cat", "-z"}, ErrOut: "cat: invalid option -- 'z'\nTry 'cat --help' for more information.\n", Status: 1},
		{Name: "bad-long", Args: []string{"cat", "--bogus"}, ErrOut: "cat: unrecognized option '--bogus'\nTry 'cat --help' for more information.\n", Status: 1},
		{Name: "dev-stdin", Args: []string{"cat", "/dev/stdin"}, Stdin: "x\n", Out: "x\n"},
	})
}

func TestHeadTail(t *testing.T) {
	f := map[string]string{"n.txt": nTxt, "a.txt": aTxt}
	runCases(t, []cmdCase{
		{Name: "head-default", Args: []string{"head", "n.txt"}, Files: f, Out: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"},
		{Name: "head-n", Args: []string{"head", "-n", "3", "n.txt"}, Files: f, Out: "1\n2\n3\n"},
		{Name: "head-n-attached", Args: []string{"head", "-n3", "n.txt"}, Files: f, Out: "1\n2\n3\n"},
		{Name: "head-lines-long", Args: []string{"head", "--lines=2", "n.txt"}, Files: f, Out: "1\n2\n"},
		{Name: "head-neg", Args: []string{"head", "-n", "-9", "n.txt"}, Files: f, Out: "1\n2\n3\n"},
		{Name: "head-c", Args: []string{"head", "-c", "5", "a.txt"}, Files: f, Out: "hello"},
		{Name: "head-c-neg", Args: []string{"head", "-c", "-3"}, Stdin: "abcdef", Out: "abc"},
		{Name: "head-legacy", Args: []string{"head", "-3", "n.txt"}, Files: f, Out: "1\n2\n3\n"},
		{Name: "head-multi", Args: []string{"head", "-n", "2", "n.txt", "a.txt"}, Files: f, Out: "==> n.txt <==\n1\n2\n\n==> a.txt <==\nhello world\nfoo bar\n"},
		{Name: "head-q", Args: []string{"head", "-q", "-n1", "n.txt", "n.txt"}, Files: f, Out: "1\n1\n"},
		{Name: "head-v-stdin", Args: []string{"head", "-v", "-n1"}, Stdin: "a\nb\n", Out: "==> standard input <==\na\n"},
		{Name: "head-bad", Args: []string{"head", "-n", "x", "n.txt"}, Files: f, ErrOut: "head: invalid number of lines: 'x'\n", Status: 1},
		{Name: "head-missing", Args: []string{"head", "nope"}, ErrOut: "head: cannot open 'nope' for reading: No such file or directory\n", Status: 1},
		{Name: "head-no-eol", Args: []string{"head", "-n", "5"}, Stdin: "a\nb", Out: "a\nb"},
		{Name: "tail-n", Args: []string{"tail", "-n", "3", "n.txt"}, Files: f, Out: "10\n11\n12\n"},
		{Name: "tail-default", Args: []string{"tail"}, Stdin: nTxt, Out: "3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"},
		{Name: "tail-plus", Args: []string{"tail", "-n", "+11", "n.txt"}, Files: f, Out: "11\n12\n"},
		{Name: "tail-c", Args: []string{"tail", "-c", "4", "n.txt"}, Files: f, Out: "\n12\n"},
		{Name: "tail-c-plus", Args: []string{"tail", "-c", "+3"}, Stdin: "abcdef", Out: "cdef"},
		{Name: "tail-legacy", Args: []string{"tail", "-2", "n.txt"}, Files: f, Out: "11\n12\n"},
		{Name: "tail-legacy-plus", Args: []string{"tail", "+12", "n.txt"}, Files: f, Out: "12\n"},
		{Name: "tail-v", Args: []string{"tail", "-v", "-n1", "n.txt"}, Files: f, Out: "==> n.txt <==\n12\n"},
		{Name: "tail-no-eol", Args: []string{"tail", "-n", "1"}, Stdin: "a\nb", Out: "b"},
		{Name: "tail-missing", Args: []string{"tail", "nope"}, ErrOut: "tail: cannot open 'nope' for reading: No such file or directory\n", Status: 1},
	})
}

func TestWc(t *testing.T) {
	f := map[string]string{"n.txt": nTxt, "a.txt": aTxt, "d/": ""}
	runCases(t, []cmdCase{
		{Name: "default", Args: []string{"wc", "n.txt"}, Files: f, Out: "12 12 27 n.txt\n"},
		{Name: "l-multi", Args: []string{"wc", "-l", "n.txt", "a.txt"}, Files: f, Out: "12 n.txt\n 5 a.txt\n17 total\n"},
		{Name: "c", Args: []string{"wc", "-c", "n.txt"}, Files: f, Out: "27 n.txt\n"},
		{Name: "L", Args: []string{"wc", "-L", "a.txt"}, Files: f, Out: "11 a.txt\n"},
		{Name: "w", Args: []string{"wc", "-w", "a.txt"}, Files: f, Out: "5 a.txt\n"},
		{Name: "stdin", Args: []string{"wc"}, Stdin: "hi\n", Out: "      1       1       3\n"},
		{Name: "stdin-l", Args: []string{"wc", "-l"}, Stdin: "hi\n", Out: "1\n"},
		{Name: "m", Args: []string{"wc", "-m", "-L", "-c"}, Stdin: "héllo\tx\n", Out: "      9       9       9\n"}, // no LANG: the C locale counts bytes
		{Name: "missing", Args: []string{"wc", "nope", "n.txt"}, Files: f, Out: "12 12 27 n.txt\n12 12 27 total\n", ErrOut: "wc: nope: No such file or directory\n", Status: 1},
		{Name: "dir", Args: []string{"wc", "d"}, Files: f, Out: "      0       0       0 d\n", ErrOut: "wc: d: Is a directory\n", Status: 1},
	})
}
