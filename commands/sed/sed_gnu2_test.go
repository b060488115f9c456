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
}

// gnuFiles are the files the cases above name.
var gnuFiles = map[string]string{"f1": "1\n2\n3\n", "f2": "4\n5\n6\n"}

func TestSedGNURanges(t *testing.T) {
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
