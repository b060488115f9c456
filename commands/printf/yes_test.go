package printf

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
)

// TestYesStopsOnClosedPipe is `yes | head -1`: the reader goes away and yes
// must end instead of spinning.
func TestYesStopsOnClosedPipe(t *testing.T) {
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		c := &commands.Context{Args: []string{"yes", "a", "b"}, Stdout: pw, Stderr: io.Discard}
		done <- runYes(context.Background(), c)
	}()
	buf := make([]byte, 4)
	if _, err := io.ReadFull(pr, buf); err != nil || string(buf) != "a b\n" {
		t.Fatalf("read %q %v", buf, err)
	}
	pr.Close()
	select {
	case st := <-done:
		if st != 141 {
			t.Fatalf("status %d", st)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("yes did not stop")
	}
}
