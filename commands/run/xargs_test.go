package run

import (
	"context"
	"sync"

	"github.com/justbash/justbash/commands"

	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestXargsParallel checks -P really overlaps: four sleeps of 200ms with
// -P 4 must run at the same time (a command records the peak).
func TestXargsParallel(t *testing.T) {
	var running, peak atomic.Int32
	// Each probe waits until two run at once (a condition, not a pause):
	// parallel runs meet at once; serial ones would wait out the guard and
	// fail on the peak below.
	overlap := make(chan struct{})
	var met sync.Once
	testReg.Register("xargs-probe", commands.Func(func(ctx context.Context, c *commands.Context) int {
		n := running.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		if n >= 2 {
			met.Do(func() { close(overlap) })
		}
		select {
		case <-overlap:
		case <-ctx.Done():
		case <-time.After(30 * time.Second):
		}
		running.Add(-1)
		c.Stdout.Write([]byte(strings.Join(c.Args[1:], " ") + "\n"))
		return 0
	}))
	defer testReg.Remove("xargs-probe")
	out, _, st := runExec(t, newTestFS(t, nil), "1 2 3 4\n", "xargs", "-P", "4", "-n", "1", "xargs-probe")
	if st != 0 || len(strings.Fields(out)) != 4 {
		t.Fatalf("status %d out %q", st, out)
	}
	if peak.Load() < 2 {
		t.Errorf("peak concurrency %d, want parallel runs", peak.Load())
	}
}
