package all

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/system"

	"fmt"
	"strings"
	"testing"

	"github.com/justbash/justbash/vfs"
)

// Expectations in this file were recorded from GNU coreutils 9.x with
// LC_ALL=C and TZ=UTC: a host temp dir was given the same tree as the test
// filesystem (mtimes set with touch -d '2024-11-30 12:00:00'), each
// command was run there and stdout, stderr and $? were copied verbatim
// (owner "root" rewritten to the sandbox's "user"). The host symlink could
// not be given the old mtime, so its date column uses the sandbox's.

type basicCase struct {
	args   []string
	out    string
	errOut string
	status int
}

// basicFS mirrors the recording tree: "a b", big (5000 bytes, mode 755),
// d/e/, d/f, .h, lnk -> d and 22 empty file_number_N files.
func basicFS(t *testing.T) vfs.FS {
	files := map[string]string{
		"/home/user/a b": "", "/home/user/big": strings.Repeat("x", 5000), "/home/user/d/e/": "",
		"/home/user/d/f": "hi\n", "/home/user/.h": "x\n",
		"/home/user/t1": "a\tb\n\n\n\nc\x01\x7f\xff\n\nlast", "/home/user/t2": "x\n",
	}
	for i := 1; i <= 22; i++ {
		files[fmt.Sprintf("/home/user/file_number_%d", i)] = ""
	}
	fsys := newTestFS(t, files)
	if err := fsys.Symlink("d", "/home/user/lnk"); err != nil {
		t.Fatal(err)
	}
	if err := fsys.Chmod("/home/user/big", 0o755); err != nil {
		t.Fatal(err)
	}
	return fsys
}

func runBasic(t *testing.T, mk func(*testing.T) vfs.FS, cases []basicCase) {
	t.Helper()
	for _, tc := range cases {
		out, errOut, st := runIn(t, mk(t), "", tc.args...)
		if out != tc.out {
			t.Errorf("%q: stdout\n%q\nwant\n%q", tc.args, out, tc.out)
		}
		if errOut != tc.errOut || st != tc.status {
			t.Errorf("%q: stderr %q status %d, want %q %d", tc.args, errOut, st, tc.errOut, tc.status)
		}
	}
}

// lsFiles is the sorted listing of basicFS without dot files, minus t1/t2
// which the recording tree did not have; tests list a subdirectory copy.
func lsTree(t *testing.T) vfs.FS {
	fsys := basicFS(t)
	for _, n := range []string{"t1", "t2"} {
		if err := fsys.Remove("/home/user/" + n); err != nil {
			t.Fatal(err)
		}
	}
	return fsys
}

func TestLsLayouts(t *testing.T) {
	runBasic(t, lsTree, []basicCase{
		{[]string{"ls", "-C"}, "a b\t\tfile_number_12\tfile_number_18\tfile_number_3  file_number_9\nbig\t\tfile_number_13\tfile_number_19\tfile_number_4  lnk\nd\t\tfile_number_14\tfile_number_2\tfile_number_5\nfile_number_1\tfile_number_15\tfile_number_20\tfile_number_6\nfile_number_10\tfile_number_16\tfile_number_21\tfile_number_7\nfile_number_11\tfile_number_17\tfile_number_22\tfile_number_8\n", "", 0},
		{[]string{"ls", "-x"}, "a b\t\tbig\t\td\t\tfile_number_1\tfile_number_10\nfile_number_11\tfile_number_12\tfile_number_13\tfile_number_14\tfile_number_15\nfile_number_16\tfile_number_17\tfile_number_18\tfile_number_19\tfile_number_2\nfile_number_20\tfile_number_21\tfile_number_22\tfile_number_3\tfile_number_4\nfile_number_5\tfile_number_6\tfile_number_7\tfile_number_8\tfile_number_9\nlnk\n", "", 0},
		{[]string{"ls", "-C", "-w", "40"}, "a b\t\tfile_number_19\nbig\t\tfile_number_2\nd\t\tfile_number_20\nfile_number_1\tfile_number_21\nfile_number_10\tfile_number_22\nfile_number_11\tfile_number_3\nfile_number_12\tfile_number_4\nfile_number_13\tfile_number_5\nfile_number_14\tfile_number_6\nfile_number_15\tfile_number_7\nfile_number_16\tfile_number_8\nfile_number_17\tfile_number_9\nfile_number_18\tlnk\n", "", 0},
		{[]string{"ls", "-x", "-w", "60"}, "a b\t\tbig\t\td\nfile_number_1\tfile_number_10\tfile_number_11\nfile_number_12\tfile_number_13\tfile_number_14\nfile_number_15\tfile_number_16\tfile_number_17\nfile_number_18\tfile_number_19\tfile_number_2\nfile_number_20\tfile_number_21\tfile_number_22\nfile_number_3\tfile_number_4\tfile_number_5\nfile_number_6\tfile_number_7\tfile_number_8\nfile_number_9\tlnk\n", "", 0},
		{[]string{"ls", "-m", "-w", "40", "-F"}, "a b, big*, d/, file_number_1,\nfile_number_10, file_number_11,\nfile_number_12, file_number_13,\nfile_number_14, file_number_15,\nfile_number_16, file_number_17,\nfile_number_18, file_number_19,\nfile_number_2, file_number_20,\nfile_number_21, file_number_22,\nfile_number_3, file_number_4,\nfile_number_5, file_number_6,\nfile_number_7, file_number_8,\nfile_number_9, lnk@\n", "", 0},
		{[]string{"ls", "-m"}, "a b, big, d, file_number_1, file_number_10, file_number_11, file_number_12,\nfile_number_13, file_number_14, file_number_15, file_number_16, file_number_17,\nfile_number_18, file_number_19, file_number_2, file_number_20, file_number_21,\nfile_number_22, file_number_3, file_number_4, file_number_5, file_number_6,\nfile_number_7, file_number_8, file_number_9, lnk\n", "", 0},
		{[]string{"ls", "-Q", "d"}, "\"e\"\n\"f\"\n", "", 0},
		{[]string{"ls", "-b", "-w", "0", "-C", "a b", "d"}, "a\\ b\n\nd:\ne  f\n", "", 0},
		{[]string{"ls", "-p", "-w", "70", "-C"}, "a b\t\tfile_number_13\tfile_number_2\tfile_number_6\nbig\t\tfile_number_14\tfile_number_20\tfile_number_7\nd/\t\tfile_number_15\tfile_number_21\tfile_number_8\nfile_number_1\tfile_number_16\tfile_number_22\tfile_number_9\nfile_number_10\tfile_number_17\tfile_number_3\tlnk\nfile_number_11\tfile_number_18\tfile_number_4\nfile_number_12\tfile_number_19\tfile_number_5\n", "", 0},
		{[]string{"ls", "--color=never", "-r", "-w", "0", "-x"}, "lnk  file_number_9  file_number_8  file_number_7  file_number_6  file_number_5  file_number_4  file_number_3  file_number_22  file_number_21  file_number_20  file_number_2  file_number_19  file_number_18  file_number_17  file_number_16  file_number_15  file_number_14  file_number_13  file_number_12  file_number_11  file_number_10  file_number_1  d  big  a b\n", "", 0},
		{[]string{"ls", "--group-directories-first", "-w", "0", "-x"}, "d  lnk  a b  big  file_number_1  file_number_10  file_number_11  file_number_12  file_number_13  file_number_14  file_number_15  file_number_16  file_number_17  file_number_18  file_number_19  file_number_2  file_number_20  file_number_21  file_number_22  file_number_3  file_number_4  file_number_5  file_number_6  file_number_7  file_number_8  file_number_9\n", "", 0},
		{[]string{"ls", "-dF", "lnk", "lnk/"}, "lnk@\nlnk//\n", "", 0},
		{[]string{"ls", "-C", "-w", "20", "d"}, "e  f\n", "", 0},
		{[]string{"ls", "-w", "x"}, "", "ls: invalid line width: 'x'\n", 2},
		{[]string{"ls", "-y"}, "", "ls: invalid option -- 'y'\nTry 'ls --help' for more information.\n", 2},
	})
}

func TestLsLongFormats(t *testing.T) {
	runBasic(t, lsTree, []basicCase{
		{[]string{"ls", "-lF", "lnk"}, "lrwxrwxrwx 1 user user 1 Nov 30  2024 lnk -> d/\n", "", 0},
		{[]string{"ls", "-ld", "d", "big", "lnk"}, "-rwxr-xr-x 1 user user 5000 Nov 30  2024 big\ndrwxr-xr-x 3 user user 4096 Nov 30  2024 d\nlrwxrwxrwx 1 user user    1 Nov 30  2024 lnk -> d\n", "", 0},
		{[]string{"ls", "-gG", "d/f"}, "-rw-r--r-- 1 3 Nov 30  2024 d/f\n", "", 0},
		{[]string{"ls", "-no", "d/f"}, "-rw-r--r-- 1 1000 3 Nov 30  2024 d/f\n", "", 0},
		{[]string{"ls", "-l", "--time-style=long-iso", "d/f"}, "-rw-r--r-- 1 user user 3 2024-11-30 12:00 d/f\n", "", 0},
		{[]string{"ls", "--full-time", "d/f"}, "-rw-r--r-- 1 user user 3 2024-11-30 12:00:00.000000000 +0000 d/f\n", "", 0},
		{[]string{"ls", "-l", "--time-style=+%Y/%m/%d", "d/f"}, "-rw-r--r-- 1 user user 3 2024/11/30 d/f\n", "", 0},
		{[]string{"ls", "-lhd", "big"}, "-rwxr-xr-x 1 user user 4.9K Nov 30  2024 big\n", "", 0},
		// Command-line files are aligned over every operand, directories too.
		{[]string{"ls", "-l", "d/f", "d"}, "-rw-r--r-- 1 user user    3 Nov 30  2024 d/f\n\nd:\ntotal 5\ndrwxr-xr-x 2 user user 4096 Nov 30  2024 e\n-rw-r--r-- 1 user user    3 Nov 30  2024 f\n", "", 0},
	})
}

func TestCatSeqAndUsage(t *testing.T) {
	runBasic(t, basicFS, []basicCase{
		{[]string{"cat", "-A", "t1"}, "a^Ib$\n$\n$\n$\nc^A^?M-^?$\n$\nlast", "", 0},
		{[]string{"cat", "-b", "t1", "t2"}, "     1\ta\tb\n\n\n\n     2\tc\x01\x7f\xff\n\n     3\tlastx\n", "", 0},
		{[]string{"cat", "-n", "t1", "t2"}, "     1\ta\tb\n     2\t\n     3\t\n     4\t\n     5\tc\x01\x7f\xff\n     6\t\n     7\tlastx\n", "", 0},
		{[]string{"cat", "-s", "t1"}, "a\tb\n\nc\x01\x7f\xff\n\nlast", "", 0},
		{[]string{"cat", "-vT", "t1"}, "a^Ib\n\n\n\nc^A^?M-^?\n\nlast", "", 0},
		{[]string{"cat", "-e", "t2"}, "x$\n", "", 0},
		{[]string{"cat", "-ns", "t1"}, "     1\ta\tb\n     2\t\n     3\tc\x01\x7f\xff\n     4\t\n     5\tlast", "", 0},
		{[]string{"cat", "nope", "t2"}, "x\n", "cat: nope: No such file or directory\n", 1},
		{[]string{"cat", "-y"}, "", "cat: invalid option -- 'y'\nTry 'cat --help' for more information.\n", 1},
		{[]string{"seq", "-w", "03", ".3", "0004"}, "0003.0\n0003.3\n0003.6\n0003.9\n", "", 0},
		{[]string{"seq", "-w", "8", "-3", "04"}, "08\n05\n", "", 0},
		{[]string{"seq", "-.0", "-.25", "-.9"}, "-0.00\n-0.25\n-0.50\n-0.75\n", "", 0},
		{[]string{"seq", "0.1", "0.1", "0.3"}, "0.1\n0.2\n0.3\n", "", 0},
		{[]string{"seq", "18446744073709551615", "18446744073709551617"}, "18446744073709551615\n18446744073709551616\n18446744073709551617\n", "", 0},
		{[]string{"seq", "-s,", "-f", "%.1f", "1", "3"}, "1.0,2.0,3.0\n", "", 0},
		{[]string{"seq", "-f", "%d", "3"}, "", "seq: format '%d' has unknown %d directive\n", 1},
		{[]string{"seq", "-f", "%g%g", "3"}, "", "seq: format '%g%g' has too many % directives\n", 1},
		{[]string{"seq", "-w", "-f", "%g", "3"}, "", "seq: format string may not be specified when printing equal width strings\nTry 'seq --help' for more information.\n", 1},
		{[]string{"seq", "3", "-w"}, "", "seq: invalid floating point argument: '-w'\nTry 'seq --help' for more information.\n", 1},
		{[]string{"seq", "-w", "-1", ".5", "1"}, "-1.0\n-0.5\n00.0\n00.5\n01.0\n", "", 0},
		{[]string{"seq", "5", "-2", "-3"}, "5\n3\n1\n-1\n-3\n", "", 0},
		{[]string{"seq", "1", "0", "3"}, "", "seq: invalid Zero increment value: '0'\nTry 'seq --help' for more information.\n", 1},
		{[]string{"seq", "-s", "", "3"}, "123\n", "", 0},
		{[]string{"seq", "2", "1"}, "", "", 0},
		{[]string{"seq", "x"}, "", "seq: invalid floating point argument: 'x'\nTry 'seq --help' for more information.\n", 1},
		{[]string{"seq", "1", "2", "3", "4"}, "", "seq: extra operand '4'\nTry 'seq --help' for more information.\n", 1},
		{[]string{"seq", "-0", "1"}, "-0\n1\n", "", 0},
		{[]string{"seq", "0x10", "2", "0x13"}, "16\n18\n", "", 0},
		{[]string{"mkdir", "-m", "zz", "a"}, "", "mkdir: invalid mode 'zz'\n", 1},
		{[]string{"rm", "--interactive=bad", "x"}, "", "rm: invalid argument 'bad' for '--interactive'\nValid arguments are:\n  - 'never', 'no', 'none'\n  - 'once'\n  - 'always', 'yes'\nTry 'rm --help' for more information.\n", 1},
		{[]string{"sleep", "1x"}, "", "sleep: invalid time interval '1x'\nTry 'sleep --help' for more information.\n", 1},
		{[]string{"sleep", "-1"}, "", "sleep: invalid option -- '1'\nTry 'sleep --help' for more information.\n", 1},
		{[]string{"yes", "-x"}, "", "yes: invalid option -- 'x'\nTry 'yes --help' for more information.\n", 1},
		{[]string{"env", "-u", "A=b", "true"}, "", "env: cannot unset 'A=b': Invalid argument\n", 125},
		{[]string{"env", "-C", "nope", "true"}, "", "env: cannot change directory to 'nope': No such file or directory\n", 125},
		{[]string{"pwd", "-x"}, "", "pwd: invalid option -- 'x'\nTry 'pwd --help' for more information.\n", 1},
	})
}

func TestEnvChdirAndPwd(t *testing.T) {
	fsys := newTestFS(t, map[string]string{"/home/user/d/x": ""})
	if err := fsys.Symlink("d", "/home/user/l"); err != nil {
		t.Fatal(err)
	}
	c := &commands.Context{Dir: "/home/user/l", FS: fsys, Environ: []string{"PWD=/home/user/l"}}
	for _, tc := range []struct {
		args []string
		want string
	}{{[]string{"pwd"}, "/home/user/d\n"}, {[]string{"pwd", "-L"}, "/home/user/l\n"}, {[]string{"pwd", "-LP"}, "/home/user/d\n"}} {
		var out strings.Builder
		c.Args, c.Stdout, c.Stderr = tc.args, &out, &out
		if st := system.RunPwd(t.Context(), c); st != 0 || out.String() != tc.want {
			t.Errorf("%q: %d %q, want %q", tc.args, st, out.String(), tc.want)
		}
	}
	// A $PWD that does not name the directory is ignored by pwd -L.
	c.Environ = []string{"PWD=/tmp"}
	var out strings.Builder
	c.Args, c.Stdout = []string{"pwd", "-L"}, &out
	if system.RunPwd(t.Context(), c); out.String() != "/home/user/d\n" {
		t.Errorf("pwd -L with stale PWD: %q", out.String())
	}
}

// TestBasicHelpAndBadOption extends TestHelpAndBadOption to the basic
// commands of issue 3.
func TestBasicHelpAndBadOption(t *testing.T) {
	names := []string{"ls", "cat", "mkdir", "rm", "touch", "pwd", "env", "printenv", "which", "sleep", "seq", "yes"}
	for _, n := range names {
		out, _, st := runCmd(t, nil, "", n, "--help")
		if st != 0 || !strings.HasPrefix(out, "Usage: "+n) {
			t.Errorf("%s --help: status %d, out %q", n, st, out)
		}
		_, errOut, st := runCmd(t, nil, "", n, "--no-such-opt")
		want := n + ": unrecognized option '--no-such-opt'\nTry '" + n + " --help' for more information.\n"
		if st == 0 || errOut != want {
			t.Errorf("%s --no-such-opt: status %d, err %q", n, st, errOut)
		}
	}
}
