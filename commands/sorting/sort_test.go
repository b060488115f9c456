package sorting

import (
	"slices"
	"strings"
	"testing"

	"github.com/justbash/justbash/vfs"
)

func TestSort(t *testing.T) {
	s := "b 2\na 10\nc 1\nB 3\na 10\n"
	c := "x:3:z\ny:1:a\nz:2:b\n"
	f := map[string]string{"s": s, "c": c}
	runCases(t, []cmdCase{
		{Name: "bytes", Args: []string{"sort", "s"}, Files: f, Out: "B 3\na 10\na 10\nb 2\nc 1\n"},
		{Name: "r", Args: []string{"sort", "-r", "s"}, Files: f, Out: "c 1\nb 2\na 10\na 10\nB 3\n"},
		{Name: "k2n", Args: []string{"sort", "-k2n", "s"}, Files: f, Out: "c 1\nb 2\nB 3\na 10\na 10\n"},
		{Name: "k2", Args: []string{"sort", "-k2", "s"}, Files: f, Out: "c 1\na 10\na 10\nb 2\nB 3\n"},
		{Name: "u", Args: []string{"sort", "-u", "s"}, Files: f, Out: "B 3\na 10\nb 2\nc 1\n"},
		{Name: "f", Args: []string{"sort", "-f", "s"}, Files: f, Out: "a 10\na 10\nb 2\nB 3\nc 1\n"},
		{Name: "fu-first-wins", Args: []string{"sort", "-fu"}, Stdin: "x\nX\nx\nb\n", Out: "b\nx\n"},
		{Name: "t-k", Args: []string{"sort", "-t:", "-k2,2n", "c"}, Files: f, Out: "y:1:a\nz:2:b\nx:3:z\n"},
		{Name: "t-k3", Args: []string{"sort", "-t", ":", "-k3", "c"}, Files: f, Out: "y:1:a\nz:2:b\nx:3:z\n"},
		{Name: "multi-key", Args: []string{"sort", "-k2nr", "-k1", "s"}, Files: f, Out: "a 10\na 10\nB 3\nb 2\nc 1\n"},
		{Name: "n-last-resort", Args: []string{"sort", "-n"}, Stdin: "1\n\n-1\nabc\n0.5\n", Out: "-1\n\nabc\n0.5\n1\n"},
		{Name: "stable", Args: []string{"sort", "-s", "-k1,1"}, Stdin: "a 2\nb 1\na 1\n", Out: "a 2\na 1\nb 1\n"},
		{Name: "M", Args: []string{"sort", "-M"}, Stdin: "Feb\njan\nDEC\nx\n", Out: "x\njan\nFeb\nDEC\n"},
		{Name: "V", Args: []string{"sort", "-V"}, Stdin: "1.10\n1.9\n1.1\nv1.1a\n", Out: "1.1\n1.9\n1.10\nv1.1a\n"},
		{Name: "g", Args: []string{"sort", "-g"}, Stdin: "2e3\n1e4\nabc\n-5\n", Out: "abc\n-5\n2e3\n1e4\n"},
		{Name: "h", Args: []string{"sort", "-h"}, Stdin: "1K\n2M\n512\n3G\n", Out: "512\n1K\n2M\n3G\n"},
		{Name: "z", Args: []string{"sort", "-z"}, Stdin: "a\x00c\x00b\x00", Out: "a\x00b\x00c\x00"},
		{Name: "b", Args: []string{"sort", "-b", "-k1,1n"}, Stdin: " 2\n1\n  3\n", Out: "1\n 2\n  3\n"},
		{Name: "no-trailing-newline", Args: []string{"sort"}, Stdin: "b\na", Out: "a\nb\n"},
		{Name: "check", Args: []string{"sort", "-c", "s"}, Files: f, ErrOut: "sort: s:2: disorder: a 10\n", Status: 1},
		{Name: "check-quiet", Args: []string{"sort", "-C", "s"}, Files: f, Status: 1},
		{Name: "check-ok", Args: []string{"sort", "-c"}, Stdin: "a\nb\n"},
		{Name: "missing", Args: []string{"sort", "nope"}, ErrOut: "sort: cannot read: nope: No such file or directory\n", Status: 2},
		{Name: "bad-key", Args: []string{"sort", "-k", "0"}, ErrOut: "sort: field number is zero: invalid field specification '0'\n", Status: 2},
		{Name: "multi-tab", Args: []string{"sort", "-t", "ab"}, ErrOut: "sort: multi-character tab 'ab'\n", Status: 2},
	})
}

func TestSortOutputFile(t *testing.T) {
	fsys := newTestFS(t, map[string]string{"/home/user/f": "b\na\n"})
	if _, _, st := runIn(t, fsys, "", "sort", "-o", "f", "f"); st != 0 {
		t.Fatalf("status %d", st)
	}
	out, err := vfs.ReadFile(fsys, "/home/user/f")
	if err != nil || string(out) != "a\nb\n" {
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
