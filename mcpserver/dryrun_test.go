package mcpserver

import (
	"strings"
	"testing"
)

// The start-up's dry run goes through a call's path, its tool call
// included, on a runtime of its own: the pool keeps its runtimes, and
// the next call in a session sees a fresh VM, empty memory and no logs.
func TestDryRunLeavesNothing(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	v, _ := rt.view("")
	servers, mem := v.codeServers(), rt.opts.MaxMemoryBytes
	waitFor(t, "prewarmed runtimes", func() bool { return runtimes.readyFor(servers, mem) == warmDepth })
	runtimes.settle(servers, mem)
	before := dryRunsFor(servers, mem)
	res, err := dryRun(servers, mem)
	if err != nil || string(res.Value) != "1" {
		t.Fatalf("dry run: %s %v", res.Value, err)
	}
	if n := dryRunsFor(servers, mem); n < before+1 { // the runtime's own warm-up may do one too
		t.Errorf("dry runs counted %d, want at least %d", n, before+1)
	}
	if n := runtimes.readyFor(servers, mem); n != warmDepth {
		t.Errorf("after the dry run the pool holds %d runtimes, want %d", n, warmDepth)
	}
	ctx := scoped(rt, "", "dry")
	out := rt.Call(ctx, ToolExecuteCode, map[string]any{"code": `return [typeof r, await jsmcp.memory.keys(), typeof globalThis.leak]`})
	if got := toJSON(out.StructuredContent); out.IsError || !strings.Contains(got, `"value":["undefined",[],"undefined"]`) {
		t.Fatalf("a call after the dry run: %s %s", got, toJSON(out.Content))
	}
	if logs := structured(t, rt.Call(ctx, ToolFetchLogs, nil))["logs"].([]any); len(logs) != 0 {
		t.Errorf("the session has logs after the dry run: %v", logs)
	}
}

// warmUp does the dry run once per process, and not when a run came
// first (idle false): then the run has paid for the first execution.
func TestWarmUpDryRun(t *testing.T) {
	servers, mem := []string{"dry-warm"}, uint64(200<<20) // a key of this test's own
	defer runtimes.dropAll()
	prev := warmedUp.Load()
	defer warmedUp.Store(prev)
	warmedUp.Store(false)
	before := dryRunsFor(servers, mem)
	warmUp(servers, mem, func() bool { return false })
	if n := dryRunsFor(servers, mem); n != before {
		t.Errorf("a warm-up with a run under way did %d dry runs", n-before)
	}
	warmedUp.Store(false)
	warmUp(servers, mem, func() bool { return true })
	if n := dryRunsFor(servers, mem); n != before+1 {
		t.Errorf("the warm-up did %d dry runs, want 1", n-before)
	}
	warmUp(servers, mem, func() bool { return true })
	if n := dryRunsFor(servers, mem); n != before+1 {
		t.Errorf("a second warm-up did another dry run")
	}
}
