package all

import (
	"testing"

	"github.com/justbash/justbash/commands/internal/cmdtest"
	"github.com/justbash/justbash/vfs"
)

// h is the shared harness (commands/internal/cmdtest) over the full set:
// the tests here are the ones that cross families (pipelines through
// nested Exec, the layout, fuzz finds); a family's own tests live in its
// package.
var h = cmdtest.H{Reg: Default()}

var testReg = h.Reg

type (
	execCase = cmdtest.ExecCase
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

func runExecCases(t *testing.T, mk func(t *testing.T) vfs.FS, cases []execCase) {
	t.Helper()
	h.ExecCases(t, mk, cases)
}
