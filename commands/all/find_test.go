package all

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/find"
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
		{args: []string{"find", "d"}, out: all},
		{args: []string{"find", "d", "-type", "f"}, out: "d/empty\nd/f.txt\nd/sub/g.txt\n"},
		{args: []string{"find", "d", "-name", "*.txt"}, out: "d/f.txt\nd/sub/g.txt\n"},
		{args: []string{"find", "d", "-type", "d", "-empty"}, out: "d/edir\n"},
		{args: []string{"find", "d", "-maxdepth", "1"}, out: "d\nd/edir\nd/empty\nd/f.txt\nd/lnk\nd/sub\n"},
		{args: []string{"find", "d", "-mindepth", "2"}, out: "d/sub/g.txt\n"},
		{args: []string{"find", "d", "-path", "*/sub/*", "-o", "-name", "empty"}, out: "d/empty\nd/sub/g.txt\n"},
		{args: []string{"find", "d", "!", "-name", "*.txt", "-type", "f"}, out: "d/empty\n"},
		{args: []string{"find", "d", "-name", "sub", "-prune", "-o", "-type", "f", "-print"}, out: "d/empty\nd/f.txt\n"},
		{args: []string{"find", "d", "-type", "l"}, out: "d/lnk\n"},
		{args: []string{"find", "d", "-perm", "-u+x", "-type", "f"}, out: "d/f.txt\n"},
		{args: []string{"find", "d", "-perm", "644"}, out: "d/empty\nd/sub/g.txt\n"},
		{args: []string{"find", "d", "-perm", "/111", "-type", "f"}, out: "d/f.txt\n"},
		{args: []string{"find", "d", "-size", "-1"}, out: "d/empty\n"},
		{args: []string{"find", "d", "-size", "+0", "-type", "f"}, out: "d/f.txt\nd/sub/g.txt\n"},
		{args: []string{"find", "d", "-size", "3c"}, out: "d/f.txt\n"},
		{args: []string{"find", "d", "-regex", `.*g\.txt`}, out: "d/sub/g.txt\n"},
		{args: []string{"find", "d", "-regex", `.*\(f\|g\)\.txt`}, out: "d/f.txt\nd/sub/g.txt\n"},
		{args: []string{"find", "d", "-regextype", "posix-extended", "-regex", `.*(f|g)\.txt`}, out: "d/f.txt\nd/sub/g.txt\n"},
		{args: []string{"find", "d", "-depth"}, out: "d/edir\nd/empty\nd/f.txt\nd/lnk\nd/sub/g.txt\nd/sub\nd\n"},
		{args: []string{"find", "d", "-type", "f", "-printf", `%f:%s:%d:%P:%h\n`}, out: "empty:0:1:empty:d\nf.txt:3:1:f.txt:d\ng.txt:2:2:sub/g.txt:d/sub\n"},
		{args: []string{"find", "d", "-name", "f.txt", "-exec", "cat", "{}", ";"}, out: "hi\n"},
		{args: []string{"find", "d", "-type", "f", "-exec", "echo", "X", "{}", "+"}, out: "X d/empty d/f.txt d/sub/g.txt\n"},
		{args: []string{"find", "d", "-name", "g.txt", "-execdir", "pwd", ";"}, out: "/home/user/d/sub\n"},
		{args: []string{"find", "d", "-name", "g.txt", "-execdir", "echo", "{}", ";"}, out: "./g.txt\n"},
		{args: []string{"find", "d", "-iname", "F.TXT"}, out: "d/f.txt\n"},
		{args: []string{"find", "d", "-type", "f", "-name", "*.txt", "-quit"}, out: ""},
		{args: []string{"find", "d", "-type", "f", "-print", "-quit"}, out: "d/empty\n"},
		{args: []string{"find", "d", "-empty"}, out: "d/edir\nd/empty\n"},
		{args: []string{"find", "d", "-type", "f", "-print0"}, out: "d/empty\x00d/f.txt\x00d/sub/g.txt\x00"},
		{args: []string{"find", "d", "-links", "1", "-type", "f"}, out: "d/empty\nd/f.txt\nd/sub/g.txt\n"},
		{args: []string{"find", "d", "(", "-name", "f.txt", "-o", "-name", "g.txt", ")", "-print"}, out: "d/f.txt\nd/sub/g.txt\n"},
		{args: []string{"find", "d", "-type", "f,l", "-name", "[fl]*"}, out: "d/f.txt\nd/lnk\n"},
		{args: []string{"find", "d", "-name"}, errOut: "find: missing argument to `-name'\n", status: 1},
		{args: []string{"find", "d", "-bogus"}, errOut: "find: unknown predicate `-bogus'\n", status: 1},
		{args: []string{"find", "nope"}, errOut: "find: 'nope': No such file or directory\n", status: 1},
		{args: []string{"find", "d", "-name", "f.txt", "-exec", "false", ";"}, out: ""},
		{args: []string{"find", "d", "-name", "f.txt", "-exec", "false", "{}", "+"}, status: 1},
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
		{args: []string{"find", "d", "-type", "f", "-mtime", "-1"}, out: "d/f.txt\n"},
		{args: []string{"find", "d", "-type", "f", "-mtime", "+1"}, out: "d/empty\nd/sub/g.txt\n"},
		{args: []string{"find", "d", "-type", "f", "-mtime", "3"}, out: "d/empty\nd/sub/g.txt\n"},
		{args: []string{"find", "d", "-type", "f", "-mmin", "-30"}, out: "d/f.txt\n"},
		{args: []string{"find", "d", "-type", "f", "-newer", "d/empty"}, out: "d/f.txt\n"},
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
		var out, errb countWriter
		c := &commands.Context{Args: []string{"find", "/data", "-type", "f"}, Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/"}
		if st := find.RunFind(b.Context(), c); st != 0 || out.lines != 100000 {
			b.Fatalf("status %d, %d lines", st, out.lines)
		}
	}
}

type countWriter struct{ lines int }

func (w *countWriter) Write(p []byte) (int, error) {
	for _, c := range p {
		if c == '\n' {
			w.lines++
		}
	}
	return len(p), nil
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
		{args: []string{"find", "d", "-fprint"}, errOut: "find: missing argument to `-fprint'\n", status: 1},
		{args: []string{"find", "d", "-fprint", "/nonexistent/x"}, errOut: "find: '/nonexistent/x': No such file or directory\n", status: 1},
	})
}
