package all

import (
	"path"
	"strings"
	"testing"

	"github.com/justbash/justbash/vfs"
)

func TestFileOpsErrors(t *testing.T) {
	runExecCases(t, opsFS, []execCase{
		{Args: []string{"cp", "s", "x"}, ErrOut: "cp: -r not specified; omitting directory 's'\n", Status: 1},
		{Args: []string{"cp", "-v", "t", "t2"}, Out: "'t' -> 't2'\n"},
		{Args: []string{"cp", "t", "t"}, ErrOut: "cp: 't' and 't' are the same file\n", Status: 1},
		{Args: []string{"cp", "-r", "s", "s/in"}, ErrOut: "cp: cannot copy a directory, 's', into itself, 's/in/s'\n", Status: 1},
		{Args: []string{"cp", "-rv", "s", "c1"}, Out: "'s' -> 'c1'\n's/a' -> 'c1/a'\n's/in' -> 'c1/in'\n's/in/b' -> 'c1/in/b'\n"},
		{Args: []string{"cp", "t", "nodir/"}, ErrOut: "cp: cannot create regular file 'nodir/': Not a directory\n", Status: 1},
		{Args: []string{"cp", "t", "s/a", "u"}, ErrOut: "cp: target 'u': No such file or directory\n", Status: 1},
		{Args: []string{"cp"}, ErrOut: "cp: missing file operand\nTry 'cp --help' for more information.\n", Status: 1},
		{Args: []string{"cp", "-Q", "a", "b"}, ErrOut: "cp: invalid option -- 'Q'\nTry 'cp --help' for more information.\n", Status: 1},
		{Args: []string{"mv", "-v", "t", "t3"}, Out: "renamed 't' -> 't3'\n"},
		{Args: []string{"mv", "s", "s/in"}, ErrOut: "mv: cannot move 's' to a subdirectory of itself, 's/in/s'\n", Status: 1},
		{Args: []string{"mv", "nope", "z"}, ErrOut: "mv: cannot stat 'nope': No such file or directory\n", Status: 1},
		{Args: []string{"ln", "t", "t"}, ErrOut: "ln: failed to create hard link 't': File exists\n", Status: 1},
		{Args: []string{"ln", "-s", "t", "s/a"}, ErrOut: "ln: failed to create symbolic link 's/a': File exists\n", Status: 1},
		{Args: []string{"ln", "-sv", "t", "l"}, Out: "'l' -> 't'\n"},
		{Args: []string{"rmdir", "s"}, ErrOut: "rmdir: failed to remove 's': Directory not empty\n", Status: 1},
		{Args: []string{"rmdir", "-v", "-p", "s/in"}, Out: "rmdir: removing directory, 's/in'\n", ErrOut: "rmdir: failed to remove 's/in': Directory not empty\n", Status: 1},
		{Args: []string{"rmdir", "nope"}, ErrOut: "rmdir: failed to remove 'nope': No such file or directory\n", Status: 1},
		{Args: []string{"unlink", "s"}, ErrOut: "unlink: cannot unlink 's': Is a directory\n", Status: 1},
		{Args: []string{"chmod", "-v", "600", "t"}, Out: "mode of 't' changed from 0644 (rw-r--r--) to 0600 (rw-------)\n"},
		{Args: []string{"chmod", "-c", "u+x", "t"}, Out: "mode of 't' changed from 0644 (rw-r--r--) to 0744 (rwxr--r--)\n"},
		{Args: []string{"chmod", "-v", "-w", "t"}, Out: "mode of 't' changed from 0644 (rw-r--r--) to 0444 (r--r--r--)\n"},
		{Args: []string{"chmod", "-v", "a=rx,u+w", "t"}, Out: "mode of 't' changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)\n"},
		{Args: []string{"chmod", "9", "t"}, ErrOut: "chmod: invalid mode: '9'\nTry 'chmod --help' for more information.\n", Status: 1},
		{Args: []string{"chmod"}, ErrOut: "chmod: missing operand\nTry 'chmod --help' for more information.\n", Status: 1},
		{Args: []string{"stat", "-c", "%n %s %F %a %A", "t", "s"}, Out: "t 2 regular file 644 -rw-r--r--\ns 4096 directory 755 drwxr-xr-x\n"},
		{Args: []string{"stat", "nope"}, ErrOut: "stat: cannot statx 'nope': No such file or directory\n", Status: 1},
		{Args: []string{"readlink", "-f", "s/../t"}, Out: "/home/user/t\n"},
		{Args: []string{"readlink", "-e", "nope"}, Status: 1},
		{Args: []string{"readlink", "-m", "/a/../b/c"}, Out: "/b/c\n"},
		{Args: []string{"realpath", "-m", "../x"}, Out: "/home/x\n"},
		{Args: []string{"realpath", "nope"}, Out: "/home/user/nope\n"},
		{Args: []string{"realpath", "--relative-to=/home", "s/in"}, Out: "user/s/in\n"},
		{Args: []string{"basename", "/a/b.txt", ".txt"}, Out: "b\n"},
		{Args: []string{"basename", "-a", "x/y", "z/"}, Out: "y\nz\n"},
		{Args: []string{"basename", "-s", ".c", "a.c", "b.c"}, Out: "a\nb\n"},
		{Args: []string{"dirname", "/a/b/", "c", "//"}, Out: "/a\n.\n/\n"},
		{Args: []string{"expr", "3", "+", "4"}, Out: "7\n"},
		{Args: []string{"expr", "7", "/", "2", "*", "3"}, Out: "9\n"},
		{Args: []string{"expr", "abc", ":", `a\(.*\)`}, Out: "bc\n"},
		{Args: []string{"expr", "length", "hello"}, Out: "5\n"},
		{Args: []string{"expr", "1", "/", "0"}, ErrOut: "expr: division by zero\n", Status: 2},
		{Args: []string{"expr", "0"}, Out: "0\n", Status: 1},
		{Args: []string{"expr", "substr", "hello", "2", "3"}, Out: "ell\n"},
		{Args: []string{"expr", "index", "hello", "l"}, Out: "3\n"},
		{Args: []string{"expr", "5", ">", "10"}, Out: "0\n", Status: 1},
		{Args: []string{"expr", "3", "+", "a"}, ErrOut: "expr: non-integer argument\n", Status: 2},
		{Args: []string{"expr"}, ErrOut: "expr: missing operand\nTry 'expr --help' for more information.\n", Status: 2},
		{Args: []string{"expr", "(", "1", "+", "2"}, ErrOut: "expr: syntax error: expecting ')' after '2'\n", Status: 2},
		{Args: []string{"shuf", "-n", "0", "-e", "a", "b"}},
		{Args: []string{"id", "-un"}, Out: "user\n"},
		{Args: []string{"whoami"}, Out: "user\n"},
		{Args: []string{"hostname"}, Out: "localhost\n"},
		{Args: []string{"uname"}, Out: "Linux\n"},
		{Args: []string{"uname", "-sm"}, Out: "Linux x86_64\n"},
		{Args: []string{"id"}, Out: "uid=1000(user) gid=1000(user) groups=1000(user)\n"},
		{Args: []string{"timeout", "5", "echo", "ok"}, Out: "ok\n"},
		{Args: []string{"timeout", "0.05", "sleep", "5"}, Status: 124},
		{Args: []string{"timeout", "--preserve-status", "0.05", "sleep", "5"}, Status: 143},
		{Args: []string{"timeout", "-s", "KILL", "--preserve-status", "0.05", "sleep", "5"}, Status: 137},
		{Args: []string{"timeout", "1", "nosuch"}, ErrOut: "nosuch: command not found\n", Status: 127},
		{Args: []string{"timeout", "x", "true"}, ErrOut: "timeout: invalid time interval 'x'\nTry 'timeout --help' for more information.\n", Status: 125},
		{Args: []string{"env", "-i", "A=1", "printenv"}, Out: "A=1\n"},
	})
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
			fsys.MkdirAll(path.Dir("/home/user/"+k), 0o755)
			vfs.WriteFile(fsys, "/home/user/"+k, []byte(v), 0o644)
		}
		return fsys
	}
	runExecCases(t, mk, []execCase{
		{Args: []string{"cmp", "a", "b"}, Out: "a b differ: char 5, line 2\n", Status: 1},
		{Args: []string{"cmp", "-b", "a", "b"}, Out: "a b differ: byte 5, line 2 is 144 d 170 x\n", Status: 1},
		{Args: []string{"cmp", "-l", "a", "b"}, Out: "5 144 170\n", Status: 1},
		{Args: []string{"cmp", "a", "c"}, ErrOut: "cmp: EOF on c after byte 3, line 1\n", Status: 1},
		{Args: []string{"cmp", "e", "a"}, ErrOut: "cmp: EOF on e which is empty\n", Status: 1},
		{Args: []string{"cmp", "x", "y"}, ErrOut: "cmp: EOF on x after byte 4, in line 2\n", Status: 1},
		{Args: []string{"cmp", "-s", "a", "a"}},
		{Args: []string{"cmp", "a", "nope"}, ErrOut: "cmp: nope: No such file or directory\n", Status: 2},
		{Args: []string{"tree", "tr"}, Out: "tr\n├── a\n└── d\n    ├── e\n    └── f\n\n2 directories, 2 files\n"},
		{Args: []string{"tree", "-d", "tr"}, Out: "tr\n└── d\n    └── e\n\n2 directories\n"},
		{Args: []string{"tree", "-L", "1", "-f", "tr"}, Out: "tr\n├── tr/a\n└── tr/d\n\n1 directory, 1 file\n"},
		// du mimics ext4 allocation; GNU on an ext4 temp dir prints these.
		{Args: []string{"du", "tr"}, Out: "4\ttr/d/e\n12\ttr/d\n20\ttr\n"},
		{Args: []string{"du", "-a", "tr"}, Out: "4\ttr/a\n4\ttr/d/e\n4\ttr/d/f\n12\ttr/d\n20\ttr\n"},
		{Args: []string{"du", "-sh", "tr"}, Out: "20K\ttr\n"},
		{Args: []string{"du", "-c", "tr/a", "tr/d/f"}, Out: "4\ttr/a\n4\ttr/d/f\n8\ttotal\n"},
		{Args: []string{"du", "--max-depth=1", "tr"}, Out: "12\ttr/d\n20\ttr\n"},
		{Args: []string{"file", "j.json", "s.sh", "e", "tr", "crlf", "a"}, Out: "j.json: JSON text data\ns.sh:   POSIX shell script, ASCII text executable\ne:      empty\ntr:     directory\ncrlf:   ASCII text, with CRLF line terminators\na:      ASCII text\n"},
		{Args: []string{"file", "-b", "a"}, Out: "ASCII text\n"},
		{Args: []string{"file", "-i", "j.json", "e"}, Out: "j.json: application/json; charset=us-ascii\ne:      inode/x-empty; charset=binary\n"},
	})
}

// Expectations in this file were recorded by running GNU coreutils 9.x
// with LC_ALL=C in a host temp dir holding the same files (s/a = "A\n",
// s/in/b = "B\n", t = "T\n"), copying stdout, stderr and $?.
func opsFS(t *testing.T) vfs.FS {
	return newTestFS(t, map[string]string{
		"/home/user/s/a": "A\n", "/home/user/s/in/b": "B\n", "/home/user/t": "T\n",
	})
}
