package all

import "testing"

// TestGrepGNU: expectations recorded by running GNU grep 3.x with LC_ALL=C
// on the same files, arguments and stdin while writing the test. For the
// recursive cases GNU lists files in on-disk directory order; the
// sandbox walks directories sorted, so those lines are sorted by path.
func TestGrepGNU(t *testing.T) {
	gf := map[string]string{
		"bin":          "text line\nbin\x00ary error\nerror again\n",
		"d/a.txt":      "error in a\n",
		"d/b.log":      "error in b\n",
		"d/e.txt":      "nothing\n",
		"d/skip/c.txt": "error in c\n",
		"empty":        "",
		"log":          "INFO start\x0d\nERROR disk full\x0d\nWARN error rate\nerror: x\nno match here\nlast ERROR",
		"utf":          "caf\xe9 error\n\xff\xfe error\xff\nplain\n",
		"z":            "one error\x00two\x00three error\x00",
	}
	runCases(t, []cmdCase{
		{name: "fast-c", args: []string{"grep", "-c", "error", "log"}, stdin: "", files: gf, out: "2\n", errOut: "", status: 0},
		{name: "fast-n", args: []string{"grep", "-n", "ERROR", "log"}, stdin: "", files: gf, out: "2:ERROR disk full\x0d\n6:last ERROR\n", errOut: "", status: 0},
		{name: "fast-noeol", args: []string{"grep", "last", "log"}, stdin: "", files: gf, out: "last ERROR\n", errOut: "", status: 0},
		{name: "fast-i", args: []string{"grep", "-i", "error", "log"}, stdin: "", files: gf, out: "ERROR disk full\x0d\nWARN error rate\nerror: x\nlast ERROR\n", errOut: "", status: 0},
		{name: "fast-io", args: []string{"grep", "-io", "error", "log"}, stdin: "", files: gf, out: "ERROR\nerror\nerror\nERROR\n", errOut: "", status: 0},
		{name: "fast-ion", args: []string{"grep", "-ion", "ERR", "log"}, stdin: "", files: gf, out: "2:ERR\n3:err\n4:err\n6:ERR\n", errOut: "", status: 0},
		{name: "fast-m", args: []string{"grep", "-m2", "-n", "r", "log"}, stdin: "", files: gf, out: "1:INFO start\x0d\n3:WARN error rate\n", errOut: "", status: 0},
		{name: "fast-regex-lit", args: []string{"grep", "-n", "err.r", "log"}, stdin: "", files: gf, out: "3:WARN error rate\n4:error: x\n", errOut: "", status: 0},
		{name: "fast-regex-concat", args: []string{"grep", "-En", "[A-Z]+ error", "log"}, stdin: "", files: gf, out: "3:WARN error rate\n", errOut: "", status: 0},
		{name: "fast-x", args: []string{"grep", "-x", "error: x", "log"}, stdin: "", files: gf, out: "error: x\n", errOut: "", status: 0},
		{name: "fast-w", args: []string{"grep", "-wc", "error", "log"}, stdin: "", files: gf, out: "2\n", errOut: "", status: 0},
		{name: "fast-crlf-dollar", args: []string{"grep", "-c", "full$", "log"}, stdin: "", files: gf, out: "0\n", errOut: "", status: 1},
		{name: "fast-empty", args: []string{"grep", "-c", "x", "empty"}, stdin: "", files: gf, out: "0\n", errOut: "", status: 1},
		{name: "fast-stdin-empty", args: []string{"grep", "x"}, stdin: "", files: gf, out: "", errOut: "", status: 1},
		{name: "binary", args: []string{"grep", "error", "bin"}, stdin: "", files: gf, out: "", errOut: "grep: bin: binary file matches\n", status: 0},
		{name: "binary-a", args: []string{"grep", "-a", "ary", "bin"}, stdin: "", files: gf, out: "bin\x00ary error\n", errOut: "", status: 0},
		{name: "binary-c", args: []string{"grep", "-c", "error", "bin"}, stdin: "", files: gf, out: "2\n", errOut: "", status: 0},
		{name: "invalid-utf8", args: []string{"grep", "-n", "error", "utf"}, stdin: "", files: gf, out: "1:caf\xe9 error\n2:\xff\xfe error\xff\n", errOut: "", status: 0},
		{name: "z", args: []string{"grep", "-z", "error", "z"}, stdin: "", files: gf, out: "one error\x00three error\x00", errOut: "", status: 0},
		{name: "z-c", args: []string{"grep", "-zc", "error", "z"}, stdin: "", files: gf, out: "2\n", errOut: "", status: 0},
		{name: "L", args: []string{"grep", "-L", "error", "log", "utf", "empty"}, stdin: "", files: gf, out: "empty\n", errOut: "", status: 0},
		{name: "l", args: []string{"grep", "-l", "error", "log", "utf", "empty"}, stdin: "", files: gf, out: "log\nutf\n", errOut: "", status: 0},
		{name: "color-never", args: []string{"grep", "--color=never", "full", "log"}, stdin: "", files: gf, out: "ERROR disk full\x0d\n", errOut: "", status: 0},
		{name: "colour", args: []string{"grep", "--colour", "full", "log"}, stdin: "", files: gf, out: "ERROR disk full\x0d\n", errOut: "", status: 0},
		{name: "R", args: []string{"grep", "-R", "error", "d"}, stdin: "", files: gf, out: "d/a.txt:error in a\nd/b.log:error in b\nd/skip/c.txt:error in c\n", errOut: "", status: 0},
		{name: "r-include", args: []string{"grep", "-r", "--include=*.txt", "error", "d"}, stdin: "", files: gf, out: "d/a.txt:error in a\nd/skip/c.txt:error in c\n", errOut: "", status: 0},
		{name: "r-exclude", args: []string{"grep", "-r", "--exclude=*.txt", "error", "d"}, stdin: "", files: gf, out: "d/b.log:error in b\n", errOut: "", status: 0},
		{name: "r-exclude-dir", args: []string{"grep", "-r", "--exclude-dir=skip", "error", "d"}, stdin: "", files: gf, out: "d/a.txt:error in a\nd/b.log:error in b\n", errOut: "", status: 0},
		{name: "r-L", args: []string{"grep", "-rL", "error", "d"}, stdin: "", files: gf, out: "d/e.txt\n", errOut: "", status: 0},
		{name: "v-fast-file", args: []string{"grep", "-vc", "error", "log"}, stdin: "", files: gf, out: "4\n", errOut: "", status: 0},
		{name: "A-with-lit", args: []string{"grep", "-A1", "disk", "log"}, stdin: "", files: gf, out: "ERROR disk full\x0d\nWARN error rate\n", errOut: "", status: 0},
		{name: "multi-pat-F", args: []string{"grep", "-F", "-e", "disk", "-e", "rate", "log"}, stdin: "", files: gf, out: "ERROR disk full\x0d\nWARN error rate\n", errOut: "", status: 0},
		{name: "x-empty-line", args: []string{"grep", "-xc", ""}, stdin: "a\n\nb\n", files: gf, out: "1\n", errOut: "", status: 0},
		{name: "empty-pat", args: []string{"grep", "-c", ""}, stdin: "a\n\nb", files: gf, out: "3\n", errOut: "", status: 0},
		{name: "o-empty-matches", args: []string{"grep", "-o", "b*"}, stdin: "abba\nc\n", files: gf, out: "bb\n", errOut: "", status: 0},
		{name: "icase-nonascii", args: []string{"grep", "-i", "CAF"}, stdin: "caf\n", files: gf, out: "caf\n", errOut: "", status: 0},
		{name: "bad-regex", args: []string{"grep", "a\\{1"}, stdin: "a\n", files: gf, out: "", errOut: "grep: Unmatched \\{\n", status: 2},
		{name: "unmatched-bracket", args: []string{"grep", "[a"}, stdin: "a\n", files: gf, out: "", errOut: "grep: Unmatched [, [^, [:, [., or [=\n", status: 2},
		{name: "bad-interval", args: []string{"grep", "a\\{x\\}"}, stdin: "a\n", files: gf, out: "", errOut: "grep: Invalid content of \\{\\}\n", status: 2},
		{name: "unmatched-paren", args: []string{"grep", "\\(a"}, stdin: "a\n", files: gf, out: "", errOut: "grep: Unmatched ( or \\(\n", status: 2},
		{name: "unmatched-close", args: []string{"grep", "a\\)"}, stdin: "a\n", files: gf, out: "", errOut: "grep: Unmatched ) or \\)\n", status: 2},
		{name: "interval-order", args: []string{"grep", "a\\{2,1\\}"}, stdin: "a\n", files: gf, out: "", errOut: "grep: Invalid content of \\{\\}\n", status: 2},
		{name: "interval-nomin", args: []string{"grep", "-o", "xa\\{,2\\}"}, stdin: "xaaa\n", files: gf, out: "xaa\n", errOut: "", status: 0},
		{name: "ere-unmatched", args: []string{"grep", "-E", "(a"}, stdin: "a\n", files: gf, out: "", errOut: "grep: Unmatched ( or \\(\n", status: 2},
		{name: "ere-close-literal", args: []string{"grep", "-E", "a)"}, stdin: "a)\n", files: gf, out: "a)\n", errOut: "", status: 0},
		{name: "ere-brace-literal", args: []string{"grep", "-E", "a{1"}, stdin: "a{1\n", files: gf, out: "a{1\n", errOut: "", status: 0},
	})
}
