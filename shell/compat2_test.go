package shell

import "testing"

// TestBashCompatBuiltins covers the builtins rerouted for bash's
// behaviour (cd, pwd, wait/jobs, shift, break, unset, declare -p, read)
// and tilde expansion in assignments. Expectations come from GNU bash 5.2.
func TestBashCompatBuiltins(t *testing.T) {
	tests := []struct {
		name, script, stdout, stderr string
		code                         int
	}{
		{"cd checks before ..", "cd nosuch/..; echo $?", "1\n", "bash: line 1: cd: nosuch/..: No such file or directory\n", 0},
		{"cd too many", "cd a b; echo $?", "1\n", "bash: line 1: cd: too many arguments\n", 0},
		{"cd -- and cd -", "cd -- /tmp; cd /; cd -; pwd", "/tmp\n/tmp\n", "", 0},
		{"cd -P resolves links", "mkdir -p /tmp/t/s; ln -s /tmp/t /tmp/l; cd /tmp/l/s; pwd; cd -P ..; pwd", "/tmp/l/s\n/tmp/t\n", "", 0},
		{"cd CDPATH prints", "mkdir -p /tmp/sp/foo; CDPATH=/tmp/sp; cd foo; pwd", "/tmp/sp/foo\n/tmp/sp/foo\n", "", 0},
		{"OLDPWD exported", "cd /; cd /tmp; env | grep ^OLDPWD=", "OLDPWD=/\n", "", 0},
		{"pwd ignores PWD", "PWD=foo; pwd; unset PWD; pwd", "/home/user\n/home/user\n", "", 0},
		{"tilde after colon", "HOME=/h; x=a:~:~/b; echo $x; y=~root:~; echo $y; z=a:~,; echo $z", "a:/h:/h/b\n/root:/h\na:~,\n", "", 0},
		{"tilde in local", "HOME=/h; f() { local x=p:~; echo $x; }; f", "p:/h\n", "", 0},
		{"read bad value status 1", "read -n x v < /dev/null; echo $?", "1\n", "bash: line 1: read: x: invalid number\n", 0},
		{"read -p silent", "echo hi | { read -p P v; echo $v; }", "hi\n", "", 0},
		{"eval --", "eval -- 'echo hi'", "hi\n", "", 0},
		{"wait -n order", "{ sleep 0.2; exit 9; } & { sleep 0.01; exit 3; } & wait -n; echo $?; wait -n; echo $?; wait -n; echo $?", "3\n9\n127\n", "", 0},
		{"wait jobspec", "{ exit 7; } & wait %1; echo $?; wait %9; echo $?", "7\n127\n", "bash: line 1: wait: %9: no such job\n", 0},
		{"jobs -p", "sleep 0.05 & sleep 0.05 & jobs -p | wc -l; wait", "2\n", "", 0},
		{"shift too far", "set -- a; shift 2; echo $? $1; shift x; echo $?", "1 a\n1\n", "bash: line 1: shift: x: numeric argument required\n", 0},
		{"continue too many breaks", "for x in a b; do echo $x; continue 1 2; done; echo --", "a\n", "bash: line 1: continue: too many arguments\n", 1},
		{"break bad arg exits", "while true; do break x; done; echo no", "", "bash: line 1: break: x: numeric argument required\n", 128},
		{"unset readonly", "readonly r=1; x=2; unset r x; echo $? \"[$x]\"", "1 []\n", "bash: line 1: unset: r: cannot unset: readonly variable\n", 0},
		{"declare -p filters", "a=1; readonly b=2; declare -a c=(x); declare -pr | grep ' b='; declare -pa | grep ' c='", "declare -r b=\"2\"\ndeclare -a c=([0]=\"x\")\n", "", 0},
		{"dynamic export", "cmd=export; $cmd V=1; env | grep ^V=", "V=1\n", "", 0},
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
