package find

import (
	"testing"

	"github.com/justbash/justbash/commands/internal/cmdtest"
	"github.com/justbash/justbash/vfs"
)

// h is the shared harness (commands/internal/cmdtest) over this family's
// commands; the helpers below keep the tables short.
var h = cmdtest.H{Reg: cmdtest.NewRegistry(Register)}

type (
	execCase = cmdtest.ExecCase
)

func newTestFS(t *testing.T, files map[string]string) vfs.FS {
	t.Helper()
	return cmdtest.NewFS(t, files)
}

func runExec(t *testing.T, fsys vfs.FS, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return h.Exec(t, fsys, stdin, args...)
}

func runExecCases(t *testing.T, mk func(t *testing.T) vfs.FS, cases []execCase) {
	t.Helper()
	h.ExecCases(t, mk, cases)
}
