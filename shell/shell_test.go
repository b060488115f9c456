package shell

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
)

func run(t *testing.T, sh *Shell, script string, opts ...ExecOption) Result {
	t.Helper()
	res, err := sh.Exec(context.Background(), script, opts...)
	var le *LimitError
	if err != nil && !errors.As(err, &le) {
		t.Fatalf("Exec(%q): %v", script, err)
	}
	return res
}

func newShell(t *testing.T, opts Options) *Shell {
	t.Helper()
	sh, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

func TestExecBasics(t *testing.T) {
	tests := []struct {
		name, script, stdout, stderr string
		code                         int
	}{
		{"echo", "echo hello", "hello\n", "", 0},
		{"exit status", "exit 3", "", "", 3},
		{"pipeline", "echo abc | cat | cat", "abc\n", "", 0},
		{"pid is virtual", "echo $$ $PPID ${$}", "1 0 1\n", "", 0},
		{"home", "echo ~ $HOME ~root ~nobody; pwd", "/home/user /home/user /root ~nobody\n/home/user\n", "", 0},
		{"redirect roundtrip", "echo hi > f; echo more >> f; cat < f", "hi\nmore\n", "", 0},
		{"procsubst", "cat <(echo one) <(echo two)", "one\ntwo\n", "", 0},
		{"procsubst while", "while read l; do echo got $l; done < <(printf 'a\\nb\\n')", "got a\ngot b\n", "", 0},
		{"not found", "nosuch; echo $?", "127\n", "bash: line 1: nosuch: command not found\n", 0},
		{"syntax error", "echo )(", "", "", 2},
		{"printf floats", "printf '%.2f|%5s|%x\\n' 3.14159 ab 255", "3.14|   ab|ff\n", "", 0},
		{"printf -v", "f(){ local v; printf -v v '%03d' 7; echo $v; }; f; echo \"[$v]\"", "007\n[]\n", "", 0},
		{"type", "f(){ :; }; type -t f cd if cat; command -v cat f nosuch; echo $?", "function\nbuiltin\nkeyword\nfile\n/usr/bin/cat\nf\n0\n", "", 0},
		{"test -O is sandboxed", "[ -O /tmp ] && echo yes; [[ -G /tmp ]] && echo yes2", "yes\nyes2\n", "", 0},
		{"nested bash", "bash -c 'echo $0 $1 $2' n a b; sh -c 'exit 4'; echo $?", "n a b\n4\n", "", 0},
		{"bash script file", "printf 'echo from file $1\\n' > s.sh; bash s.sh x; chmod +x s.sh 2>/dev/null; echo done", "from file x\ndone\n", "", 0},
		{"source from PATH dir", "mkdir -p /usr/local/bin; echo 'V=42' > /usr/local/bin/lib.sh; . lib.sh; echo $V", "42\n", "", 0},
		{"source relative", "echo 'echo args $#: $1' > l.sh; source ./l.sh a b", "args 2: a\n", "", 0},
		{"cd missing", "cd /nope; echo $?", "1\n", "", 0},
		{"glob", "touch /tmp/a.txt /tmp/b.txt; cd /tmp; echo *.txt", "a.txt b.txt\n", "", 0},
		{"dev null", "echo x > /dev/null; cat /dev/null; echo ok", "ok\n", "", 0},
		{"cmd subst", "x=$(echo a; echo b); echo \"$x\"", "a\nb\n", "", 0},
	}
	sh := newShell(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, sh, tt.script)
			if res.Stdout != tt.stdout || res.ExitCode != tt.code || (tt.stderr != "" && res.Stderr != tt.stderr) {
				t.Errorf("script %q\n got stdout=%q stderr=%q code=%d\nwant stdout=%q stderr=%q code=%d",
					tt.script, res.Stdout, res.Stderr, res.ExitCode, tt.stdout, tt.stderr, tt.code)
			}
		})
	}
}

func TestStatePersistence(t *testing.T) {
	sh := newShell(t, Options{})
	run(t, sh, "x=1; f(){ echo f; }; cd /tmp; echo data > /tmp/keep")
	res := run(t, sh, `echo "x=$x"; pwd; type -t f; cat /tmp/keep`)
	if want := "x=\n/home/user\ndata\n"; res.Stdout != want {
		t.Errorf("Exec must keep only the FS: got %q want %q", res.Stdout, want)
	}
	sess, err := sh.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sess.Exec(ctx, "x=1; f(){ echo f$x; }; cd /tmp")
	res, _ = sess.Exec(ctx, "f; pwd")
	if want := "f1\n/tmp\n"; res.Stdout != want {
		t.Errorf("Session must keep state: got %q want %q", res.Stdout, want)
	}
}

func TestLimits(t *testing.T) {
	tests := []struct {
		name, script, limit string
		lim                 Limits
		status              int
	}{
		{"infinite loop", "while :; do :; done", "max steps", Limits{MaxSteps: 10000}, StatusLimit},
		{"arith loop", "while ((1)); do ((i++)); done", "max steps", Limits{MaxSteps: 10000}, StatusLimit},
		{"recursion", "f(){ f; }; f", "max call depth", Limits{MaxCallDepth: 100, MaxSteps: 1e6}, StatusLimit},
		{"eval recursion", "eval 'g(){ g; }'; g", "max call depth", Limits{MaxCallDepth: 50, MaxSteps: 1e6}, StatusLimit},
		{"timeout", "while :; do :; done", "timeout", Limits{Timeout: 50 * time.Millisecond}, StatusTimeout},
		{"sleep timeout", "sleep 10", "timeout", Limits{Timeout: 50 * time.Millisecond}, StatusTimeout},
		{"output flood", "yes", "max output bytes", Limits{MaxOutputBytes: 1 << 16}, StatusLimit},
		{"subst flood", "x=$(yes)", "max string bytes", Limits{MaxStringBytes: 1 << 16}, StatusLimit},
		{"fork bomb shape", "b(){ b|b& }; b; while :; do :; done", "max steps", Limits{MaxSteps: 20000}, StatusLimit},
		{"nested shell shares steps", "bash -c 'while :; do :; done'", "max steps", Limits{MaxSteps: 10000}, StatusLimit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lim := tt.lim
			sh := newShell(t, Options{Limits: &lim})
			res, err := sh.Exec(context.Background(), tt.script)
			var le *LimitError
			if !errors.As(err, &le) || le.Name != tt.limit {
				t.Fatalf("err = %v, want limit %q", err, tt.limit)
			}
			if res.ExitCode != tt.status {
				t.Errorf("status %d, want %d", res.ExitCode, tt.status)
			}
			if !strings.Contains(res.Stderr, "justbash: "+tt.limit+" exceeded (") {
				t.Errorf("stderr %q does not name the limit", res.Stderr)
			}
			// The shell still works afterwards.
			if r := run(t, sh, "echo alive"); r.Stdout != "alive\n" {
				t.Errorf("after limit: %q", r.Stdout)
			}
		})
	}
}

func TestOutputKeptBeforeLimit(t *testing.T) {
	lim := Limits{MaxSteps: 1000}
	sh := newShell(t, Options{Limits: &lim})
	res, _ := sh.Exec(context.Background(), "echo before; echo file > /tmp/f; while :; do :; done")
	if res.Stdout != "before\n" {
		t.Errorf("stdout %q", res.Stdout)
	}
	if r := run(t, sh, "cat /tmp/f"); r.Stdout != "file\n" {
		t.Errorf("file written before the limit lost: %q", r.Stdout)
	}
}

type panicCmd struct{}

func (panicCmd) Run(ctx context.Context, c *commands.Context) int { panic("boom") }

func TestPanicBecomesStatus2(t *testing.T) {
	sh := newShell(t, Options{Commands: map[string]commands.Command{"boom": panicCmd{}}})
	for _, script := range []string{"boom; echo rc=$?", "boom | cat; echo rc=${PIPESTATUS:-x}", "echo x | boom & wait; echo done", "x=$(boom); echo rc=$?"} {
		res := run(t, sh, script)
		if !strings.Contains(res.Stderr, "boom: internal error: boom") {
			t.Errorf("%q: stderr %q", script, res.Stderr)
		}
	}
	res := run(t, sh, "boom; echo rc=$?")
	if res.Stdout != "rc=2\n" {
		t.Errorf("status after panic: %q", res.Stdout)
	}
}

func TestCancel(t *testing.T) {
	sh := newShell(t, Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := sh.Exec(ctx, "while :; do :; done")
	if err == nil {
		t.Fatal("want an error from a cancelled run")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("cancel took %v", d)
	}
}
