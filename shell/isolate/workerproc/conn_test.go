package workerproc

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
)

// TestMain lets the test binary serve as a worker.
func TestMain(m *testing.M) {
	if os.Getenv("WORKERPROC_TEST") == "1" {
		Serve(func(ctx context.Context, method string, body []byte) ([]byte, error) {
			switch method {
			case "echo":
				return body, nil
			case "ask": // call back the parent and return its answer
				return Peer(ctx).Call(ctx, "tool", body)
			case "crash":
				go func() { panic("boom") }() // not the handler's: it kills the process
				<-ctx.Done()
			}
			return nil, fmt.Errorf("unknown method %s", method)
		})
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// pair connects two Conns through pipes.
func pair(a, b Handler) (*Conn, *Conn, func()) {
	ar, bw := io.Pipe()
	br, aw := io.Pipe()
	ca := NewConn(ar, aw, a)
	cb := NewConn(br, bw, b)
	return ca, cb, func() { aw.Close(); bw.Close() }
}

func TestCallsBothWays(t *testing.T) {
	parent, worker, closeAll := pair(
		func(ctx context.Context, method string, body []byte) ([]byte, error) {
			if method == "tool" {
				return append([]byte("tool:"), body...), nil
			}
			return nil, errors.New("no such method")
		},
		func(ctx context.Context, method string, body []byte) ([]byte, error) {
			// The worker calls back while answering, as a script's tool call does.
			out, err := Peer(ctx).Call(ctx, "tool", body)
			return append(out, '!'), err
		})
	defer closeAll()
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			arg := fmt.Sprintf(`{"n":%d}`, i)
			out, err := parent.Call(context.Background(), "run", []byte(arg))
			if err != nil || string(out) != "tool:"+arg+"!" {
				t.Errorf("call %d: %q %v", i, out, err)
			}
		}()
	}
	wg.Wait()
	_, err := worker.Call(context.Background(), "nope", nil)
	var re *RemoteError
	if !errors.As(err, &re) || re.Message != "no such method" {
		t.Errorf("remote error: %v", err)
	}
}

func TestNotify(t *testing.T) {
	got := make(chan string, 1)
	parent, _, closeAll := pair(nil, func(ctx context.Context, method string, body []byte) ([]byte, error) {
		got <- method + " " + string(body)
		return []byte("not sent"), nil
	})
	defer closeAll()
	if err := parent.Notify("warm", []byte("a,b")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "warm a,b" {
		t.Errorf("%q", s)
	}
	// The connection still works, and no stray reply confused it.
	parent.mu.Lock()
	n := len(parent.pending)
	parent.mu.Unlock()
	if n != 0 {
		t.Errorf("%d pending", n)
	}
}

func TestCancelReachesTheHandler(t *testing.T) {
	started := make(chan struct{})
	parent, _, closeAll := pair(nil, func(ctx context.Context, method string, body []byte) ([]byte, error) {
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

func TestPanicAndClose(t *testing.T) {
	parent, worker, closeAll := pair(nil, func(ctx context.Context, method string, body []byte) ([]byte, error) {
		panic("boom")
	})
	_, err := parent.Call(context.Background(), "run", nil)
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("panic: %v", err)
	}
	closeAll()
	<-worker.Done()
	<-parent.Done()
	if _, err := parent.Call(context.Background(), "run", nil); !errors.Is(err, ErrClosed) {
		t.Errorf("after close: %v", err)
	}
}

// A frame claiming more than MaxFrame ends the connection before anything
// is allocated for it.
func TestOversizedFrameIsRefused(t *testing.T) {
	var hdr [4]byte
	binary.BigEndian.PutUint32(hdr[:], MaxFrame+1)
	c := NewConn(bytes.NewReader(append(hdr[:], 1, 2, 3)), io.Discard, nil)
	<-c.Done()
	if err := c.Err(); err == nil || !strings.Contains(err.Error(), "bad frame size") {
		t.Errorf("%v", err)
	}
	if err := c.send(frame{kind: kindCall, body: make([]byte, MaxFrame)}); err == nil {
		t.Error("an oversized frame was sent")
	}
}

func TestProcess(t *testing.T) {
	p, err := Start([]string{os.Args[0], "-test.run=^$"}, []string{"WORKERPROC_TEST=1"},
		func(ctx context.Context, method string, body []byte) ([]byte, error) {
			return []byte("parent says " + string(body)), nil
		})
	if err != nil {
		t.Fatal(err)
	}
	out, err := p.Call(context.Background(), "echo", []byte("hi"))
	if err != nil || string(out) != "hi" {
		t.Fatalf("echo: %q %v", out, err)
	}
	out, err = p.Call(context.Background(), "ask", []byte("yes"))
	if err != nil || string(out) != "parent says yes" {
		t.Fatalf("ask: %q %v", out, err)
	}
	_, err = p.Call(context.Background(), "crash", nil)
	if !errors.Is(err, ErrClosed) {
		t.Fatalf("crash: %v", err)
	}
	<-p.Dead()
	if r := p.Reason(); r != "crashed" {
		t.Errorf("reason %q, stderr %q", r, p.FirstLine())
	}
	p, err = Start([]string{os.Args[0], "-test.run=^$"}, []string{"WORKERPROC_TEST=1"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.Kill("stopped by the test")
	if r := p.Reason(); r != "stopped by the test" {
		t.Errorf("reason %q", r)
	}
}

// countingWriter counts the Writes that reached w, so that a test can
// tell whether a reply was written by a given moment.
type countingWriter struct {
	mu sync.Mutex
	n  int
	w  io.Writer
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
	return n, err
}

func (c *countingWriter) writes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// AfterReply's functions run once the reply is written, also after an
// error reply or a panicking one, and outside a handler it refuses.
func TestAfterReply(t *testing.T) {
	if AfterReply(context.Background(), func() {}) {
		t.Fatal("AfterReply accepted a context that is not a handler's")
	}
	ar, bw := io.Pipe()
	br, aw := io.Pipe()
	out := &countingWriter{w: bw}
	ran := make(chan int, 3)
	parent := NewConn(ar, aw, nil)
	worker := NewConn(br, out, func(ctx context.Context, method string, body []byte) ([]byte, error) {
		AfterReply(ctx, func() { panic("a bug in an after-function") })
		AfterReply(ctx, func() { ran <- out.writes() })
		if method == "fail" {
			return nil, errors.New("failed")
		}
		return body, nil
	})
	defer aw.Close()
	defer bw.Close()
	for i, method := range []string{"echo", "fail"} {
		_, err := parent.Call(context.Background(), method, []byte("x"))
		if (err != nil) != (method == "fail") {
			t.Fatalf("%s: %v", method, err)
		}
		if n := <-ran; n != i+1 {
			t.Errorf("%s: the after-function ran with %d replies written, want %d", method, n, i+1)
		}
	}
	// The panics did not end the connection.
	if out, err := parent.Call(context.Background(), "echo", []byte("y")); err != nil || string(out) != "y" {
		t.Errorf("after the after-functions: %q %v", out, err)
	}
	<-ran
	_ = worker
}
