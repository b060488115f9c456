package mcpserver

import (
	"context"
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/internal/procs"
)

// probeUpstream answers nproc with the process's GOMAXPROCS at the time
// of the call; hold waits until the test lets it go.
type probeUpstream struct {
	entered chan struct{}
	release chan struct{}
}

func (p *probeUpstream) Tools() []UpstreamTool {
	return []UpstreamTool{{Name: "nproc"}, {Name: "hold"}}
}

func (p *probeUpstream) Call(ctx context.Context, tool string, args json.RawMessage) (json.RawMessage, error) {
	if tool == "hold" {
		p.entered <- struct{}{}
		select {
		case <-p.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return json.Marshal(runtime.GOMAXPROCS(0))
}

func (p *probeUpstream) Stderr() string { return "" }
func (p *probeUpstream) Close() error   { return nil }

// With the process's budget on (as `mcp run --in-process` turns it on),
// a lone execute_code run has one processor, a shell run and a second
// run at once every processor.
func TestProcessorBudget(t *testing.T) {
	max := runtime.GOMAXPROCS(0)
	if max < 2 {
		t.Skip("one processor: nothing to narrow")
	}
	probe := &probeUpstream{entered: make(chan struct{}), release: make(chan struct{})}
	cfg := mustParse(t, "config.json", `{"servers": {"probe": {"type": "stdio", "command": "probe"}}}`, LoadOptions{})
	start := func(context.Context, *ServerDef) (Upstream, error) { return probe, nil }
	rt, err := NewRuntime(context.Background(), cfg, Options{Start: start, Runner: JSRunner{}})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	procs.Enable()
	defer procs.Disable()

	// one waits until the budget has taken the processors down to one
	// (after procs.Quiet with nothing starting or ending), so that what
	// the next step sees is its own doing.
	one := func(when string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if !procs.WaitFor(ctx, 1) {
			t.Fatalf("%s: GOMAXPROCS still %d after a minute", when, runtime.GOMAXPROCS(0))
		}
	}
	one("after start")
	// run returns the run's result, or its error text: it is also called
	// from a goroutine, where the test must not stop.
	run := func(session, src string) string {
		res := rt.Call(scoped(rt, "", session), ToolExecuteCode, map[string]any{"code": src})
		if res.IsError {
			return "error: " + toJSON(res)
		}
		return toJSON(res.StructuredContent)
	}
	if got := run("a", `return await probe.nproc({})`); !strings.Contains(got, `"value":1`) {
		t.Errorf("a lone run saw %s, want GOMAXPROCS 1", got)
	}

	one("after a run")
	res := rt.Call(scoped(rt, "", "a"), ToolBash, map[string]any{"script": "nproc"})
	if got := toJSON(res); !strings.Contains(got, strconv.Itoa(max)+`\n`) {
		t.Errorf("a shell run: nproc printed %s, want %d", got, max)
	}

	held := make(chan string)
	go func() { held <- run("b", `return await probe.hold({})`) }()
	<-probe.entered
	// The pool full again, so that the next run's take starts no refill
	// (which would give every processor back on its own account).
	v, err := rt.view("")
	if err != nil {
		t.Fatal(err)
	}
	servers, mem := v.codeServers(), rt.opts.MaxMemoryBytes
	runtimes.refill(servers, mem)
	runtimes.settle(servers, mem)
	if n := runtimes.readyFor(servers, mem); n != warmDepth {
		t.Fatalf("%d runtimes ready, want %d", n, warmDepth)
	}
	one("under a lone run, once the refill is over")
	if got := run("c", `return await probe.nproc({})`); !strings.Contains(got, `"value":`+strconv.Itoa(max)) {
		t.Errorf("a run beside another saw %s, want GOMAXPROCS %d", got, max)
	}
	close(probe.release)
	if got := <-held; !strings.Contains(got, `"value":`) {
		t.Errorf("the held run: %s", got)
	}
}
