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

	// Idle for procs.Quiet (once the start-up's refill has ended): one.
	deadline := time.Now().Add(time.Minute)
	for runtime.GOMAXPROCS(0) != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("GOMAXPROCS still %d a minute after start", runtime.GOMAXPROCS(0))
		}
		time.Sleep(procs.Quiet)
	}
	code := func(session, src string) string {
		res := rt.Call(scoped(rt, "", session), ToolExecuteCode, map[string]any{"code": src})
		if res.IsError {
			t.Fatalf("%s: %s", src, toJSON(res))
		}
		return toJSON(res.StructuredContent)
	}
	if got := code("a", `return await probe.nproc({})`); !strings.Contains(got, `"value":1`) {
		t.Errorf("a lone run saw %s, want GOMAXPROCS 1", got)
	}

	res := rt.Call(scoped(rt, "", "a"), ToolBash, map[string]any{"script": "nproc"})
	if got := toJSON(res); !strings.Contains(got, strconv.Itoa(max)+`\n`) {
		t.Errorf("a shell run: nproc printed %s, want %d", got, max)
	}

	held := make(chan string)
	go func() { held <- code("b", `return await probe.hold({})`) }()
	<-probe.entered
	if got := code("c", `return await probe.nproc({})`); !strings.Contains(got, `"value":`+strconv.Itoa(max)) {
		t.Errorf("a run beside another saw %s, want GOMAXPROCS %d", got, max)
	}
	close(probe.release)
	<-held
}
