package shell

import (
	"os"
	"os/exec"
	"testing"
)

// TestEv5NestedShells checks rules of nested bash runs fixed against
// bash's own test suite, compared with /bin/bash.
func TestEv5NestedShells(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	scripts := []string{
		// An explicit $0 is kept as given in messages.
		`bash -c 'echo $0; nothere' ./x 2>&1; bash -c 'nothere' a/b/y 2>&1`,
		// A directory as the script: 126, named twice.
		`bash / 2>&1; echo $?`,
		// A shell started without PATH gets bash's default.
		`unset PATH; /bin/bash -c 'echo "$PATH"'`,
		// kill $$ in a nested shell reaches that shell's trap.
		`bash -c 'trap "echo USR1" USR1; kill -USR1 $$; echo after'`,
	}
	sh := newShell(t, Options{})
	for _, s := range scripts {
		cmd := exec.Command("/bin/bash", "-c", s)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=/tmp", "LANG=C.UTF-8"}
		cmd.Dir = t.TempDir()
		want, _ := cmd.Output()
		res := run(t, sh, s)
		if res.Stdout != string(want) {
			t.Errorf("script %q\nbash: %q\nours: %q", s, want, res.Stdout)
		}
	}
}
