package shell

import "testing"

// TestEv5NestedShells checks rules of nested bash runs fixed against
// bash's own test suite, compared with /bin/bash.
func TestEv5NestedShells(t *testing.T) {
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
	checkWithBash(t, scripts, false, "")
}
