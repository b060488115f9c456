package main

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/internal/conformance/spec"
)

// corpusDir is the shared corpus beside the repository; the test skips
// when it is absent, so the repository's tests never depend on it.
const (
	corpusDir  = "../../../shared/conformance/oils-spec"
	knownFile  = "../../../shared/conformance/oils-bash-known-fail.txt"
	ledgerFile = "../../testdata/conformance/ledger.txt"
)

// TestCorpusLedger runs every case GNU bash passes and checks the set of
// failures against the ledger: a new failure is a regression, a listed case
// that now passes must leave the ledger. UPDATE_LEDGER=1 rewrites it.
func TestCorpusLedger(t *testing.T) {
	if fi, err := os.Stat(corpusDir); err != nil || !fi.IsDir() {
		t.Skip("Oils spec corpus not present beside the repository")
	}
	if testing.Short() {
		t.Skip("corpus run skipped in -short mode")
	}
	start := time.Now()
	res, err := runCorpus(options{specDir: corpusDir, known: knownFile, timeout: 5 * time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, perr := range res.corpus.Errors {
		t.Errorf("%s: %v", name, perr)
	}
	var pass int
	for _, fr := range res.files {
		pass += fr.Pass
	}
	t.Logf("%d passed, %d failed in %v", pass, len(res.failing), time.Since(start).Round(time.Millisecond))

	if os.Getenv("UPDATE_LEDGER") == "1" {
		if err := os.MkdirAll(filepath.Dir(ledgerFile), 0o755); err != nil {
			t.Fatal(err)
		}
		var confirmed []*spec.CaseResult
		for _, cr := range res.failing {
			if failsAgain(res, cr) {
				confirmed = append(confirmed, cr)
			}
		}
		if err := writeLedger(ledgerFile, confirmed, pass+len(res.failing)-len(confirmed), len(confirmed)); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", ledgerFile)
		return
	}
	f, err := os.Open(ledgerFile)
	if err != nil {
		t.Fatalf("%v (create it with UPDATE_LEDGER=1)", err)
	}
	listed, err := spec.ReadIDs(f)
	f.Close()
	if err != nil {
		t.Fatalf("%s: %v", ledgerFile, err)
	}
	checkLedger(t, res, listed)
}

func checkLedger(t *testing.T, res *runResult, listed map[spec.CaseID]bool) {
	failing := map[spec.CaseID]*spec.CaseResult{}
	for _, cr := range res.failing {
		failing[cr.ID()] = cr
	}
	var regressions, fixed []string
	for id, cr := range failing {
		if !listed[id] && failsAgain(res, cr) {
			regressions = append(regressions, id.String()+"  # "+cr.Case.Desc+": "+spec.Cause(cr))
		}
	}
	for _, fr := range res.files {
		for _, cr := range fr.Cases {
			if listed[cr.ID()] && cr.Verdict == spec.Pass && !cr.Known && passesAgain(res, cr) {
				fixed = append(fixed, cr.ID().String()+"  # "+cr.Case.Desc)
			}
		}
	}
	sort.Strings(regressions)
	sort.Strings(fixed)
	if len(regressions) > 0 {
		t.Errorf("%d cases fail that the ledger does not list (regressions):\n%s",
			len(regressions), strings.Join(regressions, "\n"))
	}
	if len(fixed) > 0 {
		t.Errorf("%d cases listed in the ledger now pass (remove them, or UPDATE_LEDGER=1):\n%s",
			len(fixed), strings.Join(fixed, "\n"))
	}
}

// TestRunSmoke runs the command on a small spec file of its own, so the
// flags and output format are checked without the shared corpus.
func TestRunSmoke(t *testing.T) {
	dir := t.TempDir()
	spec := "#### passes\necho hi\n## stdout: hi\n\n" +
		"#### fails\necho no\n## stdout: yes\n\n" +
		"#### not implemented\nfoo\n## N-I bash status: 127\n"
	if err := os.WriteFile(filepath.Join(dir, "mini.test.sh"), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	ledger := filepath.Join(dir, "ledger.txt")
	var out, errb strings.Builder
	status := run([]string{"-spec-dir", dir, "-ledger", ledger, "mini"}, &out, &errb)
	if status == 2 {
		t.Fatalf("status 2: %s", errb.String())
	}
	want := "mini.test.sh: 1 passed, 1 failed, 1 skipped\n(1 skipped: N-I for bash)\n1 passed, 1 failed\n"
	if out.String() != want || status != 1 {
		t.Errorf("got status %d, output:\n%s\nwant status 1, output:\n%s", status, out.String(), want)
	}
	data, err := os.ReadFile(ledger)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\nmini.test.sh 1  # fails\n") {
		t.Errorf("ledger lacks the failing case:\n%s", data)
	}
}

// rerun runs a case again, alone: a few cases race sleeps of a few
// milliseconds and flip under the load of the parallel run. It reports
// how many of n reruns passed.
func rerun(res *runResult, cr *spec.CaseResult, n int) int {
	var f *spec.File
	for _, fr := range res.files {
		if fr.File.Name == cr.File {
			f = fr.File
		}
	}
	passed := 0
	for range n {
		if f != nil && len(spec.Judge(cr.Expect, res.cfg.Run(context.Background(), f, cr.Case))) == 0 {
			passed++
		}
	}
	return passed
}

// failsAgain confirms a failure: no quiet rerun passes.
func failsAgain(res *runResult, cr *spec.CaseResult) bool { return rerun(res, cr, 2) == 0 }

// passesAgain confirms a pass: every quiet rerun passes.
func passesAgain(res *runResult, cr *spec.CaseResult) bool { return rerun(res, cr, 2) == 2 }
