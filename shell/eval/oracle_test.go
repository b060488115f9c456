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

// runOurs runs script in a fresh runner over an empty in-memory FS, with
// only builtins available.
func runOurs(t testing.TB, script string) (string, string, int) {
	t.Helper()
	fsys := vfs.NewMem()
	fsys.MkdirAll("/tmp/w", 0o755)
	fsys.MkdirAll("/usr", 0o755)
	fsys.MkdirAll("/bin", 0o755)
	fsys.MkdirAll("/dev", 0o755)
	fsys.Mknod("/dev/null", vfs.DevNull)
	cfg := &Config{FS: fsys, Limits: Limits{MaxCallDepth: 200, MaxSteps: 1_000_000, MaxStringBytes: 1 << 20, MaxArrayElems: 1 << 20}}
	r := New(cfg, map[string]string{"HOME": "/tmp/w", "PATH": "/nonexistent"}, "/tmp/w")
	var out, errb bytes.Buffer
	r.SetStdio(strings.NewReader(""), &out, &errb)
	r.SetMode('c')
	st, _ := r.Run(context.Background(), script, "")
	return out.String(), errb.String(), st
}

// runBash runs script in /bin/bash -c in an empty temp dir.
// checkOracleRows runs each script in /bin/bash and in ours and reports
// every one whose stdout, stderr or status differs.
func checkOracleRows(t *testing.T, scripts []string) {
	t.Helper()
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	for _, s := range scripts {
		wo, we, ws := runBash(t, s)
		o, e, st := runOurs(t, s)
		if o != wo || e != we || st != ws {
			t.Errorf("script %q\nbash: out=%q err=%q st=%d\nours: out=%q err=%q st=%d", s, wo, we, ws, o, e, st)
		}
	}
}

func runBash(t testing.TB, script string) (string, string, int) {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command("/bin/bash", "-c", script)
	cmd.Args[0] = "bash"
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "PATH=/nonexistent", "LANG=C.UTF-8"}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	st := 0
	if ee, ok := err.(*exec.ExitError); ok {
		st = ee.ExitCode()
	}
	return out.String(), strings.ReplaceAll(errb.String(), dir, "/tmp/w"), st
}

// oracleScripts are checked against /bin/bash when it is installed.
var oracleScripts = []string{
	`echo hello world`,
	`x="1+1"; echo $(( $x )) $((x*2))`,
	`IFS=, read -r a b c <<< "1,,3"; echo "[$a][$b][$c]"`,
	`IFS=:; x="a::b"; set -- $x; echo $#`,
	`declare -A a; a=(); a[x]=1; a[y]=2; echo ${a[x]}`,
	`P="*@*"; echo "${P%"*"}"`,
	`aa="q r"; set -- ${zzz-"$aa"}; echo $#`,
	`declare -i n=3+4; echo $n; declare -l l=ABC; echo $l; declare -u u=abc; echo $u`,
	`while break; do :; done; echo ok`,
	`f() { echo "${FUNCNAME[0]} $#"; }; f a b`,
	`a=(1 2 3); echo ${#a[@]} ${a[@]:1} "${a[*]}"`,
	`declare -A m=([a]=1 [b]=2 [c]=3 [foo]=4 [zz]=5); echo ${!m[@]}; declare -p m`,
	`x=abcdef; echo ${x:1:3} ${x: -2} ${x#a*c} ${x%%d*} ${x/cd/XY} ${x^^} ${x@Q}`,
	`for i in {1..5}; do printf '%s,' $i; done; echo; echo {a..e..2} {01..03}`,
	`case foo in f*) echo yes;; *) echo no;; esac`,
	`[[ abc == a* ]] && echo m1; [[ abc =~ ^a(b)c$ ]] && echo ${BASH_REMATCH[1]}`,
	`x=5; (( x++ )); echo $x; let "y = x * 2"; echo $y`,
	`echo $((1/0)); echo next`,
	"echo a\necho $((2+))\necho b",
	`set -u; echo $zz; echo after`,
	`readonly r=1; r=2; echo after`,
	`f() { local x=1; g; }; g() { echo $x; }; x=0; f; echo $x`,
	`trap 'echo bye' EXIT; echo hi`,
	`set -e; false; echo no`,
	`set -e; if false; then :; fi; false || true; echo yes`,
	`echo $(echo a; echo b) "$(printf 'x\n\n')"`,
	`a=(x y z); for i in "${!a[@]}"; do echo $i=${a[i]}; done`,
	`s="a b  c"; arr=($s); echo ${#arr[@]}`,
	`echo ${#}; set -- a "b c"; echo $# "$@" "$*"`,
	`x=; echo ${x:-def} ${x-def} ${y:=set} $y ${x:+alt} ${y:+alt}`,
	`i=0; until (( i >= 3 )); do echo $i; i=$((i+1)); done`,
	`for ((i=0;i<3;i++)); do for j in a b; do [[ $j == b ]] && continue 2; echo $i$j; done; done`,
	`echo 'single' "dou\"ble" $'c\tq'`,
	`f() { return 3; }; f; echo $?`,
	`x=abc; echo ${!x} 2>&1; y=x; echo ${!y}`,
	`echo ${x?custom message}; echo not reached`,
	`shopt -s extglob; x=aaab; echo ${x##+(a)}`,
	`a=1; b=2; echo $((a>b?a:b)) $((2**10)) $((16#ff)) $((-7/2)) $((-7%2))`,
	`printf '%5.2f|%-4s|%04d|%x\n' 3.14159 ab 42 255`,
	`echo {1..3}{a,b}`,
	`x=(a b c); unset 'x[1]'; echo ${x[@]} ${#x[@]} ${!x[@]}`,
	`declare -a a=([3]=x [7]=y); a+=(z); declare -p a`,
	`echo "$(( 3 + 4 ))" $[1+2]`,
	`f() { echo in f; }; declare -F f; type f | head -1`,
	`x=1; { x=2; }; (x=3); echo $x`,
	`echo a | { read l; echo got $l; }`,
	`v=$(false); echo $?`,
	`echo "a b" | while read x y; do echo "$y $x"; done`,
}

func TestOracle(t *testing.T) {
	checkOracleRows(t, oracleScripts)
}

var oracleMoreScripts = []string{
	`cd /tmp; pushd /usr >/dev/null; pushd /bin; dirs -v; dirs -l -p; popd +1; dirs; popd; popd; echo $?`,
	`f(){ caller; caller 0; }; g(){ f; }; g`,
	`enable -n echo; enable -n; type -t echo; enable echo; type -t echo`,
	`compgen -W "alpha beta gamma" -- b; complete -W "x y" foo; complete -p; f(){ :; }; compgen -A function`,
	`ulimit -c; ulimit -f`,
}

func TestOracleMoreBuiltins(t *testing.T) {
	checkOracleRows(t, oracleMoreScripts)
}

// TestOracleFunctionPrinting compares declare -f with bash's layout.
func TestOracleFunctionPrinting(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	for _, s := range []string{
		`f() { while x; do y; z; done; until a; do b; done; }; declare -f f`,
		`f() { case $x in a|b) echo 1;; c) echo 2; echo 3;; *) ;; esac; }; declare -f f`,
		`f() { (a; b); { c; d; }; ((i++)); [[ -n $x && $y == z ]]; }; declare -f f`,
		`f() { for ((i=0;i<3;i++)); do echo; done; a=1 b=2 cmd >out 2>&1 <in; }; declare -f f`,
		`f() { echo a | tr a b && echo ok || echo no; sleep 1 & echo bg; }; declare -f f`,
		`f() { if a; then b; elif c; then d; else e; fi; local v=1; }; declare -f f`,
		`f() { g() { inner; }; ! true; time sleep 0; select s in a b; do break; done; }; declare -f f`,
		`f() { echo "q\"uo" 'sq' $'\t'; for i in 1 2; do :; done; }; declare -f f; type f`,
		`f() ( echo sub ); declare -f f`,
	} {
		wo, we, ws := runBash(t, s)
		o, e, st := runOurs(t, s)
		if o != wo || e != we || st != ws {
			t.Errorf("script %q\nbash: out=%q err=%q st=%d\nours: out=%q err=%q st=%d", s, wo, we, ws, o, e, st)
		}
	}
}

func TestOracleArithCommands(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	for _, s := range []string{
		`(( 1/0 )); echo $?; let "x=1/0"; echo $?; for ((i=0; i<1/0; i++)); do :; done; echo $?`,
		`a[1/0]=3; echo $?`,
		"(( 2 + )); echo st=$?\nlet 'y = 3 +'; echo st=$?",
	} {
		wo, we, ws := runBash(t, s)
		o, e, st := runOurs(t, s)
		if o != wo || e != we || st != ws {
			t.Errorf("script %q\nbash: out=%q err=%q st=%d\nours: out=%q err=%q st=%d", s, wo, we, ws, o, e, st)
		}
	}
}

// TestOracleDifferentialFindings holds rules the differential harness
// found, each checked against /bin/bash.
func TestOracleDifferentialFindings(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	for _, s := range []string{
		`printf '<%s>' $'a\0b'; echo`,
		`x='-e'; printf '<%s>' "${x:+'q'}" "${y-'q'}"; echo`,
		`echo {A..c}`,
		`mkdir -p gd/sub && cd gd && touch a.txt sub/x.txt sub/y.log; for g in "s*" "*t" "*.log" "*/x.txt" "*x*" "?*"; do GLOBIGNORE="$g"; echo "$g => " */*; done`,
		`a=(10 20 30 40); echo ${a[-5]} $?`,
		`x='a"b'; [[ $x == @(a|b)* ]] && echo y || echo n`,
		`x='a\b'; [[ x -gt 1 ]]; echo $?`,
		`fact(){ if (( $1 <= 1 )); then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }; fact 6`,
		`for i in 1 2 3; do for j in a b c; do [ $j = b ] && continue 0; printf '%s%s ' $i $j; done; done; echo; echo st $?`,
		`f(){ break; }; for i in 1 2; do f; echo i$i; done`,
		`trap 'echo R' RETURN; f(){ :; }; f; echo done`,
		`true; echo ${PIPESTATUS[@]}; (exit 3); echo ${PIPESTATUS[@]}; x=1; echo ${PIPESTATUS[@]}; false | true; echo ${PIPESTATUS[@]}; ! false; echo ${PIPESTATUS[@]}`,
		`return 1; echo $?`,
		"cat <<-EOF\n\ttab\tline\n\tEOF",
		`x=$'t\tq'; declare -p x`,
		`shopt -s nullglob; shopt nullglob`,
		`alias ll='echo L'; type -t ll; echo $?`,
		`declare -r r=1; declare r=3; echo $? $r; f(){ local r=4; echo in $r; }; f`,
		`set -- -z; while getopts ab:c o; do echo "o=$o"; done`,
	} {
		wo, we, ws := runBash(t, s)
		o, e, st := runOurs(t, s)
		if o != wo || e != we || st != ws {
			t.Errorf("script %q\nbash: out=%q err=%q st=%d\nours: out=%q err=%q st=%d", s, wo, we, ws, o, e, st)
		}
	}
}

func TestOracleBadSubstitution(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	for _, s := range []string{
		`echo before; echo ${x!}; echo after $?`,
		"echo before; echo ${1a}; echo after $?\necho next $?",
		`f() { echo ${a b}; }; echo defined; f; echo after`,
	} {
		wo, we, ws := runBash(t, s)
		o, e, st := runOurs(t, s)
		if o != wo || e != we || st != ws {
			t.Errorf("script %q\nbash: out=%q err=%q st=%d\nours: out=%q err=%q st=%d", s, wo, we, ws, o, e, st)
		}
	}
}

func TestOracleDifferentialFindings2(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	for _, s := range []string{
		`f(){ echo ${FUNCNAME[0]} ${#FUNCNAME[@]}; }; f`,
		`f(){ trap 'echo ret' RETURN; echo in; }; f; echo out`,
		`set -u; f(){ echo $2; }; f a; echo after`,
		`x=a; printf '<%s>' ${x/*/"&"} ${x/*/&&}; echo`,
	} {
		wo, we, ws := runBash(t, s)
		o, e, st := runOurs(t, s)
		if o != wo || e != we || st != ws {
			t.Errorf("script %q\nbash: out=%q err=%q st=%d\nours: out=%q err=%q st=%d", s, wo, we, ws, o, e, st)
		}
	}
}
