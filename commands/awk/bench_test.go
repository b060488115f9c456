package awk

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

var (
	benchOnce sync.Once
	benchData []byte
)

// benchInput is 1M lines like "k17 v5 4211 a,b123,c the quick fox".
func benchInput() []byte {
	benchOnce.Do(func() {
		var b strings.Builder
		for i := 0; i < 1_000_000; i++ {
			fmt.Fprintf(&b, "k%d v%d %d a,b%d,c the quick fox\n", i%1000, i%77, i%5000, i)
		}
		benchData = []byte(b.String())
	})
	return benchData
}

func benchAwk(b *testing.B, args ...string) {
	data := benchInput()
	fsys := vfs.NewMem()
	if err := vfs.WriteFile(fsys, "/data.txt", data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var errb strings.Builder
		c := &commands.Context{
			Args:   append(append([]string{"awk"}, args...), "/data.txt"),
			Stdin:  strings.NewReader(""),
			Stdout: io.Discard,
			Stderr: &errb,
			FS:     fsys,
			Dir:    "/",
		}
		if st := New().Run(context.Background(), c); st != 0 {
			b.Fatalf("status %d: %s", st, errb.String())
		}
	}
}

func BenchmarkSumColumn(b *testing.B) { benchAwk(b, "{s+=$3} END{print s}") }
func BenchmarkGroupCount(b *testing.B) {
	benchAwk(b, "{c[$1]++} END{for(k in c) print k, c[k]}")
}
func BenchmarkCSVField(b *testing.B) { benchAwk(b, "-F,", "{print $2}") }
func BenchmarkGsub(b *testing.B)     { benchAwk(b, `{n+=gsub(/fox|[0-9]+/, "X")} END{print n}`) }
