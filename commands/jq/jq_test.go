package jq

import (
	"strings"
	"testing"
)

func TestJQFilesAndErrors(t *testing.T) {
	files := map[string]string{
		"a.json": "{\"x\":1}\n{\"x\":2}\n", "bad.json": "{\"x\":1}\n{\"x\":\n",
		"f.jq": ".x * 10", "vals.json": "1 2", "raw.txt": "text\n",
	}
	cases := []struct {
		args         []string
		stdin        string
		out, errPart string
		status       int
	}{
		{[]string{"-c", ".x", "a.json"}, "", "1\n2\n", "", 0},
		{[]string{"-f", "f.jq", "a.json"}, "", "10\n20\n", "", 0},
		{[]string{"input_filename", "a.json"}, "", "\"a.json\"\n\"a.json\"\n", "", 0},
		{[]string{".x", "bad.json"}, "", "1\n", "parse error: Unfinished JSON term at EOF at line 3, column 0\n", 4},
		{[]string{".", "missing.json"}, "", "", "jq: error: Could not open file missing.json: No such file or directory", 2},
		{[]string{"-c", "-n", "$v", "--slurpfile", "v", "vals.json"}, "", "[1,2]\n", "", 0},
		{[]string{"-n", "$r", "--rawfile", "r", "raw.txt"}, "", "\"text\\n\"\n", "", 0},
		{[]string{"-n", "$ENV.FOO, env.USER, $ENV.PATH"}, "", "\"bar\"\n\"sandbox\"\nnull\n", "", 0},
		{[]string{".a.b.c"}, "{\"a\":[1]}", "", "jq: error (at <stdin>:0): expected an object but got: array ([1])", 5},
		{[]string{".[] | (1 / .)"}, "[1,0]", "1\n", "jq: error (at <stdin>:0): number (1) and number (0) cannot be divided because the divisor is zero", 5},
		{[]string{"-c", "[., input]"}, "1\n2\n3\n", "[1,2]\n", "jq: error (at <stdin>:3): No more inputs", 5},
		{[]string{".a["}, "{}", "", "jq: 1 compile error", 3},
		{[]string{"--indent"}, "", "", "--indent takes one parameter", 2},
		{[]string{"--bogus", "."}, "", "", "jq: Unknown option --bogus\n", 2},
		{[]string{"--argjson", "x", "{bad", "."}, "", "", "jq: invalid JSON text passed to --argjson\n", 2},
		{[]string{}, "{\"a\":1}", "{\n  \"a\": 1\n}\n", "", 0},
		{[]string{"-c", ".", "-", "vals.json"}, "[0]", "[0]\n1\n2\n", "", 0},
		{[]string{"-C", "-c", "."}, "{\"a\":null}", "\x1b[1;39m{\x1b[0m\x1b[34;1m\"a\"\x1b[0m\x1b[1;39m:\x1b[0m\x1b[1;30mnull\x1b[0m\x1b[1;39m\x1b[1;39m}\x1b[0m\n", "", 0},
		{[]string{"--raw-output0", ".[]"}, "[\"a\",\"b\"]", "a\x00b\x00", "", 0},
		{[]string{"debug"}, "1", "1\n", "[\"DEBUG:\",1]\n", 0},
	}
	for _, tc := range cases {
		out, errs, st := runJQ(t, files, tc.stdin, tc.args...)
		if out != tc.out || st != tc.status || !strings.Contains(errs, tc.errPart) {
			t.Errorf("jq %q: got (%d) %q %q", tc.args, st, out, errs)
		}
	}
}

func TestJQCancelled(t *testing.T) {
	// An endless filter must stop when the shell's context ends.
	_, errs, st := runJQBudget(t, "-n", "[range(1e18)] | length")
	if st != exitError || !strings.Contains(errs, "context deadline exceeded") {
		t.Fatalf("got %d %q", st, errs)
	}
}
