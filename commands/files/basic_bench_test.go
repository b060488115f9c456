package files

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/cmdtest"

	"fmt"
	"testing"

	"github.com/justbash/justbash/vfs"
)

// benchTree fills a Mem with dirs×files one-byte files under /src.
func benchTree(b *testing.B, dirs, files int) vfs.FS {
	fsys := vfs.NewMem()
	for d := 0; d < dirs; d++ {
		dir := fmt.Sprintf("/src/d%03d", d)
		if err := fsys.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for f := 0; f < files; f++ {
			if err := vfs.WriteFile(fsys, fmt.Sprintf("%s/f%04d", dir, f), []byte("x"), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	return fsys
}

// BenchmarkLsLR10k is ls -lR over 100 directories of 100 files.
func BenchmarkLsLR10k(b *testing.B) {
	fsys := benchTree(b, 100, 100)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var out, errb cmdtest.LineCounter
		c := &commands.Context{Args: []string{"ls", "-lR", "/src"}, Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/"}
		// 100 dirs × (header, total, 100 entries, blank) plus the top listing.
		if st := runLs(b.Context(), c); st != 0 || out.Lines < 10000 {
			b.Fatalf("status %d, %d lines", st, out.Lines)
		}
	}
}

// BenchmarkCpTree40k copies 40,000 files: compare ns/op with
// BenchmarkCpTree10k to check cp -r scales linearly.
func BenchmarkCpTree40k(b *testing.B) {
	fsys := benchTree(b, 200, 200)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst := fmt.Sprintf("/dst%d", i)
		var out, errb cmdtest.LineCounter
		c := &commands.Context{Args: []string{"cp", "-r", "/src", dst}, Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/"}
		if st := runCp(b.Context(), c); st != 0 {
			b.Fatal("cp failed")
		}
		b.StopTimer()
		fsys.RemoveAll(dst)
		b.StartTimer()
	}
}
