package jsexec_test

import (
	"context"
	"strings"
	"testing"

	"github.com/justbash/justbash/shell"
)

// js-exec inside a shell takes its heap budget and call-stack depth from
// the shell's profile: Hardened is tighter than Normal on both.
func TestShellProfileLimits(t *testing.T) {
	depthScript := `js-exec -c 'function f() { f() } f()'`
	memScript := `js-exec -c 'new Uint8Array(2**31)'`
	for _, tc := range []struct {
		name     string
		lim      shell.Limits
		frames   string
		memLimit string
	}{
		{"Normal", shell.Normal, "(4000 frames)", "limit 536870912)"},
		{"Hardened", shell.Hardened, "(800 frames)", "limit 268435456)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lim := tc.lim
			sh, err := shell.New(shell.Options{Limits: &lim})
			if err != nil {
				t.Fatal(err)
			}
			res, err := sh.Exec(context.Background(), depthScript)
			if err != nil || res.ExitCode != 1 || !strings.Contains(res.Stderr, "js-exec: call stack exceeded "+tc.frames) {
				t.Fatalf("depth: %v status %d stderr %q", err, res.ExitCode, res.Stderr)
			}
			res, _ = sh.Exec(context.Background(), memScript)
			if res.ExitCode != 125 || !strings.Contains(res.Stderr, "js-exec: memory exceeded (typed array would need 2147483648 bytes; "+tc.memLimit) {
				t.Fatalf("memory: status %d stderr %q", res.ExitCode, res.Stderr)
			}
		})
	}
}
