package jsexec

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// startRun runs code in a prepared runtime whose tool calls go to start
// first and to invoke when start declines them.
func startRun(t *testing.T, code string, start StartFunc, invoke InvokeFunc, timeout time.Duration) (Result, error) {
	t.Helper()
	p := Prepare(preparedOpts())
	ctx := context.WithValue(context.Background(), ctxKey{}, "session-9")
	return p.Run(ctx, code, PreparedRun{Start: start, Invoke: invoke, Timeout: timeout})
}

// noInvoke fails the test when a call reaches Invoke.
func noInvoke(t *testing.T) InvokeFunc {
	return func(_ context.Context, path string, _ json.RawMessage) (json.RawMessage, error) {
		t.Errorf("%s reached Invoke", path)
		return nil, errors.New("not expected")
	}
}

// Calls that Start takes are answered by done from other goroutines, in
// any order, each promise with its own answer; the context carries the
// run's values as Invoke's does.
func TestStartAnswersFromOtherGoroutines(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	// answered[n] closes once call n has its answer: calls 1-4 of the
	// Promise.all wait for the next one's, so they answer last to first.
	answered := map[int]chan struct{}{}
	for n := 1; n <= 6; n++ {
		answered[n] = make(chan struct{})
	}
	start := func(ctx context.Context, path string, args json.RawMessage, done func(json.RawMessage, error)) bool {
		mu.Lock()
		seen = append(seen, fmt.Sprintf("%s %s %v", path, args, ctx.Value(ctxKey{})))
		mu.Unlock()
		var a struct{ N int }
		_ = json.Unmarshal(args, &a)
		go func() {
			if next := answered[a.N+1]; a.N < 5 {
				<-next
			}
			done(json.RawMessage(fmt.Sprintf(`{"n":%d}`, a.N*a.N)), nil)
			close(answered[a.N])
		}()
		return true
	}
	res, err := startRun(t, `const r = await Promise.all([1,2,3,4,5].map(n => math.sq({N: n})));
		const one = await math.sq({N: 6}); return [r.map(x => x.n), one.n]`, start, noInvoke(t), 0)
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Value) != `[[1,4,9,16,25],36]` {
		t.Errorf("value %s", res.Value)
	}
	if len(seen) != 6 || seen[0] != `math.sq {"N":1} session-9` {
		t.Errorf("calls %q", seen)
	}
	if res.ToolCalls != 6 {
		t.Errorf("tool calls %d", res.ToolCalls)
	}
}

// A declined call goes to Invoke; an answer given inside Start itself,
// an error answer, a panic in Start and a second done each do what the
// script expects.
func TestStartDeclinesAndMisbehaves(t *testing.T) {
	var invoked atomic.Int32
	invoke := func(_ context.Context, path string, _ json.RawMessage) (json.RawMessage, error) {
		invoked.Add(1)
		return json.RawMessage(`"from invoke"`), nil
	}
	start := func(_ context.Context, path string, _ json.RawMessage, done func(json.RawMessage, error)) bool {
		switch path {
		case "math.declined":
			return false
		case "math.atOnce":
			done(json.RawMessage(`"at once"`), nil)
			done(json.RawMessage(`"twice"`), nil) // ignored
			return true
		case "math.fails":
			go done(nil, errors.New("upstream said no"))
			return true
		case "math.declinedAnswered":
			done(json.RawMessage(`"kept"`), nil)
			return false
		case "math.empty":
			go done(nil, nil)
			return true
		}
		panic("boom")
	}
	res, err := startRun(t, `const out = [await math.declined({}), await math.atOnce({})];
		try { await math.fails({}) } catch (e) { out.push(e.message, e.code, e.tool) }
		try { await math.panics({}) } catch (e) { out.push(e.message) }
		out.push(await math.declinedAnswered({}), typeof await math.empty({}));
		return out`, start, invoke, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := `["from invoke","at once","upstream said no","TOOL_ERROR","math.fails","internal error in host call","kept","undefined"]`
	if string(res.Value) != want {
		t.Errorf("value %s\nwant  %s", res.Value, want)
	}
	if invoked.Load() != 1 {
		t.Errorf("Invoke ran %d times, want 1 (only the declined call)", invoked.Load())
	}
}

// A call Start took and never answers keeps the run waiting until its
// timeout, which ends it as a limit; an answer that comes after the run
// ended touches nothing.
func TestStartUnansweredCallTimesOut(t *testing.T) {
	var late func(json.RawMessage, error)
	var mu sync.Mutex
	start := func(_ context.Context, _ string, _ json.RawMessage, done func(json.RawMessage, error)) bool {
		mu.Lock()
		late = done
		mu.Unlock()
		return true
	}
	_, err := startRun(t, `await math.never({}); return 1`, start, noInvoke(t), 50*time.Millisecond)
	var je *Error
	if !errors.As(err, &je) || je.Kind != KindLimit || !strings.Contains(err.Error(), "time") {
		t.Fatalf("want a timeout limit error, got %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if late == nil {
		t.Fatal("Start was not called")
	}
	late(json.RawMessage(`1`), nil) // after the run: must not panic or block
}

// A script whose only pending work is a call Start took is not
// "unsettled": the loop waits for the answer.
func TestStartPendingIsNotUnsettled(t *testing.T) {
	start := func(_ context.Context, _ string, _ json.RawMessage, done func(json.RawMessage, error)) bool {
		go done(json.RawMessage(`7`), nil)
		return true
	}
	res, err := startRun(t, `return await math.later({})`, start, noInvoke(t), 0)
	if err != nil || string(res.Value) != "7" {
		t.Fatalf("%s %v", res.Value, err)
	}
}

// A run has at most Limits.MaxToolCallsInFlight calls waiting for their
// answers; the others start in order as answers come, through Start and
// through Invoke alike, and a run that returns without awaiting its calls
// never starts the ones still queued.
func TestToolCallsInFlightBound(t *testing.T) {
	const limit = 3
	for _, viaStart := range []bool{true, false} {
		var mu sync.Mutex
		more := sync.NewCond(&mu)
		inFlight, most := 0, 0
		var order []int
		begin := func(args json.RawMessage) int {
			var a struct{ N int }
			_ = json.Unmarshal(args, &a)
			mu.Lock()
			defer mu.Unlock()
			inFlight++
			most = max(most, inFlight)
			order = append(order, a.N)
			more.Broadcast()
			return a.N
		}
		// A call is answered only once `limit` calls are in flight (or
		// every awaited one has begun): without the bound, all twenty
		// would begin before any answer.
		answer := func(n int) json.RawMessage {
			mu.Lock()
			for inFlight < limit && len(order) < 20 {
				more.Wait()
			}
			inFlight--
			mu.Unlock()
			return json.RawMessage(strconv.Itoa(n * 10))
		}
		var start StartFunc
		invoke := func(_ context.Context, _ string, args json.RawMessage) (json.RawMessage, error) {
			return answer(begin(args)), nil
		}
		if viaStart {
			start = func(_ context.Context, _ string, args json.RawMessage, done func(json.RawMessage, error)) bool {
				n := begin(args)
				go func() { done(answer(n), nil) }()
				return true
			}
			invoke = noInvoke(t)
		}
		opts := preparedOpts()
		opts.Limits.MaxToolCallsInFlight = limit
		p := Prepare(opts)
		res, err := p.Run(context.Background(), `const r = await Promise.all(Array.from({length: 20}, (_, i) => math.f({N: i})));
			for (let i = 20; i < 30; i++) math.f({N: i}); // left behind
			return r.join()`, PreparedRun{Start: start, Invoke: invoke})
		if err != nil {
			t.Fatal(err)
		}
		if want := "0,10,20,30,40,50,60,70,80,90,100,110,120,130,140,150,160,170,180,190"; string(res.Value) != `"`+want+`"` {
			t.Errorf("start %v: value %s", viaStart, res.Value)
		}
		mu.Lock()
		if most > limit {
			t.Errorf("start %v: %d calls in flight at once, limit %d", viaStart, most, limit)
		}
		if len(order) < 20 || len(order) > 20+limit {
			t.Errorf("start %v: %d calls started, want 20 to %d", viaStart, len(order), 20+limit)
		}
		// Start runs on the loop, in the queue's order; Invoke's goroutines
		// may swap neighbours, but the first twenty are the awaited ones.
		first := append([]int(nil), order[:min(len(order), 20)]...)
		if !viaStart {
			slices.Sort(first)
		}
		for i, n := range first {
			if n != i {
				t.Errorf("start %v: calls started in order %v", viaStart, order)
				break
			}
		}
		mu.Unlock()
	}
}
