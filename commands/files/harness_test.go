package files

import (
	"testing"

	"github.com/justbash/justbash/commands/internal/cmdtest"
	"github.com/justbash/justbash/vfs"
)

// h is the shared harness (commands/internal/cmdtest) over this family's
// commands; the helpers below keep the tables short.
var h = cmdtest.H{Reg: cmdtest.NewRegistry(Register)}

type (
	cmdCase = cmdtest.Case
)

func newTestFS(t *testing.T, files map[string]string) vfs.FS {
	t.Helper()
	return cmdtest.NewFS(t, files)
}

func runIn(t *testing.T, fsys vfs.FS, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return h.Run(t, fsys, stdin, args...)
}

func runCmd(t *testing.T, files map[string]string, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return h.Cmd(t, files, stdin, args...)
}

func runExec(t *testing.T, fsys vfs.FS, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return h.Exec(t, fsys, stdin, args...)
}

func runCases(t *testing.T, cases []cmdCase) { t.Helper(); h.Cases(t, cases) }
