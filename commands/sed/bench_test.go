package sed

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand"
	"testing"

	"github.com/justbash/justbash/commands"
)

// BenchmarkSedSubstG runs s///g over ~50 MB of generated log-like text
// (same generator as the commands package benchmarks).
func BenchmarkSedSubstG(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	words := []string{"request", "user", "timeout", "connect", "cache", "miss", "Error", "retry", "db", "query"}
	var data bytes.Buffer
	for i := 0; data.Len() < 50<<20; i++ {
		fmt.Fprintf(&data, "2024-11-%02d line %d ", 1+i%28, i)
		for j := 0; j < 6+r.Intn(6); j++ {
			data.WriteString(words[r.Intn(len(words))])
			data.WriteByte(' ')
		}
		data.WriteByte('\n')
	}
	b.SetBytes(int64(data.Len()))
	for i := 0; i < b.N; i++ {
		c := &commands.Context{Args: []string{"sed", "s/user/USER/g"}, Stdin: bytes.NewReader(data.Bytes()),
			Stdout: io.Discard, Stderr: io.Discard, Dir: "/"}
		if st := New().Run(context.Background(), c); st != 0 {
			b.Fatalf("status %d", st)
		}
	}
}
