package find

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/cmdtest"
	"github.com/justbash/justbash/commands/internal/fileinfo"

	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/vfs"
)

// findFS mirrors the tree the expectations were recorded on: in a host
// temp dir, "mkdir -p d/sub; echo hi > d/f.txt; echo x > d/sub/g.txt;
// : > d/empty; mkdir d/edir; ln -s f.txt d/lnk; chmod 755 d/f.txt", then
// LC_ALL=C GNU find 4.x. GNU lists in readdir order; the sandbox lists
// each directory sorted, so the recorded lines are sorted per directory.
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

func TestFind(t *testing.T) {
	all := "d\nd/edir\nd/empty\nd/f.txt\nd/lnk\nd/sub\nd/sub/g.txt\n"
	runExecCases(t, findFS, []execCase{
		{Args: []string{"find", "d"}, Out: all},
		{Args: []string{"find", "d", "-type", "f"}, Out: "d/empty\nd/f.txt\nd/sub/g.txt\n"},
		{Args: []string{"find", "d", "-name", "*.txt"}, Out: "d/f.txt\nd/sub/g.txt\n"},
		{Args: []string{"find", "d", "-type", "d", "-empty"}, Out: "d/edir\n"},
		{Args: []string{"find", "d", "-maxdepth", "1"}, Out: "d\nd/edir\nd/empty\nd/f.txt\nd/lnk\nd/sub\n"},
		{Args: []string{"find", "d", "-mindepth", "2"}, Out: "d/sub/g.txt\n"},
		{Args: []string{"find", "d", "-path", "*/sub/*", "-o", "-name", "empty"}, Out: "d/empty\nd/sub/g.txt\n"},
		{Args: []string{"find", "d", "!", "-name", "*.txt", "-type", "f"}, Out: "d/empty\n"},
		{Args: []string{"find", "d", "-name", "sub", "-prune", "-o", "-type", "f", "-print"}, Out: "d/empty\nd/f.txt\n"},
		{Args: []string{"find", "d", "-type", "l"}, Out: "d/lnk\n"},
		{Args: []string{"find", "d", "-perm", "-u+x", "-type", "f"}, Out: "d/f.txt\n"},
		{Args: []string{"find", "d", "-perm", "644"}, Out: "d/empty\nd/sub/g.txt\n"},
		{Args: []string{"find", "d", "-perm", "/111", "-type", "f"}, Out: "d/f.txt\n"},
		{Args: []string{"find", "d", "-size", "-1"}, Out: "d/empty\n"},
		{Args: []string{"find", "d", "-size", "+0", "-type", "f"}, Out: "d/f.txt\nd/sub/g.txt\n"},
		{Args: []string{"find", "d", "-size", "3c"}, Out: "d/f.txt\n"},
		{Args: []string{"find", "d", "-regex", `.*g\.txt`}, Out: "d/sub/g.txt\n"},
		{Args: []string{"find", "d", "-regex", `.*\(f\|g\)\.txt`}, Out: "d/f.txt\nd/sub/g.txt\n"},
		{Args: []string{"find", "d", "-regextype", "posix-extended", "-regex", `.*(f|g)\.txt`}, Out: "d/f.txt\nd/sub/g.txt\n"},
		{Args: []string{"find", "d", "-depth"}, Out: "d/edir\nd/empty\nd/f.txt\nd/lnk\nd/sub/g.txt\nd/sub\nd\n"},
		{Args: []string{"find", "d", "-type", "f", "-printf", `%f:%s:%d:%P:%h\n`}, Out: "empty:0:1:empty:d\nf.txt:3:1:f.txt:d\ng.txt:2:2:sub/g.txt:d/sub\n"},
		{Args: []string{"find", "d", "-iname", "F.TXT"}, Out: "d/f.txt\n"},
		{Args: []string{"find", "d", "-type", "f", "-name", "*.txt", "-quit"}, Out: ""},
		{Args: []string{"find", "d", "-type", "f", "-print", "-quit"}, Out: "d/empty\n"},
		{Args: []string{"find", "d", "-empty"}, Out: "d/edir\nd/empty\n"},
		{Args: []string{"find", "d", "-type", "f", "-print0"}, Out: "d/empty\x00d/f.txt\x00d/sub/g.txt\x00"},
		{Args: []string{"find", "d", "-links", "1", "-type", "f"}, Out: "d/empty\nd/f.txt\nd/sub/g.txt\n"},
		{Args: []string{"find", "d", "(", "-name", "f.txt", "-o", "-name", "g.txt", ")", "-print"}, Out: "d/f.txt\nd/sub/g.txt\n"},
		{Args: []string{"find", "d", "-type", "f,l", "-name", "[fl]*"}, Out: "d/f.txt\nd/lnk\n"},
		{Args: []string{"find", "d", "-name"}, ErrOut: "find: missing argument to `-name'\n", Status: 1},
		{Args: []string{"find", "d", "-bogus"}, ErrOut: "find: unknown predicate `-bogus'\n", Status: 1},
		{Args: []string{"find", "nope"}, ErrOut: "find: 'nope': No such file or directory\n", Status: 1},
	})
}

// TestFindLs checks the -ls columns (GNU: "%9i %6k %M %3n %-8u %-8g %8s
// date name"); the inode number is whatever the Mem assigned.
func TestFindLs(t *testing.T) {
	fsys := findFS(t)
	fi, _ := fsys.Lstat("/home/user/d/lnk")
	want := fmt.Sprintf("%9d      0 lrwxrwxrwx   1 user     user            5 Nov 30  2024 d/lnk -> f.txt\n", fileinfo.StatOf(fi).Ino)
	out, _, _ := runExec(t, fsys, "", "find", "d/lnk", "-ls")
	if out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

func TestFindDelete(t *testing.T) {
	fsys := findFS(t)
	out, errOut, st := runExec(t, fsys, "", "find", "d", "-name", "sub", "-delete")
	// GNU: deleting a non-empty directory fails with ENOTEMPTY.
	if out != "" || errOut != "find: cannot delete 'd/sub': Directory not empty\n" || st != 1 {
		t.Fatalf("got %q %q %d", out, errOut, st)
	}
	out, _, st = runExec(t, fsys, "", "find", "d", "-path", "d/sub*", "-delete")
	if st != 0 || vfs.Exists(fsys, "/home/user/d/sub") {
		t.Fatalf("delete left d/sub (st %d, %q)", st, out)
	}
}

func TestFindTimes(t *testing.T) {
	fsys := findFS(t)
	now := time.Now()
	old := now.Add(-72 * time.Hour)
	for _, p := range []string{"d", "d/edir", "d/empty", "d/sub", "d/sub/g.txt"} {
		fsys.Chtimes("/home/user/"+p, old, old)
	}
	fsys.Chtimes("/home/user/d/f.txt", now.Add(-10*time.Minute), now.Add(-10*time.Minute))
	runExecCases(t, func(*testing.T) vfs.FS { return fsys }, []execCase{
		{Args: []string{"find", "d", "-type", "f", "-mtime", "-1"}, Out: "d/f.txt\n"},
		{Args: []string{"find", "d", "-type", "f", "-mtime", "+1"}, Out: "d/empty\nd/sub/g.txt\n"},
		{Args: []string{"find", "d", "-type", "f", "-mtime", "3"}, Out: "d/empty\nd/sub/g.txt\n"},
		{Args: []string{"find", "d", "-type", "f", "-mmin", "-30"}, Out: "d/f.txt\n"},
		{Args: []string{"find", "d", "-type", "f", "-newer", "d/empty"}, Out: "d/f.txt\n"},
	})
}

// BenchmarkFind100k walks 100,000 files in a Mem: time per run should grow
// linearly with the tree (compare -benchtime runs at other sizes).
func BenchmarkFind100k(b *testing.B) {
	fsys := vfs.NewMem()
	for d := 0; d < 100; d++ {
		dir := fmt.Sprintf("/data/d%03d", d)
		fsys.MkdirAll(dir, 0o755)
		for f := 0; f < 1000; f++ {
			vfs.WriteFile(fsys, fmt.Sprintf("%s/f%04d", dir, f), nil, 0o644)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var out, errb cmdtest.LineCounter
		c := &commands.Context{Args: []string{"find", "/data", "-type", "f"}, Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/"}
		if st := runFind(b.Context(), c); st != 0 || out.Lines != 100000 {
			b.Fatalf("status %d, %d lines", st, out.Lines)
		}
	}
}

// TestFindFprint: -fprint, -fprint0, -fprintf and -fls write to files,
// created even when nothing matches; recorded from GNU find 4.9 (C locale)
// on the findFS tree.
func TestFindFprint(t *testing.T) {
	fsys := findFS(t)
	for _, tc := range []struct {
		args       []string
		file, want string
	}{
		{[]string{"d", "-name", "*.txt", "-fprint", "o1"}, "o1", "d/f.txt\nd/sub/g.txt\n"},
		{[]string{"d", "-type", "d", "-fprint0", "o2"}, "o2", "d\x00d/edir\x00d/sub\x00"},
		{[]string{"d", "-name", "nomatch", "-fprint", "o3"}, "o3", ""},
		{[]string{"d", "-name", "f.txt", "-fprintf", "o4", "%f %s\n"}, "o4", "f.txt 3\n"},
		{[]string{"d", "-name", "f.txt", "-fprint", "o5", "-fprint", "o5"}, "o5", "d/f.txt\nd/f.txt\n"},
	} {
		out, errs, st := runExec(t, fsys, "", append([]string{"find"}, tc.args...)...)
		got, err := vfs.ReadFile(fsys, "/home/user/"+tc.file)
		if st != 0 || out != "" || errs != "" || err != nil || string(got) != tc.want {
			t.Errorf("find %q: (%d) %q %q, %s = %q (%v), want %q", tc.args, st, out, errs, tc.file, got, err, tc.want)
		}
	}
	runExec(t, fsys, "", "find", "d", "-name", "g.txt", "-fls", "o6")
	if got, _ := vfs.ReadFile(fsys, "/home/user/o6"); !strings.HasSuffix(string(got), " d/sub/g.txt\n") || !strings.Contains(string(got), "-rw-") {
		t.Errorf("find -fls: %q", got)
	}
	runExecCases(t, findFS, []execCase{
		{Args: []string{"find", "d", "-fprint"}, ErrOut: "find: missing argument to `-fprint'\n", Status: 1},
		{Args: []string{"find", "d", "-fprint", "/nonexistent/x"}, ErrOut: "find: '/nonexistent/x': No such file or directory\n", Status: 1},
	})
}
