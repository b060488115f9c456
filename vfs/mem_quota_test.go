package vfs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"
	"testing"
)

func TestMemQuotas(t *testing.T) {
	m := NewMem(WithMaxFileSize(10), WithMaxTotalBytes(15), WithMaxInodes(5))
	must(t, WriteFile(m, "/a", []byte("0123456789"), 0o644))
	if err := WriteFile(m, "/b", []byte("0123456789X"), 0o644); errnoOf(t, err) != syscall.EFBIG {
		t.Fatalf("file over max size: %v", err)
	}
	assertContent(t, m, "/b", "") // the failing write wrote nothing

	f, err := m.OpenFile("/b", os.O_WRONLY|os.O_APPEND, 0)
	must(t, err)
	if n, err := f.Write([]byte("12345")); n != 5 || err != nil {
		t.Fatalf("write within quota: %d %v", n, err)
	}
	if n, err := f.Write([]byte("6")); n != 0 || errnoOf(t, err) != syscall.ENOSPC {
		t.Fatalf("write over total: %d %v", n, err)
	}
	if err := f.Truncate(11); errnoOf(t, err) != syscall.EFBIG {
		t.Fatalf("truncate over max size: %v", err)
	}
	f.Close()
	assertContent(t, m, "/b", "12345")
	if b, n := m.Usage(); b != 15 || n != 3 {
		t.Fatalf("usage = %d bytes %d inodes", b, n)
	}

	// Space comes back on unlink, but only after the last open handle closes.
	h, _ := m.OpenFile("/a", os.O_RDONLY, 0)
	must(t, m.Remove("/a"))
	if b, _ := m.Usage(); b != 15 {
		t.Fatalf("unlinked-but-open file freed early: %d", b)
	}
	h.Close()
	if b, n := m.Usage(); b != 5 || n != 2 {
		t.Fatalf("usage after close = %d bytes %d inodes", b, n)
	}

	must(t, m.Mkdir("/d1", 0o755))
	must(t, m.Mkdir("/d2", 0o755))
	must(t, m.Symlink("x", "/s"))
	if err := m.Mkdir("/d3", 0o755); errnoOf(t, err) != syscall.ENOSPC {
		t.Fatalf("inode quota: %v", err)
	}
	must(t, m.RemoveAll("/d1"))
	must(t, m.Mkdir("/d3", 0o755))
}

func TestMemQuotaHardLinkCountsOnce(t *testing.T) {
	m := NewMem(WithMaxTotalBytes(100))
	must(t, WriteFile(m, "/a", bytes.Repeat([]byte("x"), 60), 0o644))
	must(t, m.Link("/a", "/b"))
	must(t, m.Remove("/a"))
	if b, _ := m.Usage(); b != 60 {
		t.Fatalf("usage %d", b)
	}
	must(t, m.Rename("/b", "/c"))
	if b, _ := m.Usage(); b != 60 {
		t.Fatalf("usage after rename %d", b)
	}
	must(t, WriteFile(m, "/c", nil, 0o644))
	if b, _ := m.Usage(); b != 0 {
		t.Fatalf("usage after truncate %d", b)
	}
}

func TestMemConcurrent(t *testing.T) {
	m := NewMem()
	must(t, m.Mkdir("/shared", 0o755))
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			dir := fmt.Sprintf("/g%d", g)
			if err := m.MkdirAll(dir, 0o755); err != nil {
				t.Error(err)
				return
			}
			for i := 0; i < 100; i++ {
				p := fmt.Sprintf("%s/f%d", dir, i)
				if err := WriteFile(m, p, []byte(p), 0o644); err != nil {
					t.Error(err)
					return
				}
				if b, err := ReadFile(m, p); err != nil || string(b) != p {
					t.Errorf("read %s: %q %v", p, b, err)
					return
				}
				if err := m.Rename(p, fmt.Sprintf("/shared/g%d-%d", g, i)); err != nil {
					t.Error(err)
					return
				}
				m.ReadDir("/shared")
				// Everyone appends to one file through separate handles.
				f, err := m.OpenFile("/shared/log", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
				if err != nil {
					t.Error(err)
					return
				}
				f.Write([]byte("x"))
				f.Close()
			}
		}(g)
	}
	wg.Wait()
	ents, err := m.ReadDir("/shared")
	must(t, err)
	if len(ents) != 801 {
		t.Fatalf("%d entries, want 801", len(ents))
	}
	fi, _ := m.Stat("/shared/log")
	if fi.Size() != 800 {
		t.Fatalf("log size %d, want 800", fi.Size())
	}
}

func TestMemSharedHandleRace(t *testing.T) {
	m := NewMem()
	must(t, WriteFile(m, "/f", bytes.Repeat([]byte("a"), 1000), 0o644))
	f, err := m.OpenFile("/f", os.O_RDWR, 0)
	must(t, err)
	defer f.Close()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 10)
			for i := 0; i < 200; i++ {
				f.ReadAt(buf, int64(i))
				f.Seek(0, io.SeekStart)
				f.Write([]byte("b"))
				f.Stat()
			}
		}()
	}
	wg.Wait()
}

func BenchmarkMemWrite1MiBIn4KiB(b *testing.B) {
	chunk := make([]byte, 4096)
	b.SetBytes(1 << 20)
	for b.Loop() {
		m := NewMem()
		f, _ := m.OpenFile("/f", os.O_WRONLY|os.O_CREATE, 0o644)
		for range 256 {
			f.Write(chunk)
		}
		f.Close()
	}
}

func BenchmarkMemAppendLines(b *testing.B) {
	m := NewMem()
	f, _ := m.OpenFile("/log", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	line := []byte("a line of shell output\n")
	for b.Loop() {
		f.Write(line)
	}
	f.Close()
}

func BenchmarkMemOpenReadSmall(b *testing.B) {
	m := NewMem()
	m.MkdirAll("/home/user/project", 0o755)
	WriteFile(m, "/home/user/project/small.txt", []byte("hello world\n"), 0o644)
	for b.Loop() {
		if _, err := ReadFile(m, "/home/user/project/small.txt"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDefaultMaxFileSize: a Mem without quotas still refuses a file size
// that would take the process down (truncate -s 900G).
func TestDefaultMaxFileSize(t *testing.T) {
	m := NewMem()
	f, err := m.OpenFile("/big", os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(900 << 30); !errors.Is(err, syscall.EFBIG) {
		t.Fatalf("truncate to 900 GiB: %v, want EFBIG", err)
	}
	if _, err := f.Seek(900<<30, io.SeekStart); err == nil {
		if _, err := f.Write([]byte("x")); !errors.Is(err, syscall.EFBIG) {
			t.Fatalf("write at 900 GiB: %v, want EFBIG", err)
		}
	}
}
