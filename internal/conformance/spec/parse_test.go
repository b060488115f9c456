package spec

import (
	"strings"
	"testing"
)

const sample = `## compare_shells: bash mksh
## legacy_tmp_dir: yes

#### one-line stdout
echo hi
## stdout: hi

#### block with comment lines dropped
# a comment in the code
echo a

echo b
## STDOUT:
a
# dropped from the block too
b
## END
## status: 3

#### per-shell overrides
echo x
## stdout: x
## OK bash stdout: y
## OK bash status: 1
## N-I dash stdout-json: ""

#### json and code key
## code: printf 'a\n'
## stdout-json: "a\n"
## BUG bash/mksh STDOUT:
b
## END
`

func TestParseSample(t *testing.T) {
	f, err := Parse("x.test.sh", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	if f.Header["legacy_tmp_dir"] != "yes" || f.Header["compare_shells"] != "bash mksh" {
		t.Errorf("header = %v", f.Header)
	}
	if len(f.Cases) != 4 {
		t.Fatalf("got %d cases, want 4", len(f.Cases))
	}
	tests := []struct {
		i                int
		desc, code, line string
		stdout           *string
		status           int
		qualifier        string
	}{
		{0, "one-line stdout", "echo hi\n", "", ptr("hi\n"), 0, ""},
		{1, "block with comment lines dropped", "echo a\n\necho b\n", "", ptr("a\nb\n"), 3, ""},
		{2, "per-shell overrides", "echo x\n", "", ptr("y\n"), 1, "OK"},
		{3, "json and code key", "printf 'a\\n'", "", ptr("b\n"), 0, "BUG"},
	}
	for _, tc := range tests {
		c := f.Cases[tc.i]
		if c.Desc != tc.desc || c.Code != tc.code || c.Index != tc.i {
			t.Errorf("case %d = %q %q, want %q %q", tc.i, c.Desc, c.Code, tc.desc, tc.code)
		}
		e, err := Expect(c, "bash")
		if err != nil {
			t.Fatal(err)
		}
		if (e.Stdout == nil) != (tc.stdout == nil) || e.Stdout != nil && *e.Stdout != *tc.stdout {
			t.Errorf("case %d stdout = %v, want %q", tc.i, deref(e.Stdout), *tc.stdout)
		}
		if e.Status != tc.status || e.Qualifier != tc.qualifier {
			t.Errorf("case %d status/qualifier = %d %q, want %d %q", tc.i, e.Status, e.Qualifier, tc.status, tc.qualifier)
		}
	}
	if f.Cases[1].Line != 8 {
		t.Errorf("line of case 1 = %d, want 8", f.Cases[1].Line)
	}
	// The json default applies to other shells; N-I for dash.
	e, _ := Expect(f.Cases[3], "dash")
	if deref(e.Stdout) != "a\n" {
		t.Errorf("dash stdout = %q, want the json default", deref(e.Stdout))
	}
	e, _ = Expect(f.Cases[2], "dash")
	if !e.NI || deref(e.Stdout) != "" {
		t.Errorf("dash expectation = %+v, want N-I with empty stdout", e)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"text before case", "echo hi\n", "text before the first #### case"},
		{"no code", "#### a\n## stdout: x\n#### b\necho\n", `case "a" (line 1) has no code`},
		{"stray end", "#### a\necho\n## END\n", "## END without an open"},
		{"bad ## line", "#### a\necho\n## what is this\n", "not a valid ## line"},
		{"unknown header key", "## colour: red\n#### a\necho\n", `unknown file header key "colour"`},
		{"text after asserts", "#### a\necho\n## status: 1\necho again\n", "text after the assertions"},
		{"second assertion", "#### a\necho\n## OK bash stdout: x\n## OK bash stdout-json: \"y\"\n", "second stdout assertion for bash"},
		{"mixed qualifiers", "#### a\necho\n## OK bash stdout: x\n## BUG bash status: 1\n", "BUG for bash, which already has OK"},
		{"value on block line", "#### a\necho\n## STDOUT: x\n## END\n", "the STDOUT value goes on the following lines"},
	}
	for _, tc := range tests {
		_, err := Parse("e.test.sh", []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestExpectDefaults(t *testing.T) {
	f, err := Parse("d.test.sh", []byte("#### a\nexit 3\n## status:  127 \n## OK bash stdout: z\n"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := Expect(f.Cases[0], "bash")
	if err != nil {
		t.Fatal(err)
	}
	// The OK line replaces stdout only; status keeps the default.
	if e.Status != 127 || deref(e.Stdout) != "z\n" || e.Stderr != nil {
		t.Errorf("got %+v", e)
	}
	f, _ = Parse("d.test.sh", []byte("#### a\nexit 3\n"))
	e, _ = Expect(f.Cases[0], "bash")
	if e.Stdout != nil || e.Status != 0 {
		t.Errorf("no assertions: got %+v, want unchecked stdout and status 0", e)
	}
}

func TestJudge(t *testing.T) {
	want := Expectation{Stdout: ptr("a\n"), Status: 1}
	tests := []struct {
		out  Output
		want string
	}{
		{Output{Stdout: "a\n", Status: 1, Stderr: "noise"}, ""},
		{Output{Stdout: "b\n", Status: 1}, "stdout"},
		{Output{Stdout: "a\n", Status: 0}, "status"},
		{Output{Stdout: "b\n", Status: 0}, "stdout,status"},
		{Output{TimedOut: true, Stdout: "a\n", Status: 1}, "timeout"},
	}
	for _, tc := range tests {
		if got := strings.Join(Judge(want, tc.out), ","); got != tc.want {
			t.Errorf("Judge(%+v) = %q, want %q", tc.out, got, tc.want)
		}
	}
	// Unstated stdout is not compared.
	if p := Judge(Expectation{}, Output{Stdout: "anything"}); len(p) != 0 {
		t.Errorf("unchecked stdout judged %v", p)
	}
}

func ptr(s string) *string { return &s }

func deref(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}
