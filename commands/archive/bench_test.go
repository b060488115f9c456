package archive

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// BenchmarkGzipRoundTrip50MB is `gzip -c | gunzip -c` on 50 MB of text.
func BenchmarkGzipRoundTrip50MB(b *testing.B) {
	var src bytes.Buffer
	for i := 0; src.Len() < 50<<20; i++ {
		fmt.Fprintf(&src, "line %d: the quick brown fox jumps over the lazy dog %x\n", i, i*7919)
	}
	data := src.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		pr, pw := io.Pipe()
		done := make(chan int)
		go func() {
			c := &commands.Context{Args: []string{"gunzip", "-c"}, Stdin: pr, Stdout: io.Discard, Stderr: io.Discard, FS: vfs.NewMem(), Dir: "/"}
			done <- NewGunzip().Run(context.Background(), c)
		}()
		c := &commands.Context{Args: []string{"gzip", "-c"}, Stdin: bytes.NewReader(data), Stdout: pw, Stderr: io.Discard, FS: vfs.NewMem(), Dir: "/"}
		st := NewGzip().Run(context.Background(), c)
		pw.Close()
		if st2 := <-done; st != 0 || st2 != 0 {
			b.Fatalf("status %d %d", st, st2)
		}
	}
}
