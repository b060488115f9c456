package text

import "testing"

// TestHeadTailWcGNU: expectations recorded by running GNU head, tail and
// wc with LC_ALL=C on the same files, arguments and stdin while writing
// the test.
func TestHeadTailWcGNU(t *testing.T) {
	hf := map[string]string{
		"crlf": "x\x0d\ny\x0d\n",
		"e":    "",
		"f":    "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\n",
		"g":    "a\nb\nc",
		"u":    "h\xe9llo w\xc3\xb6rld\n\xff\xfe\n\ttab\x00nul\n",
	}
	runCases(t, []cmdCase{
		{Name: "head", Args: []string{"head", "f"}, Stdin: "", Files: hf, Out: "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\n", ErrOut: "", Status: 0},
		{Name: "head-n3", Args: []string{"head", "-n3", "f"}, Stdin: "", Files: hf, Out: "l1\nl2\nl3\n", ErrOut: "", Status: 0},
		{Name: "head-n+3", Args: []string{"head", "-n", "+3", "f"}, Stdin: "", Files: hf, Out: "l1\nl2\nl3\n", ErrOut: "", Status: 0},
		{Name: "head-n-3", Args: []string{"head", "-n", "-3", "f"}, Stdin: "", Files: hf, Out: "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\n", ErrOut: "", Status: 0},
		{Name: "head-c5", Args: []string{"head", "-c5", "f"}, Stdin: "", Files: hf, Out: "l1\nl2", ErrOut: "", Status: 0},
		{Name: "head-c-5", Args: []string{"head", "-c", "-5", "f"}, Stdin: "", Files: hf, Out: "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11", ErrOut: "", Status: 0},
		{Name: "head-multi", Args: []string{"head", "-n1", "f", "g"}, Stdin: "", Files: hf, Out: "==> f <==\nl1\n\n==> g <==\na\n", ErrOut: "", Status: 0},
		{Name: "head-q", Args: []string{"head", "-q", "-n1", "f", "g"}, Stdin: "", Files: hf, Out: "l1\na\n", ErrOut: "", Status: 0},
		{Name: "head-v", Args: []string{"head", "-v", "-n1", "g"}, Stdin: "", Files: hf, Out: "==> g <==\na\n", ErrOut: "", Status: 0},
		{Name: "head-noeol", Args: []string{"head", "-n5", "g"}, Stdin: "", Files: hf, Out: "a\nb\nc", ErrOut: "", Status: 0},
		{Name: "head-n-1-noeol", Args: []string{"head", "-n-1", "g"}, Stdin: "", Files: hf, Out: "a\nb\n", ErrOut: "", Status: 0},
		{Name: "head-legacy", Args: []string{"head", "-2", "f"}, Stdin: "", Files: hf, Out: "l1\nl2\n", ErrOut: "", Status: 0},
		{Name: "head-missing", Args: []string{"head", "nope", "g"}, Stdin: "", Files: hf, Out: "==> g <==\na\nb\nc", ErrOut: "head: cannot open 'nope' for reading: No such file or directory\n", Status: 1},
		{Name: "head-bad", Args: []string{"head", "-n", "x", "f"}, Stdin: "", Files: hf, Out: "", ErrOut: "head: invalid number of lines: 'x'\n", Status: 1},
		{Name: "head-k", Args: []string{"head", "-c", "1K"}, Stdin: "abc", Files: hf, Out: "abc", ErrOut: "", Status: 0},
		{Name: "tail", Args: []string{"tail", "f"}, Stdin: "", Files: hf, Out: "l3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\n", ErrOut: "", Status: 0},
		{Name: "tail-n3", Args: []string{"tail", "-n3", "f"}, Stdin: "", Files: hf, Out: "l10\nl11\nl12\n", ErrOut: "", Status: 0},
		{Name: "tail-n+11", Args: []string{"tail", "-n", "+11", "f"}, Stdin: "", Files: hf, Out: "l11\nl12\n", ErrOut: "", Status: 0},
		{Name: "tail-n-2", Args: []string{"tail", "-n", "-2", "f"}, Stdin: "", Files: hf, Out: "l11\nl12\n", ErrOut: "", Status: 0},
		{Name: "tail-c4", Args: []string{"tail", "-c4", "f"}, Stdin: "", Files: hf, Out: "l12\n", ErrOut: "", Status: 0},
		{Name: "tail-c+3", Args: []string{"tail", "-c", "+3", "g"}, Stdin: "", Files: hf, Out: "b\nc", ErrOut: "", Status: 0},
		{Name: "tail-noeol", Args: []string{"tail", "-n2", "g"}, Stdin: "", Files: hf, Out: "b\nc", ErrOut: "", Status: 0},
		{Name: "tail-multi", Args: []string{"tail", "-n1", "f", "g"}, Stdin: "", Files: hf, Out: "==> f <==\nl12\n\n==> g <==\nc", ErrOut: "", Status: 0},
		{Name: "tail-q", Args: []string{"tail", "-qn1", "f", "g"}, Stdin: "", Files: hf, Out: "l12\nc", ErrOut: "", Status: 0},
		{Name: "tail-v", Args: []string{"tail", "-vn1", "g"}, Stdin: "", Files: hf, Out: "==> g <==\nc", ErrOut: "", Status: 0},
		{Name: "tail-empty", Args: []string{"tail", "e"}, Stdin: "", Files: hf, Out: "", ErrOut: "", Status: 0},
		{Name: "tail-legacy", Args: []string{"tail", "+11", "f"}, Stdin: "", Files: hf, Out: "l11\nl12\n", ErrOut: "", Status: 0},
		{Name: "tail-crlf", Args: []string{"tail", "-n1", "crlf"}, Stdin: "", Files: hf, Out: "y\x0d\n", ErrOut: "", Status: 0},
		{Name: "tail-z", Args: []string{"tail", "-z", "-n1"}, Stdin: "a\x00b\x00c", Files: hf, Out: "c", ErrOut: "", Status: 0},
		{Name: "wc", Args: []string{"wc", "f", "g", "u"}, Stdin: "", Files: hf, Out: "12 12 39 f\n 2  3  5 g\n 3  3 25 u\n17 18 69 total\n", ErrOut: "", Status: 0},
		{Name: "wc-l", Args: []string{"wc", "-l", "g"}, Stdin: "", Files: hf, Out: "2 g\n", ErrOut: "", Status: 0},
		{Name: "wc-stdin", Args: []string{"wc"}, Stdin: "a b\nc", Files: hf, Out: "      1       3       5\n", ErrOut: "", Status: 0},
		{Name: "wc-m", Args: []string{"wc", "-m", "u"}, Stdin: "", Files: hf, Out: "25 u\n", ErrOut: "", Status: 0},
		{Name: "wc-L", Args: []string{"wc", "-L", "f", "u", "crlf"}, Stdin: "", Files: hf, Out: " 3 f\n14 u\n 1 crlf\n14 total\n", ErrOut: "", Status: 0},
		{Name: "wc-w", Args: []string{"wc", "-w", "u"}, Stdin: "", Files: hf, Out: "3 u\n", ErrOut: "", Status: 0},
		{Name: "wc-c-empty", Args: []string{"wc", "-c", "e"}, Stdin: "", Files: hf, Out: "0 e\n", ErrOut: "", Status: 0},
		{Name: "wc-all", Args: []string{"wc", "-clwmL", "u"}, Stdin: "", Files: hf, Out: " 3  3 25 25 14 u\n", ErrOut: "", Status: 0},
		{Name: "wc-missing", Args: []string{"wc", "nope", "g"}, Stdin: "", Files: hf, Out: "2 3 5 g\n2 3 5 total\n", ErrOut: "wc: nope: No such file or directory\n", Status: 1},
		{Name: "wc-crlf", Args: []string{"wc", "crlf"}, Stdin: "", Files: hf, Out: "2 2 6 crlf\n", ErrOut: "", Status: 0},
	})
}
