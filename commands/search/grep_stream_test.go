package search

import (
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
)

// TestGrepStreamsPartialInput: grep -m1 finishes as soon as the matching
// line has arrived, without waiting for the producer to fill a block or
// end its output.
func TestGrepStreamsPartialInput(t *testing.T) {
	r := &slowReader{first: []byte("bar\nfoo\n"), release: make(chan struct{})}
	defer close(r.release)
	var out bytes.Buffer
	done := make(chan int, 1)
	go func() {
		c := &commands.Context{Args: []string{"grep", "-m1", "foo"}, Stdin: r, Stdout: &out, Stderr: io.Discard, Dir: "/"}
		done <- runGrep(context.Background(), c)
	}()
	select {
	case st := <-done:
		if st != 0 || out.String() != "foo\n" {
			t.Errorf("status %d, output %q", st, out.String())
		}
	case <-time.After(3 * time.Second):
		t.Error("grep -m1 waited for more input after the match")
	}
}

// slowReader delivers its first chunk, then blocks until released.
type slowReader struct {
	first   []byte
	release chan struct{}
}

func (s *slowReader) Read(p []byte) (int, error) {
	if len(s.first) > 0 {
		n := copy(p, s.first)
		s.first = s.first[n:]
		return n, nil
	}
	<-s.release
	return 0, io.EOF
}
