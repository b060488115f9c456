package opts

import (
	"bytes"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
)

// TestWalkInOrder: operands and options reach the visitor in command-line
// order, "--" marks the operands after it, and the first error in that
// order wins (GNU join's getopt string starts with '-').
func TestWalkInOrder(t *testing.T) {
	p := &Parser{Opts: []Opt{{Short: 'a', Arg: true}, {Short: 'i'}}, Usage: 1}
	for _, tc := range []struct {
		args    []string
		trace   string
		wantErr string
		ok      bool
	}{
		{[]string{"f", "-a", "1", "g", "--", "-i"}, "op:f a=1[-a] op:g end:-i", "", true},
		{[]string{"-ia2", "x"}, "i[-ia2] a=2[-ia2] op:x", "", true},
		{[]string{"f", "g", "h", "-Q"}, "op:f op:g", "join: extra h\n", false},
		{[]string{"f", "-iQ", "g"}, "op:f i[-iQ]", "join: invalid option -- 'Q'\nTry 'join --help' for more information.\n", false},
		{[]string{"-a"}, "", "join: option requires an argument -- 'a'\nTry 'join --help' for more information.\n", false},
	} {
		var errb bytes.Buffer
		c := &commands.Context{Args: []string{"join"}, Stderr: &errb}
		var trace []string
		ops := 0
		_, ok := p.Walk(c, tc.args, func(it Item) (int, bool) {
			switch {
			case it.AfterEnd:
				trace = append(trace, "end:"+it.Val)
			case it.Operand:
				ops++
				if ops == 3 {
					c.Errorf("extra %s", it.Val)
					return 1, false
				}
				trace = append(trace, "op:"+it.Val)
			case it.Val != "":
				trace = append(trace, it.Key+"="+it.Val+"["+it.Word+"]")
			default:
				trace = append(trace, it.Key+"["+it.Word+"]")
			}
			return 0, true
		})
		if got := strings.Join(trace, " "); got != tc.trace || errb.String() != tc.wantErr || ok != tc.ok {
			t.Errorf("%q: got %q %q %v, want %q %q %v", tc.args, got, errb.String(), ok, tc.trace, tc.wantErr, tc.ok)
		}
	}
}
