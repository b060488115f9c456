package mcpserver

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// refusedRun runs RunClient against h and returns the peer, a channel with
// RunClient's error, and the number of handshakes h has seen.
func refusedRun(t *testing.T, h http.Handler, grace time.Duration) (*stdioPeer, <-chan error, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		err := RunClient(ctx, ClientOptions{URL: "ws" + strings.TrimPrefix(srv.URL, "http") + "/mcp",
			KeyHint: "give the key with --api-key", RefusedGrace: grace}, inR, outW)
		outW.Close()
		errc <- err
	}()
	t.Cleanup(func() { cancel(); inW.Close(); outR.Close() })
	return &stdioPeer{t: t, in: inW, out: bufio.NewScanner(outR)}, errc, &hits
}

func waitErr(t *testing.T, errc <-chan error) error {
	t.Helper()
	select {
	case err := <-errc:
		return err
	case <-time.After(30 * time.Second):
		t.Fatal("RunClient did not end")
	}
	return nil
}

const initLine = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// A wrong API key: the host's first request gets a JSON-RPC error naming
// the cause, and the client ends after one handshake instead of retrying.
func TestClientRefusedKey(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpError(w, http.StatusUnauthorized, "missing or invalid "+APIKeyHeader+" header")
	})
	p, errc, hits := refusedRun(t, h, time.Minute)
	p.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{}}`) // no id: not answered
	p.send(initLine)
	m := p.recv()
	msg := fmt.Sprint(m["error"])
	if errCode(m) != CodeRefused || m["id"] != float64(1) || !strings.Contains(msg, "refused the API key (HTTP 401 Unauthorized); give the key with --api-key") {
		t.Fatalf("answer = %v", m)
	}
	err := waitErr(t, errc)
	var re *RefusedError
	if !errors.As(err, &re) || re.Status != 401 {
		t.Fatalf("RunClient = %v", err)
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("%d handshakes, want 1 (no retry)", n)
	}
}

// Other client errors carry the daemon's message; a host that sends
// nothing is not waited for past the grace period, and stdin closing ends
// the client at once.
func TestClientRefusedOther(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpError(w, http.StatusNotFound, `unknown profile "zzz"`)
	})
	_, errc, _ := refusedRun(t, h, time.Millisecond)
	if err := waitErr(t, errc); err == nil || err.Error() != `the daemon refused the connection (HTTP 404 Not Found): unknown profile "zzz"` {
		t.Fatalf("RunClient = %v", err)
	}
	p, errc, _ := refusedRun(t, h, time.Hour)
	p.in.Close()
	var re *RefusedError
	if err := waitErr(t, errc); !errors.As(err, &re) {
		t.Fatalf("RunClient after EOF = %v", err)
	}
}

// A daemon that goes away and comes back refusing the key (it was
// rotated): the call in flight reports the disconnect, the next request
// the refusal, and the client ends.
func TestClientRefusedOnReconnect(t *testing.T) {
	var n atomic.Int32
	daemon := fakeDaemon(t, func(int) string { return `{"name":"a","inputSchema":{"type":"object"}}` })
	proxy := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) > 1 {
			httpError(w, http.StatusUnauthorized, "missing or invalid "+APIKeyHeader+" header")
			return
		}
		daemon.Config.Handler.ServeHTTP(w, r)
	})
	p, errc, _ := refusedRun(t, proxy, time.Minute)
	p.send(initLine)
	if m := p.recv(); m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	p.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"a"}}`)
	if m := p.recv(); errCode(m) != CodeDisconnected {
		t.Fatalf("call in flight: %v", m)
	}
	p.send(`{"jsonrpc":"2.0","id":3,"method":"ping"}`)
	if m := p.recv(); errCode(m) != CodeRefused || m["id"] != float64(3) {
		t.Fatalf("after the refusal: %v", m)
	}
	var re *RefusedError
	if err := waitErr(t, errc); !errors.As(err, &re) {
		t.Fatalf("RunClient = %v", err)
	}
}

// Server errors and rate limits are passing trouble: the client retries.
func TestClientRetriesServerErrors(t *testing.T) {
	for _, code := range []int{http.StatusServiceUnavailable, http.StatusTooManyRequests} {
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { httpError(w, code, "busy") })
		_, errc, hits := refusedRun(t, h, time.Millisecond)
		deadline := time.Now().Add(30 * time.Second)
		for hits.Load() < 2 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if hits.Load() < 2 {
			t.Errorf("%d: no retry", code)
		}
		select {
		case err := <-errc:
			t.Errorf("%d: RunClient ended: %v", code, err)
		default:
		}
	}
}
