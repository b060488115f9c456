package shell

import "testing"

// TestBashCompatCore covers test/[, time, assignment escapes, functions
// that shadow rerouted builtins, return and eval options. Expectations
// come from GNU bash 5.2.
func TestBashCompatCore(t *testing.T) {
	tests := []struct {
		name, script, stdout, stderr string
		code                         int
	}{
		{"test by arg count", "[ ] ]; echo $?; [ -f = -f ]; echo $?; [ -a ]; echo $?; test ! -a; echo $?", "0\n0\n0\n1\n", "", 0},
		{"test decimal only", "[ 010 -eq 10 ]; echo $?; [ 0x10 -eq 16 ]; echo $?", "0\n2\n", "bash: line 1: [: 0x10: integer expression expected\n", 0},
		{"test missing bracket", "[ a; echo $?", "2\n", "bash: line 1: [: missing `]'\n", 0},
		{"test expression", "touch f; [ -f f -a \\( x != y -o -d f \\) ]; echo $?; [ ! -e nope ]; echo $?", "0\n0\n", "", 0},
		{"test -ef", "touch a; ln -s a l; [ a -ef l ]; echo $?; [ a -ef nope ]; echo $?", "0\n1\n", "", 0},
		{"test -ef hard link", "touch ha; ln ha hh; ln -s hh hl; cp ha hc; [ ha -ef hh ]; echo $?; [ hl -ef ha ]; echo $?; [ ha -ef hc ]; echo $?; test hh -ef ha; echo $?; [[ ha -ef hh ]]; echo $?", "0\n0\n1\n0\n0\n", "", 0},
		{"time reports on stderr", "{ time -p true; } 2>&1 >/dev/null | sed 's/[0-9]/0/g'", "real 0.00\nuser 0.00\nsys 0.00\n", "", 0},
		{"time keeps status", "time -p false; echo $?", "1\n", "real 0.00\nuser 0.00\nsys 0.00\n", 0},
		{"assignment escapes", "x=a\\ b; y=\\$HOME; z=a\\\\b; echo \"[$x] [$y] [$z]\"", "[a b] [$HOME] [a\\b]\n", "", 0},
		{"local escapes", "f() { local v=p\\ q; echo \"$v\"; }; f", "p q\n", "", 0},
		{"function shadows cd", "cd() { echo fn $#; }; cd a b; builtin cd / && pwd", "fn 2\n/\n", "", 0},
		{"function shadows type", "type() { echo FN; }; type; command type -t echo", "FN\nbuiltin\n", "", 0},
		{"return without args", "f() { (exit 42); return; }; f; echo $?", "42\n", "", 0},
		{"eval bad option", "eval -z; echo $?", "2\n", "bash: line 1: eval: -z: invalid option\neval: usage: eval [arg ...]\n", 0},
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
