package bbsuite

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// The corpus sits beside the repository; the test skips without it, so
// the repository's tests never depend on it.
const (
	corpusDir  = "../../../../shared/conformance/busybox"
	ledgerFile = "../../../testdata/conformance/busybox-ledger.txt"
	// gnuFailFile lists the cases GNU bash + coreutils + sed + gawk fail,
	// recorded with the shared corpus's reference runner (busybox_runner.py
	// --shell bash): BusyBox-only behaviour the sandbox need not copy.
	gnuFailFile = "../../../testdata/conformance/busybox-gnu-fail.txt"
)

// TestBusyboxLedger runs the BusyBox suite in-process and checks the set
// of failing cases against the ledger: a failure it does not list is a
// regression, a listed case that passes must leave it. UPDATE_LEDGER=1
// rewrites it. BB_VERBOSE=1 logs why each failing case failed;
// BB_ITEMS="sed.tests cut/" runs only those items (and checks only them).
func TestBusyboxLedger(t *testing.T) {
	if !Exists(corpusDir) {
		t.Skip("BusyBox corpus not present beside the repository")
	}
	if testing.Short() {
		t.Skip("BusyBox suite skipped in -short mode")
	}
	gnuFails, err := ReadIDFile(gnuFailFile, false)
	if err != nil {
		t.Fatal(err)
	}
	items, err := Items(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	only := strings.Fields(os.Getenv("BB_ITEMS"))
	if len(only) > 0 {
		items = only
	}
	cfg := &Config{Dir: corpusDir, Timeout: 60 * time.Second}
	start := time.Now()
	rs := cfg.RunAll(context.Background(), items, runtime.GOMAXPROCS(0))
	pass, fail, skip, gnuPass := Counts(rs, gnuFails)
	t.Logf("%d passed, %d failed, %d skipped in %v; %d of the %d cases GNU passes pass",
		pass, fail, skip, time.Since(start).Round(time.Millisecond), gnuPass, pass+fail-len(gnuFails))
	if os.Getenv("BB_VERBOSE") == "1" {
		for _, r := range rs {
			if r.Verdict == Fail {
				t.Logf("FAIL %s\n%s", r.ID(), r.Detail)
			}
		}
	}
	if os.Getenv("UPDATE_LEDGER") == "1" {
		if len(only) > 0 {
			t.Fatal("UPDATE_LEDGER=1 needs the whole suite: unset BB_ITEMS")
		}
		var failing []Result
		rr := &rerunner{cfg: cfg}
		for _, r := range rs {
			if r.Verdict == Fail && !rr.passesAlone(r) {
				failing = append(failing, r)
			}
		}
		var buf bytes.Buffer
		header := fmt.Sprintf("# BusyBox test suite cases the justbash sandbox fails (%d passed, %d failed when written).\n"+
			"# Format: ITEM<TAB>CASE NAME[ #N for a repeated name][<TAB># GNU fails too]\n"+
			"# Regenerate: UPDATE_LEDGER=1 go test ./internal/conformance/bbsuite/\n", pass+fail-len(failing), len(failing))
		if err := WriteLedger(&buf, header, failing, gnuFails); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(ledgerFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(ledgerFile, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", ledgerFile)
		return
	}
	listed, err := ReadIDFile(ledgerFile, false)
	if err != nil {
		t.Fatalf("%v (create it with UPDATE_LEDGER=1)", err)
	}
	if len(only) > 0 {
		for id := range listed {
			item, _, _ := strings.Cut(id, "\t")
			if !slices.Contains(only, item) {
				delete(listed, id)
			}
		}
	}
	checkLedger(t, cfg, rs, listed)
}

func checkLedger(t *testing.T, cfg *Config, rs []Result, listed map[string]bool) {
	var regressions, fixed []string
	rr := &rerunner{cfg: cfg}
	ran := map[string]bool{}
	for _, r := range rs {
		ran[r.ID()] = true
		switch {
		case r.Verdict == Fail && !listed[r.ID()] && !rr.passesAlone(r):
			regressions = append(regressions, strings.ReplaceAll(r.ID(), "\t", ": ")+"\n    "+
				strings.ReplaceAll(r.Detail, "\n", "\n    "))
		case r.Verdict == Pass && listed[r.ID()] && rr.passesAlone(r):
			fixed = append(fixed, strings.ReplaceAll(r.ID(), "\t", ": "))
		}
	}
	// A listed case that no longer runs (renamed, or its file stopped
	// early) must leave the ledger too, or it would hide a lost case.
	for id := range listed {
		if !ran[id] {
			fixed = append(fixed, strings.ReplaceAll(id, "\t", ": ")+" (did not run)")
		}
	}
	sort.Strings(regressions)
	sort.Strings(fixed)
	if len(regressions) > 0 {
		t.Errorf("%d cases fail that the ledger does not list (regressions):\n%s",
			len(regressions), strings.Join(regressions, "\n"))
	}
	if len(fixed) > 0 {
		t.Errorf("%d cases listed in the ledger pass or no longer run (remove them, or UPDATE_LEDGER=1):\n%s",
			len(fixed), strings.Join(fixed, "\n"))
	}
}

// rerunner reruns an item by itself, once, when a verdict decides the
// ledger: on a loaded machine a case may brush against its timeout in the
// parallel run.
type rerunner struct {
	cfg  *Config
	done map[string]map[string]Verdict
}

func (rr *rerunner) passesAlone(r Result) bool {
	if rr.done == nil {
		rr.done = map[string]map[string]Verdict{}
	}
	vs, ok := rr.done[r.Item]
	if !ok {
		vs = map[string]Verdict{}
		for _, again := range rr.cfg.RunItem(context.Background(), r.Item) {
			vs[again.ID()] = again.Verdict
		}
		rr.done[r.Item] = vs
	}
	v, ok := vs[r.ID()]
	return ok && v == Pass
}
