package shell

import (
	"os"
	"os/exec"
	"testing"
)

// TestEv8PosixInvocation: bash started as sh (even with +o posix) or
// with --posix runs in posix mode, compared with /bin/bash; the sh copy
// is made inside each shell.
func TestEv8PosixInvocation(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	scripts := []string{
		`cp /bin/bash ./sh; ./sh -c 'shopt -po posix'; ./sh +o posix -c 'shopt -po posix'; ./sh -c 'echo ${!?}' 2>/dev/null; echo $?`,
		`bash --posix -c 'shopt -po posix'; bash -c 'shopt -po posix'`,
	}
	sh := newShell(t, Options{})
	for _, s := range scripts {
		cmd := exec.Command("/bin/bash", "-c", s)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=/tmp", "LANG=C.UTF-8"}
		cmd.Dir = t.TempDir()
		want, _ := cmd.Output()
		res := run(t, sh, "cd /tmp && "+s)
		if res.Stdout != string(want) {
			t.Errorf("script %q\nbash: %q\nours: %q", s, want, res.Stdout)
		}
	}
}
