package all

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/search"
	"github.com/justbash/justbash/commands/text"

	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// TestWcLocale: -m counts characters in a UTF-8 locale and bytes in the
// C locale (expectations from GNU wc run with LC_ALL=C.UTF-8 and LC_ALL=C).
func TestWcLocale(t *testing.T) {
	in := "h\xe9llo w\xc3\xb6rld\n\xff\xfe\n\ttab\x00nul\n"
	for _, tc := range []struct{ env, want string }{
		{"LANG=C.UTF-8", " 3  3 21 25 14\n"},
		{"LC_ALL=C", " 3  3 25 25 14\n"},
		{"LANG=en_US.UTF-8", " 3  3 21 25 14\n"},
	} {
		var out bytes.Buffer
		c := &commands.Context{Args: []string{"wc", "-clwmL"}, Stdin: strings.NewReader(in), Stdout: &out,
			Stderr: io.Discard, Dir: "/", Environ: []string{tc.env}}
		// A single count of a single input is printed without padding;
		// several columns from stdin use width 7, as GNU does.
		if st := text.RunWc(context.Background(), c); st != 0 {
			t.Fatalf("%s: status %d", tc.env, st)
		}
		got := strings.Join(strings.Fields(out.String()), " ")
		if got != strings.Join(strings.Fields(tc.want), " ") {
			t.Errorf("%s: got %q want %q", tc.env, out.String(), tc.want)
		}
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
		done <- search.RunGrep(context.Background(), c)
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
