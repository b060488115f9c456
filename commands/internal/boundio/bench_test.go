package boundio

import (
	"context"
	"io"
	"os"
	"testing"
)

// benchPipe copies 64 MiB through an OS pipe (what the shell gives a
// command in a pipeline), read either directly or through a Reader, to
// show what the cancellable read costs.
func benchPipe(b *testing.B, wrap bool) {
	const total = 64 << 20
	chunk := make([]byte, 64<<10)
	b.SetBytes(total)
	for i := 0; i < b.N; i++ {
		pr, pw, err := os.Pipe()
		if err != nil {
			b.Fatal(err)
		}
		go func() {
			for n := 0; n < total; n += len(chunk) {
				pw.Write(chunk)
			}
			pw.Close()
		}()
		var r io.Reader = pr
		ctx, cancel := context.WithCancel(context.Background())
		if wrap {
			r = NewReader(ctx, pr)
		}
		buf := make([]byte, 32<<10)
		for {
			if _, err := r.Read(buf); err != nil {
				break
			}
		}
		cancel()
		pr.Close()
	}
}

func BenchmarkPipeDirect(b *testing.B)      { benchPipe(b, false) }
func BenchmarkPipeCancellable(b *testing.B) { benchPipe(b, true) }
