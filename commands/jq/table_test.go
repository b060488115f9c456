package jq

import (
	"strings"
	"testing"
)

type jqCase struct {
	args   []string
	in     string
	out    string
	status int
	// note says why the expectation differs from the system jq 1.6.
	note string
}

func TestJQTable(t *testing.T) {
	if len(jqCases) < 150 {
		t.Fatalf("only %d cases", len(jqCases))
	}
	for _, tc := range jqCases {
		name := strings.Join(tc.args, " ")
		out, errs, st := runJQ(t, nil, tc.in, tc.args...)
		if out != tc.out || st != tc.status {
			t.Errorf("jq %s <<< %q:\n got (%d) %q\nwant (%d) %q\nstderr: %s", name, tc.in, st, out, tc.status, tc.out, errs)
		}
		if st == exitError && !strings.HasPrefix(errs, "jq: error") && !strings.Contains(tc.args[len(tc.args)-1], "halt") {
			t.Errorf("jq %s: stderr %q lacks the jq: error prefix", name, errs)
		}
	}
}
