package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/toolcmd"
)

// A call given up by its caller is cancelled on the server too
// (notifications/cancelled): the server's handler sees its context end.
func TestCallCancelReachesServer(t *testing.T) {
	reg, src := addSource(t, stdioConfig("fx"))
	inv := toolcmd.NewInvoker(reg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := inv.Invoke(ctx, "fx.slow", json.RawMessage(`{"ms":60000}`))
		done <- err
	}()
	// Cancel once the server runs the call.
	waitFor(t, "the call on the server", func() bool { return strings.Contains(src.Stderr(), "slow: started") })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	waitFor(t, "the server's cancellation", func() bool { return strings.Contains(src.Stderr(), "slow: cancelled") })
	// The connection is still good.
	if got, err := inv.Invoke(context.Background(), "fx.echo", json.RawMessage(`{"message":"x"}`)); err != nil || string(got) != `"echo: x"` {
		t.Errorf("after cancel: %s, %v", got, err)
	}
}

// An SSE server that never answers the stream's GET: Add gives up after
// ConnectTimeout, and the request is abandoned rather than left open.
func TestSSEConnectTimeoutAbandonsRequest(t *testing.T) {
	aborted := make(chan struct{})
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
		close(aborted)
	}))
	t.Cleanup(hang.Close)
	reg := toolcmd.NewRegistry()
	_, err := Add(context.Background(), reg, Config{Name: "hang", Type: "sse", URL: hang.URL + "/sse", ConnectTimeout: 200 * time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), `mcp source "hang"`) {
		t.Fatalf("err = %v", err)
	}
	select {
	case <-aborted:
	case <-time.After(10 * time.Second):
		t.Fatal("the stream's request is still open")
	}
}
