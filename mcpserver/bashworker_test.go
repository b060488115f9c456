package mcpserver

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/justbash/justbash/shell"
)

// newBashWorkerRuntime is a runtime whose bash runs in worker processes
// (this test binary re-executed, see TestMain) with the given shell limits.
func newBashWorkerRuntime(t testing.TB, memBytes uint64, lim *shell.Limits, maxPinned int) (*Runtime, *WorkerRunner) {
	t.Helper()
	wr := &WorkerRunner{Command: []string{os.Args[0], "-test.run=^$"},
		Env: []string{"MCPSERVER_TEST_WORKER=" + strconv.FormatUint(memBytes, 10)}, MaxPinned: maxPinned}
	cfg, err := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: wr,
		MaxMemoryBytes: memBytes, ShellLimits: lim})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close() })
	return rt, wr
}

func (w *WorkerRunner) pinnedCount() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.pinned)
}

// bashStep is one bash call and what it must produce.
type bashStep struct {
	ctx    context.Context
	script string
	stdout string
	exit   float64
	isErr  bool
	errHas string // for isError results: a fragment of the message
}

func runBashSteps(t *testing.T, rt *Runtime, steps []bashStep) {
	t.Helper()
	for i, s := range steps {
		res := rt.Call(s.ctx, ToolBash, map[string]any{"script": s.script})
		if res.IsError != s.isErr {
			t.Errorf("step %d %q: isError=%v %v", i, s.script, res.IsError, texts(res))
			continue
		}
		if s.isErr {
			if !strings.Contains(texts(res)[0], s.errHas) {
				t.Errorf("step %d %q: error %q, want it to mention %q", i, s.script, texts(res)[0], s.errHas)
			}
			continue
		}
		sc := structured(t, res)
		if sc["stdout"] != s.stdout || sc["exitCode"] != s.exit {
			t.Errorf("step %d %q: %v, want stdout %q exit %v", i, s.script, sc, s.stdout, s.exit)
		}
	}
}

func TestBashWorkerSessionState(t *testing.T) {
	rt, wr := newBashWorkerRuntime(t, 256<<20, nil, 0)
	a, b := scoped(rt, "", "bwA"), scoped(rt, "", "bwB")
	work := scoped(rt, "work", "bwA")
	runBashSteps(t, rt, []bashStep{
		// Tool commands go back to the daemon; the FS, variables,
		// functions and cwd persist across calls of one session.
		{ctx: a, script: "echo hi > /tmp/f; x=5; f() { echo fn$1; }; cd /tmp; math add a=2 b=5", stdout: "{\"sum\":7}\n"},
		{ctx: a, script: "cat f; echo $x; f 1; pwd", stdout: "hi\n5\nfn1\n/tmp\n"},
		// Other sessions, and other profiles of the same session, have
		// their own shells.
		{ctx: b, script: "echo ${x:-unset}; cat /tmp/f", stdout: "unset\n", exit: 1},
		{ctx: work, script: "cat /tmp/f", exit: 1},
		// The profile decides the tools: blocked and not-in-preset tools
		// are no subcommands, and an upstream error is a failed command.
		{ctx: a, script: "blk drop", exit: 1},
		{ctx: work, script: "math add a=1 b=1", exit: 127},
		{ctx: a, script: "math fail >/dev/null 2>&1; echo $?", stdout: "1\n"},
		{ctx: work, script: "blk safe", stdout: "\"safe called with \"\n"},
		// exit ends the shell, not the files.
		{ctx: a, script: "exit 3", exit: 3},
		{ctx: a, script: "cat /tmp/f; echo ${x:-gone}", stdout: "hi\ngone\n"},
	})
	if n := wr.pinnedCount(); n != 3 {
		t.Errorf("%d workers pinned, want one per session shell (3)", n)
	}
	// A one-request session's worker is freed with it.
	res := rt.Call(context.Background(), ToolBash, map[string]any{"script": "echo once"})
	if res.IsError || structured(t, res)["stdout"] != "once\n" {
		t.Errorf("one-request bash: %v", texts(res))
	}
	if n := wr.pinnedCount(); n != 3 {
		t.Errorf("%d workers pinned after a one-request session, want 3", n)
	}
	rt.Close()
	if n := wr.pinnedCount(); n != 0 {
		t.Errorf("%d workers pinned after Close", n)
	}
}

func TestBashWorkerMemoryBomb(t *testing.T) {
	// The shell's own string and heap bounds are off, so only the
	// worker's address-space cap can stop the doubling.
	lim := shell.Normal
	lim.MaxStringBytes, lim.MaxHeapBytes, lim.MaxOutputBytes = 0, 0, 0
	rt, wr := newBashWorkerRuntime(t, 256<<20, &lim, 0)
	bomb, other := scoped(rt, "", "bomb"), scoped(rt, "", "other")
	runBashSteps(t, rt, []bashStep{
		{ctx: bomb, script: "echo keep > /tmp/k", stdout: ""},
		{ctx: other, script: "echo mine > /tmp/m", stdout: ""},
	})
	// Other sessions keep being served while the bomb goes off.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			res := rt.Call(other, ToolBash, map[string]any{"script": fmt.Sprintf("echo %d", i)})
			if res.IsError || structured(t, res)["stdout"] != fmt.Sprintf("%d\n", i) {
				t.Errorf("other session during the bomb: %v", texts(res))
				return
			}
		}
	}()
	runBashSteps(t, rt, []bashStep{
		{ctx: bomb, script: "s=x; while :; do s=$s$s; done", isErr: true, errHas: "memory limit"},
	})
	close(stop)
	wg.Wait()
	runBashSteps(t, rt, []bashStep{
		// The bomb's session lost its files (and said so); the other kept its.
		{ctx: bomb, script: "cat /tmp/k", exit: 1},
		{ctx: other, script: "cat /tmp/m", stdout: "mine\n"},
	})
	if n := wr.pinnedCount(); n != 2 {
		t.Errorf("%d workers pinned, want 2", n)
	}
}

func TestBashWorkerTimeout(t *testing.T) {
	lim := shell.Normal
	lim.Timeout = 300 * time.Millisecond
	rt, _ := newBashWorkerRuntime(t, 256<<20, &lim, 0)
	a := scoped(rt, "", "slow")
	// The session's worker answers before the timed call: the grace past
	// the timeout counts from the call, and a worker's start (a -race
	// binary on a loaded machine: seconds) would spend it.
	answeredCall(t, rt, a, "true")
	runBashSteps(t, rt, []bashStep{
		// The shell's own timeout ends the run with 124 and the session
		// survives it.
		{ctx: a, script: "echo a > /tmp/a; while :; do :; done", exit: shell.StatusTimeout},
		{ctx: a, script: "cat /tmp/a", stdout: "a\n"},
	})
	// A caller that gives up first gets the worker killed: the run ends at
	// the caller's deadline, and the session starts over.
	ctx, cancel := context.WithTimeout(a, 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	res := rt.Call(ctx, ToolBash, map[string]any{"script": "sleep 5"})
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("the abandoned run took %v", el)
	}
	if !res.IsError || !strings.Contains(texts(res)[0], "did not end in time") || !strings.Contains(texts(res)[0], "lost") {
		t.Errorf("abandoned run: %v", texts(res))
	}
	// A new worker again: any of them is fresh.
	if sc := answeredCall(t, rt, a, "cat /tmp/a 2>/dev/null || echo fresh"); sc["stdout"] != "fresh\n" || sc["exitCode"] != float64(0) {
		t.Errorf("after the abandoned run: %v", sc)
	}
}

// answeredCall makes a bash call until a worker answers it within the
// grace past a short shell timeout. A worker still starting when the
// call is sent spends that grace and is stopped; the pool's next one has
// had that time to start. Any other failure ends the test.
func answeredCall(t *testing.T, rt *Runtime, ctx context.Context, script string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		res := rt.Call(ctx, ToolBash, map[string]any{"script": script})
		if !res.IsError {
			return structured(t, res)
		}
		if !strings.Contains(texts(res)[0], "did not end in time") || time.Now().After(deadline) {
			t.Fatalf("%q: %v", script, texts(res))
		}
	}
}

// A worker whose process is still starting when a bash call is sent gets
// the time of its start on top of the grace past the script's timeout:
// a script that keeps its timeout does not lose its session to a slow
// start (a loaded host, a -race binary). Here the worker serves only once
// the call has waited longer than timeout + runGrace.
func TestBashWorkerSlowStart(t *testing.T) {
	gate := filepath.Join(t.TempDir(), "gate")
	lim := shell.Normal
	lim.Timeout = 100 * time.Millisecond
	wr := &WorkerRunner{Command: []string{os.Args[0], "-test.run=^$"},
		Env: []string{"MCPSERVER_TEST_WORKER=" + strconv.Itoa(256<<20), "MCPSERVER_TEST_WORKER_GATE=" + gate}}
	cfg, err := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: wr, MaxMemoryBytes: 256 << 20, ShellLimits: &lim})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close() })
	sent := time.Now()
	go func() {
		for time.Since(sent) < lim.Timeout+runGrace+300*time.Millisecond {
			time.Sleep(10 * time.Millisecond)
		}
		os.WriteFile(gate, nil, 0o600)
	}()
	a := scoped(rt, "", "slowstart")
	res := rt.Call(a, ToolBash, map[string]any{"script": "x=kept; echo started"})
	if res.IsError {
		t.Fatalf("a call sent to a starting worker: %v", texts(res))
	}
	if sc := structured(t, res); sc["stdout"] != "started\n" {
		t.Fatalf("stdout %v", sc)
	}
	// Once it has answered, the worker gets the grace alone, and keeps the
	// session's state.
	if sc := structured(t, rt.Call(a, ToolBash, map[string]any{"script": "echo $x"})); sc["stdout"] != "kept\n" {
		t.Errorf("the session after a slow start: %v", sc)
	}
}

func TestBashWorkerEviction(t *testing.T) {
	rt, wr := newBashWorkerRuntime(t, 256<<20, nil, 2)
	s1, s2, s3 := scoped(rt, "", "e1"), scoped(rt, "", "e2"), scoped(rt, "", "e3")
	runBashSteps(t, rt, []bashStep{
		{ctx: s1, script: "echo 1 > /tmp/f"},
		{ctx: s2, script: "echo 2 > /tmp/f"},
		{ctx: s3, script: "echo 3 > /tmp/f"}, // evicts s1, the least recently used
		{ctx: s2, script: "cat /tmp/f", stdout: "2\n"},
	})
	if n := wr.pinnedCount(); n != 2 {
		t.Errorf("%d workers pinned, want the cap (2)", n)
	}
	res := rt.Call(s1, ToolBash, map[string]any{"script": "cat /tmp/f"})
	sc := structured(t, res)
	note, _ := sc["note"].(string)
	if sc["exitCode"] != float64(1) || !strings.Contains(note, "bash sessions were active") ||
		!strings.Contains(texts(res)[0], "fresh shell") {
		t.Errorf("evicted session: %v", toJSON(res))
	}
}

// BenchmarkBashWorker is the cost of one bash call in a pinned worker;
// BenchmarkBashInProcess the same call in the server.
func BenchmarkBashWorker(b *testing.B) {
	rt, _ := newBashWorkerRuntime(b, 512<<20, nil, 0)
	benchBash(b, rt)
}

func BenchmarkBashInProcess(b *testing.B) {
	cfg, _ := ParseConfig("/x/config.json", []byte(testConfig), LoadOptions{})
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: fakeStarter, Runner: JSRunner{}})
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Close()
	benchBash(b, rt)
}

func benchBash(b *testing.B, rt *Runtime) {
	for _, s := range []string{"echo hi", "math add a=1 b=2"} {
		b.Run(strings.Fields(s)[0], func(b *testing.B) {
			ctx := WithScope(context.Background(), Scope{Session: rt.Session("bench-" + s)})
			for i := 0; i < b.N; i++ {
				if res := rt.Call(ctx, ToolBash, map[string]any{"script": s}); res.IsError {
					b.Fatal(texts(res))
				}
			}
		})
	}
}

// BenchmarkBashWorkerFirstCall is the first call of a new session: a
// prewarmed worker (the pause between sessions lets it start) is pinned
// and builds its shell. It also reports the resident size of a pinned
// worker after a small run.
func BenchmarkBashWorkerFirstCall(b *testing.B) {
	rt, wr := newBashWorkerRuntime(b, 512<<20, nil, 0)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		time.Sleep(100 * time.Millisecond)
		b.StartTimer()
		ctx := WithScope(context.Background(), Scope{Session: rt.Session(fmt.Sprintf("first-%d", i))})
		if res := rt.Call(ctx, ToolBash, map[string]any{"script": "echo hi > /tmp/f; cat /tmp/f"}); res.IsError {
			b.Fatal(texts(res))
		}
	}
	b.StopTimer()
	wr.mu.Lock()
	defer wr.mu.Unlock()
	for pw := range wr.pinned {
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pw.wk.proc.Pid()))
		if err != nil {
			return // not Linux: nothing to report
		}
		for _, l := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
				kb, _ := strconv.Atoi(strings.Fields(v)[0])
				b.ReportMetric(float64(kb)/1024, "MB-rss/worker")
			}
		}
		return
	}
}
