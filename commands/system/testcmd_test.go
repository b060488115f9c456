package system

import "testing"

// TestCoreutilsTestMessage: the builtin's messages (bash 5.2) against
// coreutils 9.1 test's for the same arguments, run in the C locale; a
// line without the builtin's prefix passes as it is.
func TestCoreutilsTestMessage(t *testing.T) {
	rows := []struct{ name, bash, gnu string }{
		{"test", "bash: line 1: test: x: integer expression expected\n", "test: invalid integer 'x'\n"},
		{"test", "bash: line 1: test: b: binary operator expected\n", "test: 'b': binary operator expected\n"},
		{"[", "bash: line 1: [: missing `]'\n", "[: missing ']'\n"},
		{"test", "no prefix here\n", "no prefix here\n"},
	}
	for _, r := range rows {
		if got := coreutilsTestMessage(r.name, r.bash); got != r.gnu {
			t.Errorf("%q: %q, coreutils %q", r.bash, got, r.gnu)
		}
	}
}
