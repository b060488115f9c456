package shell

import (
	"os"
	"os/exec"
	"testing"
)

// checkWithBash runs each script under /bin/bash -c (a clean environment,
// a fresh directory) and in one shell of ours (prefix run first, in ours
// only) and compares standard output, or both streams merged when
// combined is set.
func checkWithBash(t *testing.T, scripts []string, combined bool, prefix string) {
	t.Helper()
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	sh := newShell(t, Options{})
	for _, s := range scripts {
		cmd := exec.Command("/bin/bash", "-c", s)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=/tmp", "LANG=C.UTF-8"}
		cmd.Dir = t.TempDir()
		var want []byte
		if combined {
			want, _ = cmd.CombinedOutput()
		} else {
			want, _ = cmd.Output()
		}
		res := run(t, sh, prefix+s)
		got := res.Stdout
		if combined {
			got += res.Stderr
		}
		if got != string(want) {
			t.Errorf("script %q\nbash: %q\nours: %q", s, want, got)
		}
	}
}
