package mcpserver

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// afterRunner leaves work for after its reply and notes what the client
// had received by the time that work ran.
type afterRunner struct {
	mu      sync.Mutex
	out     *recordingWriter
	sawSent []bool
	ran     chan struct{}
}

func (a *afterRunner) RunCode(ctx context.Context, _ CodeRequest) (CodeResult, error) {
	if !afterReply(ctx, func() {
		a.mu.Lock()
		a.sawSent = append(a.sawSent, strings.Contains(a.out.String(), `"id":7,`))
		a.mu.Unlock()
		close(a.ran)
	}) {
		close(a.ran)
	}
	return CodeResult{Value: []byte("1")}, nil
}

type recordingWriter struct {
	mu sync.Mutex
	b  strings.Builder
}

func (w *recordingWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *recordingWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// Over stdio, what a call leaves for after its reply runs once the reply
// is written, not before.
func TestServeLinesAfterReply(t *testing.T) {
	out := &recordingWriter{}
	ar := &afterRunner{out: out, ran: make(chan struct{})}
	rt := newTestRuntime(t, testConfig, ar)
	in := strings.NewReader(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return 1"}}}` + "\n")
	if err := NewMCPServer(rt).ServeLines(context.Background(), in, out, io.Discard); err != nil {
		t.Fatal(err)
	}
	<-ar.ran
	ar.mu.Lock()
	defer ar.mu.Unlock()
	if len(ar.sawSent) != 1 || !ar.sawSent[0] {
		t.Errorf("the after-reply work ran %d times, with the reply written before it: %v (output %q)", len(ar.sawSent), ar.sawSent, out.String())
	}
	// Without a transport that runs it, afterReply declines and the
	// caller does the work itself.
	if afterReply(context.Background(), func() {}) {
		t.Error("afterReply accepted a context without a transport's list")
	}
}

// A panic in after-reply work does not end the connection: the next
// request is still answered.
func TestAfterReplyPanic(t *testing.T) {
	ctx, after := withAfterReply(context.Background())
	ran := false
	afterReply(ctx, func() { panic("a bug") })
	afterReply(ctx, func() { ran = true })
	after.run()
	if !ran {
		t.Error("a panic in one after-reply function stopped the next")
	}
}

// A call that leaves runtimes in the pool has it refilled a little later;
// one that took the last has it refilled at once (the next call would
// otherwise prepare its own). Either way the pool fills up again.
func TestRefillAfterCall(t *testing.T) {
	p := &warmPool{depth: 2, keys: map[string]*warmKey{}}
	defer p.dropAll()
	servers := []string{"pace"}
	p.refill(servers, 0)
	waitFor(t, "the first fill", func() bool { return p.readyFor(servers, 0) == 2 })
	p.takeOne(context.Background(), servers, 0).Discard()
	p.refillAfterCall(servers, 0)
	waitFor(t, "the delayed refill", func() bool { return p.readyFor(servers, 0) == 2 })
	// With the delay out of reach, only an immediate refill fills it.
	old := refillDelay
	refillDelay = time.Hour
	t.Cleanup(func() { refillDelay = old })
	p.takeOne(context.Background(), servers, 0).Discard()
	p.takeOne(context.Background(), servers, 0).Discard()
	p.refillAfterCall(servers, 0)
	waitFor(t, "the refill of an empty pool", func() bool { return p.readyFor(servers, 0) == 2 })
	if n := p.missed.Load(); n != 0 {
		t.Errorf("%d takes found no runtime", n)
	}
}

// A call that takes a key's last runtime starts its refill at once, not
// after its reply: calls that come back to back would wait for it.
func TestRunTakingTheLastRefillsAtOnce(t *testing.T) {
	servers, mem := []string{"pace-last"}, uint64(64<<20)
	defer runtimes.dropAll()
	runtimes.refill(servers, mem)
	waitFor(t, "the key's fill", func() bool { return runtimes.readyFor(servers, mem) == warmDepth })
	for runtimes.readyFor(servers, mem) > 1 {
		runtimes.takeOne(context.Background(), servers, mem).Discard()
	}
	// The after-reply list is never run here: only a refill started by
	// the call itself can fill the pool.
	ctx, _ := withAfterReply(context.Background())
	res, err := JSRunner{}.RunCode(ctx, CodeRequest{Code: "return 1", Servers: servers, MaxMemoryBytes: mem,
		Invoke: func(context.Context, string, json.RawMessage) (json.RawMessage, error) { return nil, nil }})
	if err != nil || string(res.Value) != "1" {
		t.Fatalf("run: %s %v", res.Value, err)
	}
	waitFor(t, "the refill the call started", func() bool { return runtimes.readyFor(servers, mem) == warmDepth })
}
