package sqlite

import (
	"strings"
	"testing"
)

// The version differs from the recorded sqlite3's (the engine is newer),
// so these rows are checked here rather than replayed: options act in
// order, -version before a bad option wins, -help goes to stderr with
// status 1, as sqlite3 3.40 does.
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
	if out != "" || !strings.HasPrefix(errs, "Usage: sqlite3 [OPTIONS] FILENAME [SQL]\n") || code != 1 {
		t.Errorf("-help -bogus: (%d) %q %q", code, out, errs)
	}
}
