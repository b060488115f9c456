package spec

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
)

func TestPyBytesRepr(t *testing.T) {
	// Expectations from Python 3: repr(s.encode())[1:].
	tests := []struct{ in, want string }{
		{"a", `'a'`},
		{"", `''`},
		{"b c", `'b c'`},
		{"it's", `"it's"`},
		{`say "hi"`, `'say "hi"'`},
		{`both ' and "`, `'both \' and "'`},
		{"tab\there", `'tab\there'`},
		{`back\slash`, `'back\\slash'`},
		{"café", `'caf\xc3\xa9'`},
		{"\x01\x7f", `'\x01\x7f'`},
		{"nl\n", `'nl\n'`},
		{"cr\r", `'cr\r'`},
	}
	for _, tc := range tests {
		if got := pyBytesRepr(tc.in); got != tc.want {
			t.Errorf("pyBytesRepr(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func runHelper(name string, stdin string, env []string, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	c := &commands.Context{Args: append([]string{name}, args...), Stdin: strings.NewReader(stdin),
		Stdout: &out, Stderr: &errb, Environ: env, Dir: "/"}
	st := Helpers()[name].Run(context.Background(), c)
	return out.String(), errb.String(), st
}

func TestHelpers(t *testing.T) {
	tests := []struct {
		name, stdin string
		env, args   []string
		out, err    string
		status      int
	}{
		{"argv.py", "", nil, []string{"a", "b c", ""}, "['a', 'b c', '']\n", "", 0},
		{"argv.py", "", nil, nil, "[]\n", "", 0},
		{"printenv.py", "", []string{"A=1", "B=", "A=2"}, []string{"A", "B", "C"}, "2\n\nNone\n", "", 0},
		{"stdout_stderr.py", "", nil, nil, "STDOUT\n", "STDERR\n", 0},
		{"stdout_stderr.py", "", nil, []string{"o", "e", "3"}, "o\n", "e\n", 3},
		{"read_from_fd.py", "data\n", nil, []string{"0"}, "0: data\n", "", 0},
		{"read_from_fd.py", "x", nil, []string{"0", "3"}, "0: x",
			"FATAL: Error reading from fd 3: [Errno 9] Bad file descriptor\n", 1},
	}
	for _, tc := range tests {
		out, errs, st := runHelper(tc.name, tc.stdin, tc.env, tc.args...)
		if out != tc.out || errs != tc.err || st != tc.status {
			t.Errorf("%s %q: got (%q, %q, %d), want (%q, %q, %d)", tc.name, tc.args, out, errs, st, tc.out, tc.err, tc.status)
		}
	}
}

func TestRunCaseInSandbox(t *testing.T) {
	f, err := Parse("s.test.sh", []byte("## legacy_tmp_dir: yes\n"+
		"#### env and helpers\n"+
		"argv.py \"$SH\" \"$PWD\" \"$TMP\" \"$(cat $REPO_ROOT/spec/testdata/t.txt)\"\n"+
		"test -d _tmp && echo legacy\n"+
		"## STDOUT:\n['bash', '/tmp/case', '/tmp/case', 'td']\nlegacy\n## END\n"+
		"#### runaway loop is stopped\nwhile :; do :; done\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Timeout: 2e9, Testdata: map[string]TestFile{"t.txt": {Data: []byte("td\n"), Mode: 0o644}}}
	res := cfg.RunFiles(context.Background(), []*File{f}, Select{})
	cases := res[0].Cases
	if cases[0].Verdict != Pass {
		t.Errorf("case 0: %v, stdout %q, stderr %q", cases[0].Problems, cases[0].Out.Stdout, cases[0].Out.Stderr)
	}
	if cases[1].Verdict != Fail || len(cases[1].Problems) == 0 {
		t.Errorf("runaway case: verdict %v problems %v, want a failure", cases[1].Verdict, cases[1].Problems)
	}
	if res[0].Pass != 1 || res[0].Fail != 1 {
		t.Errorf("tally = %d passed, %d failed", res[0].Pass, res[0].Fail)
	}
}
