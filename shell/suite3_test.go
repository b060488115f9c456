package shell

import "testing"

// TestSuite3ChildShells checks rules that need the sandbox's bash and
// printenv commands: exec's -a/-l/-c and functions exported to a child
// shell. The expected outputs are bash 5.2's for the same scripts.
func TestSuite3ChildShells(t *testing.T) {
	tests := []struct{ script, stdout string }{
		{`(exec -a specialname bash -c 'echo $0'); (exec -l -a specialname bash -c 'echo $0')`, "specialname\n-specialname\n"},
		{`(export FOO=BAR; exec -c -l printenv) | grep -c FOO; (FOO=BAR exec printenv) | grep FOO`, "0\nFOO=BAR\n"},
		{"f() { echo in f $1; } >&2; export -f f; bash -c 'f x 2>&1; declare -F'; export -nf f; bash -c 'f 2>/dev/null; echo $?'", "in f x\ndeclare -fx f\n127\n"},
		{"foo-a() { echo ok; }; export -f foo-a; bash -c foo-a; env | grep -c '^BASH_FUNC_foo-a%%=() {'", "ok\n1\n"},
		// signals ignored on entry stay ignored in a child shell.
		{"trap '' USR2 INT; trap 'echo x' TERM; bash -c \"trap 'echo USR2' USR2; trap - INT; trap -p; trap 'echo t' TERM; trap -p TERM\"; (trap 'echo y' USR2; trap -p USR2)",
			"trap -- '' SIGINT\ntrap -- '' SIGUSR2\ntrap -- 'echo t' SIGTERM\ntrap -- 'echo y' SIGUSR2\n"},
	}
	sh := newShell(t, Options{})
	for _, tc := range tests {
		res := run(t, sh, tc.script)
		if res.Stdout != tc.stdout {
			t.Errorf("%q: stdout %q, want %q (stderr %q)", tc.script, res.Stdout, tc.stdout, res.Stderr)
		}
	}
}
