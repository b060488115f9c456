package workerproc

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"
)

// asyncAnswers collects CallAsync answers by call, failing on a second
// answer to the same call.
type asyncAnswers struct {
	t  *testing.T
	mu sync.Mutex
	by map[string]string
	ch chan struct{}
}

func newAsyncAnswers(t *testing.T) *asyncAnswers {
	return &asyncAnswers{t: t, by: map[string]string{}, ch: make(chan struct{}, 1000)}
}

func (a *asyncAnswers) done(key string) func([]byte, error) {
	return func(out []byte, err error) {
		a.mu.Lock()
		defer a.mu.Unlock()
		if _, dup := a.by[key]; dup {
			a.t.Errorf("%s answered twice", key)
		}
		a.by[key] = string(out)
		if err != nil {
			a.by[key] = "error: " + err.Error()
		}
		a.ch <- struct{}{}
	}
}

func (a *asyncAnswers) wait(n int) map[string]string {
	for range n {
		select {
		case <-a.ch:
		case <-time.After(30 * time.Second):
			a.t.Fatalf("%d of %d answers", len(a.by), n)
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.by
}

// Calls made with CallAsync from a worker's end get their own replies in
// whatever order the peer answers them, the handler's errors as
// *RemoteError, beside ordinary Calls on the same connection.
func TestCallAsyncReplies(t *testing.T) {
	const n = 30
	release := make(chan struct{})
	_, worker, closeAll := pair(func(ctx context.Context, method string, body []byte) ([]byte, error) {
		i, _ := strconv.Atoi(string(body))
		if i%2 == 0 {
			<-release // the even ones answer after the odd ones
		}
		if i%5 == 0 {
			return nil, fmt.Errorf("no %d", i)
		}
		return append([]byte("tool:"), body...), nil
	}, nil)
	defer closeAll()
	a := newAsyncAnswers(t)
	for i := range n {
		worker.CallAsync(context.Background(), "tool", []byte(strconv.Itoa(i)), a.done(strconv.Itoa(i)))
	}
	if out, err := worker.Call(context.Background(), "tool", []byte("1")); err != nil || string(out) != "tool:1" {
		t.Errorf("a Call beside them: %q %v", out, err)
	}
	close(release)
	got := a.wait(n)
	for i := range n {
		want := "tool:" + strconv.Itoa(i)
		if i%5 == 0 {
			want = "error: no " + strconv.Itoa(i)
		}
		if got[strconv.Itoa(i)] != want {
			t.Errorf("call %d: %q, want %q", i, got[strconv.Itoa(i)], want)
		}
	}
	var re *RemoteError
	done := make(chan error, 1)
	worker.CallAsync(context.Background(), "tool", []byte("10"), func(_ []byte, err error) { done <- err })
	if err := <-done; !errors.As(err, &re) || re.Message != "no 10" {
		t.Errorf("the handler's error: %v", err)
	}
}

// A CallAsync whose context ends asks the peer to cancel and still gets
// the handler's reply; the connection's end answers those left waiting
// with ErrClosed, and a call made after it at once.
func TestCallAsyncCancelAndClose(t *testing.T) {
	started := make(chan string, 4)
	quit := make(chan struct{})
	t.Cleanup(func() { close(quit) })
	_, worker, closeAll := pair(func(ctx context.Context, method string, body []byte) ([]byte, error) {
		started <- string(body)
		if string(body) == "hang" {
			<-quit // past the connection's end: its reply never comes
			return nil, nil
		}
		<-ctx.Done()
		return []byte("stopped"), nil
	}, nil)
	a := newAsyncAnswers(t)
	ctx, cancel := context.WithCancel(context.Background())
	worker.CallAsync(ctx, "tool", []byte("wait"), a.done("cancelled"))
	<-started
	cancel()
	if got := a.wait(1)["cancelled"]; got != "stopped" {
		t.Errorf("cancelled call: %q", got)
	}
	worker.CallAsync(context.Background(), "tool", []byte("hang"), a.done("hang"))
	<-started
	closeAll()
	if got := a.wait(1)["hang"]; got != "error: "+ErrClosed.Error() {
		t.Errorf("at the connection's end: %q", got)
	}
	<-worker.Done()
	worker.CallAsync(context.Background(), "tool", nil, a.done("after"))
	if got := a.wait(1)["after"]; got != "error: "+ErrClosed.Error() {
		t.Errorf("after the end: %q", got)
	}
}

// On a parent's end, which reads only while a caller waits, CallAsync
// still gets its reply (a goroutine waits for it).
func TestCallAsyncOnDemand(t *testing.T) {
	parent, _, closeAll := onDemandPair(nil, func(ctx context.Context, method string, body []byte) ([]byte, error) {
		return append([]byte("worker:"), body...), nil
	})
	defer closeAll()
	a := newAsyncAnswers(t)
	parent.CallAsync(context.Background(), "run", []byte("x"), a.done("x"))
	if got := a.wait(1)["x"]; got != "worker:x" {
		t.Errorf("%q", got)
	}
}

// A Starter takes the calls it can answer without a serving goroutine,
// on the parent's end as on a worker's: the caller gets its reply; the
// calls it declines, and notifications, go to the Handler; the caller's
// cancel ends the context the Starter got.
func TestStarter(t *testing.T) {
	for _, onDemand := range []bool{false, true} {
		served := make(chan string, 8)
		handler := func(ctx context.Context, method string, body []byte) ([]byte, error) {
			served <- method
			return []byte("served:" + method), nil
		}
		// The worker's "run" holds the call open until released: the
		// parent's end reads only while one of its calls waits.
		release := make(chan struct{})
		workerH := func(ctx context.Context, method string, body []byte) ([]byte, error) {
			<-release
			return nil, nil
		}
		var worker, callee *Conn
		var closeAll func()
		if onDemand {
			callee, worker, closeAll = onDemandPair(handler, workerH)
		} else {
			callee, worker, closeAll = pair(handler, workerH)
		}
		held, cancelled := make(chan struct{}), make(chan struct{})
		callee.SetStarter(func(ctx context.Context, method string, body []byte, reply func([]byte, error)) bool {
			switch method {
			case "fast":
				go reply(append([]byte("started:"), body...), nil)
				return true
			case "fails":
				reply(nil, errors.New("no luck"))
				return true
			case "held":
				close(held)
				go func() {
					<-ctx.Done()
					close(cancelled)
					reply([]byte("let go"), nil)
				}()
				return true
			}
			return false
		})
		ran := make(chan error, 1)
		go func() {
			_, err := callee.Call(context.Background(), "run", nil)
			ran <- err
		}()
		if out, err := worker.Call(context.Background(), "fast", []byte("x")); err != nil || string(out) != "started:x" {
			t.Errorf("onDemand %v: fast: %q %v", onDemand, out, err)
		}
		var re *RemoteError
		if _, err := worker.Call(context.Background(), "fails", nil); !errors.As(err, &re) || re.Message != "no luck" {
			t.Errorf("onDemand %v: fails: %v", onDemand, err)
		}
		if out, err := worker.Call(context.Background(), "slow", nil); err != nil || string(out) != "served:slow" {
			t.Errorf("onDemand %v: declined: %q %v", onDemand, out, err)
		}
		if err := worker.Notify("fast", nil); err != nil {
			t.Fatal(err)
		}
		if m := <-served; m != "slow" {
			t.Errorf("onDemand %v: served %q first", onDemand, m)
		}
		if m := <-served; m != "fast" {
			t.Errorf("onDemand %v: the notification went to %q", onDemand, m)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan string, 1)
		go func() {
			out, err := worker.Call(ctx, "held", nil)
			done <- fmt.Sprint(string(out), err)
		}()
		<-held
		cancel()
		<-cancelled
		if got := <-done; got != "let go<nil>" {
			t.Errorf("onDemand %v: held: %s", onDemand, got)
		}
		close(release)
		if err := <-ran; err != nil {
			t.Errorf("onDemand %v: run: %v", onDemand, err)
		}
		closeAll()
	}
}
