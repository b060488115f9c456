package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// matchFile lists the tests of bash's suite whose output matches the
// .right file exactly in the sandbox. UPDATE_LEDGER=1 rewrites it.
const matchFile = "../../testdata/bashsuite/matching.txt"

// TestSuiteLedger runs bash's own test suite (BASH_TESTS_DIR) in the
// sandbox and fails when a test listed as matching no longer matches.
func TestSuiteLedger(t *testing.T) {
	dir := os.Getenv("BASH_TESTS_DIR")
	if dir == "" {
		t.Skip("BASH_TESTS_DIR is not set: bash's tests directory is needed")
	}
	if testing.Short() {
		t.Skip("bash suite skipped in -short mode")
	}
	res, _, err := runSuite(context.Background(), options{dir: dir, jobs: 2, timeout: 30 * time.Second, noBash: true})
	if err != nil {
		t.Fatal(err)
	}
	var matching []string
	for _, r := range res {
		if r.oursOK {
			matching = append(matching, r.name)
		}
	}
	t.Logf("%d of %d tests match", len(matching), len(res))
	if os.Getenv("UPDATE_LEDGER") == "1" {
		if err := os.MkdirAll(filepath.Dir(matchFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(matchFile, []byte(strings.Join(matching, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(matchFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range strings.Fields(string(data)) {
		if !slices.Contains(matching, name) {
			t.Errorf("%s: matched bash's expected output before, no longer does", name)
		}
	}
}
