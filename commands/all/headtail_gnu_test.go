package all

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
		{name: "head", args: []string{"head", "f"}, stdin: "", files: hf, out: "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\n", errOut: "", status: 0},
		{name: "head-n3", args: []string{"head", "-n3", "f"}, stdin: "", files: hf, out: "l1\nl2\nl3\n", errOut: "", status: 0},
		{name: "head-n+3", args: []string{"head", "-n", "+3", "f"}, stdin: "", files: hf, out: "l1\nl2\nl3\n", errOut: "", status: 0},
		{name: "head-n-3", args: []string{"head", "-n", "-3", "f"}, stdin: "", files: hf, out: "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\n", errOut: "", status: 0},
		{name: "head-c5", args: []string{"head", "-c5", "f"}, stdin: "", files: hf, out: "l1\nl2", errOut: "", status: 0},
		{name: "head-c-5", args: []string{"head", "-c", "-5", "f"}, stdin: "", files: hf, out: "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11", errOut: "", status: 0},
		{name: "head-multi", args: []string{"head", "-n1", "f", "g"}, stdin: "", files: hf, out: "==> f <==\nl1\n\n==> g <==\na\n", errOut: "", status: 0},
		{name: "head-q", args: []string{"head", "-q", "-n1", "f", "g"}, stdin: "", files: hf, out: "l1\na\n", errOut: "", status: 0},
		{name: "head-v", args: []string{"head", "-v", "-n1", "g"}, stdin: "", files: hf, out: "==> g <==\na\n", errOut: "", status: 0},
		{name: "head-noeol", args: []string{"head", "-n5", "g"}, stdin: "", files: hf, out: "a\nb\nc", errOut: "", status: 0},
		{name: "head-n-1-noeol", args: []string{"head", "-n-1", "g"}, stdin: "", files: hf, out: "a\nb\n", errOut: "", status: 0},
		{name: "head-legacy", args: []string{"head", "-2", "f"}, stdin: "", files: hf, out: "l1\nl2\n", errOut: "", status: 0},
		{name: "head-missing", args: []string{"head", "nope", "g"}, stdin: "", files: hf, out: "==> g <==\na\nb\nc", errOut: "head: cannot open 'nope' for reading: No such file or directory\n", status: 1},
		{name: "head-bad", args: []string{"head", "-n", "x", "f"}, stdin: "", files: hf, out: "", errOut: "head: invalid number of lines: 'x'\n", status: 1},
		{name: "head-k", args: []string{"head", "-c", "1K"}, stdin: "abc", files: hf, out: "abc", errOut: "", status: 0},
		{name: "tail", args: []string{"tail", "f"}, stdin: "", files: hf, out: "l3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\n", errOut: "", status: 0},
		{name: "tail-n3", args: []string{"tail", "-n3", "f"}, stdin: "", files: hf, out: "l10\nl11\nl12\n", errOut: "", status: 0},
		{name: "tail-n+11", args: []string{"tail", "-n", "+11", "f"}, stdin: "", files: hf, out: "l11\nl12\n", errOut: "", status: 0},
		{name: "tail-n-2", args: []string{"tail", "-n", "-2", "f"}, stdin: "", files: hf, out: "l11\nl12\n", errOut: "", status: 0},
		{name: "tail-c4", args: []string{"tail", "-c4", "f"}, stdin: "", files: hf, out: "l12\n", errOut: "", status: 0},
		{name: "tail-c+3", args: []string{"tail", "-c", "+3", "g"}, stdin: "", files: hf, out: "b\nc", errOut: "", status: 0},
		{name: "tail-noeol", args: []string{"tail", "-n2", "g"}, stdin: "", files: hf, out: "b\nc", errOut: "", status: 0},
		{name: "tail-multi", args: []string{"tail", "-n1", "f", "g"}, stdin: "", files: hf, out: "==> f <==\nl12\n\n==> g <==\nc", errOut: "", status: 0},
		{name: "tail-q", args: []string{"tail", "-qn1", "f", "g"}, stdin: "", files: hf, out: "l12\nc", errOut: "", status: 0},
		{name: "tail-v", args: []string{"tail", "-vn1", "g"}, stdin: "", files: hf, out: "==> g <==\nc", errOut: "", status: 0},
		{name: "tail-empty", args: []string{"tail", "e"}, stdin: "", files: hf, out: "", errOut: "", status: 0},
		{name: "tail-legacy", args: []string{"tail", "+11", "f"}, stdin: "", files: hf, out: "l11\nl12\n", errOut: "", status: 0},
		{name: "tail-crlf", args: []string{"tail", "-n1", "crlf"}, stdin: "", files: hf, out: "y\x0d\n", errOut: "", status: 0},
		{name: "tail-z", args: []string{"tail", "-z", "-n1"}, stdin: "a\x00b\x00c", files: hf, out: "c", errOut: "", status: 0},
		{name: "wc", args: []string{"wc", "f", "g", "u"}, stdin: "", files: hf, out: "12 12 39 f\n 2  3  5 g\n 3  3 25 u\n17 18 69 total\n", errOut: "", status: 0},
		{name: "wc-l", args: []string{"wc", "-l", "g"}, stdin: "", files: hf, out: "2 g\n", errOut: "", status: 0},
		{name: "wc-stdin", args: []string{"wc"}, stdin: "a b\nc", files: hf, out: "      1       3       5\n", errOut: "", status: 0},
		{name: "wc-m", args: []string{"wc", "-m", "u"}, stdin: "", files: hf, out: "25 u\n", errOut: "", status: 0},
		{name: "wc-L", args: []string{"wc", "-L", "f", "u", "crlf"}, stdin: "", files: hf, out: " 3 f\n14 u\n 1 crlf\n14 total\n", errOut: "", status: 0},
		{name: "wc-w", args: []string{"wc", "-w", "u"}, stdin: "", files: hf, out: "3 u\n", errOut: "", status: 0},
		{name: "wc-c-empty", args: []string{"wc", "-c", "e"}, stdin: "", files: hf, out: "0 e\n", errOut: "", status: 0},
		{name: "wc-all", args: []string{"wc", "-clwmL", "u"}, stdin: "", files: hf, out: " 3  3 25 25 14 u\n", errOut: "", status: 0},
		{name: "wc-missing", args: []string{"wc", "nope", "g"}, stdin: "", files: hf, out: "2 3 5 g\n2 3 5 total\n", errOut: "wc: nope: No such file or directory\n", status: 1},
		{name: "wc-crlf", args: []string{"wc", "crlf"}, stdin: "", files: hf, out: "2 2 6 crlf\n", errOut: "", status: 0},
	})
}
