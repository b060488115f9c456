package sed

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/justbash/justbash/vfs"
)

// gnuCases were recorded from GNU sed 4.9 (LC_ALL=C) while fixing the
// differences the BusyBox test suite found; TestSedGNUOracle re-checks the
// table against the host's GNU sed when there is one.
var gnuCases = []sedCase{
	// Ranges: a line-number start that d, n or N carried the input past
	// still opens the range; a line-number end passed by N closes it
	// without selecting; a range from a line number never reopens.
	{name: "d-before-n,m", args: []string{"sed", "-n", "1d;1,3p"}, stdin: "1\n2\n3\n4\n", out: "2\n3\n"},
	{name: "d-before-n,re", args: []string{"sed", "-n", "1d;1,/3/p"}, stdin: "1\n2\n3\n4\n", out: "2\n3\n"},
	{name: "d-before-n,re-2", args: []string{"sed", "-n", "1,5d;1,/hir/p"}, stdin: "first\nsecond\nthird\nfourth\nfirst2\nsecond2\nthird2\nfourth2\n", out: "second2\nthird2\n"},
	{name: "2d;2,1p", args: []string{"sed", "-n", "2d;2,1p"}, stdin: "first\nsecond\nthird\nfourth\n", out: ""},
	{name: "2d;2,2p", args: []string{"sed", "-n", "2d;2,2p"}, stdin: "1\n2\n3\n4\n", out: ""},
	{name: "3,1p", args: []string{"sed", "-n", "3,1p"}, stdin: "1\n2\n3\n4\n", out: "3\n"},
	{name: "d-before-n,+m", args: []string{"sed", "-n", "1d;1,+2p"}, stdin: "1\n2\n3\n4\n5\n", out: "2\n3\n4\n"},
	{name: "d-before-n,+0", args: []string{"sed", "-n", "1d;1,+0p"}, stdin: "1\n2\n3\n", out: "2\n"},
	{name: "d-before-n,~m", args: []string{"sed", "-n", "1d;1,~4p"}, stdin: "1\n2\n3\n4\n5\n", out: "2\n3\n4\n"},
	{name: "d-before-n,$", args: []string{"sed", "-n", "1d;1,$p"}, stdin: "1\n2\n3\n", out: "2\n3\n"},
	{name: "d-before-n,re-not-on-start", args: []string{"sed", "-n", "1d;1,/2/p"}, stdin: "1\n2\n3\n", out: "2\n3\n"},
	{name: "n-past-start", args: []string{"sed", "-n", "n;n;2,3p"}, stdin: "1\n2\n3\n4\n5\n6\n", out: "3\n"},
	{name: "N-past-end", args: []string{"sed", "-n", "$!N;2,3p"}, stdin: "1\n2\n3\n4\n5\n6\n", out: "1\n2\n"},
	{name: "N-past-end-re-start", args: []string{"sed", "-n", "$!N;/2/,3p"}, stdin: "1\n2\n3\n4\n5\n6\n", out: "1\n2\n"},
	{name: "N-past-plus-end", args: []string{"sed", "-n", "$!N;2,+1p"}, stdin: "1\n2\n3\n4\n5\n6\n", out: "1\n2\n3\n4\n"},
	{name: "N-onto-end", args: []string{"sed", "-n", "$!N;$!N;2,3p"}, stdin: "1\n2\n3\n4\n5\n6\n", out: "1\n2\n3\n"},
	{name: "range-closed-for-good", args: []string{"sed", "-n", "2,3d;1,2p"}, stdin: "1\n2\n3\n4\n5\n", out: "1\n"},
	{name: "re-range-reopens", args: []string{"sed", "-n", "/1/,3p"}, stdin: "1\n2\n3\n4\n11\n12\n", out: "1\n2\n3\n11\n12\n"},
	{name: "separate-resets-ranges", args: []string{"sed", "-s", "-n", "$!N;2,3p", "f1", "f2"}, out: "1\n2\n3\n4\n5\n6\n"},

	// The delimiter of s and of addresses: it does not end a bracket
	// expression; escaped, it is the bare character with its regex
	// meaning; in the replacement "\&" stays a literal "&".
	{name: "delim-in-bracket", args: []string{"sed", "-e", "s@[@]@@"}, stdin: "one@two", out: "onetwo"},
	{name: "slash-in-bracket", args: []string{"sed", "s/[/]/X/"}, stdin: "a/b\n", out: "aXb\n"},
	{name: "bracket-leading-close", args: []string{"sed", "s/[]/]/X/"}, stdin: "a/b]\n", out: "aXb]\n"},
	{name: "bracket-class", args: []string{"sed", "s/[[:alpha:]/]/X/g"}, stdin: "a/b\n", out: "XXX\n"},
	{name: "bracket-negated", args: []string{"sed", "s/[^/]/X/g"}, stdin: "a^/b\n", out: "XX/X\n"},
	{name: "bracket-backslash", args: []string{"sed", "s/[\\/]/X/g"}, stdin: "a/b\\c\n", out: "aXbXc\n"},
	{name: "addr-slash-in-bracket", args: []string{"sed", "-n", "/[/]/p"}, stdin: "a/b\nc\n", out: "a/b\n"},
	{name: "space-delim", args: []string{"sed", "s [^ .]* x g"}, stdin: " a.b\n", out: "x x.x\n"},
	{name: "amp-delim-repl", args: []string{"sed", "s&9&X\\&&"}, stdin: "9+8=17\n", out: "X&+8=17\n"},
	{name: "amp-delim-regex", args: []string{"sed", "s&\\&&X&"}, stdin: "a&b\n", out: "aXb\n"},
	{name: "digit-delim-repl", args: []string{"sed", "s1\\(9\\)1X\\11"}, stdin: "9+8=17\n", out: "X1+8=17\n"},
	{name: "dot-delim-keeps-meaning", args: []string{"sed", "s.a\\..X."}, stdin: "axb\n", out: "Xb\n"},
	{name: "n-delim-is-n", args: []string{"sed", "N;sn\\nnXn"}, stdin: "anb\nc\n", out: "aXb\nc\n"},
	{name: "unterminated-bracket", args: []string{"sed", "s/[/X/"}, stdin: "x[y\n", errOut: "sed: -e expression #1, char 6: unterminated `s' command\n", status: 1},
	{name: "unterminated-class", args: []string{"sed", "s/[[:]/X/g"}, stdin: "a\n", errOut: "sed: -e expression #1, char 10: unterminated `s' command\n", status: 1},
	{name: "unterminated-addr-bracket", args: []string{"sed", "-n", "/[/p"}, errOut: "sed: -e expression #1, char 4: unterminated address regex\n", status: 1},

	// Labels end at a blank, ";", "}" or "#".
	{name: "label-blank-then-command", args: []string{"sed", "-n", ":a b;p"}, stdin: "a\n", out: ""},
	{name: "label-closing-brace", args: []string{"sed", "-n", "/a/{b x};:x;p"}, stdin: "a\n", out: "a\n"},
	{name: "label-blank-brace", args: []string{"sed", "-n", "/a/{b x }; :x;p"}, stdin: "a\n", out: "a\n"},
	{name: "label-comment", args: []string{"sed", "-n", "bx#c\n:x\np"}, stdin: "a\n", out: "a\n"},
	{name: "label-stray-brace", args: []string{"sed", "-n", "bx}"}, stdin: "a\n", errOut: "sed: -e expression #1, char 3: unexpected `}'\n", status: 1},
	{name: "label-then-y", args: []string{"sed", "-n", ":x y\np"}, stdin: "a\n", errOut: "sed: -e expression #1, char 6: unterminated `y' command\n", status: 1},
	{name: "continuation-loop", args: []string{"sed", ": testcont; /\\\\$/{ =; N; b testcont }"},
		stdin: "regular\nwith \\\ncontinued\nmore\n", out: "regular\n2\nwith \\\ncontinued\nmore\n"},

	// p, s///p, P, w and W keep a line's missing newline (the end of a
	// file); the next write to that output adds it.
	{name: "s-p-across-files", args: []string{"sed", "-ne", "s/woo/bang/p", "nonl", "-"}, stdin: "c no\nd woo", out: "a bang\nb bang\nd bang"},
	{name: "s-p-no-later-write", args: []string{"sed", "-ne", "s/woo/bang/p", "nonl", "-"}, stdin: "c no\nd no", out: "a bang\nb bang"},
	{name: "p-twice-last", args: []string{"sed", "-n", "p;p"}, stdin: "a\nb", out: "a\na\nb\nb"},
	{name: "P-last", args: []string{"sed", "-n", "P;p;P"}, stdin: "a\nb", out: "a\na\na\nb\nb\nb"},
	{name: "P-D-loop", args: []string{"sed", "$!N;P;D"}, stdin: "a\nb", out: "a\nb"},
	{name: "W-last", args: []string{"sed", "-n", "W /dev/stdout"}, stdin: "a\nb", out: "a\nb"},
	{name: "w-last", args: []string{"sed", "-n", "w /dev/stdout"}, stdin: "a\nb", out: "a\nb"},
}

// gnuFiles are the files the cases above name.
var gnuFiles = map[string]string{"f1": "1\n2\n3\n", "f2": "4\n5\n6\n", "nonl": "a woo\nb woo"}

// TestSedWriteMissingNewline: a w file gets the lines as they ended in
// the input (GNU sed 4.9: thzngy\nagazn, no final newline).
func TestSedWriteMissingNewline(t *testing.T) {
	fsys := newFS(t)
	if err := vfs.WriteFile(fsys, "/home/user/in", []byte("thingy"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, st := runSed(t, fsys, "again", []string{"sed", "-e", "s/i/z/", "-e", "woutputw", "in", "-"}, nil)
	if out != "thzngy\nagazn" || errOut != "" || st != 0 {
		t.Fatalf("got %q %q %d", out, errOut, st)
	}
	data, err := vfs.ReadFile(fsys, "/home/user/outputw")
	if err != nil || string(data) != "thzngy\nagazn" {
		t.Errorf("outputw holds %q (%v), want %q", data, err, "thzngy\nagazn")
	}
}

func TestSedGNU2(t *testing.T) {
	for _, tc := range gnuCases {
		t.Run(tc.name, func(t *testing.T) {
			fsys := newFS(t)
			for n, d := range gnuFiles {
				if err := vfs.WriteFile(fsys, "/home/user/"+n, []byte(d), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out, errOut, st := runSed(t, fsys, tc.stdin, tc.args, nil)
			if out != tc.out || errOut != tc.errOut || st != tc.status {
				t.Errorf("%q:\n got  %q %q %d\n want %q %q %d", tc.args, out, errOut, st, tc.out, tc.errOut, tc.status)
			}
		})
	}
}

// TestSedGNUOracle runs the table through the host's GNU sed, so a wrong
// expectation cannot hide behind our own output.
func TestSedGNUOracle(t *testing.T) {
	path, err := exec.LookPath("sed")
	if err != nil {
		t.Skip("no sed on the host to check the table against")
	}
	if v, _ := exec.Command(path, "--version").Output(); !bytes.Contains(v, []byte("(GNU sed) 4.")) {
		t.Skip("host sed is not GNU sed 4.x")
	}
	dir := t.TempDir()
	for n, d := range gnuFiles {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(d), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range gnuCases {
		cmd := exec.Command(path, tc.args[1:]...)
		cmd.Args[0] = "sed" // GNU names itself by argv[0] in messages
		cmd.Dir, cmd.Env = dir, []string{"LC_ALL=C"}
		cmd.Stdin = strings.NewReader(tc.stdin)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		st := 0
		if ee, ok := err.(*exec.ExitError); ok {
			st = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if out.String() != tc.out || errb.String() != tc.errOut || st != tc.status {
			t.Errorf("%s: GNU sed %q gives %q %q %d, the table says %q %q %d",
				tc.name, tc.args, out.String(), errb.String(), st, tc.out, tc.errOut, tc.status)
		}
	}
}
