package bbsuite

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRunnerSmoke runs a corpus of its own, so the harness (testing,
// optional, old-style scripts, $0, busybox APPLET, details, repeated
// names) is checked without the shared corpus.
func TestRunnerSmoke(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("sed.tests", `. ./testing.sh
testing "passes" "busybox sed s/a/b/" "b\n" "" "a\n"
testing "reads input" "cat input" "x\0y" "x\0y" ""
testing "fails" "echo no" "yes\n" "" ""
testing "fails" "echo no" "yes\n" "" ""
optional !FEATURE
testing "skipped" "false" "" "" ""
SKIP=
testing "self" "grep -c testing \"\$0\"" "8\n" "" ""
testing "four args" "x" "" ""
exit $FAILCOUNT
`)
	write("cat/ok", "echo hi > f\nbusybox cat f > g\ncmp f g\n")
	write("cat/bad", "false\necho not reached\n")
	items, err := Items(dir)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(items, " ") != "cat/ sed.tests" {
		t.Fatalf("items %q", items)
	}
	cfg := &Config{Dir: dir, Timeout: 30 * time.Second}
	rs := cfg.RunAll(context.Background(), items, 2)
	var got []string
	for _, r := range rs {
		got = append(got, r.ID()+"="+r.Verdict.String())
	}
	want := []string{"cat/\tbad=fail", "cat/\tok=pass",
		"sed.tests\tpasses=pass", "sed.tests\treads input=pass", "sed.tests\tfails=fail",
		"sed.tests\tfails #2=fail", "sed.tests\tskipped=skip", "sed.tests\tself=pass",
		"sed.tests\tfour args (4 arguments)=fail"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, r := range rs {
		if r.ID() == "sed.tests\tfails #2" && r.Detail != "expected: \"yes\\n\"\nactual:   \"no\\n\"" {
			t.Errorf("detail of %s: %q", r.ID(), r.Detail)
		}
	}
	pass, fail, skip, gnuPass := Counts(rs, map[string]bool{"sed.tests\tpasses": true})
	if pass != 4 || fail != 4 || skip != 1 || gnuPass != 3 {
		t.Errorf("counts %d %d %d %d", pass, fail, skip, gnuPass)
	}
}

func TestLedgerRoundTrip(t *testing.T) {
	rs := []Result{{Item: "b.tests", Name: "x #y"}, {Item: "a/", Name: "s", Seq: 1}}
	var b strings.Builder
	if err := WriteLedger(&b, "# header\n", rs, map[string]bool{"a/\ts #2": true}); err != nil {
		t.Fatal(err)
	}
	want := "# header\na/\ts #2\t# GNU fails too\nb.tests\tx #y\n"
	if b.String() != want {
		t.Fatalf("ledger %q, want %q", b.String(), want)
	}
	ids, err := ReadIDs(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 2 || !ids["a/\ts #2"] || !ids["b.tests\tx #y"] {
		t.Errorf("ids %v", ids)
	}
	if _, err := ReadIDs(strings.NewReader("no tab here\n")); err == nil {
		t.Error("a line without a tab was accepted")
	}
}
