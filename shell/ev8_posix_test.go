package shell

import "testing"

// TestEv8PosixInvocation: bash started as sh (even with +o posix) or
// with --posix runs in posix mode, compared with /bin/bash; the sh copy
// is made inside each shell.
func TestEv8PosixInvocation(t *testing.T) {
	scripts := []string{
		`cp /bin/bash ./sh; ./sh -c 'shopt -po posix'; ./sh +o posix -c 'shopt -po posix'; ./sh -c 'echo ${!?}' 2>/dev/null; echo $?`,
		`bash --posix -c 'shopt -po posix'; bash -c 'shopt -po posix'`,
	}
	checkWithBash(t, scripts, false, "cd /tmp && ")
}
