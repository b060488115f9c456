package jsexec

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/justbash/justbash/toolcmd"
)

func TestToolsProxy(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"object result", `const r = await tools.math.add({a:3, b:4}); console.log(r.sum)`, "7\n"},
		{"nested path and args", `console.log(JSON.stringify(await tools.a.b.c.d({x:[1,"two"]})))`, `{"args":{"x":[1,"two"]},"path":"a.b.c.d"}` + "\n"},
		{"no args", `console.log(JSON.stringify(await tools.a.b.c.d()))`, `{"args":null,"path":"a.b.c.d"}` + "\n"},
		{"undefined for empty", `const v = await tools.cache.invalidate({key:"u"}); console.log(v === undefined)`, "true\n"},
		{"error catchable", `try { await tools.fail.now() } catch (e) { console.log(e instanceof Error, e.message, e.code) }`, "true upstream exploded TOOL_ERROR\n"},
		{"unknown tool", `try { await tools.nope.x() } catch (e) { console.log(e.message) }`, "Unknown tool: nope.x\n"},
		{"not a thenable", `const m = await tools.math; console.log(typeof m)`, "function\n"},
		{"write rejected", `try { tools.math = 1 } catch (e) { console.log(e.name) } try { Object.defineProperty(tools, "x", {value: 1}) } catch (e) { console.log(e.name) } try { delete tools.math } catch (e) { console.log(e.name) } console.log((await tools.math.add({a:1,b:1})).sum)`, "TypeError\nTypeError\nTypeError\n2\n"},
		{"bad args", `try { const o = {}; o.o = o; await tools.math.add(o) } catch (e) { console.log(e.name) }`, "TypeError\n"},
		{"inspect", `console.log(tools.math)`, "[tools: math]\n"},
		{"parallel all", `const r = await Promise.all([tools.math.add({a:1,b:1}), tools.math.add({a:2,b:2})]); console.log(r.map(x=>x.sum).join())`, "2,4\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := js(t, tc.code)
			if out != tc.want || code != 0 {
				t.Errorf("got %q (stderr %q, %d), want %q", out, errOut, code, tc.want)
			}
		})
	}
}

// overlapTool records how many calls were in flight at once: a proof of
// concurrency that does not depend on wall-clock timing.
type overlapTool struct {
	mu          sync.Mutex
	inFlight    int
	maxInFlight int
	release     chan struct{}
	arrived     chan struct{}
}

func (o *overlapTool) invoke(ctx context.Context, _ json.RawMessage) (json.RawMessage, error) {
	o.mu.Lock()
	o.inFlight++
	o.maxInFlight = max(o.maxInFlight, o.inFlight)
	o.mu.Unlock()
	o.arrived <- struct{}{}
	select {
	case <-o.release:
	case <-ctx.Done():
	}
	o.mu.Lock()
	o.inFlight--
	o.mu.Unlock()
	return json.RawMessage(`1`), nil
}

func TestToolsRunInParallel(t *testing.T) {
	const n = 5
	ot := &overlapTool{release: make(chan struct{}), arrived: make(chan struct{}, n)}
	reg := toolcmd.NewRegistry()
	if err := reg.Add(toolcmd.Tool{Path: "slow.op", Invoke: ot.invoke}); err != nil {
		t.Fatal(err)
	}
	// Release only once all n calls have arrived: serial execution would
	// deadlock here (and end at the timeout), parallel execution finishes.
	go func() {
		for i := 0; i < n; i++ {
			<-ot.arrived
		}
		close(ot.release)
	}()
	res, err := Run(context.Background(), `const r = await Promise.all(Array.from({length: 5}, () => tools.slow.op())); return r.length`,
		RunOptions{Invoke: toolcmd.NewInvoker(reg).Invoke, Limits: Limits{Timeout: 20 * time.Second}})
	if err != nil || string(res.Value) != "5" {
		t.Fatalf("res %s err %v", res.Value, err)
	}
	if ot.maxInFlight != n {
		t.Fatalf("max in flight %d, want %d", ot.maxInFlight, n)
	}
}

func TestRunAPI(t *testing.T) {
	var calls atomic.Int32
	inv := func(_ context.Context, path string, args json.RawMessage) (json.RawMessage, error) {
		calls.Add(1)
		return json.Marshal(map[string]any{"path": path, "args": json.RawMessage(orNull(args))})
	}
	res, err := Run(context.Background(), `console.warn("w"); return { m: await math.add({a: 2}), d: data.message, t: typeof tools, p: typeof process, r: typeof require }`, RunOptions{
		Invoke: inv, ToolGlobals: map[string]string{"math": "math"}, Globals: map[string]any{"data": map[string]string{"message": "hi"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"m":{"args":{"a":2},"path":"math.add"},"d":"hi","t":"function","p":"undefined","r":"undefined"}`
	if string(res.Value) != want || res.Stderr != "w\n" || len(res.Logs) != 1 || res.Logs[0].Level != "warn" || res.ToolCalls != 1 {
		t.Fatalf("got %s %+v", res.Value, res)
	}
	// Undefined and pending timers: the body's value is returned at once.
	res, err = Run(context.Background(), `setTimeout(() => console.log("late"), 10000)`, RunOptions{})
	if err != nil || string(res.Value) != "null" || res.Stdout != "" {
		t.Fatalf("got %s %q %v", res.Value, res.Stdout, err)
	}
	_, err = Run(context.Background(), `throw new TypeError("bad")`, RunOptions{})
	if e, ok := err.(*Error); !ok || e.Kind != KindUncaught || !strings.HasPrefix(e.Message, "TypeError: bad") {
		t.Fatalf("got %#v", err)
	}
}
