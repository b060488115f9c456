package jq

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// benchArray builds a JSON array of about size bytes of small objects.
func benchArray(size int) []byte {
	var b bytes.Buffer
	b.WriteByte('[')
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"item-%d","x":%d,"tags":["a","b"],"ok":true}`, i, i%10)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// BenchmarkSelect50MB is `jq '.[] | select(.x > 5) | .name'` over 50 MB.
func BenchmarkSelect50MB(b *testing.B) {
	data := benchArray(50 << 20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c := &commands.Context{Args: []string{"jq", ".[] | select(.x > 5) | .name"},
			Stdin: bytes.NewReader(data), Stdout: io.Discard, Stderr: io.Discard, FS: vfs.NewMem(), Dir: "/"}
		if st := New().Run(context.Background(), c); st != 0 {
			b.Fatalf("status %d", st)
		}
	}
}
