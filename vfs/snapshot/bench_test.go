package snapshot

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/justbash/justbash/vfs"
)

// benchTree is 1 MiB in 256 files of mixed text and random bytes (random
// bytes do not compress: the worst case for gzip).
func benchTree() *vfs.Mem {
	m := vfs.NewMem()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 256; i++ {
		dir := fmt.Sprintf("/d%d", i%16)
		m.MkdirAll(dir, 0o755)
		data := make([]byte, 4096)
		for j := range data {
			if i%2 == 0 {
				data[j] = byte(rng.IntN(256))
			} else {
				data[j] = "the quick brown fox\n"[j%20]
			}
		}
		vfs.WriteFile(m, fmt.Sprintf("%s/f%d", dir, i), data, 0o644)
	}
	return m
}

// go test -run '^$' -bench . ./vfs/snapshot/  (MB/s of file bytes)
func BenchmarkWrite(b *testing.B) {
	m := benchTree()
	var buf bytes.Buffer
	b.SetBytes(1 << 20)
	for b.Loop() {
		buf.Reset()
		if err := Write(context.Background(), &buf, m, WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "snapshot-bytes")
}

func BenchmarkRead(b *testing.B) {
	var buf bytes.Buffer
	Write(context.Background(), &buf, benchTree(), WriteOptions{})
	b.SetBytes(1 << 20)
	for b.Loop() {
		if _, err := Read(context.Background(), bytes.NewReader(buf.Bytes()), vfs.NewMem(), Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFork(b *testing.B) {
	m := benchTree()
	for b.Loop() {
		m.Fork()
	}
}
