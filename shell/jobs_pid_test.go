package shell

import "testing"

// TestBackgroundPid checks that $! is a number that wait and jobs -p
// agree on. bash's pids differ from run to run, so the scripts compare
// them with each other instead of printing them.
func TestBackgroundPid(t *testing.T) {
	tests := []struct {
		name, script, stdout, stderr string
		code                         int
	}{
		{"unset before a job", `echo "[$!]"`, "[]\n", "", 0},
		{"numeric", `true & case $! in *[!0-9]*|"") echo bad;; *) echo num;; esac`, "num\n", "", 0},
		{"braced form", `true & [ "$!" = "${!}" ] && echo same`, "same\n", "", 0},
		{"each job its own", `true & a=$!; true & b=$!; [ "$a" != "$b" ] && echo differ; wait`, "differ\n", "", 0},
		{"wait on it", `(exit 3) & p=$!; wait $p; echo $?`, "3\n", "", 0},
		{"jobs -p prints it", `sleep 0.2 & p=$!; [ "$(jobs -p)" = "$p" ] && echo match; wait`, "match\n", "", 0},
		{"unknown pid", `wait 999999; echo $?`, "127\n", "bash: line 1: wait: pid 999999 is not a child of this shell\n", 0},
		{"not a pid", `wait x1; echo $?`, "1\n", "bash: line 1: wait: `x1': not a pid or valid job spec\n", 0},
		{"kill then wait", `sleep 5 & kill $!; wait $!; echo $?`, "143\n", "", 0},
		{"kill by job spec", `sleep 5 & kill -9 %1; wait %1 2>/dev/null; echo $?`, "137\n", "", 0},
		{"signal forms", `sleep 5 & kill -s KILL $!; wait $! 2>/dev/null; echo $?; sleep 5 & kill -SIGTERM -- $!; wait $!; echo $?`, "137\n143\n", "", 0},
		{"kill -0 probes", `sleep 5 & p=$!; kill -0 $p; echo $?; kill $p; wait $p; kill $p 2>e; echo $?; sed "s/($p)/(PID)/" e >&2`, "0\n1\n", "bash: line 1: kill: (PID) - No such process\n", 0},
		{"kill stops a busy loop", `while :; do :; done & kill $!; wait $!; echo $?`, "143\n", "", 0},
		{"kill finished job", `true & p=$!; wait; kill $p 2>/dev/null; echo $?`, "1\n", "", 0},
		{"kill unknown pid", `kill 99999; echo $?`, "1\n", "bash: line 1: kill: (99999) - No such process\n", 0},
		{"kill unknown job", `kill %3; echo $?`, "1\n", "bash: line 1: kill: %3: no such job\n", 0},
		{"kill bad target", `kill abc; echo $?`, "1\n", "bash: line 1: kill: abc: arguments must be process or job IDs\n", 0},
		{"kill bad signal", `sleep 5 & kill -FOO $!; echo $?; kill $!`, "1\n", "bash: line 1: kill: FOO: invalid signal specification\n", 0},
		{"kill usage", `kill; echo $?`, "2\n", "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n", 0},
	}
	sh := newShell(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, sh, tt.script)
			if res.Stdout != tt.stdout || res.Stderr != tt.stderr || res.ExitCode != tt.code {
				t.Errorf("script %q\n got stdout=%q stderr=%q code=%d\nwant stdout=%q stderr=%q code=%d",
					tt.script, res.Stdout, res.Stderr, res.ExitCode, tt.stdout, tt.stderr, tt.code)
			}
		})
	}
}
