package shell

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGoldenScripts runs each testdata/scripts/NAME.sh in a fresh sandbox
// and compares with NAME.stdout, NAME.status and, when present,
// NAME.stderr. The expectations were recorded by running the same script
// with /bin/bash in an empty temporary directory.
func TestGoldenScripts(t *testing.T) {
	scripts, err := filepath.Glob("../testdata/scripts/*.sh")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no golden scripts: %v", err)
	}
	for _, path := range scripts {
		base := strings.TrimSuffix(path, ".sh")
		t.Run(filepath.Base(base), func(t *testing.T) {
			script := mustRead(t, path)
			wantOut := mustRead(t, base+".stdout")
			wantStatus, _ := strconv.Atoi(strings.TrimSpace(mustRead(t, base+".status")))
			sh := newShell(t, Options{Dir: "/home/user/work"})
			res, err := sh.Exec(context.Background(), script)
			if err != nil {
				t.Fatalf("Exec: %v", err)
			}
			if res.Stdout != wantOut {
				t.Errorf("stdout:\n got %q\nwant %q\nstderr: %q", res.Stdout, wantOut, res.Stderr)
			}
			if res.ExitCode != wantStatus {
				t.Errorf("status %d, want %d (stderr %q)", res.ExitCode, wantStatus, res.Stderr)
			}
			if wantErr, err := os.ReadFile(base + ".stderr"); err == nil && res.Stderr != string(wantErr) {
				t.Errorf("stderr:\n got %q\nwant %q", res.Stderr, wantErr)
			}
		})
	}
}

func mustRead(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
