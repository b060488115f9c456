package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeServer is a Transport whose server side is the test: every message
// the client sends lands in sent, and handle answers it (or not).
type fakeServer struct {
	handle func(f *fakeServer, msg map[string]json.RawMessage)

	mu     sync.Mutex
	sent   []string
	r      Receiver
	closed bool
}

func (f *fakeServer) Connect(_ context.Context, r Receiver) (Conn, error) {
	f.r = r
	return f, nil
}

func (f *fakeServer) Send(_ context.Context, msg []byte) error {
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return errors.New("closed")
	}
	f.sent = append(f.sent, string(msg))
	f.mu.Unlock()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(msg, &m); err != nil {
		return fmt.Errorf("client sent bad JSON %q: %v", msg, err)
	}
	if f.handle != nil {
		f.handle(f, m)
	}
	return nil
}

func (f *fakeServer) Close() error {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	return nil
}

func (f *fakeServer) messages() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.sent...)
}

// reply answers request m with result (raw JSON), asynchronously, as a
// server on the other end of a pipe would.
func (f *fakeServer) reply(m map[string]json.RawMessage, result string) {
	go f.r.Receive(context.Background(), []byte(`{"jsonrpc":"2.0","id":`+string(m["id"])+`,"result":`+result+`}`))
}

func method(m map[string]json.RawMessage) string {
	var s string
	_ = json.Unmarshal(m["method"], &s)
	return s
}

// standard answers the handshake with version, and the calls the tests
// make.
func standard(version string) func(f *fakeServer, m map[string]json.RawMessage) {
	return func(f *fakeServer, m map[string]json.RawMessage) {
		switch method(m) {
		case "initialize":
			f.reply(m, `{"protocolVersion":"`+version+`","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"fake","version":"9"}}`)
		case "tools/list":
			var p struct{ Cursor string }
			_ = json.Unmarshal(m["params"], &p)
			switch p.Cursor {
			case "":
				f.reply(m, `{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"x":{"type":"integer"}}}}],"nextCursor":"c1"}`)
			case "c1":
				f.reply(m, `{"tools":[{"name":"b","annotations":{"destructiveHint":false,"readOnlyHint":true}}],"nextCursor":"c2"}`)
			default:
				f.reply(m, `{"tools":[{"name":"c","outputSchema":{"type":"object"}}]}`)
			}
		case "tools/call":
			// Echo the arguments back as structured content, byte for byte.
			var p struct {
				Name      string
				Arguments json.RawMessage
			}
			_ = json.Unmarshal(m["params"], &p)
			f.reply(m, `{"content":[{"type":"text","text":"called `+p.Name+`"}],"structuredContent":`+string(p.Arguments)+`}`)
		case "ping":
			f.reply(m, `{}`)
		}
	}
}

func connectFake(t *testing.T, f *fakeServer, opts *Options) *Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Connect(ctx, f, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestHandshakeListAndCall(t *testing.T) {
	f := &fakeServer{handle: standard("2025-11-25")}
	c := connectFake(t, f, &Options{Name: "tester", Version: "1.2", Elicit: func(context.Context, *ElicitParams) (*ElicitResult, error) { return nil, nil }})
	if got := c.InitializeResult(); got.ProtocolVersion != "2025-11-25" || got.ServerInfo.Name != "fake" {
		t.Errorf("initialize result = %+v", got)
	}
	sent := f.messages()
	var init struct {
		Params struct {
			ProtocolVersion string
			Capabilities    map[string]map[string]any
			ClientInfo      struct{ Name, Version string }
		}
	}
	if err := json.Unmarshal([]byte(sent[0]), &init); err != nil {
		t.Fatal(err)
	}
	if p := init.Params; p.ProtocolVersion != LatestVersion || p.ClientInfo.Name != "tester" || p.ClientInfo.Version != "1.2" || p.Capabilities["elicitation"]["form"] == nil {
		t.Errorf("initialize params = %s", sent[0])
	}
	if len(sent) != 2 || sent[1] != `{"jsonrpc":"2.0","method":"notifications/initialized"}` {
		t.Errorf("after initialize: %q", sent[1:])
	}
	ctx := context.Background()
	tools, err := c.AllTools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools) != 3 || tools[0].Name != "a" || tools[1].Name != "b" || tools[2].Name != "c" {
		t.Fatalf("tools = %+v", tools)
	}
	if string(tools[0].InputSchema) != `{"type":"object","properties":{"x":{"type":"integer"}}}` || string(tools[2].OutputSchema) != `{"type":"object"}` {
		t.Errorf("schemas not kept verbatim: %s / %s", tools[0].InputSchema, tools[2].OutputSchema)
	}
	if a := tools[1].Annotations; a == nil || !a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint {
		t.Errorf("annotations = %+v", a)
	}
	// The arguments reach the server as given and the structured result
	// comes back as the server wrote it: order and big integers intact.
	args := `{"z":9007199254740993,"a":[1.50,"\u00e9"]}`
	res, err := c.CallTool(ctx, "do it", json.RawMessage(args))
	if err != nil {
		t.Fatal(err)
	}
	if string(res.StructuredContent) != args || len(res.Content) != 1 || res.Content[0].Text != "called do it" {
		t.Errorf("result = %+v", res)
	}
	last := f.messages()[len(f.messages())-1]
	if !strings.Contains(last, `"params":{"name":"do it","arguments":`+args+`}`) {
		t.Errorf("sent %s", last)
	}
	for _, bad := range []string{`[1]`, `"x"`, `{"a":`, `7`} {
		if _, err := c.CallTool(ctx, "a", json.RawMessage(bad)); !errors.Is(err, ErrBadArguments) {
			t.Errorf("args %s: err = %v", bad, err)
		}
	}
	if _, err := c.CallTool(ctx, "a", nil); err != nil {
		t.Errorf("nil args: %v", err)
	}
	if last := f.messages()[len(f.messages())-1]; !strings.Contains(last, `"arguments":{}`) {
		t.Errorf("nil args sent as %s", last)
	}
}

func TestVersionNegotiation(t *testing.T) {
	// An older revision the server prefers is accepted.
	f := &fakeServer{handle: standard("2025-03-26")}
	c := connectFake(t, f, &Options{ProtocolVersion: "2025-06-18"})
	if v := c.InitializeResult().ProtocolVersion; v != "2025-03-26" {
		t.Errorf("version = %s", v)
	}
	if !strings.Contains(f.messages()[0], `"protocolVersion":"2025-06-18"`) {
		t.Errorf("asked %s", f.messages()[0])
	}
	// Without elicitation there is no such capability.
	if !strings.Contains(f.messages()[0], `"capabilities":{}`) {
		t.Errorf("capabilities in %s", f.messages()[0])
	}
	// A revision newer than we speak asks for our latest.
	f = &fakeServer{handle: standard("2025-11-25")}
	connectFake(t, f, &Options{ProtocolVersion: "2026-07-28"})
	if !strings.Contains(f.messages()[0], `"protocolVersion":"`+LatestVersion+`"`) {
		t.Errorf("asked %s", f.messages()[0])
	}
	// One we do not speak is refused, and the connection closed.
	f = &fakeServer{handle: standard("1999-01-01")}
	_, err := Connect(context.Background(), f, nil)
	if err == nil || !strings.Contains(err.Error(), `"1999-01-01"`) || !f.closed {
		t.Errorf("err = %v, closed %v", err, f.closed)
	}
}

// A request the caller gives up on is cancelled on the server with its id;
// a late answer to it is dropped.
func TestCancelNotifies(t *testing.T) {
	var lateID json.RawMessage
	f := &fakeServer{}
	std := standard("2025-11-25")
	f.handle = func(f *fakeServer, m map[string]json.RawMessage) {
		if method(m) == "tools/call" {
			lateID = m["id"]
			return // never answered in time
		}
		std(f, m)
	}
	c := connectFake(t, f, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := c.CallTool(ctx, "slow", nil); done <- err }()
	waitFor(t, "the call to be sent", func() bool { return strings.Contains(strings.Join(f.messages(), ""), "tools/call") })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	want := `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + string(lateID) + `,"reason":"cancelled"}}`
	waitFor(t, "notifications/cancelled", func() bool { return strings.Contains(strings.Join(f.messages(), "\n"), want) })
	f.r.Receive(context.Background(), []byte(`{"jsonrpc":"2.0","id":`+string(lateID)+`,"result":{}}`))
	if err := c.Ping(context.Background()); err != nil {
		t.Errorf("after cancel: %v", err)
	}
}

// Requests and notifications from the server: ping is answered, unknown
// methods get "method not found", elicitation goes to the handler,
// tools/list_changed to its hook; junk and unknown notifications are
// dropped without harm.
func TestServerMessages(t *testing.T) {
	f := &fakeServer{handle: standard("2025-11-25")}
	changed := make(chan *Client, 1)
	var asked *ElicitParams
	c := connectFake(t, f, &Options{
		ToolsChanged: func(c *Client) { changed <- c },
		Elicit: func(_ context.Context, p *ElicitParams) (*ElicitResult, error) {
			asked = p
			return &ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, nil
		},
	})
	for _, junk := range []string{``, `nonsense`, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}`,
		`{"jsonrpc":"2.0","id":"not-ours","result":{}}`, `{"jsonrpc":"2.0","id":99999,"result":{}}`, `[1,2`, `{"id":`} {
		c.Receive(context.Background(), []byte(junk))
	}
	c.Receive(context.Background(), []byte(`[{"jsonrpc":"2.0","id":"p1","method":"ping"},{"jsonrpc":"2.0","id":7,"method":"sampling/createMessage","params":{}}]`))
	c.Receive(context.Background(), []byte(`{"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"message":"Name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}`))
	c.Receive(context.Background(), []byte(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`))
	select {
	case got := <-changed:
		if got != c {
			t.Error("ToolsChanged got another client")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ToolsChanged not called")
	}
	wants := []string{`{"error":{"code":-32601,"message":"method not found: sampling/createMessage"},"id":7,"jsonrpc":"2.0"}`,
		`{"id":"p1","jsonrpc":"2.0","result":{}}`,
		`{"id":"e1","jsonrpc":"2.0","result":{"action":"accept","content":{"name":"Ada"}}}`}
	for _, w := range wants {
		waitFor(t, w, func() bool { return strings.Contains(strings.Join(f.messages(), "\n"), w) })
	}
	if asked == nil || asked.Message != "Name?" || !strings.Contains(string(asked.RequestedSchema), `"name"`) {
		t.Errorf("elicitation params = %+v", asked)
	}
	if err := c.Ping(context.Background()); err != nil {
		t.Errorf("connection hurt: %v", err)
	}
}

func TestErrorsAndClose(t *testing.T) {
	std := standard("2025-11-25")
	f := &fakeServer{}
	var held sync.WaitGroup
	held.Add(1)
	f.handle = func(f *fakeServer, m map[string]json.RawMessage) {
		switch method(m) {
		case "tools/call":
			go f.r.Receive(context.Background(), []byte(`{"jsonrpc":"2.0","id":`+string(m["id"])+`,"error":{"code":-32602,"message":"unknown tool"}}`))
		case "hold":
			held.Done()
		default:
			std(f, m)
		}
	}
	c := connectFake(t, f, nil)
	_, err := c.CallTool(context.Background(), "nope", nil)
	var rpc *RPCError
	if !errors.As(err, &rpc) || rpc.Code != -32602 || rpc.Message != "unknown tool" {
		t.Errorf("err = %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := c.Call(context.Background(), "hold", nil); done <- err }()
	held.Wait()
	c.Lost(errors.New("pipe burst"))
	if err := <-done; !errors.Is(err, ErrConnectionClosed) || !strings.Contains(err.Error(), "pipe burst") {
		t.Errorf("in flight: %v", err)
	}
	if err := c.Wait(); !errors.Is(err, ErrConnectionClosed) {
		t.Errorf("Wait = %v", err)
	}
	if err := c.Ping(context.Background()); !errors.Is(err, ErrConnectionClosed) {
		t.Errorf("after loss: %v", err)
	}
	waitFor(t, "the transport to be closed", func() bool { f.mu.Lock(); defer f.mu.Unlock(); return f.closed })
}

// A transport that cannot start is a StartError.
func TestStartError(t *testing.T) {
	_, err := Connect(context.Background(), &CommandTransport{Cmd: nil}, nil)
	var se *StartError
	if !errors.As(err, &se) {
		t.Errorf("err = %v", err)
	}
}

func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// goroutinesSettle waits until the goroutine count is back to at most n.
func goroutinesSettle(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, want ≤ %d:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A flood of tools/list_changed runs the hook at most once at a time with
// one run waiting; a flood of server requests is answered only up to the
// bound while the handler is busy.
func TestFloodsAreBounded(t *testing.T) {
	f := &fakeServer{handle: standard("2025-11-25")}
	release := make(chan struct{})
	var mu sync.Mutex
	runs, elicits := 0, 0
	c := connectFake(t, f, &Options{
		ToolsChanged: func(*Client) { mu.Lock(); runs++; mu.Unlock(); <-release },
		Elicit: func(context.Context, *ElicitParams) (*ElicitResult, error) {
			mu.Lock()
			elicits++
			mu.Unlock()
			<-release
			return nil, nil
		},
	})
	before := runtime.NumGoroutine()
	for i := range 1000 {
		c.Receive(context.Background(), []byte(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`))
		c.Receive(context.Background(), []byte(`{"jsonrpc":"2.0","id":"e`+fmt.Sprint(i)+`","method":"elicitation/create","params":{"message":"m"}}`))
	}
	waitFor(t, "the first runs", func() bool { mu.Lock(); defer mu.Unlock(); return runs == 1 && elicits == maxServing })
	// The running hook has started, so these queue exactly one more run.
	for range 100 {
		c.Receive(context.Background(), []byte(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`))
	}
	if n := runtime.NumGoroutine() - before; n > maxServing+2 {
		t.Errorf("%d goroutines for 2100 messages", n)
	}
	close(release)
	waitFor(t, "the waiting run", func() bool { mu.Lock(); defer mu.Unlock(); return runs == 2 })
	mu.Lock()
	if elicits != maxServing {
		t.Errorf("%d elicitations answered, want %d", elicits, maxServing)
	}
	mu.Unlock()
}

// Whatever a server sends, the client neither panics nor hangs, and its
// connection stays usable.
func FuzzReceive(f *testing.F) {
	for _, s := range []string{`{"jsonrpc":"2.0","id":1,"result":{}}`, `[{"id":"x","method":"ping"},{"method":"notifications/tools/list_changed"}]`,
		`{"id":2,"error":{"code":1,"message":"m","data":[1]}}`, `{"id":"e","method":"elicitation/create","params":{"message":1}}`, `[[[[`, `{"id":null}`} {
		f.Add([]byte(s))
	}
	srv := &fakeServer{handle: standard("2025-11-25")}
	c, err := Connect(context.Background(), srv, &Options{ToolsChanged: func(*Client) {},
		Elicit: func(context.Context, *ElicitParams) (*ElicitResult, error) { return nil, nil }})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { c.Close() })
	f.Fuzz(func(t *testing.T, msg []byte) {
		c.Receive(context.Background(), msg)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := c.Ping(ctx); err != nil {
			t.Fatalf("after %q: %v", msg, err)
		}
	})
}

func FuzzReadEvents(f *testing.F) {
	f.Add([]byte("event: endpoint\ndata: /x\n\n: c\ndata: a\ndata: b\n\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		total := 0
		_ = readEvents(bytes.NewReader(in), 64, func(e event) bool {
			if len(e.data) > 64 {
				t.Fatalf("event of %d bytes passed a cap of 64", len(e.data))
			}
			total += len(e.data)
			return true
		})
		if total > len(in) {
			t.Fatalf("%d bytes of events from %d of input", total, len(in))
		}
	})
}
