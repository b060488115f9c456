package spec

import (
	"strings"
	"testing"
)

func TestLedgerRoundTrip(t *testing.T) {
	failing := []*CaseResult{
		{File: "b.test.sh", Case: &Case{Index: 2, Desc: "two\nlines"}},
		{File: "a.test.sh", Case: &Case{Index: 10, Desc: "ten"}},
		{File: "a.test.sh", Case: &Case{Index: 9, Desc: "nine"}},
	}
	var b strings.Builder
	if err := WriteLedger(&b, "head\nline", failing); err != nil {
		t.Fatal(err)
	}
	want := "# head\n# line\na.test.sh 9  # nine\na.test.sh 10  # ten\nb.test.sh 2  # two lines\n"
	if b.String() != want {
		t.Errorf("ledger:\n%s\nwant:\n%s", b.String(), want)
	}
	ids, err := ReadIDs(strings.NewReader(b.String() + "\n   \n# trailing comment\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 3 || !ids[CaseID{"a.test.sh", 10}] || !ids[CaseID{"b.test.sh", 2}] {
		t.Errorf("ids = %v", ids)
	}
	if _, err := ReadIDs(strings.NewReader("a.test.sh x\n")); err == nil {
		t.Error("bad index accepted")
	}
}

func TestCauses(t *testing.T) {
	mk := func(stderr string, problems ...string) *CaseResult {
		return &CaseResult{File: "f.test.sh", Case: &Case{}, Out: Output{Stderr: stderr}, Problems: problems}
	}
	tests := []struct {
		r    *CaseResult
		want string
	}{
		{mk("bash: line 2: tac: command not found\n", "stdout"), "missing command: tac"},
		{mk("x: unbound\nbash: bash:3:8: `done` can only be used to end a loop\n", "status"), "parse error: `done` can only be used to end a loop"},
		{mk("some noise\nread: invalid option \"-n\"\n", "stdout"), `stderr: read: invalid option "-n"`},
		{mk("bash: unsupported redirect fd: 7\n", "status"), "unsupported redirect fd (3-9)"},
		{mk("", "stdout"), "stdout differs (no stderr)"},
		{&CaseResult{Case: &Case{}, Out: Output{TimedOut: true}, Problems: []string{"timeout"}}, "timeout"},
	}
	for _, tc := range tests {
		if got := Cause(tc.r); got != tc.want {
			t.Errorf("Cause(%q) = %q, want %q", tc.r.Out.Stderr, got, tc.want)
		}
	}
	rows := RankCauses([]*CaseResult{tests[4].r, tests[0].r, tests[4].r})
	if len(rows) != 2 || rows[0].Count != 2 || rows[0].Cause != "stdout differs (no stderr)" {
		t.Errorf("ranking = %+v", rows)
	}
	if got := Family("missing command: tac"); got != "missing command" {
		t.Errorf("Family = %q", got)
	}
}
