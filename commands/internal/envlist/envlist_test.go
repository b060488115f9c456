package envlist

import (
	"bytes"
	"slices"
	"testing"

	"github.com/justbash/justbash/commands"
)

func TestUnset(t *testing.T) {
	env := []string{"A=1", "AB=2", "A=3", "B=A=4"}
	got := Unset(env, "A")
	if want := []string{"AB=2", "B=A=4"}; !slices.Equal(got, want) {
		t.Errorf("Unset A: %q, want %q", got, want)
	}
	if env[0] != "A=1" || len(env) != 4 {
		t.Errorf("Unset changed its input: %q", env)
	}
}

func TestPrint(t *testing.T) {
	for _, tc := range []struct {
		null bool
		want string
	}{{false, "A=1\nB=\n"}, {true, "A=1\x00B=\x00"}} {
		var out bytes.Buffer
		c := &commands.Context{Args: []string{"env"}, Stdout: &out}
		if st := Print(c, []string{"A=1", "B="}, tc.null); st != 0 || out.String() != tc.want {
			t.Errorf("null=%v: (%d) %q, want %q", tc.null, st, out.String(), tc.want)
		}
	}
}
