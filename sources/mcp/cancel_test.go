package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

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
