package run

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
)

func TestSleep(t *testing.T) {
	runCases(t, []cmdCase{
		{Name: "zero", Args: []string{"sleep", "0"}},
		{Name: "suffixes", Args: []string{"sleep", "0.01s", "0m", "0h", "0d"}},
		{Name: "bad", Args: []string{"sleep", "x"}, ErrOut: "sleep: invalid time interval 'x'\nTry 'sleep --help' for more information.\n", Status: 1},
		{Name: "missing", Args: []string{"sleep"}, ErrOut: "sleep: missing operand\nTry 'sleep --help' for more information.\n", Status: 1},
	})
	for _, in := range []string{"1.5", "2m", "1h", "1d", "inf", ".5"} {
		if _, ok := parseDuration(in); !ok {
			t.Errorf("parseDuration(%q) failed", in)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	c := &commands.Context{Args: []string{"sleep", "inf"}, Stdout: io.Discard, Stderr: io.Discard}
	if st := runSleep(ctx, c); st == 0 || time.Since(start) > 2*time.Second {
		t.Fatalf("sleep inf did not stop on cancel: %d", st)
	}
}
