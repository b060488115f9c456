package sqlite

import (
	"strings"
	"testing"
)

// The version differs from the recorded sqlite3's (the engine is newer),
// so these rows are checked here rather than replayed: options act in
// order, -version before a bad option wins, as sqlite3 3.40 does; -help
// likewise (on stdout with status 0, where sqlite3 uses stderr and 1: the
// sandbox's rule for every command's help).
func TestOptionsActInOrder(t *testing.T) {
	fsys := newFS(t)
	out, errs, code := runCmd(t, fsys, Options{}, "", "sqlite3", "-version", "-bogus")
	if out != version()+"\n" || errs != "" || code != 0 {
		t.Errorf("-version -bogus: (%d) %q %q", code, out, errs)
	}
	out, errs, code = runCmd(t, fsys, Options{}, "", "sqlite3", "-bogus", "-version")
	if out != "" || !strings.HasPrefix(errs, "sqlite3: Error: unknown option: -bogus\n") || code != 1 {
		t.Errorf("-bogus -version: (%d) %q %q", code, out, errs)
	}
	out, errs, code = runCmd(t, fsys, Options{}, "", "sqlite3", "-help", "-bogus")
	if errs != "" || !strings.HasPrefix(out, "Usage: sqlite3 [OPTIONS] FILENAME [SQL]\n") || code != 0 {
		t.Errorf("-help -bogus: (%d) %q %q", code, out, errs)
	}
}
