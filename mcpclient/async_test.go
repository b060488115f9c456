package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// asyncResult collects what a CallAsync's done got, and how often.
type asyncResult struct {
	calls  atomic.Int32
	got    chan struct{}
	result json.RawMessage
	tool   *CallToolResult
	err    error
}

func newAsyncResult() *asyncResult { return &asyncResult{got: make(chan struct{})} }

func (r *asyncResult) raw(res json.RawMessage, err error) {
	if r.calls.Add(1) == 1 {
		r.result, r.err = res, err
		close(r.got)
	}
}

func (r *asyncResult) toolDone(res *CallToolResult, err error) {
	if r.calls.Add(1) == 1 {
		r.tool, r.err = res, err
		close(r.got)
	}
}

func (r *asyncResult) wait(t *testing.T) {
	t.Helper()
	select {
	case <-r.got:
	case <-time.After(10 * time.Second):
		t.Fatal("done was not called")
	}
}

// The answer comes to done, with the server's bytes, on the goroutine
// that received it; the tool form decodes it as CallTool does.
func TestCallAsyncAnswers(t *testing.T) {
	f := &fakeServer{handle: standard("2025-11-25")}
	c := connectFake(t, f, nil)

	r := newAsyncResult()
	c.CallAsync(context.Background(), "ping", nil, r.raw)
	r.wait(t)
	if r.err != nil || string(r.result) != "{}" {
		t.Errorf("ping: %s, %v", r.result, r.err)
	}

	r = newAsyncResult()
	args := json.RawMessage(`{"n":12345678901234567890,"s":"a"}`)
	c.CallToolAsync(context.Background(), "echo", args, r.toolDone)
	r.wait(t)
	if r.err != nil || string(r.tool.StructuredContent) != string(args) || len(r.tool.Content) != 1 || r.tool.Content[0].Text != "called echo" {
		t.Errorf("tools/call: %+v, %v", r.tool, r.err)
	}

	// An RPC error is the error; arguments that are not an object are
	// refused before anything is sent.
	f.handle = func(f *fakeServer, m map[string]json.RawMessage) {
		go f.r.Receive(context.Background(), []byte(`{"jsonrpc":"2.0","id":`+string(m["id"])+`,"error":{"code":-32602,"message":"unknown tool"}}`))
	}
	r = newAsyncResult()
	c.CallToolAsync(context.Background(), "nope", nil, r.toolDone)
	r.wait(t)
	var rpc *RPCError
	if !errors.As(r.err, &rpc) || rpc.Code != -32602 {
		t.Errorf("rpc error: %v", r.err)
	}
	n := len(f.messages())
	r = newAsyncResult()
	c.CallToolAsync(context.Background(), "x", json.RawMessage(`[1]`), r.toolDone)
	r.wait(t)
	if !errors.Is(r.err, ErrBadArguments) || len(f.messages()) != n {
		t.Errorf("bad arguments: %v, %d messages sent", r.err, len(f.messages())-n)
	}
	if r.calls.Load() != 1 {
		t.Errorf("done called %d times", r.calls.Load())
	}
}

// A context that ends first answers with its error, tells the server,
// and a late answer is dropped; an ended context sends nothing.
func TestCallAsyncCancel(t *testing.T) {
	var mu sync.Mutex
	var lateID json.RawMessage
	f := &fakeServer{}
	std := standard("2025-11-25")
	f.handle = func(f *fakeServer, m map[string]json.RawMessage) {
		if method(m) == "tools/call" {
			mu.Lock()
			lateID = m["id"]
			mu.Unlock()
			return
		}
		std(f, m)
	}
	c := connectFake(t, f, nil)
	ctx, cancel := context.WithCancel(context.Background())
	r := newAsyncResult()
	c.CallToolAsync(ctx, "slow", nil, r.toolDone)
	cancel()
	r.wait(t)
	if !errors.Is(r.err, context.Canceled) {
		t.Fatalf("err = %v", r.err)
	}
	mu.Lock()
	id := string(lateID)
	mu.Unlock()
	want := `"method":"notifications/cancelled","params":{"requestId":` + id + `,`
	waitFor(t, "notifications/cancelled", func() bool { return strings.Contains(strings.Join(f.messages(), "\n"), want) })
	f.r.Receive(context.Background(), []byte(`{"jsonrpc":"2.0","id":`+id+`,"result":{}}`))
	if err := c.Ping(context.Background()); err != nil {
		t.Errorf("after cancel: %v", err)
	}
	if r.calls.Load() != 1 {
		t.Errorf("done called %d times", r.calls.Load())
	}

	n := len(f.messages())
	r = newAsyncResult()
	c.CallToolAsync(ctx, "late", nil, r.toolDone)
	r.wait(t)
	if !errors.Is(r.err, context.Canceled) || len(f.messages()) != n {
		t.Errorf("ended context: %v, %d messages sent", r.err, len(f.messages())-n)
	}

	// A deadline is reported as such.
	dctx, dcancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer dcancel()
	r = newAsyncResult()
	c.CallToolAsync(dctx, "slow", nil, r.toolDone)
	r.wait(t)
	if !errors.Is(r.err, context.DeadlineExceeded) {
		t.Errorf("deadline: %v", r.err)
	}
}

// Calls in flight when the connection goes fail with ErrConnectionClosed,
// and so do calls made after.
func TestCallAsyncLost(t *testing.T) {
	f := &fakeServer{}
	std := standard("2025-11-25")
	sent := make(chan struct{}, 1)
	f.handle = func(f *fakeServer, m map[string]json.RawMessage) {
		if method(m) == "hold" {
			sent <- struct{}{}
			return
		}
		std(f, m)
	}
	c := connectFake(t, f, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := newAsyncResult()
	c.CallAsync(ctx, "hold", nil, r.raw)
	<-sent
	c.Lost(errors.New("pipe burst"))
	r.wait(t)
	if !errors.Is(r.err, ErrConnectionClosed) || !strings.Contains(r.err.Error(), "pipe burst") {
		t.Errorf("in flight: %v", r.err)
	}
	cancel() // its AfterFunc was released: no second answer
	r2 := newAsyncResult()
	c.CallAsync(context.Background(), "ping", nil, r2.raw)
	r2.wait(t)
	if !errors.Is(r2.err, ErrConnectionClosed) {
		t.Errorf("after loss: %v", r2.err)
	}
	if r.calls.Load() != 1 || r2.calls.Load() != 1 {
		t.Errorf("done called %d and %d times", r.calls.Load(), r2.calls.Load())
	}
}

// A transport that answers inside Send (Streamable HTTP) answers
// CallAsync there too, and one that ends its response without an answer
// is an error.
func TestCallAsyncSynchronous(t *testing.T) {
	c, err := Connect(context.Background(), &echoConn{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := newAsyncResult()
	c.CallToolAsync(context.Background(), "add", json.RawMessage(`{"a":1}`), r.toolDone)
	select {
	case <-r.got:
	default:
		t.Fatal("a synchronous transport's answer was not delivered in CallAsync")
	}
	if r.err != nil || string(r.tool.StructuredContent) != `{"sum":5,"items":[1,2,3]}` {
		t.Errorf("%+v, %v", r.tool, r.err)
	}
	mute, err := Connect(context.Background(), &muteAfterInit{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer mute.Close()
	r = newAsyncResult()
	mute.CallAsync(context.Background(), "tools/call", nil, r.raw)
	r.wait(t)
	if r.err == nil || !strings.Contains(r.err.Error(), "without answering") {
		t.Errorf("unanswered: %v", r.err)
	}
}

// muteAfterInit is a synchronous transport that answers the handshake
// only.
type muteAfterInit struct{ echoConn }

func (m *muteAfterInit) Connect(_ context.Context, r Receiver) (Conn, error) {
	m.r = r
	return m, nil
}

func (m *muteAfterInit) Send(ctx context.Context, msg []byte) error {
	if strings.Contains(string(msg), `"initialize"`) {
		return m.echoConn.Send(ctx, msg)
	}
	return nil
}

// BenchmarkClientCallAsync is BenchmarkClientCall through CallToolAsync.
func BenchmarkClientCallAsync(b *testing.B) {
	c, err := Connect(context.Background(), &echoConn{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	args := json.RawMessage(`{"a":2,"b":3}`)
	ctx := context.Background()
	var failed error
	b.ReportAllocs()
	for b.Loop() {
		c.CallToolAsync(ctx, "add", args, func(_ *CallToolResult, err error) {
			if err != nil {
				failed = err
			}
		})
	}
	if failed != nil {
		b.Fatal(failed)
	}
}
