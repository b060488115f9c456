package all

import (
	"strings"
	"testing"
)

// TestFuzzFound replays inputs the fuzz targets (shell's FuzzCommandArgs)
// found crashing a built-in command; each must now end as GNU's command
// does, with its message and status.
func TestFuzzFound(t *testing.T) {
	tests := []struct {
		args   []string
		stderr string // a part of the expected message
		status int
	}{
		// splitSeqArgs indexed the first byte of an empty argument.
		{[]string{"seq", "", "x", "nope"}, "invalid floating point argument", 1},
		{[]string{"seq", ""}, "invalid floating point argument", 1},
	}
	for _, tc := range tests {
		_, errOut, st := runCmd(t, nil, "", tc.args...)
		if st != tc.status || !strings.Contains(errOut, tc.stderr) {
			t.Errorf("%q: status %d, stderr %q; want %d and %q", tc.args, st, errOut, tc.status, tc.stderr)
		}
	}
}
