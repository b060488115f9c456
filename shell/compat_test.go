package shell

import "testing"

// TestBashCompat checks behaviours bash has and interp lacks, made by the
// rewrites and reroutes of this package. Expectations come from GNU bash
// 5.2 running the same scripts.
func TestBashCompat(t *testing.T) {
	tests := []struct {
		name, script, stdout string
		code                 int
	}{
		// type / command -v
		{"type -p prints paths only", "mkdir -p d; touch d/x; chmod +x d/x; PATH=d:$PATH; type -p x cd; echo $?", "d/x\n0\n", 0},
		{"type -P skips builtins", "type -P cd; echo $?", "1\n", 0},
		{"type -t alias", "shopt -s expand_aliases; alias ll='ls -l'; type -t ll; type ll", "alias\nll is aliased to `ls -l'\n", 0},
		{"type -a all", "f() { :; }; type -a -t f cd", "function\nbuiltin\n", 0},
		{"command -v status is any found", "command -v nosuch echo; echo $?; command -v nosuch; echo $?", "echo\n0\n1\n", 0},
		{"command -p default path", "PATH=/nowhere; command -p echo hi | command -p cat", "hi\n", 0},
		{"builtin alone", "builtin; echo $?; builtin --; echo $?; builtin -- false; echo $?", "0\n0\n1\n", 0},
		// declare -f / -F
		{"declare -F list", "b() { :; }; _a() { :; }; declare -F", "declare -f _a\ndeclare -f b\n", 0},
		{"declare -F names", "f() { :; }; declare -F f nope; echo $?", "f\n1\n", 0},
		{"declare -f layout", "f() { echo a; echo b; }; declare -f f", "f () \n{ \n    echo a;\n    echo b\n}\n", 0},
		// $_
		{"last arg", "echo a b; echo $_; : 'x y'; echo $_", "a b\nb\nx y\n", 0},
		{"last arg after reroute", "type echo >/dev/null; echo $_", "echo\n", 0},
		// PIPESTATUS and pipelines
		{"pipestatus", "false | (exit 3) | true; echo ${PIPESTATUS[@]} $?", "1 3 0 0\n", 0},
		{"pipestatus simple", "false; echo ${PIPESTATUS[@]}", "1\n", 0},
		{"pipefail kept", "set -o pipefail; true | false | true; echo $?", "1\n", 0},
		{"negation kept", "! true | false; echo $?", "0\n", 0},
		{"exit in stage", "{ exit 4; } | { exit 5; }; echo ${PIPESTATUS[*]}", "4 5\n", 0},
		{"last stage is a subshell", "echo hi | read line; echo \"[$line]\"", "[]\n", 0},
		// options
		{"dollar dash", "echo $-; set -eu; echo ${-}", "hBs\nehuBs\n", 0},
		{"dash in bash -c", "bash -o nounset -c 'echo $-'", "huBc\n", 0},
		{"set -o vi", "set -o vi; shopt -po vi emacs; set -o emacs; shopt -po vi", "set -o vi\nset +o emacs\nset +o vi\n", 1},
		{"shopt unimplemented", "shopt -s failglob; shopt -q failglob; echo $?; shopt -p failglob", "0\nshopt -s failglob\n", 0},
		{"shopt invalid", "shopt -p nope; echo $?", "1\n", 0},
		{"set listing", "__v='a b'; __w=c; __a=(1 '2 3'); set | grep ^__", "__a=([0]=\"1\" [1]=\"2 3\")\n__v='a b'\n__w=c\n", 0},
		{"set lone plus", "set + a b; echo $#", "2\n", 0},
		{"bash -O", "bash -O nullglob -c 'echo x*y'", "\n", 0},
		// -v on elements, ${#assoc[@]}
		{"dbracket -v element", "a=(1 '' x); [[ -v a[1] ]]; echo $?; [[ -v a[5] ]]; echo $?", "0\n1\n", 0},
		{"test -v element", "declare -A A=([k]=v); test -v 'A[k]'; echo $?; [ -v 'A[z]' ]; echo $?", "0\n1\n", 0},
		{"assoc length", "declare -A A=([a]=1 [b]=2 [c]=3); echo ${#A[@]} \"${#A[*]}\"; declare -A B=(); echo ${#B[@]}", "3 3\n0\n", 0},
	}
	sh := newShell(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, sh, tt.script)
			if res.Stdout != tt.stdout || res.ExitCode != tt.code {
				t.Errorf("script %q\n got stdout=%q code=%d stderr=%q\nwant stdout=%q code=%d", tt.script, res.Stdout, res.ExitCode, res.Stderr, tt.stdout, tt.code)
			}
		})
	}
}
