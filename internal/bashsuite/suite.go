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
// The diff may carry options before its operands (diff $AFLAG OUT X.right,
// where run-intl and run-glob-test put -a), and the .right name may use a
// variable the script sets to a plain word (${TEST_NAME}.right in
// run-set-x).
func rewriteDiffs(script string) (string, []string) {
	lines := strings.Split(script, "\n")
	vars := plainAssignments(lines)
	var rights []string
	for i, ln := range lines {
		f := strings.Fields(ln)
		if len(f) < 3 || f[0] != "diff" {
			continue
		}
		ops := f[1:]
		for len(ops) > 0 && (strings.HasPrefix(ops[0], "-") || ops[0] == "$AFLAG" || ops[0] == "${AFLAG}") {
			ops = ops[1:]
		}
		if len(ops) < 2 {
			continue
		}
		right := os.Expand(ops[1], func(v string) string { return vars[v] })
		if !strings.HasSuffix(right, ".right") || strings.Contains(right, "/") {
			continue
		}
		rights = append(rights, right)
		lines[i] = fmt.Sprintf(`cat %s > "$BASHSUITE_OUT/%s.out"`, ops[0], right)
	}
	return strings.Join(lines, "\n"), rights
}

// plainAssignments are the NAME='word' lines of a script whose value
// needs no expansion.
func plainAssignments(lines []string) map[string]string {
	vars := map[string]string{}
	for _, ln := range lines {
		name, val, ok := strings.Cut(strings.TrimSpace(ln), "=")
		if !ok || name == "" || strings.ContainsAny(name, " \t$") {
			continue
		}
		val = strings.Trim(val, `'"`)
		if val != "" && !strings.ContainsAny(val, "$`\\ ;") {
			vars[name] = val
		}
	}
	return vars
}

// testName is the report's name for a .right file: NAME of NAME.right.
func testName(right string) string { return strings.TrimSuffix(right, ".right") }
