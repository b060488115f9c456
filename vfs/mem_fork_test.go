package vfs

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"testing"
)

func TestForkCopyOnWrite(t *testing.T) {
	m := NewMem(WithMaxTotalBytes(1 << 20))
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(m.MkdirAll("/a/b", 0o750))
	must(WriteFile(m, "/a/f", []byte("parent bytes"), 0o640))
	must(m.Link("/a/f", "/a/b/hard"))
	must(m.Symlink("../f", "/a/b/sym"))
	c := m.Fork()

	// The fork sees the same tree, modes, times and links.
	for _, p := range []string{"/a", "/a/b", "/a/f", "/a/b/hard", "/a/b/sym"} {
		a, err1 := m.Lstat(p)
		b, err2 := c.Lstat(p)
		if err1 != nil || err2 != nil || a.Mode() != b.Mode() || a.Size() != b.Size() || !a.ModTime().Equal(b.ModTime()) {
			t.Fatalf("%s: parent %v %v, fork %v %v", p, a, err1, b, err2)
		}
	}
	if got, _ := c.Readlink("/a/b/sym"); got != "../f" {
		t.Errorf("symlink target %q", got)
	}
	// Writes on either side stay on that side; hard links stay linked.
	f, err := c.OpenFile("/a/b/hard", os.O_WRONLY, 0)
	must(err)
	_, err = f.Write([]byte("FORK"))
	must(err)
	must(f.Close())
	read := func(fsys FS, p string) string {
		b, err := ReadFile(fsys, p)
		must(err)
		return string(b)
	}
	if got := read(c, "/a/f"); got != "FORKnt bytes" {
		t.Errorf("fork through its hard link: %q", got)
	}
	if got := read(m, "/a/f"); got != "parent bytes" {
		t.Errorf("parent changed by the fork's write: %q", got)
	}
	must(WriteFile(m, "/a/f", []byte("new"), 0o640))
	if got := read(c, "/a/f"); got != "FORKnt bytes" {
		t.Errorf("fork changed by the parent's write: %q", got)
	}
	// Truncation of a shared file, and removal, are private too.
	must(m.Remove("/a/b/hard"))
	if _, err := c.Stat("/a/b/hard"); err != nil {
		t.Errorf("fork lost a file the parent removed: %v", err)
	}
	// Quotas carry over and count the fork's own bytes.
	if got, _ := c.Usage(); got != int64(len("FORKnt bytes")) {
		t.Errorf("fork usage %d", got)
	}
	if err := WriteFile(c, "/big", make([]byte, 2<<20), 0o644); err == nil {
		t.Error("fork ignored the total-bytes quota")
	}
}

// A random tree forked, then both sides changed at random: each side must
// read back exactly what was written on it.
func TestForkRandomTrees(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		m := NewMem()
		want := map[string][]byte{}
		for i := 0; i < 30; i++ {
			dir := fmt.Sprintf("/d%d", rng.IntN(4))
			m.MkdirAll(dir, 0o755)
			p := fmt.Sprintf("%s/f%d", dir, rng.IntN(10))
			data := bytes.Repeat([]byte{byte('a' + rng.IntN(26))}, rng.IntN(200))
			if err := WriteFile(m, p, data, fs.FileMode(0o600+rng.IntN(0o177))); err != nil {
				t.Fatal(err)
			}
			want[p] = data
		}
		c := m.Fork()
		wantC := map[string][]byte{}
		for p, d := range want {
			wantC[p] = d
		}
		for i := 0; i < 40; i++ {
			side, w := FS(m), want
			if rng.IntN(2) == 0 {
				side, w = c, wantC
			}
			for p := range w {
				data := []byte(fmt.Sprint(rng.Int()))
				f, err := side.OpenFile(p, os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				f.Write(data)
				f.Close()
				cur := append([]byte(nil), w[p]...)
				if len(data) > len(cur) {
					cur = append(cur, make([]byte, len(data)-len(cur))...)
				}
				copy(cur, data)
				w[p] = cur
				break
			}
		}
		for _, side := range []struct {
			fsys FS
			w    map[string][]byte
		}{{m, want}, {c, wantC}} {
			for p, d := range side.w {
				got, err := ReadFile(side.fsys, p)
				if err != nil || !bytes.Equal(got, d) {
					t.Fatalf("seed %d %s: got %q %v want %q", seed, p, got, err, d)
				}
			}
		}
	}
}
