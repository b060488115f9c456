package shell

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestLimitsHoldWithoutVariables replays the hostile inputs of the
// hardening issue: each must end with the named limit and its status,
// never a crash, a hang or an outgrown heap. No variable is involved in
// any limit: scripts that name the wave-1 internals get nothing from it.
func TestLimitsHoldWithoutVariables(t *testing.T) {
	lim := Hardened
	lim.Timeout = 20 * time.Second
	sh, err := New(Options{Limits: &lim, Files: map[string]string{"/tmp/self.sh": "source /tmp/self.sh\n"}})
	if err != nil {
		t.Fatal(err)
	}
	deep := "echo $((" + strings.Repeat("(", 250_000) + "1" + strings.Repeat(")", 250_000) + "))"
	tests := []struct {
		name, script string
		limit        string
		status       int
	}{
		{"eval recursion", `f='eval "$f"'; eval "$f"`, "max call depth", 125},
		{"self-sourcing file", `source /tmp/self.sh`, "max call depth", 125},
		{"function recursion with the old depth variable", `f(){ local __JUSTBASH_DEPTH=0; f; }; f`, "max call depth", 125},
		{"deep arithmetic nesting", deep, "max nesting depth", 125},
		{"printf width", `printf "%*s" 2147483647 x`, "max string bytes", 125},
		{"doubling string", `x=x; while :; do x=$x$x; done`, "max string bytes", 125},
		{"huge brace sequence", `echo {1..99999999}`, "max array elements", 125},
		{"source of an endless file", `source /dev/zero`, "max string bytes", 125},
		{"background jobs counted", `while :; do sleep 3 & done`, "max background jobs", 125},
		{"endless loop", `while :; do :; done`, "max steps", 125},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := sh.Exec(context.Background(), tc.script)
			var le *LimitError
			if !errors.As(err, &le) {
				t.Fatalf("want a limit error %q, got err=%v status=%d stderr=%q", tc.limit, err, res.ExitCode, tail(res.Stderr))
			}
			if le.Name != tc.limit || res.ExitCode != tc.status {
				t.Fatalf("got limit %q status %d, want %q %d (stderr %q)", le.Name, res.ExitCode, tc.limit, tc.status, tail(res.Stderr))
			}
			if !strings.Contains(res.Stderr, "justbash: "+tc.limit+" exceeded") {
				t.Fatalf("stderr lacks the limit message: %q", tail(res.Stderr))
			}
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			if int64(ms.HeapAlloc) > lim.MaxHeapBytes {
				t.Fatalf("heap %d MiB after the run, over the %d MiB limit", ms.HeapAlloc>>20, lim.MaxHeapBytes>>20)
			}
			t.Logf("heap after: %d MiB", ms.HeapAlloc>>20)
		})
	}
}

func tail(s string) string {
	if len(s) > 300 {
		return "…" + s[len(s)-300:]
	}
	return s
}

// TestNoHiddenState checks that nothing of the sandbox's own shows up in
// what a script can list, set or trace.
func TestNoHiddenState(t *testing.T) {
	sh, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ script, want string }{
		{`__JUSTBASH_PID=42; echo $$`, "1\n"},
		{`echo "${!__JUSTBASH*}${!__justbash*}"`, "\n"},
		{`set -x; f() { time true; }; f 2>/dev/null; set +x; declare -f f`, "f () \n{ \n    time true\n}\n"},
		{`while break; do :; done; echo ok`, "ok\n"},
		{`echo "# lastpipe" | cat; x=1; echo x | read x; echo $x`, "# lastpipe\n1\n"},
		{"bash=1\necho $(( 1 / 0 ))\necho after", "after\n"},
	} {
		res, _ := sh.Exec(context.Background(), tc.script)
		if res.Stdout != tc.want {
			t.Errorf("%q: got %q (stderr %q), want %q", tc.script, res.Stdout, res.Stderr, tc.want)
		}
		for _, bad := range []string{"__JUSTBASH", "__justbash"} {
			if strings.Contains(res.Stderr, bad) || strings.Contains(res.Stdout, bad) && !strings.Contains(tc.script, "echo \"${!") {
				t.Errorf("%q: output mentions %s: %q %q", tc.script, bad, res.Stdout, res.Stderr)
			}
		}
	}
}
