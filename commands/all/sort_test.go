package all

import (
	"slices"
	"strings"
	"testing"
)

func TestSort(t *testing.T) {
	s := "b 2\na 10\nc 1\nB 3\na 10\n"
	c := "x:3:z\ny:1:a\nz:2:b\n"
	f := map[string]string{"s": s, "c": c}
	runCases(t, []cmdCase{
		{name: "bytes", args: []string{"sort", "s"}, files: f, out: "B 3\na 10\na 10\nb 2\nc 1\n"},
		{name: "r", args: []string{"sort", "-r", "s"}, files: f, out: "c 1\nb 2\na 10\na 10\nB 3\n"},
		{name: "k2n", args: []string{"sort", "-k2n", "s"}, files: f, out: "c 1\nb 2\nB 3\na 10\na 10\n"},
		{name: "k2", args: []string{"sort", "-k2", "s"}, files: f, out: "c 1\na 10\na 10\nb 2\nB 3\n"},
		{name: "u", args: []string{"sort", "-u", "s"}, files: f, out: "B 3\na 10\nb 2\nc 1\n"},
		{name: "f", args: []string{"sort", "-f", "s"}, files: f, out: "a 10\na 10\nb 2\nB 3\nc 1\n"},
		{name: "fu-first-wins", args: []string{"sort", "-fu"}, stdin: "x\nX\nx\nb\n", out: "b\nx\n"},
		{name: "t-k", args: []string{"sort", "-t:", "-k2,2n", "c"}, files: f, out: "y:1:a\nz:2:b\nx:3:z\n"},
		{name: "t-k3", args: []string{"sort", "-t", ":", "-k3", "c"}, files: f, out: "y:1:a\nz:2:b\nx:3:z\n"},
		{name: "multi-key", args: []string{"sort", "-k2nr", "-k1", "s"}, files: f, out: "a 10\na 10\nB 3\nb 2\nc 1\n"},
		{name: "n-last-resort", args: []string{"sort", "-n"}, stdin: "1\n\n-1\nabc\n0.5\n", out: "-1\n\nabc\n0.5\n1\n"},
		{name: "stable", args: []string{"sort", "-s", "-k1,1"}, stdin: "a 2\nb 1\na 1\n", out: "a 2\na 1\nb 1\n"},
		{name: "M", args: []string{"sort", "-M"}, stdin: "Feb\njan\nDEC\nx\n", out: "x\njan\nFeb\nDEC\n"},
		{name: "V", args: []string{"sort", "-V"}, stdin: "1.10\n1.9\n1.1\nv1.1a\n", out: "1.1\n1.9\n1.10\nv1.1a\n"},
		{name: "g", args: []string{"sort", "-g"}, stdin: "2e3\n1e4\nabc\n-5\n", out: "abc\n-5\n2e3\n1e4\n"},
		{name: "h", args: []string{"sort", "-h"}, stdin: "1K\n2M\n512\n3G\n", out: "512\n1K\n2M\n3G\n"},
		{name: "z", args: []string{"sort", "-z"}, stdin: "a\x00c\x00b\x00", out: "a\x00b\x00c\x00"},
		{name: "b", args: []string{"sort", "-b", "-k1,1n"}, stdin: " 2\n1\n  3\n", out: "1\n 2\n  3\n"},
		{name: "no-trailing-newline", args: []string{"sort"}, stdin: "b\na", out: "a\nb\n"},
		{name: "check", args: []string{"sort", "-c", "s"}, files: f, errOut: "sort: s:2: disorder: a 10\n", status: 1},
		{name: "check-quiet", args: []string{"sort", "-C", "s"}, files: f, status: 1},
		{name: "check-ok", args: []string{"sort", "-c"}, stdin: "a\nb\n"},
		{name: "missing", args: []string{"sort", "nope"}, errOut: "sort: cannot read: nope: No such file or directory\n", status: 2},
		{name: "bad-key", args: []string{"sort", "-k", "0"}, errOut: "sort: field number is zero: invalid field specification '0'\n", status: 2},
		{name: "multi-tab", args: []string{"sort", "-t", "ab"}, errOut: "sort: multi-character tab 'ab'\n", status: 2},
	})
}

func TestSortOutputFile(t *testing.T) {
	fsys := newTestFS(t, map[string]string{"/home/user/f": "b\na\n"})
	if _, _, st := runIn(t, fsys, "", "sort", "-o", "f", "f"); st != 0 {
		t.Fatalf("status %d", st)
	}
	out, _, _ := runIn(t, fsys, "", "cat", "f")
	if out != "a\nb\n" {
		t.Fatalf("sort -o in place gave %q", out)
	}
}

// TestSortRandom checks -R: a permutation of the input in which equal keys
// end up adjacent (GNU hashes the key, so equal keys collide).
func TestSortRandom(t *testing.T) {
	in := "b\na\nc\na\nb\na\n"
	out, errOut, st := runCmd(t, nil, in, "sort", "-R")
	if st != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", st, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	got := slices.Clone(lines)
	slices.Sort(got)
	if strings.Join(got, ",") != "a,a,a,b,b,c" {
		t.Fatalf("not a permutation: %q", out)
	}
	seen := map[string]bool{}
	for i, l := range lines {
		if i > 0 && l != lines[i-1] && seen[l] {
			t.Fatalf("equal keys not adjacent: %q", out)
		}
		seen[l] = true
	}
}
