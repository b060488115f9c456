package archive

import (
	"bytes"
	"compress/bzip2"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/justbash/justbash/vfs"
)

// bzInputs cover the stages' edge cases: empty, one byte, runs around the
// 4- and 255-byte boundaries, periodic text, every byte value, random
// bytes, and more than one block.
func bzInputs() map[string][]byte {
	rnd := rand.New(rand.NewSource(1))
	random := make([]byte, 100000)
	rnd.Read(random)
	all := make([]byte, 256*3)
	for i := range all {
		all[i] = byte(i)
	}
	var text strings.Builder
	for i := 0; text.Len() < 2*bzRawMax+12345; i++ {
		text.WriteString("line ")
		text.WriteString(strings.Repeat("ab", i%7))
		text.WriteString(" the quick brown fox\n")
	}
	return map[string][]byte{
		"empty":    {},
		"one":      []byte("x"),
		"run3":     []byte("aaa"),
		"run4":     []byte("aaaa"),
		"run5":     []byte("aaaaab"),
		"run255":   bytes.Repeat([]byte("z"), 255),
		"run256":   bytes.Repeat([]byte("z"), 256),
		"run1000":  bytes.Repeat([]byte("q"), 1000),
		"periodic": bytes.Repeat([]byte("abc"), 5000),
		"allbytes": all,
		"random":   random,
		"blocks":   []byte(text.String()),
		"zeros":    make([]byte, 70000),
	}
}

func bzCompress(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := newBzip2Writer(&buf)
	// Write in uneven pieces so block boundaries fall inside writes.
	for p := data; len(p) > 0; {
		n := min(len(p), 77777)
		if _, err := z.Write(p[:n]); err != nil {
			t.Fatal(err)
		}
		p = p[n:]
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestBzip2RoundTrip(t *testing.T) {
	for name, data := range bzInputs() {
		comp := bzCompress(t, data)
		got, err := io.ReadAll(bzip2.NewReader(bytes.NewReader(comp)))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s: Go's decoder: err %v, %d bytes back of %d", name, err, len(got), len(data))
		}
	}
}

// TestBzip2HostDecodes checks our output with the real bzip2 (its -t
// verifies CRCs), and that we read what it writes.
func TestBzip2HostDecodes(t *testing.T) {
	bin, err := exec.LookPath("bzip2")
	if err != nil {
		t.Skip("bzip2 is not installed: our bzip2 output is checked by Go's decoder only")
	}
	for name, data := range bzInputs() {
		comp := bzCompress(t, data)
		cmd := exec.Command(bin, "-dc")
		cmd.Stdin = bytes.NewReader(comp)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil || !bytes.Equal(out.Bytes(), data) {
			t.Errorf("%s: bzip2 -dc: %v %s (%d bytes of %d)", name, err, errb.String(), out.Len(), len(data))
		}
	}
}

// tarBzFiles is the tree the tar -j tests archive.
var tarBzFiles = map[string]string{
	"d/a.txt":     "hello\n",
	"d/sub/b.txt": strings.Repeat("bzip2 block text ", 5000),
	"d/empty":     "",
	"d/runs":      strings.Repeat("x", 300) + strings.Repeat("y", 4),
}

func TestTarBzip2RoundTrip(t *testing.T) {
	fsys := newFS(t, tarBzFiles)
	if err := fsys.MkdirAll("/tmp", 0o755); err != nil {
		t.Fatal(err)
	}
	if _, errs, st := run(t, fsys, NewTar(), "", "tar", "-cjf", "a.tar.bz2", "d"); st != 0 || errs != "" {
		t.Fatalf("tar -cjf: %d %q", st, errs)
	}
	data := read(fsys, "a.tar.bz2")
	if !strings.HasPrefix(data, "BZh9") {
		t.Fatalf("not a bzip2 stream: %q", data[:min(len(data), 8)])
	}
	out, errs, st := run(t, fsys, NewTar(), "", "tar", "-tjf", "a.tar.bz2")
	for _, name := range []string{"d/a.txt", "d/sub/b.txt", "d/empty", "d/runs"} {
		if !strings.Contains(out, name+"\n") {
			t.Errorf("tar -tjf lacks %s: %d %q %q", name, st, out, errs)
		}
	}
	if _, errs, st := run(t, fsys, NewTar(), "", "tar", "-xjf", "a.tar.bz2", "-C", "/tmp"); st != 0 || errs != "" {
		t.Fatalf("tar -xjf: %d %q", st, errs)
	}
	for name, want := range tarBzFiles {
		got, err := vfs.ReadFile(fsys, "/tmp/"+name)
		if err != nil || string(got) != want {
			t.Errorf("%s after the round trip: %v, %d bytes of %d", name, err, len(got), len(want))
		}
	}
}

// TestTarBzip2Host: the host's tar (with bzip2) lists and extracts what
// tar -cjf writes, and ours extracts what the host's tar -cjf writes.
func TestTarBzip2Host(t *testing.T) {
	tarBin, err1 := exec.LookPath("tar")
	_, err2 := exec.LookPath("bzip2")
	if err1 != nil || err2 != nil {
		t.Skip("the host has no tar or bzip2: tar -j is checked in the sandbox only")
	}
	fsys := newFS(t, tarBzFiles)
	if err := fsys.MkdirAll("/tmp", 0o755); err != nil {
		t.Fatal(err)
	}
	if _, errs, st := run(t, fsys, NewTar(), "", "tar", "-cjf", "a.tar.bz2", "d"); st != 0 {
		t.Fatalf("tar -cjf: %d %q", st, errs)
	}
	dir := t.TempDir()
	cmd := exec.Command(tarBin, "-xjf", "-", "-C", dir)
	cmd.Stdin = strings.NewReader(read(fsys, "a.tar.bz2"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("host tar -xjf: %v %s", err, out)
	}
	for name, want := range tarBzFiles {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != want {
			t.Errorf("host extracted %s: %v, %d bytes of %d", name, err, len(got), len(want))
		}
	}
	// And back: the host's archive of the same tree, extracted by ours.
	hostArchive, err := exec.Command(tarBin, "-cjf", "-", "-C", dir, "d").Output()
	if err != nil {
		t.Fatal(err)
	}
	if err := vfs.WriteFile(fsys, "/home/user/host.tar.bz2", hostArchive, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, st := run(t, fsys, NewTar(), "", "tar", "-xjf", "host.tar.bz2", "-C", "/tmp"); st != 0 {
		t.Fatalf("tar -xjf host archive: %d %q", st, errs)
	}
	for name, want := range tarBzFiles {
		got, err := vfs.ReadFile(fsys, "/tmp/"+name)
		if err != nil || string(got) != want {
			t.Errorf("%s from the host archive: %v", name, err)
		}
	}
}

// FuzzBzip2RoundTrip: whatever goes in comes back out of Go's decoder.
func FuzzBzip2RoundTrip(f *testing.F) {
	f.Add([]byte("aaaab"))
	f.Add(bytes.Repeat([]byte{0}, 300))
	f.Add([]byte("banana"))
	f.Fuzz(func(t *testing.T, data []byte) {
		comp := bzCompress(t, data)
		got, err := io.ReadAll(bzip2.NewReader(bytes.NewReader(comp)))
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("round trip of %q: %v, got %q", data, err, got)
		}
	})
}

// BenchmarkBzip2Write compresses 1 MiB of text and reports the size ratio
// to the host bzip2 -9 when it is installed. Reproduce with:
//
//	go test ./commands/archive -run '^$' -bench Bzip2Write
func BenchmarkBzip2Write(b *testing.B) {
	var text strings.Builder
	for i := 0; text.Len() < 1<<20; i++ {
		text.WriteString("k" + strings.Repeat("v", i%13) + " the quick brown fox 12345\n")
	}
	data := []byte(text.String())
	b.SetBytes(int64(len(data)))
	var size int
	for i := 0; i < b.N; i++ {
		var buf bytes.Buffer
		z := newBzip2Writer(&buf)
		z.Write(data)
		z.Close()
		size = buf.Len()
	}
	b.ReportMetric(float64(size), "bytes_out")
	if bin, err := exec.LookPath("bzip2"); err == nil {
		cmd := exec.Command(bin, "-9c")
		cmd.Stdin = bytes.NewReader(data)
		if out, err := cmd.Output(); err == nil {
			b.ReportMetric(float64(size)/float64(len(out)), "x_bzip2_size")
		}
	}
}
