package mcpserver

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"testing"
	"time"

	"github.com/justbash/justbash/jsexec"
)

// gcPercent reads the collector's setting without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p
}

// The start-up pause turns the collector off under a soft memory limit,
// and resuming puts both settings back; it happens once per process.
func TestStartGCPause(t *testing.T) {
	resumeStartGC() // a pause of an earlier test's runtime, if any
	startGC.mu.Lock()
	startGC.done = false
	startGC.mu.Unlock()
	percent, limit := gcPercent(), debug.SetMemoryLimit(-1)
	pauseStartGC()
	if !startGCPaused() || gcPercent() != -1 {
		t.Fatalf("paused: %v, GC percent %d, want -1", startGCPaused(), gcPercent())
	}
	if l := debug.SetMemoryLimit(-1); l > startGCLimit {
		t.Errorf("memory limit while paused %d, want at most %d", l, startGCLimit)
	}
	resumeStartGC()
	if startGCPaused() || gcPercent() != percent || debug.SetMemoryLimit(-1) != limit {
		t.Errorf("after resume: paused %v, GC percent %d (want %d), limit %d (want %d)",
			startGCPaused(), gcPercent(), percent, debug.SetMemoryLimit(-1), limit)
	}
	resumeStartGC() // a second resume changes nothing
	pauseStartGC()  // nor a second pause: the start-up is over
	if startGCPaused() || gcPercent() != percent {
		t.Errorf("a second pause took effect: GC percent %d", gcPercent())
	}
}

// A warm-up that comes after the first run has begun starts no fill: the
// run prepared its own runtime, and a fill would share the CPU with it.
func TestWarmUpAfterARunFillsNothing(t *testing.T) {
	servers := []string{"warm-up-after-run"}
	warmUp(servers, 0, func() bool { return false })
	runtimes.mu.Lock()
	k := runtimes.keys[warmKeyOf(servers, 0)]
	runtimes.mu.Unlock()
	if k != nil {
		t.Errorf("the warm-up started a fill for a process whose run had come")
	}
}

// A fill stops after the runtime a waiting call takes: the call runs
// before the next one is prepared, and reports that it waited.
func TestFillStopsForAWaitingCall(t *testing.T) {
	p := &warmPool{depth: 2, keys: map[string]*warmKey{}}
	servers := []string{"fill-stops"}
	key := warmKeyOf(servers, 0)
	k := &warmKey{servers: servers, filling: true} // a fill under way
	p.keys[key] = k
	type took struct {
		waited bool
		ok     bool
	}
	done := make(chan took, 1)
	go func() {
		pr, waited := p.take(context.Background(), servers, 0)
		res, err := pr.Run(context.Background(), "return 1", jsexec.PreparedRun{})
		done <- took{waited, err == nil && string(res.Value) == "1"}
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		p.mu.Lock()
		n := k.waiters
		p.mu.Unlock()
		if n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the call did not wait for the fill")
		}
		time.Sleep(time.Millisecond) // polling a condition
	}
	if more := p.fillOne(key, k); more {
		t.Errorf("the fill went on with a call waiting")
	}
	got := <-done
	if !got.waited || !got.ok {
		t.Errorf("the waiting call: waited %v, ran %v", got.waited, got.ok)
	}
	p.mu.Lock()
	filling, ready, waiters := k.filling, len(k.ready), k.waiters
	p.mu.Unlock()
	if filling || ready != 0 || waiters != 0 {
		t.Errorf("after the call: filling %v, %d ready, %d waiters; want false, 0, 0", filling, ready, waiters)
	}
	// Without a waiter the fill goes on to the pool's depth.
	k.filling = true
	if more := p.fillOne(key, k); !more {
		t.Errorf("a fill with nobody waiting stopped below the pool's depth")
	}
	p.dropAll()
}

// A first run that goes on past startGCRunGrace gets the collector back
// while it runs, not only after its reply.
func TestStartGCResumedInALongRun(t *testing.T) {
	resumeStartGC()
	startGC.mu.Lock()
	startGC.done = false
	startGC.mu.Unlock()
	pauseStartGC()
	defer resumeStartGC()
	resumed := false
	invoke := func(ctx context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
		// The run waits here until the collector is back, or 20 s.
		deadline := time.Now().Add(20 * time.Second)
		for startGCPaused() && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond) // polling a condition
		}
		resumed = !startGCPaused()
		return json.RawMessage("1"), nil
	}
	res, err := JSRunner{}.RunCode(context.Background(), CodeRequest{Code: "return await up.wait({})",
		Servers: []string{"up"}, Invoke: invoke, Timeout: 30 * time.Second})
	if err != nil || string(res.Value) != "1" {
		t.Fatalf("run: %s %v", res.Value, err)
	}
	if !resumed {
		t.Errorf("the collector stayed paused through a long first run")
	}
}
