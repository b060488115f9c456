package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// harness is one run-NAME script of the suite: the shell commands that run
// a test file and compare its output with one or more .right files.
type harness struct {
	name   string   // run-NAME
	script string   // the script with each comparison replaced by a copy
	rights []string // the .right files it compares against, in order
}

// skipHarness are the run-* scripts bash's own run-all skips.
var skipHarness = map[string]bool{"run-all": true, "run-minimal": true, "run-gprof": true}

// loadHarnesses reads the run-* scripts of dir. Each "diff OUT NAME.right"
// line becomes `cat OUT > "$BASHSUITE_OUT/NAME.right.out"`, so the test's
// output is kept for the comparison here instead of diffed by the script;
// everything else in the script runs as written.
func loadHarnesses(dir string, filter *regexp.Regexp) ([]harness, error) {
	names, err := filepath.Glob(filepath.Join(dir, "run-*"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var hs []harness
	for _, p := range names {
		base := filepath.Base(p)
		if skipHarness[base] || strings.HasSuffix(base, "~") || strings.HasSuffix(base, ".orig") {
			continue
		}
		if filter != nil && !filter.MatchString(strings.TrimPrefix(base, "run-")) {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		h := harness{name: base}
		h.script, h.rights = rewriteDiffs(string(data))
		if len(h.rights) == 0 {
			continue
		}
		hs = append(hs, h)
	}
	return hs, nil
}

// rewriteDiffs replaces the comparisons of a run-* script (see loadHarnesses).
func rewriteDiffs(script string) (string, []string) {
	lines := strings.Split(script, "\n")
	var rights []string
	for i, ln := range lines {
		f := strings.Fields(ln)
		if len(f) < 3 || f[0] != "diff" || !strings.HasSuffix(f[2], ".right") {
			continue
		}
		rights = append(rights, f[2])
		lines[i] = fmt.Sprintf(`cat %s > "$BASHSUITE_OUT/%s.out"`, f[1], f[2])
	}
	return strings.Join(lines, "\n"), rights
}

// testName is the report's name for a .right file: NAME of NAME.right.
func testName(right string) string { return strings.TrimSuffix(right, ".right") }
