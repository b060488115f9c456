package workerproc

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"testing"
	"time"
)

// A handler that takes its reply over with Later: the caller gets what
// reply sends, not what the handler returned; the call's context lives
// until then (a cancel still reaches it) and AfterReply work runs after
// the reply.
func TestLaterReply(t *testing.T) {
	if Later(context.Background()) != nil {
		t.Fatal("Later accepted a context that is not a handler's")
	}
	type held struct {
		ctx   context.Context
		reply func([]byte, error)
	}
	calls := make(chan held, 4)
	after := make(chan string, 4)
	parent, _, closeAll := pair(nil, func(ctx context.Context, method string, body []byte) ([]byte, error) {
		reply := Later(ctx)
		AfterReply(ctx, func() { after <- string(body) })
		calls <- held{ctx, reply}
		return []byte("ignored"), errors.New("ignored too")
	})
	defer closeAll()

	type result struct {
		out []byte
		err error
	}
	res := make(chan result, 1)
	go func() {
		out, err := parent.Call(context.Background(), "tool", []byte("a"))
		res <- result{out, err}
	}()
	h := <-calls
	if h.ctx.Err() != nil {
		t.Fatal("the call's context ended before its reply")
	}
	h.reply([]byte("answer"), nil)
	h.reply([]byte("second"), nil) // does nothing
	if r := <-res; r.err != nil || string(r.out) != "answer" {
		t.Errorf("got %q %v", r.out, r.err)
	}
	if got := <-after; got != "a" {
		t.Errorf("after-function of %q", got)
	}
	if h.ctx.Err() == nil {
		t.Error("the call's context lives on after its reply")
	}

	// An error, after the caller cancelled: the handler's context ends
	// at the cancel, and the caller still gets the reply.
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		out, err := parent.Call(ctx, "tool", []byte("b"))
		res <- result{out, err}
	}()
	h = <-calls
	cancel()
	<-h.ctx.Done()
	h.reply(nil, errors.New("gave up"))
	var re *RemoteError
	if r := <-res; !errors.As(r.err, &re) || re.Message != "gave up" {
		t.Errorf("got %q %v", r.out, r.err)
	}
	<-after
}

// reply does not wait for a pipe the peer does not drain: frames larger
// than the pipe holds, and frames queued behind them, are finished by
// goroutines, whole and one after another.
func TestSendNoWaitDoesNotBlock(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	c := newConn(bytes.NewReader(nil), w, nil)
	big := bytes.Repeat([]byte("x"), 1<<20) // over any pipe's buffer
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		for i := range 3 {
			body := big
			if i == 1 {
				body = []byte("small")
			}
			if err := c.sendNoWait(frame{kind: kindReply, id: uint64(i + 1), body: body}); err != nil {
				t.Error(err)
			}
		}
	}()
	select {
	case <-sent:
	case <-time.After(30 * time.Second):
		t.Fatal("sendNoWait blocked on a pipe nobody reads")
	}
	br := bufio.NewReader(r)
	seen := map[uint64]int{}
	for range 3 {
		f, err := readFrame(br)
		if err != nil {
			t.Fatal(err)
		}
		seen[f.id] = len(f.body)
		if f.kind != kindReply || (f.id != 2 && !bytes.Equal(f.body, big)) || (f.id == 2 && string(f.body) != "small") {
			t.Errorf("frame %d: kind %d, %d bytes", f.id, f.kind, len(f.body))
		}
	}
	if len(seen) != 3 {
		t.Errorf("frames seen: %v", seen)
	}
}
