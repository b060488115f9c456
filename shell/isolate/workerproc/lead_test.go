package workerproc

import (
	"context"
	"errors"
	"io"
	"strconv"
	"sync"
	"testing"
	"time"
)

// onDemandPair connects an on-demand parent end (as Start makes) to a
// worker end (as Serve makes) through pipes.
func onDemandPair(parentH, workerH Handler) (*Conn, *Conn, func()) {
	ar, bw := io.Pipe()
	br, aw := io.Pipe()
	parent := newOnDemandConn(ar, aw, parentH)
	worker := NewConn(br, bw, workerH)
	return parent, worker, func() { aw.Close(); bw.Close() }
}

func (c *Conn) isReading() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.reading
}

// Replies that come back in another order than the calls went out reach
// their own callers, whoever of them holds the read side; calls the peer
// makes meanwhile are served; and once no call waits, nobody reads.
func TestOnDemandRepliesOutOfOrder(t *testing.T) {
	const n = 40
	release := make([]chan struct{}, n)
	for i := range release {
		release[i] = make(chan struct{})
	}
	arrived := make(chan int, n)
	parent, _, closeAll := onDemandPair(
		func(ctx context.Context, method string, body []byte) ([]byte, error) {
			return append([]byte("parent:"), body...), nil
		},
		func(ctx context.Context, method string, body []byte) ([]byte, error) {
			i, _ := strconv.Atoi(string(body))
			arrived <- i
			<-release[i]
			// Every other call asks the parent first, as a script's tool call does.
			if i%2 == 0 {
				out, err := Peer(ctx).Call(ctx, "tool", body)
				return append(out, '!'), err
			}
			return body, nil
		})
	defer closeAll()
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := parent.Call(context.Background(), "run", []byte(strconv.Itoa(i)))
			want := strconv.Itoa(i)
			if i%2 == 0 {
				want = "parent:" + want + "!"
			}
			if err != nil || string(out) != want {
				t.Errorf("call %d: %q %v, want %q", i, out, err, want)
			}
		}()
	}
	for k := 0; k < n; k++ {
		<-arrived
	}
	// Released last first: each reply is for a caller that is not the
	// one reading, until the last.
	for i := n - 1; i >= 0; i-- {
		close(release[i])
	}
	wg.Wait()
	if parent.isReading() {
		t.Error("the parent's end still reads with no call waiting")
	}
	// And the next call leads again.
	if out, err := parent.Call(context.Background(), "run", []byte("1")); err != nil || string(out) != "1" {
		t.Errorf("after: %q %v", out, err)
	}
}

// A cancel reaches the peer while the cancelled caller itself is the one
// reading the stream.
func TestOnDemandCancelWhileLeading(t *testing.T) {
	started := make(chan struct{})
	parent, _, closeAll := onDemandPair(nil, func(ctx context.Context, method string, body []byte) ([]byte, error) {
		close(started)
		<-ctx.Done()
		return []byte("stopped"), nil
	})
	defer closeAll()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	out, err := parent.Call(ctx, "run", nil)
	if err != nil || string(out) != "stopped" {
		t.Errorf("%q %v", out, err)
	}
}

// peerGone reads to the stream's end when no call is reading, so that
// Done closes; a caller waiting behind a leader sees the end too.
func TestOnDemandPeerGone(t *testing.T) {
	ar, bw := io.Pipe()
	br, aw := io.Pipe()
	parent := newOnDemandConn(ar, aw, nil)
	block := make(chan struct{})
	worker := NewConn(br, bw, func(ctx context.Context, method string, body []byte) ([]byte, error) {
		if method == "block" {
			<-block
		}
		return body, nil
	})
	if out, err := parent.Call(context.Background(), "echo", []byte("x")); err != nil || string(out) != "x" {
		t.Fatalf("%q %v", out, err)
	}
	select {
	case <-parent.Done():
		t.Fatal("done before the end")
	default:
	}
	// Two callers wait (one leads) when the worker's stream ends.
	errs := make(chan error, 2)
	for i := 0; i < 2; i++ {
		go func() {
			_, err := parent.Call(context.Background(), "block", nil)
			errs <- err
		}()
	}
	waitUntil(t, "two calls in flight", func() bool {
		parent.mu.Lock()
		defer parent.mu.Unlock()
		return len(parent.pending) == 2
	})
	bw.Close()
	for i := 0; i < 2; i++ {
		if err := <-errs; !errors.Is(err, ErrClosed) {
			t.Errorf("call %d at the end: %v", i, err)
		}
	}
	<-parent.Done()
	close(block)
	aw.Close()
	<-worker.Done()

	// With nobody reading, peerGone is what ends it.
	ar2, bw2 := io.Pipe()
	idle := newOnDemandConn(ar2, io.Discard, nil)
	bw2.Close()
	idle.peerGone()
	select {
	case <-idle.Done():
	default:
		t.Fatal("peerGone did not end an idle connection")
	}
}

// waitUntil polls cond until it holds (a minute at most: a bound for a
// stuck test, not a timing assertion).
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	limit := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(limit) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// A caller that gives up (its frame could not be sent) after the read
// side was handed to it passes it on to a caller still waiting; with
// none left, nobody reads.
func TestForgetPassesTheReadSide(t *testing.T) {
	c := newOnDemandConn(&io.PipeReader{}, io.Discard, nil)
	a := &waiter{reply: make(chan frame, 1), lead: make(chan struct{}, 1)}
	b := &waiter{reply: make(chan frame, 1), lead: make(chan struct{}, 1)}
	c.pending[1], c.pending[2] = a, b
	c.reading = true
	a.lead <- struct{}{} // handed to a
	c.forget(1)
	select {
	case <-b.lead:
	default:
		t.Fatal("the read side was not passed on")
	}
	b.lead <- struct{}{}
	c.forget(2)
	if c.isReading() {
		t.Error("the read side is still owned with no caller left")
	}
}
