package all

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/justbash/justbash/"

// TestPackageLayout enforces the house rules of commands/ (see the
// commands package doc): the framework imports no command; a command
// package imports the framework and commands/internal libraries but never
// another command package; internal libraries import no command package.
// Only the tables (this package and commands/light) and tests under
// internal/hardentest see every command. Go's visibility rules then keep every unexported name
// inside its own package. The shared test harness, internal/cmdtest, is
// for _test.go files only. A family's tests run that family alone: a test
// that needs commands of several families lives here, in all.
func TestPackageLayout(t *testing.T) {
	root := ".."
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		rel = filepath.ToSlash(rel)
		if rel == "all" || rel == "light" || rel == "internal/hardentest" || strings.Contains(rel, "testdata") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			if bad := layoutViolation(rel, ip); bad != "" {
				t.Errorf("%s imports %s: %s", p, ip, bad)
			}
			if ip == module+"commands/internal/cmdtest" && !strings.HasSuffix(p, "_test.go") {
				t.Errorf("%s imports the test harness: only tests may", p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d files checked: walked the wrong tree?", checked)
	}
}

// layoutViolation says why package dir (relative to commands/) may not
// import ip, or "" if it may.
func layoutViolation(dir, ip string) string {
	sub, ok := strings.CutPrefix(ip, module+"commands/")
	if !ok {
		return ""
	}
	if strings.HasPrefix(sub, "internal/") {
		return ""
	}
	if dir == "." {
		return "the framework imports no command package"
	}
	if strings.HasPrefix(dir, "internal/") {
		return "an internal library imports no command package"
	}
	if path.Clean(dir) != sub {
		return "command packages do not import each other; move the shared code to commands/internal"
	}
	return ""
}

func TestLayoutRules(t *testing.T) {
	for _, tc := range []struct {
		dir, ip string
		ok      bool
	}{
		{".", module + "commands/internal/boundio", true},
		{".", module + "commands/text", false},
		{"text", module + "commands", true},
		{"text", module + "commands/internal/opts", true},
		{"text", module + "commands/files", false},
		{"internal/opts", module + "commands/sed", false},
		{"sed", module + "vfs", true},
	} {
		if got := layoutViolation(tc.dir, tc.ip) == ""; got != tc.ok {
			t.Errorf("%s importing %s: allowed=%v, want %v", tc.dir, tc.ip, got, tc.ok)
		}
	}
}
