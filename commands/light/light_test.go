package light

import (
	"os/exec"
	"strings"
	"testing"
)

// TestHeavyNotLinked proves that an embedder building its registry here
// links neither sqlite3 (modernc's transpiled SQLite) nor js-exec (goja,
// esbuild): go list -deps of this package names none of them.
func TestHeavyNotLinked(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the dependencies with")
	}
	out, err := exec.Command(goBin, "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list failed (no module cache?): %v", err)
	}
	deps := strings.Fields(string(out))
	seen := map[string]bool{}
	for _, d := range deps {
		seen[d] = true
		for _, heavy := range []string{
			"github.com/justbash/justbash/commands/sqlite", "github.com/justbash/justbash/jsexec",
			"modernc.org/", "github.com/dop251/goja", "github.com/evanw/esbuild",
		} {
			if strings.HasPrefix(d, heavy) {
				t.Errorf("commands/light links %s", d)
			}
		}
	}
	// The listing is the real one: the light commands are in it.
	for _, want := range []string{"github.com/justbash/justbash/commands/text", "github.com/justbash/justbash/commands/jq"} {
		if !seen[want] {
			t.Errorf("go list -deps lacks %s: %d packages listed", want, len(deps))
		}
	}
}

func TestTable(t *testing.T) {
	r := Default()
	for _, name := range []string{"ls", "grep", "sort", "awk", "sed", "jq", "yq", "tar", "curl", "busybox"} {
		if _, ok := r.Lookup(name); !ok {
			t.Errorf("light table lacks %s", name)
		}
	}
	for _, name := range []string{"sqlite3", "js-exec", "node"} {
		if _, ok := r.Lookup(name); ok {
			t.Errorf("light table has the heavy %s", name)
		}
	}
}
