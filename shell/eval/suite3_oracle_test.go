package eval

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/justbash/justbash/vfs"
)

// suite3Scripts pin rules found with bash's own test suite (builtins,
// trap, getopts, heredoc, func, ...); each is compared with /bin/bash -c.
var suite3Scripts = []string{
	// getopts: a function with a local OPTIND gets its own scan, and the
	// caller's position inside -xyz comes back when it returns.
	"f() { local OPTIND=1 o; while getopts :abcxyz o; do echo $o; if [[ $o = y ]]; then f -abc; fi; done; }\nf -xyz",
	// any assignment to OPTIND restarts the scan, even with the same value.
	`set -- -ab; getopts ab o; echo $o $OPTIND; OPTIND=1; getopts ab o; echo $o $OPTIND`,
	// getopts' own command line: no options, -- ends them, two operands.
	`getopts; echo $?; getopts o; echo $?; getopts -a o x; echo $?; getopts -- a x -a; echo $? $x`,
	// unsetting a readonly OPTARG is quiet; setting it is an error.
	`set -- -a b; readonly OPTARG; getopts :x x; echo "$x"; getopts x x; echo "${OPTARG-u} $x"`,
	// printing functions: a group body's redirections follow its closing
	// brace; duplications to a number and closes show their descriptor.
	"f(){ echo a >&2; { echo d; } >&2; echo e <&0 >&- <&-; echo >&$x 2>&1 3<>f <&\"5\"; g() { :; } 2>&1; } >/dev/null; declare -f f",
	"g() ( echo x ) >&2; declare -f g; h() { :; } 2>&1 >x; type h",
	// the export attribute of functions: set, listed, removed, refused.
	`g(){ :; }; h(){ :; }; export -f g; export -f; declare -f; declare -F; declare -Fx; export -nf g; declare -xF; export -f h g nosuch; echo $?; declare -F -x; declare -f -x -F g; unset -f g; g(){ :; }; declare -F`,
	"function a=b { :; }; function /x { :; }; export -f a=b /x; echo $?; declare -xF",
	// FUNCNEST: a call past the limit fails and abandons the command line;
	// a value that is not a positive number sets no limit.
	"FUNCNEST=3; f(){ echo in$1; f $(($1+1)); echo after; }; f 1; echo $?; echo next\necho $?; FUNCNEST=x; g(){ [ $1 -lt 6 ] && g $(($1+1)); echo $1; }; g 4; FUNCNEST=2; h() { g 1; echo h; }; h || echo st; echo end\necho last $?",
	// POSIX mode: assignments before a special builtin stay, and leave a
	// function's temporary scope with it.
	`set -o posix; x=1 :; echo $x; y=2 export z=3; echo $y $z; f(){ v=5 return 3; }; v=0; v=7 f; echo $? $v; g(){ echo $w; w=9 : ; echo $w; }; w=1; w=2 g; echo $w; a=1 true; echo ${a-u}`,
	// umask: symbolic modes, -S after setting, -p, and their errors.
	`umask 022; umask -S u=rwx,g=rwx,o=rx; umask; umask -p; umask -p -S; umask g-w; umask -S; umask a+w,o-x; umask; umask u=; umask; umask 0; umask +x; umask; umask u=rwx,bad; echo $?; umask ug=r+x; umask o=u; umask 8; echo $?; umask -x; echo $?; umask 1777; echo $?; umask; umask 077 022; umask`,
	// enable -s lists the special builtins only.
	`enable -ps; enable -n eval; enable -nps; enable -aps | grep -c .`,
	// "." with arguments: the caller's parameters come back unless the
	// file set its own; in POSIX mode a missing file ends the shell.
	`echo "set -- m n" > f; echo "shift" > g; echo "set -- o p; shift" > h; set -- a b; . ./f x y; echo "$@"; . ./g x y z; echo "$@"; . ./f; echo "$@"; . ./h x y; echo "$@"; set -- q; . ./nonexist; echo $?; set -o posix; . ./nonexist; echo not reached`,
	// ulimit: -- ends the options.
	`ulimit -c -S -- 1000; ulimit -c`,
	// shopt -s/-u -o list as name/value unless -p is given.
	`shopt -s -o | head -3; shopt -u -o | head -2; shopt -u -p -o | head -2`,
	// set -x: PS4's first character repeats once per command substitution
	// and trap action, not per subshell.
	`set -x; (echo b); x=$(echo c); trap "echo t" ERR; false; f() { echo $(echo $(echo n)); }; f; trap - ERR; (x=$(echo q)); echo $BASH_SUBSHELL $(echo $BASH_SUBSHELL)`,
	// dirs, pushd, popd: -X that is no option is an invalid number; the
	// index in messages keeps its sign; cd's errors name pushd.
	`pushd ./nothere; echo $?; pushd -m; echo $?; popd -m; echo $?; dirs -m; echo $?; dirs 7; echo $?; pushd -n /usr >/dev/null; dirs +9; echo $?; pushd +9; echo $?; pushd -9; popd +9; echo $?; popd -x; echo $?; pushd -- -x; echo $?; pushd a b; echo $?; pushd -n -- /x >/dev/null; popd -n >/dev/null; dirs -l -p | wc -l`,
	// set -x on compound commands: for words as written per iteration,
	// each (( )) of an arithmetic for with its blanks, case's word.
	`set -x; for i in a "b c" $(echo d); do :; done; for ((i=0 ; i<1 ; i++)); do :; done; for ((;;)); do break; done; case "a b" in a*) ;; esac; for ((i=0; i<=1; i++ )) ; do x=0; done; f() { for j in 1; do :; done; }; f; for k in; do :; done`,
}

func TestOracleSuite3(t *testing.T) {
	checkOracleRows(t, suite3Scripts)
}

// TestImportedFunctions starts both shells with BASH_FUNC_ entries in the
// environment: only one definition of the entry's own name is imported.
func TestImportedFunctions(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	envs := [][]string{
		{"BASH_FUNC_foo%%=() { echo ok; }"},
		{"BASH_FUNC_foo%%=() { echo bad; } ; echo BAD"},
		{"BASH_FUNC_foo%%=() { echo x"},
		{"BASH_FUNC_bar%%=() { echo a; }", "BASH_FUNC_foo-a%%=() { echo dash; }", "BASH_FUNC_foo=() { echo novar; }"},
		{"BASH_FUNC_ foo%%=() { echo space; }"},
		{"BASH_FUNC_x%%=() { _;}>_[$($())] { echo vuln;}"},
	}
	script := `foo 2>/dev/null; foo-a 2>/dev/null; declare -F; echo ${BASH_FUNC_foo-unset}; declare -p BASH_FUNC_foo%% 2>/dev/null; echo end`
	for _, env := range envs {
		cmd := exec.Command("/bin/bash", "-c", script)
		cmd.Env = append([]string{"PATH=/nonexistent"}, env...)
		want, _ := cmd.Output()
		m := map[string]string{"PATH": "/nonexistent"}
		for _, kv := range env {
			k, v, _ := strings.Cut(kv, "=")
			m[k] = v
		}
		fsys := vfs.NewMem()
		fsys.MkdirAll("/tmp", 0o755)
		fsys.MkdirAll("/dev", 0o755)
		fsys.Mknod("/dev/null", vfs.DevNull)
		r := New(&Config{FS: fsys}, m, "/tmp")
		var out, errb bytes.Buffer
		r.SetStdio(strings.NewReader(""), &out, &errb)
		r.SetMode('c')
		r.Run(context.Background(), script, "")
		if out.String() != string(want) {
			t.Errorf("env %q\nbash: %q\nours: %q", env, want, out.String())
		}
	}
}

// TestExportedFunctionsRoundTrip checks that what a shell exports for a
// function is read back by a starting shell as the same function.
func TestExportedFunctionsRoundTrip(t *testing.T) {
	fsys := vfs.NewMem()
	fsys.MkdirAll("/tmp", 0o755)
	r := New(&Config{FS: fsys}, map[string]string{}, "/tmp")
	var o1, e1 bytes.Buffer
	r.SetStdio(strings.NewReader(""), &o1, &e1)
	r.SetMode('c')
	r.Run(context.Background(), "f() { echo a; for i in 1; do echo $i; done; } >&2; export -f f; g() { :; }", "")
	env := map[string]string{}
	for _, kv := range r.environ() {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	if _, ok := env["BASH_FUNC_g%%"]; ok {
		t.Errorf("g is not exported, yet in the environment: %q", env)
	}
	c := New(&Config{FS: fsys}, env, "/tmp")
	var o2, e2 bytes.Buffer
	c.SetStdio(strings.NewReader(""), &o2, &e2)
	c.SetMode('c')
	c.Run(context.Background(), "declare -f f; f", "")
	want := "f () \n{ \n    echo a;\n    for i in 1;\n    do\n        echo $i;\n    done\n} 1>&2\n" // as bash: a named declare -f prints no attribute line
	if o2.String() != want || e2.String() != "a\n1\n" {
		t.Errorf("child: out=%q err=%q, want out=%q err=%q", o2.String(), e2.String(), want, "a\n1\n")
	}
}
