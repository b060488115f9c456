package jq

import (
	"strings"
	"testing"
)

// optFiles are the files the command-line cases read.
var optFiles = map[string]string{"f.jq": ".a", "j.json": "{\"a\":1}\n", "one.json": "1\n", "two.json": "1 2\n"}

// jqOptionCases were recorded from jq 1.6 (its errors, statuses and
// messages for the command line); rows with a note differ on purpose and
// are not replayed. errPart is the first line of stderr.
var jqOptionCases = []jqFileCase{
	{args: []string{"--foo", "."}, errPart: "jq: Unknown option --foo\n", status: 2},
	{args: []string{"-Z", "."}, errPart: "jq: Unknown option -Z\n", status: 2},
	{args: []string{"-rZ", "."}, errPart: "jq: Unknown option -rZ\n", status: 2},
	{args: []string{"-rr", ".a"}, errPart: "jq: Unknown option -rr\n", status: 2},
	{args: []string{"--slu", "."}, errPart: "jq: Unknown option --slu\n", status: 2},
	{args: []string{"--arg=x", "1", "."}, errPart: "jq: Unknown option --arg=x\n", status: 2},
	{args: []string{"-nL", "/tmp", "."}, errPart: "jq: Unknown option -nL\n", status: 2},
	{args: []string{"--arg", "x"}, errPart: "jq: --arg takes two parameters (e.g. --arg varname value)\n", status: 2},
	{args: []string{"--argjson", "x"}, errPart: "jq: --argjson takes two parameters (e.g. --argjson varname text)\n", status: 2},
	{args: []string{"--slurpfile", "x"}, errPart: "jq: --slurpfile takes two parameters (e.g. --slurpfile varname filename)\n", status: 2},
	{args: []string{"--rawfile", "a"}, errPart: "jq: --rawfile takes two parameters (e.g. --rawfile varname filename)\n", status: 2},
	{args: []string{"--argjson", "x", "{", "."}, errPart: "jq: invalid JSON text passed to --argjson\n", status: 2},
	{args: []string{"--indent", "9", "."}, errPart: "jq: --indent takes a number between -1 and 7\n", status: 2},
	{args: []string{"--indent", "-2", "."}, errPart: "jq: --indent takes a number between -1 and 7\n", status: 2},
	{args: []string{"--indent"}, errPart: "jq: --indent takes one parameter\n", status: 2},
	{args: []string{"-L"}, errPart: "-L takes a parameter: (e.g. -L /search/path or -L/search/path)\n", status: 2},
	{args: []string{"--indent", "3x", "."}, in: "{\"a\":1}", out: "{\n   \"a\": 1\n}\n"},
	{args: []string{"--indent", "x", "-n", "[1]"}, out: "[1]\n"},
	{args: []string{"-n", "-5 % 3"}, out: "-2\n"},
	{args: []string{"-n", "-1 | -."}, out: "1\n"},
	{args: []string{"-nr", "\"x\"", "-c"}, out: "x\n"},
	{args: []string{"-rcn", "[1]"}, out: "[1]\n"},
	{args: []string{"-fn", "f.jq"}, out: "null\n"},
	{args: []string{"-nf", "f.jq"}, out: "null\n"},
	{args: []string{"-f", "f.jq", "j.json"}, out: "1\n"},
	{args: []string{"--from-file", "f.jq", "j.json"}, out: "1\n"},
	{args: []string{"-n", "--arg", "x", "1", "--arg", "x", "2", "$x"}, out: "\"1\"\n"},
	{args: []string{"-n", "--arg", "x", "-h", "$x"}, out: "\"-h\"\n"},
	{args: []string{"-n", "-c", "$ARGS.positional", "--args", "a", "b"}, out: "[\"a\",\"b\"]\n"},
	{args: []string{"--args", "-n", "-c", "$ARGS.positional", "--", "-r", "x"}, out: "[\"-r\",\"x\"]\n"},
	{args: []string{"-n", "--argfile", "a", "one.json", "$a"}, out: "1\n"},
	{args: []string{"-nc", "--argfile", "a", "two.json", "$a"}, out: "[1,2]\n"},
	{args: []string{"-nc", "--slurpfile", "a", "one.json", "$a"}, out: "[1]\n"},
	{args: []string{"--unbuffered", "-c", "."}, in: "{\"a\":1}", out: "{\"a\":1}\n"},
	{args: []string{"-e", ".b"}, in: "{}", out: "null\n", status: 1},
	{args: []string{"-V"}, out: "jq-1.7.1\n", note: "the version is gojq's jq 1.7 level"},
	{args: []string{"-nc", "--", "-1"}, out: "-1\n", note: "jq 1.7: -- ends the options (jq 1.6 prints its usage)"},
	{args: []string{"--raw-output0", ".[]"}, in: "[\"a\"]", out: "a\x00", note: "jq 1.7's --raw-output0"},
}

func TestJQOptions(t *testing.T) {
	for _, tc := range jqOptionCases {
		out, errs, st := runJQ(t, optFiles, tc.in, tc.args...)
		if out != tc.out || st != tc.status || firstLine(errs) != tc.errPart {
			t.Errorf("jq %q:\n got (%d) %q %q\nwant (%d) %q %q", tc.args, st, out, errs, tc.status, tc.out, tc.errPart)
		}
	}
}

// TestJQOptionsLive replays the rows without a note on the installed jq
// 1.6, so the recording cannot drift from the tool.
func TestJQOptionsLive(t *testing.T) {
	bin := realJQ(t)
	for _, tc := range jqOptionCases {
		if tc.note != "" {
			continue
		}
		out, errs, st := runRealJQ(t, bin, optFiles, tc.in, tc.args)
		if out != tc.out || st != tc.status || firstLine(errs) != tc.errPart {
			t.Errorf("real jq %q:\n got (%d) %q %q\nwant (%d) %q %q", tc.args, st, out, errs, tc.status, tc.out, tc.errPart)
		}
	}
}

func TestJQHelpFirst(t *testing.T) {
	// -h acts where jq meets it, before a later bad option; as a value it
	// is only a value.
	out, errs, st := runJQ(t, nil, "", "-rh", "--bogus")
	if st != 0 || !strings.HasPrefix(out, "Usage:") || errs != "" {
		t.Errorf("-rh --bogus: (%d) %q %q", st, out, errs)
	}
	out, errs, st = runJQ(t, nil, "", "--bogus", "-h")
	if st != 2 || out != "" || firstLine(errs) != "jq: Unknown option --bogus\n" {
		t.Errorf("--bogus -h: (%d) %q %q", st, out, errs)
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i+1]
	}
	return s
}
