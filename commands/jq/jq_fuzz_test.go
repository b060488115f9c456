package jq

import (
	"testing"

	"github.com/justbash/justbash/internal/fuzzkit"
)

// FuzzJqFilter runs a fuzzed filter over fuzzed JSON input: the filter
// parser and compiler, the evaluator (with its allocation and depth
// checks) and the JSON reader and encoder all see the fuzzer's text.
func FuzzJqFilter(f *testing.F) {
	for _, s := range [][2]string{
		{".", `{"a":1}`},
		{".a.b[0]?", `{"a":{"b":[1,2]}}`},
		{"[.[] | select(. > 1)] | add / length", "[1,2,3]"},
		{"to_entries | map(.key) | join(\",\")", `{"x":1,"y":2}`},
		{"def f: if . > 0 then . - 1 | f else . end; 10 | f", "null"},
		{"def f: f; f", "null"},
		{"[range(1e9)] | length", "null"},
		{"[1] | .[300000000] = 1 | tojson", "null"},
		{"reduce range(10) as $i (0; . + $i)", "null"},
		{"paths(..) | tostring", `[[[[1]]],{"a":[{}]}]`},
		{"@base64d, @uri, @csv, @tsv, @html, @sh, @text, @json", `["a,b","c"]`},
		{"test(\"(a+)+b\"; \"x\") , sub(\"a\"; \"b\"; \"g\"), [match(\"a*\"; \"g\")]", `"aaaa"`},
		{"strftime(\"%Y %j %Z\"), (now | type), (\"2015-03-05T23:51:47Z\" | fromdate)", "0"},
		{"getpath([\"a\",0,\"b\"]) , (tostream), fromjson?", `{"a":[{"b":"[1]"}]}`},
		{"limit(3; repeat(1)), first(empty), ([splits(\"b\")]), ltrimstr(\"a\")", `"abc"`},
		{"input, inputs, $__loc__, input_filename, $ENV.HOME, env.PATH", "1 2 3"},
		{".[] as [$a, {b: $c}] ?// $d | [$a, $c, $d]", `[[1,{"b":2}],3]`},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, filter, in string) {
		if fuzzkit.TooBig(filter, in) {
			t.Skip()
		}
		fuzzkit.Run(t, New(), fuzzkit.NewFS(), in, "jq", "--", filter)
	})
}

// FuzzJqOptions runs jq with a fuzzed command line (options, named
// arguments, files, --args) over fuzzed input.
func FuzzJqOptions(f *testing.F) {
	for _, s := range [][2]string{
		{"-r\x00.a\x00data.json", ""},
		{"-n\x00--arg\x00k\x00v\x00--argjson\x00j\x00{\"x\":[1]}\x00$k, $j, $named", ""},
		{"--slurpfile\x00s\x00data.json\x00--rawfile\x00r\x00a.txt\x00-n\x00$s, $r", ""},
		{"-f\x00f.jq\x00data.json", ""},
		{"-cs\x00.\x00-", "1 2 3"},
		{"-R\x00-s\x00--tab\x00.", "a\nb\n"},
		{"--seq\x00--stream\x00-j\x00.", `{"a":[1,{"b":2}]}`},
		{"--indent\x007\x00-S\x00-a\x00-C\x00.", `{"b":"é","a":1}`},
		{"-e\x00--raw-output0\x00.[]", `["a","b"]`},
		{"-n\x00--args\x00$ARGS\x00a\x00b", ""},
		{"-n\x00--jsonargs\x00$ARGS.positional\x001\x00{}\x00bad", ""},
		{"--indent\x00-1\x00.\x00/dev/zero", ""},
		{"--rawfile\x00r\x00/dev/urandom\x00-n\x00$r", ""},
		{"-h", ""},
		{"--nonsense\x00.", "1"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, args, in string) {
		if fuzzkit.TooBig(args, in) {
			t.Skip()
		}
		fuzzkit.Run(t, New(), fuzzkit.NewFS(), in, append([]string{"jq"}, fuzzkit.Args(args)...)...)
	})
}
