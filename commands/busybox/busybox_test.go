package busybox_test

import (
	"context"
	"strings"
	"testing"

	"github.com/justbash/justbash/shell"
)

func runScript(t *testing.T, script string) shell.Result {
	t.Helper()
	sh, err := shell.New(shell.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sh.Exec(context.Background(), script)
	if err != nil {
		t.Fatalf("%q: %v", script, err)
	}
	return res
}

func TestBusyboxRunsApplets(t *testing.T) {
	cases := []struct {
		name, script, stdout, stderr string
		code                         int
	}{
		{"echo", "busybox echo hi there", "hi there\n", "", 0},
		{"stdin flows through", "printf 'abc\\n' | busybox sed s/b/X/", "aXc\n", "", 0},
		{"status propagates", "busybox false; echo $?", "1\n", "", 0},
		{"arguments keep their order", "busybox printf '%s-%s\\n' a b", "a-b\n", "", 0},
		{"path prefix is dropped", "echo x | busybox /bin/cat", "x\n", "", 0},
		{"shell functions are not applets", "sed() { echo func; }; echo a | busybox sed s/a/b/", "b\n", "", 0},
		{"nested busybox", "busybox busybox echo ok", "ok\n", "", 0},
		{"files in cwd", "echo data > f; busybox wc -l f", "1 f\n", "", 0},
		{"test is a shell builtin", "busybox test a = a; echo $?; busybox test; echo $?", "0\n1\n", "", 0},
		{"[ needs its ]", "busybox [ -n x ] && echo yes; busybox [ -n x 2>/dev/null; echo $?", "yes\n2\n", "", 0},
		{"unknown applet", "busybox nosuch arg", "", "nosuch: applet not found\n", 127},
		{"names starting with _ are private", "busybox _x", "", "_x: applet not found\n", 127},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := runScript(t, tc.script)
			if res.Stdout != tc.stdout || res.Stderr != tc.stderr || res.ExitCode != tc.code {
				t.Errorf("%s\ngot  stdout %q stderr %q status %d\nwant stdout %q stderr %q status %d",
					tc.script, res.Stdout, res.Stderr, res.ExitCode, tc.stdout, tc.stderr, tc.code)
			}
		})
	}
}

func TestBusyboxList(t *testing.T) {
	res := runScript(t, "busybox --list")
	if res.ExitCode != 0 {
		t.Fatalf("status %d: %s", res.ExitCode, res.Stderr)
	}
	names := strings.Split(strings.TrimSuffix(res.Stdout, "\n"), "\n")
	seen := map[string]bool{}
	for i, n := range names {
		seen[n] = true
		if i > 0 && names[i-1] >= n {
			t.Errorf("list not sorted at %q, %q", names[i-1], n)
		}
	}
	for _, want := range []string{"sed", "awk", "cat", "sh", "grep", "test", "["} {
		if !seen[want] {
			t.Errorf("--list lacks %s", want)
		}
	}
	if seen["busybox"] {
		t.Error("--list names busybox itself")
	}
	// Every listed applet must be runnable through busybox.
	check := runScript(t, `for a in $(busybox --list); do type "$a" >/dev/null 2>&1 || echo "missing $a"; done`)
	if check.Stdout != "" {
		t.Errorf("listed applets that the shell cannot find:\n%s", check.Stdout)
	}
}

func TestBusyboxUsage(t *testing.T) {
	for _, script := range []string{"busybox", "busybox --help"} {
		res := runScript(t, script)
		if res.ExitCode != 0 || res.Stderr != "" {
			t.Errorf("%s: status %d, stderr %q", script, res.ExitCode, res.Stderr)
		}
		if !strings.Contains(res.Stdout, "Usage: busybox [function [arguments]...]\n") {
			t.Errorf("%s: no usage line:\n%s", script, res.Stdout)
		}
		for _, line := range strings.Split(res.Stdout, "\n") {
			if len(line) > 80 {
				t.Errorf("%s: line longer than 80 columns: %q", script, line)
			}
		}
		if !strings.Contains(res.Stdout, " sed,") {
			t.Errorf("%s: applet list lacks sed:\n%s", script, res.Stdout)
		}
	}
}
