package text

import (
	"testing"

	"github.com/justbash/justbash/vfs"
)

// TestSplitChunkForms: -n r/N, r/K/N, K/N and l/K/N, recorded from GNU
// split (coreutils 9.1) on `seq 10` and "a\nb\nc".
func TestSplitChunkForms(t *testing.T) {
	seq10 := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
	files := []struct {
		args  []string
		in    string
		files map[string]string
	}{
		{[]string{"-n", "r/3", "-", "p_"}, seq10, map[string]string{"p_aa": "1\n4\n7\n10\n", "p_ab": "2\n5\n8\n", "p_ac": "3\n6\n9\n"}},
		{[]string{"-n", "r/4", "-", "q_"}, seq10, map[string]string{"q_aa": "1\n5\n9\n", "q_ab": "2\n6\n10\n", "q_ac": "3\n7\n", "q_ad": "4\n8\n"}},
		{[]string{"-n", "r/2", "-", "t_"}, "a\nb\nc", map[string]string{"t_aa": "a\nc", "t_ab": "b\n"}},
		{[]string{"-n", "3", "-", "b_"}, seq10, map[string]string{"b_aa": "1\n2\n3\n4", "b_ab": "\n5\n6\n7\n", "b_ac": "8\n9\n10\n"}},
	}
	for _, tc := range files {
		fsys := vfs.NewMem()
		if err := fsys.MkdirAll("/home/user", 0o755); err != nil {
			t.Fatal(err)
		}
		if _, errs, st := runExec(t, fsys, tc.in, append([]string{"split"}, tc.args...)...); st != 0 {
			t.Fatalf("split %q: %d %s", tc.args, st, errs)
		}
		for name, want := range tc.files {
			if b, err := vfs.ReadFile(fsys, "/home/user/"+name); err != nil || string(b) != want {
				t.Errorf("split %q: %s = %q (%v), want %q", tc.args, name, b, err, want)
			}
		}
	}
	runCases(t, []cmdCase{
		{Name: "r-K-N", Args: []string{"split", "-n", "r/2/3"}, Stdin: seq10, Out: "2\n5\n8\n"},
		{Name: "K-N", Args: []string{"split", "-n", "2/3"}, Stdin: seq10, Out: "\n5\n6\n7\n"},
		{Name: "l-K-N", Args: []string{"split", "-n", "l/2/3"}, Stdin: seq10, Out: "5\n6\n7\n"},
		{Name: "K-zero", Args: []string{"split", "-n", "0/3"}, Stdin: seq10, ErrOut: "split: invalid chunk number: '0': Numerical result out of range\n", Status: 1},
		{Name: "K-too-big", Args: []string{"split", "-n", "4/3"}, Stdin: seq10, ErrOut: "split: invalid chunk number: '4': Numerical result out of range\n", Status: 1},
		{Name: "r-bad-N", Args: []string{"split", "-n", "r/x"}, Stdin: seq10, ErrOut: "split: invalid number of chunks: 'x'\n", Status: 1},
	})
}
