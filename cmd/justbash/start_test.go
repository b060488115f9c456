package main

import (
	"math"
	"runtime/debug"
	"testing"

	"github.com/justbash/justbash/shell"
)

// TestSoftMemoryLimit: the CLI gives the garbage collector a soft limit
// below the heap cap of the chosen profile, and leaves a user's GOMEMLIMIT
// alone.
func TestSoftMemoryLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	noEnv := func(string) (string, bool) { return "", false }
	for _, lim := range []shell.Limits{shell.Normal, shell.Hardened} {
		debug.SetMemoryLimit(math.MaxInt64)
		got := softMemoryLimit(lim, noEnv)
		if got != lim.MaxHeapBytes/4*3 || got <= 0 || got >= lim.MaxHeapBytes {
			t.Errorf("limit %d for heap cap %d; want 3/4 of the cap", got, lim.MaxHeapBytes)
		}
	}
	debug.SetMemoryLimit(12345678)
	userSet := func(k string) (string, bool) { return "100MiB", k == "GOMEMLIMIT" }
	if got := softMemoryLimit(shell.Hardened, userSet); got != 12345678 {
		t.Errorf("a user's GOMEMLIMIT was overridden: %d", got)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	if got := softMemoryLimit(shell.Limits{}, noEnv); got != math.MaxInt64 {
		t.Errorf("no heap cap should set no limit, got %d", got)
	}
}
