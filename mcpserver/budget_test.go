package mcpserver

import (
	"context"
	"encoding/json"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// waitFor polls cond (no fixed sleeps: the machine may be loaded).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// The issue: 8 clients made 52 workers (4.0 GB). Now MaxWorkers bounds
// the processes; excess calls wait for a slot, or give up with their ctx.
func TestWorkerPoolBound(t *testing.T) {
	rt, wr := newWorkerRuntimeMax(t, 256<<20, 2)
	defer wr.Close()
	defer rt.Close()

	// Six concurrent calls through two slots: all finish, never more
	// than two processes alive.
	var peak sync.Mutex
	maxLive := 0
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			n := wr.Stats().Live
			peak.Lock()
			maxLive = max(maxLive, n)
			peak.Unlock()
			time.Sleep(time.Millisecond)
		}
	}()
	var wg sync.WaitGroup
	errs := make(chan string, 6)
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := scoped(rt, "", "c"+strconv.Itoa(i))
			res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": "await new Promise((r) => setTimeout(r, 50)); return " + strconv.Itoa(i), "timeoutMs": 20000})
			if got := toJSON(res.StructuredContent); res.IsError || !strings.Contains(got, `"value":`+strconv.Itoa(i)) {
				errs <- got
			}
		}()
	}
	wg.Wait()
	close(stop)
	close(errs)
	for e := range errs {
		t.Errorf("call failed: %s", e)
	}
	peak.Lock()
	defer peak.Unlock()
	if maxLive > 2 || maxLive == 0 {
		t.Fatalf("peak live workers %d, want 1..2", maxLive)
	}

	// Both slots held by endless runs: a third call waits, then gives up
	// with its context and says why.
	ctx, cancel := context.WithCancel(scoped(rt, "", "busy"))
	defer cancel()
	for range 2 {
		go rt.Call(ctx, ToolExecuteCode, map[string]any{"code": "for (;;) {}", "timeoutMs": 60000})
	}
	waitFor(t, "two busy workers", func() bool { st := wr.Stats(); return st.Live == 2 && st.Idle == 0 })
	short, cancelShort := context.WithTimeout(scoped(rt, "", "late"), 300*time.Millisecond)
	defer cancelShort()
	res := rt.Call(short, ToolExecuteCode, map[string]any{"code": "return 1", "timeoutMs": 1000})
	if got := toJSON(res.Content); !res.IsError || !strings.Contains(got, "all 2 worker processes are busy") {
		t.Fatalf("third call: %s", got)
	}
	st := rt.Call(scoped(rt, "", "s"), ToolListServers, nil)
	if got := toJSON(st.StructuredContent); !strings.Contains(got, `"live":2,"max":2`) {
		t.Fatalf("status: %s", got)
	}
	cancel()
	waitFor(t, "the endless runs to be stopped", func() bool { return wr.Stats().Live == 0 })
}

// The issue: 40 sessions took the daemon from 37 MB to 1 GB. Sessions now
// share MaxSessionBytes: idle ones are evicted first, and a call is
// refused when only busy ones (or its own) hold the memory.
func TestSessionBudget(t *testing.T) {
	cfg := mustParse(t, "config.json", testConfig, LoadOptions{})
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, MaxSessionBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	bash := func(sess, script string) (bool, string) {
		res := rt.Call(scoped(rt, "", sess), ToolBash, map[string]any{"script": script})
		return res.IsError, toJSON(res.StructuredContent) + toJSON(res.Content)
	}
	logHeap := func(what string) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b, _ := os.ReadFile("/proc/self/status")
		rss := ""
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "VmRSS:") {
				rss = strings.TrimSpace(strings.TrimPrefix(l, "VmRSS:"))
			}
		}
		t.Logf("%s: heap in use %d MiB, RSS %s, sessions %+v", what, ms.HeapInuse>>20, rss, rt.Limits().Sessions)
	}
	if isErr, out := bash("a", "head -c 600000 /dev/zero > f; echo ok"); isErr || !strings.Contains(out, "ok") {
		t.Fatalf("a: %s", out)
	}
	if isErr, out := bash("b", "head -c 600000 /dev/zero > f; echo ok"); isErr || !strings.Contains(out, "ok") {
		t.Fatalf("b: %s", out)
	}
	logHeap("two sessions of 600 kB")
	// a's next call puts the total over 1 MiB: b, idle and older, goes.
	if isErr, out := bash("a", "wc -c < f"); isErr || !strings.Contains(out, "600000") {
		t.Fatalf("a kept its file: %s", out)
	}
	if st := rt.Limits().Sessions; st.Count != 1 || st.Bytes < 600000 || st.MaxBytes != 1<<20 {
		t.Fatalf("after eviction: %+v", st)
	}
	if _, out := bash("b", "cat f"); !strings.Contains(out, "No such file") {
		t.Fatalf("b was not evicted: %s", out)
	}
	// a alone past the budget: nothing idle to evict, so a is refused.
	if isErr, out := bash("a", "head -c 2000000 /dev/zero > g; echo ok"); isErr || !strings.Contains(out, "ok") {
		t.Fatalf("a grows: %s", out)
	}
	logHeap("one session of 2.6 MB")
	isErr, out := bash("a", "echo more")
	if !isErr || !strings.Contains(out, "session memory is full") {
		t.Fatalf("over budget: %v %s", isErr, out)
	}
	st := rt.Call(scoped(rt, "", "s"), ToolListServers, nil)
	var status struct {
		Limits struct{ Sessions SessionStats }
	}
	if got := toJSON(st.StructuredContent); json.Unmarshal([]byte(got), &status) != nil ||
		status.Limits.Sessions.Bytes == 0 || status.Limits.Sessions.MaxBytes != 1048576 {
		t.Fatalf("status: %s", got)
	}
}

// Both bounds come from the config's settings when the embedder sets
// neither, and list_servers (what `mcp status` prints) reports them.
func TestBoundsFromConfig(t *testing.T) {
	cfg := mustParse(t, "config.json", `{"justbash":{"max_workers":3,"max_session_bytes":4096},
		"servers":{"math":{"type":"stdio","command":["ok:add"]}}}`, LoadOptions{})
	wr := &WorkerRunner{Command: []string{os.Args[0], "-test.run=^$"}, Env: []string{"MCPSERVER_TEST_WORKER=0"}}
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: wr})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	if wr.MaxWorkers != 3 {
		t.Errorf("MaxWorkers = %d, want 3 from max_workers", wr.MaxWorkers)
	}
	st := rt.Call(scoped(rt, "", "s"), ToolListServers, nil)
	if got := toJSON(st.StructuredContent); !strings.Contains(got, `"max":3`) || !strings.Contains(got, `"maxBytes":4096`) {
		t.Errorf("status: %s", got)
	}
	// Over the 4 kB budget a session's next call is refused.
	ctx := scoped(rt, "", "big")
	if res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": `await jsmcp.memory.set("k", "x".repeat(5000))`}); res.IsError {
		t.Fatalf("set: %s", toJSON(res.Content))
	}
	res := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": "return 1"})
	if got := toJSON(res.Content); !res.IsError || !strings.Contains(got, "session memory is full") {
		t.Errorf("over the budget: %s", got)
	}
}
