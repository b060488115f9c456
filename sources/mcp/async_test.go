package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

// callAsync runs src.CallAsync and waits for its one answer.
func callAsync(t *testing.T, ctx context.Context, src *Source, path, args string) (string, error) {
	t.Helper()
	type answer struct {
		res json.RawMessage
		err error
	}
	ch := make(chan answer, 2)
	var calls atomic.Int32
	src.CallAsync(ctx, path, json.RawMessage(args), func(res json.RawMessage, err error) {
		calls.Add(1)
		ch <- answer{res, err}
	})
	select {
	case a := <-ch:
		select {
		case <-ch:
			t.Errorf("%s: done called twice", path)
		case <-time.After(20 * time.Millisecond):
		}
		return string(a.res), a.err
	case <-time.After(30 * time.Second):
		t.Fatalf("%s: no answer", path)
	}
	return "", nil
}

// CallAsync answers as the tool's Invoke does: the same unwrapping, the
// same errors.
func TestCallAsyncUnwraps(t *testing.T) {
	_, src := addSource(t, stdioConfig("fx"))
	ctx := context.Background()
	tests := []struct{ path, args, want, wantErr string }{
		{"fx.echo", `{"message":"hi"}`, `"echo: hi"`, ""},
		{"fx.add", `{"a":2,"b":3}`, `{"sum":5}`, ""},
		{"fx.two_texts", ``, `"line one\n{\"x\":1}"`, ""},
		{"fx.fail", `{}`, "", "boom happened"},
		{"fx.dotted_name", `{}`, `"called dotted.name"`, ""},
		{"fx.echo", `[1]`, "", "must be a JSON object"},
		{"fx.nothing", `{}`, "", "no longer offers this tool"},
	}
	for _, tc := range tests {
		got, err := callAsync(t, ctx, src, tc.path, tc.args)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s(%s): err = %v, want %q", tc.path, tc.args, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s(%s) = %s, %v; want %s", tc.path, tc.args, got, err, tc.want)
		}
	}
}

// Its timeout, its caller's cancel, a crash and the reconnect after it.
func TestCallAsyncFailures(t *testing.T) {
	cfg := stdioConfig("fx")
	cfg.CallTimeout = 200 * time.Millisecond
	_, src := addSource(t, cfg)
	ctx := context.Background()
	if _, err := callAsync(t, ctx, src, "fx.slow", `{"ms":5000}`); err == nil || !strings.Contains(err.Error(), "timed out after 200ms") {
		t.Errorf("timeout: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	type answer struct{ err error }
	ch := make(chan answer, 1)
	src.CallAsync(cctx, "fx.slow", json.RawMessage(`{"ms":60000}`), func(_ json.RawMessage, err error) { ch <- answer{err} })
	waitFor(t, "the call on the server", func() bool { return strings.Count(src.Stderr(), "slow: started") >= 2 })
	cancel()
	if a := <-ch; !errors.Is(a.err, context.Canceled) {
		t.Errorf("cancel: %v", a.err)
	}
	waitFor(t, "the server's cancellation", func() bool { return strings.Count(src.Stderr(), "slow: cancelled") >= 2 })

	_, err := callAsync(t, ctx, src, "fx.crash", `{}`)
	if err == nil || !strings.Contains(err.Error(), `connection to MCP server "fx" lost`) || !strings.Contains(err.Error(), "fatal: disk on fire") {
		t.Errorf("crash: %v", err)
	}
	if got, err := callAsync(t, ctx, src, "fx.echo", `{"message":"again"}`); err != nil || got != `"echo: again"` {
		t.Errorf("after reconnect: %s, %v", got, err)
	}
	src.Close()
	if _, err := callAsync(t, ctx, src, "fx.echo", `{"message":"x"}`); err == nil {
		t.Error("a closed source answered")
	}
}

// remoteConfigs serves the test server over Streamable HTTP and SSE for
// the test's duration and returns a config of each.
func remoteConfigs(t *testing.T) []Config {
	streamable := httptest.NewServer(server.NewStreamableHTTPServer(newTestServer()))
	t.Cleanup(streamable.Close)
	sse := httptest.NewServer(server.NewSSEServer(newTestServer()))
	t.Cleanup(sse.Close)
	return []Config{{Name: "fx", Type: "http", URL: streamable.URL + "/mcp"}, {Name: "fx", Type: "sse", URL: sse.URL + "/sse"}}
}

// Over Streamable HTTP and SSE too; over HTTP the answer is in before
// CallAsync returns (the response is read to its end on the caller's
// goroutine).
func TestCallAsyncRemote(t *testing.T) {
	for _, cfg := range remoteConfigs(t) {
		_, src := addSource(t, cfg)
		if got, err := callAsync(t, context.Background(), src, "fx.add", `{"a":1.5,"b":2}`); err != nil || got != `{"sum":3.5}` {
			t.Errorf("%s: add = %s, %v", cfg.Type, got, err)
		}
		if _, err := callAsync(t, context.Background(), src, "fx.fail", `{}`); err == nil || err.Error() != "boom happened" {
			t.Errorf("%s: fail: %v", cfg.Type, err)
		}
		if cfg.Type == "http" {
			answered := false
			src.CallAsync(context.Background(), "fx.echo", json.RawMessage(`{"message":"x"}`), func(json.RawMessage, error) { answered = true })
			if !answered {
				t.Error("http: the answer was not in when CallAsync returned")
			}
		}
	}
}

// TryCallAsync takes only the calls it can start without blocking: a
// tool the server offers over a live stdio connection. It declines the
// rest, having done nothing (done is never called), and CallAsync makes
// them: an unknown tool, an HTTP or SSE server, a connection to make again,
// a closed source.
func TestTryCallAsync(t *testing.T) {
	try := func(t *testing.T, src *Source, path, args string) (took bool, got string, err error) {
		t.Helper()
		type answer struct {
			res json.RawMessage
			err error
		}
		ch := make(chan answer, 2)
		took = src.TryCallAsync(context.Background(), path, json.RawMessage(args), func(res json.RawMessage, err error) { ch <- answer{res, err} })
		if !took {
			select {
			case a := <-ch:
				t.Errorf("%s: declined, yet answered %s %v", path, a.res, a.err)
			case <-time.After(20 * time.Millisecond):
			}
			return false, "", nil
		}
		select {
		case a := <-ch:
			return true, string(a.res), a.err
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: no answer", path)
		}
		return
	}
	_, src := addSource(t, stdioConfig("fx"))
	if took, got, err := try(t, src, "fx.add", `{"a":2,"b":3}`); !took || got != `{"sum":5}` || err != nil {
		t.Errorf("live stdio: took %v, %s %v", took, got, err)
	}
	if took, _, err := try(t, src, "fx.fail", `{}`); !took || err == nil || err.Error() != "boom happened" {
		t.Errorf("a failing tool: took %v, %v", took, err)
	}
	if took, _, _ := try(t, src, "fx.nothing", `{}`); took {
		t.Error("an unknown tool was taken")
	}
	if _, err := callAsync(t, context.Background(), src, "fx.crash", `{}`); err == nil {
		t.Fatal("the crash call answered")
	}
	if took, _, _ := try(t, src, "fx.echo", `{"message":"x"}`); took {
		t.Error("a call needing a new connection was taken")
	}
	if got, err := callAsync(t, context.Background(), src, "fx.echo", `{"message":"again"}`); err != nil || got != `"echo: again"` {
		t.Fatalf("CallAsync's reconnect: %s %v", got, err)
	}
	if took, got, err := try(t, src, "fx.echo", `{"message":"back"}`); !took || got != `"echo: back"` || err != nil {
		t.Errorf("after the reconnect: took %v, %s %v", took, got, err)
	}
	src.Close()
	if took, _, _ := try(t, src, "fx.echo", `{"message":"x"}`); took {
		t.Error("a closed source took a call")
	}

	for _, cfg := range remoteConfigs(t) {
		_, remote := addSource(t, cfg)
		if took, _, _ := try(t, remote, "fx.add", `{"a":1,"b":2}`); took {
			t.Errorf("%s: a remote call was taken", cfg.Type)
		}
	}
}

// The tracker answers an elicitation that names no call with the most
// recent call still in flight; calls leave in any order, once, and a
// call's own context is its own.
func TestTrackerPicksTheLatestCall(t *testing.T) {
	var tr tracker
	type key struct{}
	ctxs := make([]context.Context, 5)
	leaves := make([]func(), 5)
	for i := range ctxs {
		ctxs[i], leaves[i] = tr.enter(context.WithValue(context.Background(), key{}, i))
	}
	latest := func() any {
		c := tr.pick(context.Background())
		if c == nil {
			return nil
		}
		return c.Value(key{})
	}
	if got := latest(); got != 4 {
		t.Fatalf("latest %v, want 4", got)
	}
	if got := tr.pick(ctxs[1]).Value(key{}); got != 1 {
		t.Errorf("a call's own context gave %v", got)
	}
	leaves[4]()
	leaves[4]() // a second leave changes nothing
	leaves[2]()
	if got := latest(); got != 3 {
		t.Errorf("after 4 and 2 left: %v, want 3", got)
	}
	leaves[3]()
	leaves[1]()
	if got := latest(); got != 0 {
		t.Errorf("after 3 and 1 left: %v, want 0", got)
	}
	leaves[0]()
	if got := latest(); got != nil {
		t.Errorf("with no call in flight: %v", got)
	}
}
