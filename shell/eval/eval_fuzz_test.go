package eval

import (
	"context"
	"strings"
	"testing"

	"github.com/justbash/justbash/internal/fuzzkit"
)

// fuzzSeeds are scripts that reach the reader's recovery paths (blanked
// arithmetic, aliases, here-documents) and the evaluator's limits, so the
// fuzzer starts from the interesting corners rather than from echo.
var fuzzSeeds = []string{
	"echo hello world",
	"x=$((1+2)); echo ${x:-y} ${#x} ${x/1/2}",
	"f() { f; }; f",
	`f='eval "$f"'; eval "$f"`,
	"shopt -s expand_aliases\nalias a='echo x;'\na a a\n",
	"cat <<EOF\n$x $(echo y)\nEOF\n",
	"echo $((2+))\necho b",
	"(( x ++ )); echo $x",
	"for ((i=0;i<3;i++)); do echo $i; done",
	"a=(1 2 3); declare -A m=([k]=v); echo ${a[@]:1} ${!m[@]} ${m[k]@Q}",
	"while :; do :; done",
	"x=x; while :; do x=$x$x; done",
	"echo {1..99999999}",
	"set -e; false; echo no",
	"trap 'echo t' EXIT ERR DEBUG; false",
	"case a in (a|b) echo m;; esac; [[ a =~ ^(a)$ ]] && echo ${BASH_REMATCH[1]}",
	"read -r a b <<< 'x y'; echo \"$a-$b\"",
	"printf '%*s' 99999999 x",
	"echo $(( ((((((1)))))) ))",
	"coproc cat; echo hi",
	"exec 3>&1; echo x >&3; exec 3>&-",
	"declare -n r=v; v=1; r=2; echo $v",
	"sleep 1 & wait; jobs",
	"echo ${x@P} ${!x} ${x,,} ${x^^[a]}",
	"getopts ab: o -a; echo $o",
	"source /dev/zero",
	"set -- a b; shift 5; echo $#",
	"echo $'\\x41\\u00e9' \"${PIPESTATUS[@]}\"",
}

// FuzzEval runs arbitrary script text in a runner over an in-memory FS
// with tight limits: steps, call depth, string and array sizes and a short
// timeout. Whatever the text, no panic may escape (Run reports an internal
// error, but a pipeline stage or a job panicking in its own goroutine
// would crash the process) and the run must end.
func FuzzEval(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		if fuzzkit.TooBig(script) {
			t.Skip()
		}
		fuzzRun(t, script)
	})
}

// FuzzParse is the reader alone: with noexec set the line-at-a-time
// reader, the arithmetic blanking and the nesting check run on the text,
// and nothing executes, so the fuzzer spends its time on syntax.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Add("echo $(( " + strings.Repeat("(", 2000) + "1" + strings.Repeat(")", 2000) + " ))")
	f.Add("a() { b() { c() { :; }; }; }; if x; then while y; do case z in *) ;; esac; done; fi")
	f.Add("echo ${a[${b[${c}]}]} $(echo $(echo `echo x`))")
	f.Fuzz(func(t *testing.T, script string) {
		if fuzzkit.TooBig(script) {
			t.Skip()
		}
		fuzzRun(t, "set -n\n"+script)
	})
}

// fuzzRun runs script and fails t when it does not end.
func fuzzRun(t *testing.T, script string) {
	fsys := fuzzkit.NewFS()
	cfg := &Config{FS: fsys, Limits: Limits{
		Timeout: fuzzkit.Timeout, MaxSteps: 20_000, MaxCallDepth: 50,
		MaxStringBytes: 256 << 10, MaxArrayElems: 16 << 10, MaxJobs: 8,
	}}
	r := New(cfg, map[string]string{"HOME": "/home/user", "PATH": "/nonexistent"}, "/home/user")
	out, errw := &fuzzkit.Cap{Max: fuzzkit.MaxOutput}, &fuzzkit.Cap{Max: fuzzkit.MaxOutput}
	r.SetStdio(strings.NewReader("line one\nline two\n"), out, errw)
	r.SetMode('c')
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.Run(context.Background(), script, "")
	}()
	if _, ok := fuzzkit.Wait(done, fuzzkit.Timeout+fuzzkit.Grace); !ok {
		t.Fatalf("script did not end %v after its timeout", fuzzkit.Grace)
	}
}
