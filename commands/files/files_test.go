package files

import (
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/vfs"
)

func lsFS(t *testing.T) vfs.FS {
	fsys := newTestFS(t, map[string]string{
		"/home/user/d/e/": "", "/home/user/d/f": "hi\n", "/home/user/.h": "x\n",
		"/home/user/big": strings.Repeat("x", 5000),
	})
	if err := fsys.Symlink("d", "/home/user/lnk"); err != nil {
		t.Fatal(err)
	}
	if err := fsys.Chmod("/home/user/big", 0o755); err != nil {
		t.Fatal(err)
	}
	return fsys
}

func TestLs(t *testing.T) {
	cases := []struct {
		args   []string
		out    string
		errOut string
		status int
	}{
		{[]string{"ls"}, "big\nd\nlnk\n", "", 0},
		{[]string{"ls", "-a"}, ".\n..\n.h\nbig\nd\nlnk\n", "", 0},
		{[]string{"ls", "-A"}, ".h\nbig\nd\nlnk\n", "", 0},
		{[]string{"ls", "-F"}, "big*\nd/\nlnk@\n", "", 0},
		{[]string{"ls", "-r"}, "lnk\nd\nbig\n", "", 0},
		{[]string{"ls", "-S"}, "big\nd\nlnk\n", "", 0},
		{[]string{"ls", "-d", "d"}, "d\n", "", 0},
		{[]string{"ls", "nope"}, "", "ls: cannot access 'nope': No such file or directory\n", 2},
		{[]string{"ls", "d", "lnk"}, "d:\ne\nf\n\nlnk:\ne\nf\n", "", 0},
		{[]string{"ls", "d/f", "d"}, "d/f\n\nd:\ne\nf\n", "", 0},
		{[]string{"ls", "-R", "d"}, "d:\ne\nf\n\nd/e:\n", "", 0},
		{[]string{"ls", "-l", "lnk"}, "lrwxrwxrwx 1 user user 1 Nov 30  2024 lnk -> d\n", "", 0},
		{[]string{"ls", "-lh", "big"}, "-rwxr-xr-x 1 user user 4.9K Nov 30  2024 big\n", "", 0},
		{[]string{"ls", "-1", "/home/user/d"}, "e\nf\n", "", 0},
	}
	for _, tc := range cases {
		out, errOut, st := runIn(t, lsFS(t), "", tc.args...)
		if out != tc.out {
			t.Errorf("%v: stdout %q, want %q", tc.args, out, tc.out)
		}
		if errOut != tc.errOut || st != tc.status {
			t.Errorf("%v: stderr %q status %d, want %q %d", tc.args, errOut, st, tc.errOut, tc.status)
		}
	}
}

func TestLsLongLayout(t *testing.T) {
	out, _, st := runIn(t, lsFS(t), "", "ls", "-l", "d")
	lines := strings.Split(out, "\n")
	if st != 0 || len(lines) != 4 || !strings.HasPrefix(lines[0], "total ") ||
		!strings.HasPrefix(lines[1], "drwxr-xr-x 2 user user ") || !strings.HasSuffix(lines[1], " Nov 30  2024 e") ||
		!strings.HasPrefix(lines[2], "-rw-r--r-- 1 user user ") || !strings.HasSuffix(lines[2], " 3 Nov 30  2024 f") {
		t.Fatalf("ls -l d = %q", out)
	}
	// Columns line up: the name starts at the same offset on both lines.
	if strings.Index(lines[1], "Nov") != strings.Index(lines[2], "Nov") {
		t.Fatalf("columns not aligned: %q", out)
	}
}

func TestLsRecentDate(t *testing.T) {
	fsys := lsFS(t)
	now := time.Now().UTC()
	if err := fsys.Chtimes("/home/user/d/f", now, now); err != nil {
		t.Fatal(err)
	}
	out, _, _ := runIn(t, fsys, "", "ls", "-l", "d/f")
	want := "-rw-r--r-- 1 user user 3 " + now.Format("Jan _2 15:04") + " d/f\n"
	if out != want {
		t.Fatalf("got %q want %q", out, want)
	}
}

func TestMkdirRmTouch(t *testing.T) {
	f := map[string]string{"d/f": "hi\n", "d/e/": ""}
	runCases(t, []cmdCase{
		{Name: "mkdir-exists", Args: []string{"mkdir", "d"}, Files: f, ErrOut: "mkdir: cannot create directory 'd': File exists\n", Status: 1},
		{Name: "mkdir-noparent", Args: []string{"mkdir", "a/b"}, ErrOut: "mkdir: cannot create directory 'a/b': No such file or directory\n", Status: 1},
		{Name: "mkdir-pv", Args: []string{"mkdir", "-pv", "x/y/z"}, Out: "mkdir: created directory 'x'\nmkdir: created directory 'x/y'\nmkdir: created directory 'x/y/z'\n"},
		{Name: "mkdir-p-existing", Args: []string{"mkdir", "-p", "d"}, Files: f},
		{Name: "mkdir-p-file", Args: []string{"mkdir", "-p", "d/f"}, Files: f, ErrOut: "mkdir: cannot create directory 'd/f': File exists\n", Status: 1},
		{Name: "mkdir-v", Args: []string{"mkdir", "-v", "q"}, Out: "mkdir: created directory 'q'\n"},
		{Name: "mkdir-missing", Args: []string{"mkdir"}, ErrOut: "mkdir: missing operand\nTry 'mkdir --help' for more information.\n", Status: 1},
		{Name: "mkdir-bad-mode", Args: []string{"mkdir", "-m", "9", "q"}, ErrOut: "mkdir: invalid mode '9'\n", Status: 1},
		{Name: "rm-dir", Args: []string{"rm", "d"}, Files: f, ErrOut: "rm: cannot remove 'd': Is a directory\n", Status: 1},
		{Name: "rm-missing", Args: []string{"rm", "nope"}, ErrOut: "rm: cannot remove 'nope': No such file or directory\n", Status: 1},
		{Name: "rm-f", Args: []string{"rm", "-f", "nope"}},
		{Name: "rm-no-operand", Args: []string{"rm"}, ErrOut: "rm: missing operand\nTry 'rm --help' for more information.\n", Status: 1},
		{Name: "rm-rv", Args: []string{"rm", "-rv", "d"}, Files: f, Out: "removed directory 'd/e'\nremoved 'd/f'\nremoved directory 'd'\n"},
		{Name: "rm-d-nonempty", Args: []string{"rm", "-d", "d"}, Files: f, ErrOut: "rm: cannot remove 'd': Directory not empty\n", Status: 1},
		{Name: "rm-d-empty", Args: []string{"rm", "-dv", "d/e"}, Files: f, Out: "removed directory 'd/e'\n"},
		{Name: "rm-root", Args: []string{"rm", "-rf", "/"}, ErrOut: "rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n", Status: 1},
		{Name: "rm-dot", Args: []string{"rm", "-r", "."}, ErrOut: "rm: refusing to remove '.' or '..' directory: skipping '.'\n", Status: 1},
		{Name: "touch-noparent", Args: []string{"touch", "a/b"}, ErrOut: "touch: cannot touch 'a/b': No such file or directory\n", Status: 1},
		{Name: "touch-bad-date", Args: []string{"touch", "-d", "garbage", "z"}, ErrOut: "touch: invalid date format 'garbage'\n", Status: 1},
		{Name: "touch-missing", Args: []string{"touch"}, ErrOut: "touch: missing file operand\nTry 'touch --help' for more information.\n", Status: 1},
	})
}

func TestFileEffects(t *testing.T) {
	fsys := newTestFS(t, map[string]string{"/home/user/d/f": "hi\n"})
	steps := [][]string{
		{"touch", "new"}, {"touch", "-d", "2020-01-02 03:04:05", "d/f"},
		{"touch", "-c", "absent"}, {"mkdir", "-m", "700", "m"}, {"rm", "-r", "d"},
		{"touch", "-t", "202101020304.05", "new"}, {"touch", "-r", "new", "ref"},
	}
	for _, s := range steps {
		if _, e, st := runIn(t, fsys, "", s...); st != 0 {
			t.Fatalf("%v: %d %s", s, st, e)
		}
	}
	if _, err := fsys.Stat("/home/user/d"); err == nil {
		t.Error("rm -r d left d")
	}
	if _, err := fsys.Stat("/home/user/absent"); err == nil {
		t.Error("touch -c created a file")
	}
	fi, err := fsys.Stat("/home/user/m")
	if err != nil || fi.Mode().Perm() != 0o700 || !fi.IsDir() {
		t.Errorf("mkdir -m 700: %v %v", fi, err)
	}
	for _, n := range []string{"new", "ref"} {
		fi, err := fsys.Stat("/home/user/" + n)
		want := time.Date(2021, 1, 2, 3, 4, 5, 0, time.UTC)
		if err != nil || !fi.ModTime().Equal(want) || fi.Mode()&fs.ModePerm != 0o644 {
			t.Errorf("%s: %v %v", n, fi.ModTime(), err)
		}
	}
}
