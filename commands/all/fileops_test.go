package all

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/files"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/text"

	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/justbash/justbash/vfs"
)

// Expectations in this file were recorded by running GNU coreutils 9.x
// with LC_ALL=C in a host temp dir holding the same files (s/a = "A\n",
// s/in/b = "B\n", t = "T\n"), copying stdout, stderr and $?.
func opsFS(t *testing.T) vfs.FS {
	return newTestFS(t, map[string]string{
		"/home/user/s/a": "A\n", "/home/user/s/in/b": "B\n", "/home/user/t": "T\n",
	})
}

func TestFileOpsErrors(t *testing.T) {
	runExecCases(t, opsFS, []execCase{
		{args: []string{"cp", "s", "x"}, errOut: "cp: -r not specified; omitting directory 's'\n", status: 1},
		{args: []string{"cp", "-v", "t", "t2"}, out: "'t' -> 't2'\n"},
		{args: []string{"cp", "t", "t"}, errOut: "cp: 't' and 't' are the same file\n", status: 1},
		{args: []string{"cp", "-r", "s", "s/in"}, errOut: "cp: cannot copy a directory, 's', into itself, 's/in/s'\n", status: 1},
		{args: []string{"cp", "-rv", "s", "c1"}, out: "'s' -> 'c1'\n's/a' -> 'c1/a'\n's/in' -> 'c1/in'\n's/in/b' -> 'c1/in/b'\n"},
		{args: []string{"cp", "t", "nodir/"}, errOut: "cp: cannot create regular file 'nodir/': Not a directory\n", status: 1},
		{args: []string{"cp", "t", "s/a", "u"}, errOut: "cp: target 'u': No such file or directory\n", status: 1},
		{args: []string{"cp"}, errOut: "cp: missing file operand\nTry 'cp --help' for more information.\n", status: 1},
		{args: []string{"cp", "-Q", "a", "b"}, errOut: "cp: invalid option -- 'Q'\nTry 'cp --help' for more information.\n", status: 1},
		{args: []string{"mv", "-v", "t", "t3"}, out: "renamed 't' -> 't3'\n"},
		{args: []string{"mv", "s", "s/in"}, errOut: "mv: cannot move 's' to a subdirectory of itself, 's/in/s'\n", status: 1},
		{args: []string{"mv", "nope", "z"}, errOut: "mv: cannot stat 'nope': No such file or directory\n", status: 1},
		{args: []string{"ln", "t", "t"}, errOut: "ln: failed to create hard link 't': File exists\n", status: 1},
		{args: []string{"ln", "-s", "t", "s/a"}, errOut: "ln: failed to create symbolic link 's/a': File exists\n", status: 1},
		{args: []string{"ln", "-sv", "t", "l"}, out: "'l' -> 't'\n"},
		{args: []string{"rmdir", "s"}, errOut: "rmdir: failed to remove 's': Directory not empty\n", status: 1},
		{args: []string{"rmdir", "-v", "-p", "s/in"}, out: "rmdir: removing directory, 's/in'\n", errOut: "rmdir: failed to remove 's/in': Directory not empty\n", status: 1},
		{args: []string{"rmdir", "nope"}, errOut: "rmdir: failed to remove 'nope': No such file or directory\n", status: 1},
		{args: []string{"unlink", "s"}, errOut: "unlink: cannot unlink 's': Is a directory\n", status: 1},
		{args: []string{"chmod", "-v", "600", "t"}, out: "mode of 't' changed from 0644 (rw-r--r--) to 0600 (rw-------)\n"},
		{args: []string{"chmod", "-c", "u+x", "t"}, out: "mode of 't' changed from 0644 (rw-r--r--) to 0744 (rwxr--r--)\n"},
		{args: []string{"chmod", "-v", "-w", "t"}, out: "mode of 't' changed from 0644 (rw-r--r--) to 0444 (r--r--r--)\n"},
		{args: []string{"chmod", "-v", "a=rx,u+w", "t"}, out: "mode of 't' changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)\n"},
		{args: []string{"chmod", "9", "t"}, errOut: "chmod: invalid mode: '9'\nTry 'chmod --help' for more information.\n", status: 1},
		{args: []string{"chmod"}, errOut: "chmod: missing operand\nTry 'chmod --help' for more information.\n", status: 1},
		{args: []string{"stat", "-c", "%n %s %F %a %A", "t", "s"}, out: "t 2 regular file 644 -rw-r--r--\ns 4096 directory 755 drwxr-xr-x\n"},
		{args: []string{"stat", "nope"}, errOut: "stat: cannot statx 'nope': No such file or directory\n", status: 1},
		{args: []string{"readlink", "-f", "s/../t"}, out: "/home/user/t\n"},
		{args: []string{"readlink", "-e", "nope"}, status: 1},
		{args: []string{"readlink", "-m", "/a/../b/c"}, out: "/b/c\n"},
		{args: []string{"realpath", "-m", "../x"}, out: "/home/x\n"},
		{args: []string{"realpath", "nope"}, out: "/home/user/nope\n"},
		{args: []string{"realpath", "--relative-to=/home", "s/in"}, out: "user/s/in\n"},
		{args: []string{"basename", "/a/b.txt", ".txt"}, out: "b\n"},
		{args: []string{"basename", "-a", "x/y", "z/"}, out: "y\nz\n"},
		{args: []string{"basename", "-s", ".c", "a.c", "b.c"}, out: "a\nb\n"},
		{args: []string{"dirname", "/a/b/", "c", "//"}, out: "/a\n.\n/\n"},
		{args: []string{"expr", "3", "+", "4"}, out: "7\n"},
		{args: []string{"expr", "7", "/", "2", "*", "3"}, out: "9\n"},
		{args: []string{"expr", "abc", ":", `a\(.*\)`}, out: "bc\n"},
		{args: []string{"expr", "length", "hello"}, out: "5\n"},
		{args: []string{"expr", "1", "/", "0"}, errOut: "expr: division by zero\n", status: 2},
		{args: []string{"expr", "0"}, out: "0\n", status: 1},
		{args: []string{"expr", "substr", "hello", "2", "3"}, out: "ell\n"},
		{args: []string{"expr", "index", "hello", "l"}, out: "3\n"},
		{args: []string{"expr", "5", ">", "10"}, out: "0\n", status: 1},
		{args: []string{"expr", "3", "+", "a"}, errOut: "expr: non-integer argument\n", status: 2},
		{args: []string{"expr"}, errOut: "expr: missing operand\nTry 'expr --help' for more information.\n", status: 2},
		{args: []string{"expr", "(", "1", "+", "2"}, errOut: "expr: syntax error: expecting ')' after '2'\n", status: 2},
		{args: []string{"shuf", "-n", "0", "-e", "a", "b"}},
		{args: []string{"id", "-un"}, out: "user\n"},
		{args: []string{"whoami"}, out: "user\n"},
		{args: []string{"hostname"}, out: "localhost\n"},
		{args: []string{"uname"}, out: "Linux\n"},
		{args: []string{"uname", "-sm"}, out: "Linux x86_64\n"},
		{args: []string{"id"}, out: "uid=1000(user) gid=1000(user) groups=1000(user)\n"},
		{args: []string{"timeout", "5", "echo", "ok"}, out: "ok\n"},
		{args: []string{"timeout", "0.05", "sleep", "5"}, status: 124},
		{args: []string{"timeout", "--preserve-status", "0.05", "sleep", "5"}, status: 143},
		{args: []string{"timeout", "-s", "KILL", "--preserve-status", "0.05", "sleep", "5"}, status: 137},
		{args: []string{"timeout", "1", "nosuch"}, errOut: "nosuch: command not found\n", status: 127},
		{args: []string{"timeout", "x", "true"}, errOut: "timeout: invalid time interval 'x'\nTry 'timeout --help' for more information.\n", status: 125},
		{args: []string{"env", "-i", "A=1", "printenv"}, out: "A=1\n"},
	})
}

func TestCpTreeAndModes(t *testing.T) {
	fsys := opsFS(t)
	fsys.Chmod("/home/user/s/a", 0o700)
	if err := fsys.Symlink("a", "/home/user/s/ln"); err != nil {
		t.Fatal(err)
	}
	if _, e, st := runExec(t, fsys, "", "cp", "-a", "s", "c"); st != 0 {
		t.Fatalf("cp -a: %s", e)
	}
	fi, err := fsys.Lstat("/home/user/c/ln")
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("cp -a did not keep the symlink: %v", err)
	}
	if fi, _ := fsys.Stat("/home/user/c/a"); fi == nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("cp -a lost the mode")
	}
	if b, _ := vfs.ReadFile(fsys, "/home/user/c/in/b"); string(b) != "B\n" {
		t.Errorf("cp -a content %q", b)
	}
	// cp -n keeps the existing file; cp overwrites it.
	runExec(t, fsys, "", "cp", "-n", "t", "c/a")
	if b, _ := vfs.ReadFile(fsys, "/home/user/c/a"); string(b) != "A\n" {
		t.Errorf("cp -n overwrote: %q", b)
	}
	runExec(t, fsys, "", "cp", "t", "c/a")
	if b, _ := vfs.ReadFile(fsys, "/home/user/c/a"); string(b) != "T\n" {
		t.Errorf("cp did not overwrite: %q", b)
	}
	// mv of a directory into an existing directory.
	if _, e, st := runExec(t, fsys, "", "mv", "c", "s"); st != 0 {
		t.Fatalf("mv: %s", e)
	}
	if !vfs.Exists(fsys, "/home/user/s/c/in/b") || vfs.Exists(fsys, "/home/user/c") {
		t.Errorf("mv c s did not move the tree")
	}
}

func TestTeeTruncateSplit(t *testing.T) {
	fsys := opsFS(t)
	out, _, st := runExec(t, fsys, "hello\n", "tee", "o1", "o2")
	b1, _ := vfs.ReadFile(fsys, "/home/user/o1")
	if out != "hello\n" || st != 0 || string(b1) != "hello\n" {
		t.Errorf("tee: %q %d %q", out, st, b1)
	}
	runExec(t, fsys, "more\n", "tee", "-a", "o1")
	b1, _ = vfs.ReadFile(fsys, "/home/user/o1")
	if string(b1) != "hello\nmore\n" {
		t.Errorf("tee -a: %q", b1)
	}
	for _, tc := range []struct {
		spec string
		size int64
	}{{"10", 10}, {"-3", 7}, {"+1K", 1031}, {"%512", 1536}, {"/1000", 1000}, {"<5", 5}} {
		runExec(t, fsys, "", "truncate", "-s", tc.spec, "t")
		if fi, _ := fsys.Stat("/home/user/t"); fi.Size() != tc.size {
			t.Errorf("truncate -s %s: size %d, want %d", tc.spec, fi.Size(), tc.size)
		}
	}
	// split -l 2 of five lines: xaa xab xac, as GNU names them.
	runExec(t, fsys, "1\n2\n3\n4\n5\n", "split", "-l", "2")
	for name, want := range map[string]string{"xaa": "1\n2\n", "xab": "3\n4\n", "xac": "5\n"} {
		if b, _ := vfs.ReadFile(fsys, "/home/user/"+name); string(b) != want {
			t.Errorf("split %s = %q, want %q", name, b, want)
		}
	}
	runExec(t, fsys, "abcdefg", "split", "-b", "3", "-d", "-a", "3", "--additional-suffix=.part", "-", "p")
	for name, want := range map[string]string{"p000.part": "abc", "p001.part": "def", "p002.part": "g"} {
		if b, _ := vfs.ReadFile(fsys, "/home/user/"+name); string(b) != want {
			t.Errorf("split %s = %q, want %q", name, b, want)
		}
	}
	runExec(t, fsys, "a\nbb\nccc\ndddd\n", "split", "-n", "l/2", "-", "n")
	if b, _ := vfs.ReadFile(fsys, "/home/user/naa"); string(b) != "a\nbb\nccc\n" {
		t.Errorf("split -n l/2 first = %q", b)
	}
}

// TestSplitSuffixWidening follows GNU: after xyz comes xzaaa.
func TestSplitSuffixNames(t *testing.T) {
	s := &text.SplitRun{Prefix: "x", Alphabet: "abcdefghijklmnopqrstuvwxyz", SuffLen: 2, AutoLen: true}
	for i, want := range map[int]string{0: "xaa", 1: "xab", 649: "xyz", 650: "xzaaa", 651: "xzaab"} {
		if got, _ := s.Name(i); got != want {
			t.Errorf("name(%d) = %q, want %q", i, got, want)
		}
	}
}

func TestCmpTreeDuFile(t *testing.T) {
	files := map[string]string{
		"a": "ab\ncd\n", "b": "ab\ncx\n", "c": "ab\n", "e": "", "x": "a\nbc", "y": "a\nbcd",
		"j.json": "{\"a\":1}\n", "s.sh": "#!/bin/sh\necho\n", "crlf": "a\r\nb\r\n",
		"tr/a": "1", "tr/d/f": "22", "tr/d/e/": "",
	}
	mk := func(t *testing.T) vfs.FS {
		fsys := newTestFS(t, nil)
		for k, v := range files {
			if strings.HasSuffix(k, "/") {
				fsys.MkdirAll("/home/user/"+k, 0o755)
				continue
			}
			fsys.MkdirAll(parentDir("/home/user/"+k), 0o755)
			vfs.WriteFile(fsys, "/home/user/"+k, []byte(v), 0o644)
		}
		return fsys
	}
	runExecCases(t, mk, []execCase{
		{args: []string{"cmp", "a", "b"}, out: "a b differ: char 5, line 2\n", status: 1},
		{args: []string{"cmp", "-b", "a", "b"}, out: "a b differ: byte 5, line 2 is 144 d 170 x\n", status: 1},
		{args: []string{"cmp", "-l", "a", "b"}, out: "5 144 170\n", status: 1},
		{args: []string{"cmp", "a", "c"}, errOut: "cmp: EOF on c after byte 3, line 1\n", status: 1},
		{args: []string{"cmp", "e", "a"}, errOut: "cmp: EOF on e which is empty\n", status: 1},
		{args: []string{"cmp", "x", "y"}, errOut: "cmp: EOF on x after byte 4, in line 2\n", status: 1},
		{args: []string{"cmp", "-s", "a", "a"}},
		{args: []string{"cmp", "a", "nope"}, errOut: "cmp: nope: No such file or directory\n", status: 2},
		{args: []string{"tree", "tr"}, out: "tr\n├── a\n└── d\n    ├── e\n    └── f\n\n2 directories, 2 files\n"},
		{args: []string{"tree", "-d", "tr"}, out: "tr\n└── d\n    └── e\n\n2 directories\n"},
		{args: []string{"tree", "-L", "1", "-f", "tr"}, out: "tr\n├── tr/a\n└── tr/d\n\n1 directory, 1 file\n"},
		// du mimics ext4 allocation; GNU on an ext4 temp dir prints these.
		{args: []string{"du", "tr"}, out: "4\ttr/d/e\n12\ttr/d\n20\ttr\n"},
		{args: []string{"du", "-a", "tr"}, out: "4\ttr/a\n4\ttr/d/e\n4\ttr/d/f\n12\ttr/d\n20\ttr\n"},
		{args: []string{"du", "-sh", "tr"}, out: "20K\ttr\n"},
		{args: []string{"du", "-c", "tr/a", "tr/d/f"}, out: "4\ttr/a\n4\ttr/d/f\n8\ttotal\n"},
		{args: []string{"du", "--max-depth=1", "tr"}, out: "12\ttr/d\n20\ttr\n"},
		{args: []string{"file", "j.json", "s.sh", "e", "tr", "crlf", "a"}, out: "j.json: JSON text data\ns.sh:   POSIX shell script, ASCII text executable\ne:      empty\ntr:     directory\ncrlf:   ASCII text, with CRLF line terminators\na:      ASCII text\n"},
		{args: []string{"file", "-b", "a"}, out: "ASCII text\n"},
		{args: []string{"file", "-i", "j.json", "e"}, out: "j.json: application/json; charset=us-ascii\ne:      inode/x-empty; charset=binary\n"},
	})
}

func TestChmodModes(t *testing.T) {
	cases := []struct {
		spec string
		old  uint32
		dir  bool
		want uint32
	}{
		{"755", 0o644, false, 0o755}, {"u+x", 0o644, false, 0o744}, {"go-r", 0o644, false, 0o600},
		{"a=r", 0o777, false, 0o444}, {"+x", 0o644, false, 0o755}, {"u=rwx,g=rx,o=", 0, false, 0o750},
		{"a+X", 0o644, true, 0o755}, {"a+X", 0o644, false, 0o644}, {"u+s", 0o755, false, 0o4755},
		{"+t", 0o777, true, 0o1777}, {"g=u", 0o740, false, 0o770}, {"=", 0o777, false, 0o000},
	}
	for _, tc := range cases {
		got, ok := fileinfo.ApplyMode(tc.spec, tc.old, tc.dir, identity.Umask)
		if !ok || got != tc.want {
			t.Errorf("applyMode(%q, %o) = %o %v, want %o", tc.spec, tc.old, got, ok, tc.want)
		}
	}
	for _, bad := range []string{"9", "u+q", "x+", "", "u"} {
		if _, ok := fileinfo.ApplyMode(bad, 0, false, 0); ok {
			t.Errorf("applyMode(%q) accepted", bad)
		}
	}
}

// BenchmarkCpTree10k copies a 10,000-file tree; ns/op should scale
// linearly with the file count.
func BenchmarkCpTree10k(b *testing.B) {
	fsys := vfs.NewMem()
	for d := 0; d < 100; d++ {
		for f := 0; f < 100; f++ {
			p := fmt.Sprintf("/src/d%02d/f%02d", d, f)
			fsys.MkdirAll(parentDir(p), 0o755)
			vfs.WriteFile(fsys, p, []byte("x"), 0o644)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst := fmt.Sprintf("/dst%d", i)
		var out, errb countWriter
		c := &commands.Context{Args: []string{"cp", "-r", "/src", dst}, Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/"}
		if st := files.RunCp(b.Context(), c); st != 0 {
			b.Fatal("cp failed")
		}
		b.StopTimer()
		fsys.RemoveAll(dst)
		b.StartTimer()
	}
}
