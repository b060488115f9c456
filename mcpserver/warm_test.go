package mcpserver

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/jsexec"
)

// The runtime prepares VMs for the default profile as it starts, a call
// takes one, the pool refills, and nothing of one call reaches the next.
func TestWarmRuntimes(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	v, _ := rt.view("")
	servers, mem := v.codeServers(), rt.opts.MaxMemoryBytes
	waitFor(t, "prewarmed runtimes", func() bool { return runtimes.readyFor(servers, mem) == warmDepth })
	ctx := scoped(rt, "", "warm")
	res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": `globalThis.leak = 1; data.x = 2;
		try { Object.prototype.polluted = 1 } catch (e) {} return [data.x, (await math.add({a: 1, b: 2})).sum]`,
		"data": map[string]any{}})
	if got := toJSON(res.StructuredContent); res.IsError || !strings.Contains(got, `"value":[2,3]`) {
		t.Fatalf("first call: %s %s", got, toJSON(res.Content))
	}
	waitFor(t, "the pool to refill", func() bool { return runtimes.readyFor(servers, mem) == warmDepth })
	res = rt.Call(ctx, ToolExecuteCode, map[string]any{"code": `return [typeof leak, typeof data, ({}).polluted === undefined]`})
	if got := toJSON(res.StructuredContent); res.IsError || !strings.Contains(got, `"value":["undefined","undefined",true]`) {
		t.Fatalf("second call saw the first one's changes: %s", got)
	}
}

// A worker runtime starts a worker before the upstreams are discovered,
// and that worker serves the first call.
func TestWorkerStartsEarly(t *testing.T) {
	rt, wr := newWorkerRuntime(t, 256<<20)
	defer wr.Close()
	defer rt.Close()
	waitFor(t, "an early worker", func() bool { return wr.Stats().Idle == 1 })
	res := rt.Call(scoped(rt, "", "w"), ToolExecuteCode, map[string]any{"code": "return (await math.add({a: 2, b: 2})).sum"})
	if got := toJSON(res.StructuredContent); res.IsError || !strings.Contains(got, `"value":4`) {
		t.Fatalf("%s %s", got, toJSON(res.Content))
	}
	if st := wr.Stats(); st.Live != 1 {
		t.Errorf("the first call started another worker: %+v", st)
	}
}

// A call that finds the key's fill at work waits for its runtime instead
// of preparing a second one beside it.
func TestWarmTakeWaitsForTheFill(t *testing.T) {
	p := &warmPool{depth: 1, keys: map[string]*warmKey{}}
	servers := []string{"take-waits"}
	p.refill(servers, 0) // marks the key filling before it returns
	pr, waited := p.take(context.Background(), servers, 0)
	defer pr.Discard()
	if n := p.missed.Load(); n != 0 {
		t.Errorf("a call with a fill under way prepared its own runtime (waited %v)", waited)
	}
	if res, err := pr.Run(context.Background(), "return 1", jsexec.PreparedRun{}); err != nil || string(res.Value) != "1" {
		t.Errorf("the runtime from the fill: %s %v", res.Value, err)
	}
	// A cancelled call still gets a runtime (whose Run reports the
	// cancellation), whether or not the fill has finished.
	p.refill(servers, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.takeOne(ctx, servers, 0).Run(ctx, "return 1", jsexec.PreparedRun{}); err == nil {
		t.Errorf("a run with a cancelled context succeeded")
	}
	p.dropAll()
}

// Runtimes for the default profile's servers are being prepared while
// the servers are still starting: the first call need not wait for them.
func TestPrewarmBeforeDiscovery(t *testing.T) {
	cfg := mustParse(t, "config.json", testConfig, LoadOptions{})
	release := make(chan struct{})
	slow := func(ctx context.Context, def *ServerDef) (Upstream, error) {
		<-release
		return fakeStarter(ctx, def)
	}
	p, _ := cfg.Preset("")
	servers := cfg.ProfileServers(p)
	const mem = 300 << 20 // a key of this test's own
	done := make(chan *Runtime, 1)
	go func() {
		rt, err := NewRuntime(context.Background(), cfg, Options{Start: slow, Runner: JSRunner{}, MaxMemoryBytes: mem})
		if err != nil {
			t.Error(err)
		}
		done <- rt
	}()
	deadline := time.After(30 * time.Second)
	for runtimes.readyFor(servers, mem) == 0 {
		select {
		case <-deadline:
			close(release)
			t.Fatal("no runtime prepared while the servers were starting")
		case <-time.After(5 * time.Millisecond): // polling a condition
		}
	}
	close(release)
	if rt := <-done; rt != nil {
		rt.Close()
	}
}

// settle returns once the key's fill has stopped, with the pool full.
func TestWarmSettle(t *testing.T) {
	p := &warmPool{depth: 2, keys: map[string]*warmKey{}}
	servers := []string{"settle"}
	p.settle(servers, 0) // no key: returns at once
	p.refill(servers, 0)
	p.settle(servers, 0)
	if n := p.readyFor(servers, 0); n != 2 {
		t.Errorf("after settle the pool holds %d runtimes, want 2", n)
	}
	p.dropAll()
}

// A call that arrives while the early worker is still starting waits for
// it instead of starting a second process beside it.
func TestFirstCallWaitsForTheEarlyWorker(t *testing.T) {
	rt, wr := newWorkerRuntime(t, 256<<20)
	defer wr.Close()
	defer rt.Close()
	res := rt.Call(scoped(rt, "", "w"), ToolExecuteCode, map[string]any{"code": "return 7"})
	if got := toJSON(res.StructuredContent); res.IsError || !strings.Contains(got, `"value":7`) {
		t.Fatalf("%s %s", got, toJSON(res.Content))
	}
	if st := wr.Stats(); st.Live != 1 {
		t.Errorf("the first call started a worker beside the early one: %+v", st)
	}
}

// The same server set again (the runtime's Prewarm after discovery) is
// no news to the idle workers; another set is.
func TestNoteWarmReportsChange(t *testing.T) {
	w := &WorkerRunner{}
	if !w.noteWarm([]string{"a"}, 1) {
		t.Errorf("the first set was not news")
	}
	if w.noteWarm([]string{"a"}, 1) {
		t.Errorf("the same set again was news")
	}
	if !w.noteWarm([]string{"a", "b"}, 1) || !w.noteWarm([]string{"a", "b"}, 2) {
		t.Errorf("a changed set or memory cap was not news")
	}
}

// takeOne is take without its report of a wait.
func (p *warmPool) takeOne(ctx context.Context, servers []string, mem uint64) *jsexec.Prepared {
	pr, _ := p.take(ctx, servers, mem)
	return pr
}
