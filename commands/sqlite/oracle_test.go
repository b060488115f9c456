package sqlite

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// realSQLite returns the installed sqlite3 when it is the 3.40 the cases
// were recorded from, or skips.
func realSQLite(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("sqlite3")
	if err != nil {
		t.Skip("sqlite3 is not installed: the recorded cases are not re-checked against it")
	}
	v, err := exec.Command(bin, "-version").Output()
	if err != nil || !strings.HasPrefix(string(v), "3.40.") {
		t.Skipf("installed sqlite3 is %q, not the 3.40 the cases were recorded from", strings.TrimSpace(string(v)))
	}
	return bin
}

// TestCLICompatLive replays every recorded case on the installed sqlite3
// with the same fixture, so the recording cannot drift from the tool.
func TestCLICompatLive(t *testing.T) {
	bin := realSQLite(t)
	fixture := t.TempDir()
	for name, data := range fixtureFiles {
		if err := os.WriteFile(filepath.Join(fixture, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build := exec.Command(bin, "t.db")
	build.Dir, build.Stdin = fixture, strings.NewReader(fixtureSQL)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the fixture: %v %s", err, out)
	}
	for _, tc := range cliCases {
		dir := t.TempDir()
		for _, name := range append(slices.Sorted(maps.Keys(fixtureFiles)), "t.db") {
			data, err := os.ReadFile(filepath.Join(fixture, name))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(bin, tc.args...)
		cmd.Args[0] = "sqlite3" // as messages name the program
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(tc.stdin)
		cmd.Env = []string{"HOME=" + dir, "PATH=/usr/bin:/bin"}
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		code := 0
		if err := cmd.Run(); err != nil {
			ee, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatal(err)
			}
			code = ee.ExitCode()
		}
		if out.String() != tc.out || errb.String() != tc.err || code != tc.code {
			t.Errorf("%s: recorded (%d) %q %q\nlive sqlite3 (%d) %q %q", tc.name, tc.code, tc.out, tc.err, code, out.String(), errb.String())
		}
	}
}
