package shell

import "testing"

// TestLead7BashOptionNames checks that a nested bash refuses an unknown
// -o/+o option name before it runs anything (status 2), as /bin/bash does.
func TestLead7BashOptionNames(t *testing.T) {
	scripts := []string{
		`bash -o sh -c "echo hi" 2>&1; echo $?`,
		`bash +o bogus -c "echo hi" 2>&1; echo $?`,
		`bash -o posix -c "shopt -o posix"; echo $?`,
		`bash -o errexit -c "false; echo no"; echo $?`,
	}
	checkWithBash(t, scripts, true, "")
}
