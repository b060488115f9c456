package opts

import (
	"bytes"
	"testing"

	"github.com/justbash/justbash/commands"
)

// TestArgMatch: exact names, unique prefixes and synonyms match; an empty
// or shared prefix is ambiguous and an unknown word invalid, each with
// gnulib's list of valid names (cases recorded from GNU uniq --group and
// sort --check).
func TestArgMatch(t *testing.T) {
	group := []string{"prepend", "append", "separate", "both"}
	check := []string{"quiet", "silent", "diagnose-first"}
	for _, tc := range []struct {
		names   []string
		vals    []int
		arg     string
		want    int
		ok      bool
		wantErr string
	}{
		{group, []int{0, 1, 2, 3}, "sep", 2, true, ""},
		{group, []int{0, 1, 2, 3}, "both", 3, true, ""},
		{group, []int{0, 1, 2, 3}, "bad", 0, false, "uniq: invalid argument 'bad' for '--group'\nValid arguments are:\n  - 'prepend'\n  - 'append'\n  - 'separate'\n  - 'both'\nTry 'uniq --help' for more information.\n"},
		{group, []int{0, 1, 2, 3}, "", 0, false, "uniq: ambiguous argument '' for '--group'\nValid arguments are:\n  - 'prepend'\n  - 'append'\n  - 'separate'\n  - 'both'\nTry 'uniq --help' for more information.\n"},
		{check, []int{0, 0, 1}, "q", 0, true, ""},
		{check, []int{0, 0, 1}, "x", 0, false, "uniq: invalid argument 'x' for '--group'\nValid arguments are:\n  - 'quiet', 'silent'\n  - 'diagnose-first'\nTry 'uniq --help' for more information.\n"},
	} {
		var errb bytes.Buffer
		c := &commands.Context{Args: []string{"uniq"}, Stderr: &errb}
		v, ok := ArgMatch(c, "--group", tc.arg, tc.names, tc.vals)
		if v != tc.want || ok != tc.ok || errb.String() != tc.wantErr {
			t.Errorf("%q: got %d %v %q, want %d %v %q", tc.arg, v, ok, errb.String(), tc.want, tc.ok, tc.wantErr)
		}
	}
}
