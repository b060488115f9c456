package all

import (
	"testing"

	"github.com/justbash/justbash/vfs"
)

// TestFindExec: find -exec and -execdir run other families' commands, so
// these rows (recorded with find's in commands/find) run on the full set.
func TestFindExec(t *testing.T) {
	runExecCases(t, findFS, []execCase{
		{Args: []string{"find", "d", "-name", "f.txt", "-exec", "cat", "{}", ";"}, Out: "hi\n"},
		{Args: []string{"find", "d", "-type", "f", "-exec", "echo", "X", "{}", "+"}, Out: "X d/empty d/f.txt d/sub/g.txt\n"},
		{Args: []string{"find", "d", "-name", "g.txt", "-execdir", "pwd", ";"}, Out: "/home/user/d/sub\n"},
		{Args: []string{"find", "d", "-name", "g.txt", "-execdir", "echo", "{}", ";"}, Out: "./g.txt\n"},
		{Args: []string{"find", "d", "-name", "f.txt", "-exec", "false", ";"}, Out: ""},
		{Args: []string{"find", "d", "-name", "f.txt", "-exec", "false", "{}", "+"}, Status: 1},
	})
}

// findFS is commands/find's test tree (see there for how it was recorded).
func findFS(t *testing.T) vfs.FS {
	fsys := newTestFS(t, map[string]string{
		"/home/user/d/f.txt": "hi\n", "/home/user/d/sub/g.txt": "x\n",
		"/home/user/d/empty": "", "/home/user/d/edir/": "",
	})
	if err := fsys.Symlink("f.txt", "/home/user/d/lnk"); err != nil {
		t.Fatal(err)
	}
	if err := fsys.Chmod("/home/user/d/f.txt", 0o755); err != nil {
		t.Fatal(err)
	}
	return fsys
}
