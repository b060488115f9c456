package opts

import (
	"bytes"
	"testing"

	"github.com/justbash/justbash/commands"
)

// TestParseCheckedOrder: values are checked in command-line order, before
// a later bad option is reported, as GNU's getopt loops do.
func TestParseCheckedOrder(t *testing.T) {
	p := &Parser{Opts: []Opt{{Short: 'n', Arg: true}, {Short: 'q'}}, Usage: 1}
	for _, tc := range []struct {
		args       []string
		wantErr    string
		wantStatus int
		wantOK     bool
	}{
		{[]string{"-n", "x", "-Q"}, "head: bad n: x\n", 3, false},
		{[]string{"-n", "1", "-Q"}, "head: invalid option -- 'Q'\nTry 'head --help' for more information.\n", 1, false},
		{[]string{"-Q", "-n", "x"}, "head: invalid option -- 'Q'\nTry 'head --help' for more information.\n", 1, false},
		{[]string{"-q", "-n", "x", "f"}, "head: bad n: x\n", 3, false},
		{[]string{"-q", "-n", "2", "f"}, "", 0, true},
	} {
		var errb bytes.Buffer
		c := &commands.Context{Args: []string{"head"}, Stderr: &errb}
		seen := 0
		ops, st, ok := p.ParseChecked(c, tc.args, func(res []Result) (int, bool) {
			for _, r := range res {
				seen++
				if r.Key == "n" && r.Val == "x" {
					c.Errorf("bad n: %s", r.Val)
					return 3, false
				}
			}
			return 0, true
		})
		if errb.String() != tc.wantErr || st != tc.wantStatus || ok != tc.wantOK {
			t.Errorf("%q: got (%q, %d, %v), want (%q, %d, %v)", tc.args, errb.String(), st, ok, tc.wantErr, tc.wantStatus, tc.wantOK)
		}
		if ok && (len(ops) != 1 || seen != 2) {
			t.Errorf("%q: operands %q, check saw %d results", tc.args, ops, seen)
		}
	}
}
