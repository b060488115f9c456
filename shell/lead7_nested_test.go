package shell

import (
	"os"
	"os/exec"
	"testing"
)

// TestLead7BashOptionNames checks that a nested bash refuses an unknown
// -o/+o option name before it runs anything (status 2), as /bin/bash does.
func TestLead7BashOptionNames(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	scripts := []string{
		`bash -o sh -c "echo hi" 2>&1; echo $?`,
		`bash +o bogus -c "echo hi" 2>&1; echo $?`,
		`bash -o posix -c "shopt -o posix"; echo $?`,
		`bash -o errexit -c "false; echo no"; echo $?`,
	}
	sh := newShell(t, Options{})
	for _, s := range scripts {
		cmd := exec.Command("/bin/bash", "-c", s)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=/tmp", "LANG=C.UTF-8"}
		cmd.Dir = t.TempDir()
		want, _ := cmd.CombinedOutput()
		res := run(t, sh, s)
		if got := res.Stdout + res.Stderr; got != string(want) {
			t.Errorf("script %q\nbash: %q\nours: %q", s, want, got)
		}
	}
}
