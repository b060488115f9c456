//go:build linux

package vfs

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path"
	"syscall"
	"testing"
	"time"
)

// fuzzPaths are the names ops act on: nested, relative-looking, with dot
// segments, trailing slashes and through symlinks, so path resolution is
// exercised as much as the operations.
var fuzzPaths = []string{
	"/", "/a", "/a/b", "/a/b/c", "/a/b/c/d", "/f", "/a/f", "/a/b/f", "/l", "/a/l",
	"/l/f", "/l/b/f", "/a/../f", "/a/./b/", "/a/b/../../a/f", "/a//b", "/loop", "/loop/x",
	"/dev", "/dev/null", "/a/b/c/", "f", "", "/f/", "/x/y", "/..", "/a/b/c/d/e",
}

// fuzzReader hands out the bytes of one fuzz input; once they run out it
// returns zeros, so every input decodes to a finite op sequence.
type fuzzReader struct{ b []byte }

func (r *fuzzReader) byte() byte {
	if len(r.b) == 0 {
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *fuzzReader) path() string { return fuzzPaths[int(r.byte())%len(fuzzPaths)] }

func (r *fuzzReader) data() []byte {
	n := int(r.byte())
	if n > 200 {
		// A few inputs ask for more than the file quota allows.
		n = (n - 200) << 12
	}
	return bytes.Repeat([]byte{r.byte()}, n)
}

// FuzzMemOps decodes a sequence of filesystem operations from the fuzz
// bytes and applies them to a Mem with small quotas. Errors are expected
// (most ops are invalid); after every op the tree must stay consistent:
// ReadDir entries Lstat to the same type, a regular file reads back as
// many bytes as Stat reports, link counts match the names that reach an
// inode, and Usage matches what a walk finds and holds to the quotas.
func FuzzMemOps(f *testing.F) {
	f.Add([]byte{0, 1, 0, 2, 2, 5, 10, 'x', 11, 6, 9, 12, 7, 4, 14})
	f.Add([]byte{1, 3, 2, 7, 250, 'y', 3, 7, 100, 5, 4, 7, 8, 9})
	f.Add([]byte{6, 9, 0, 6, 16, 16, 1, 17, 2, 5, 3, 'a', 8, 1, 4})
	f.Add([]byte{1, 3, 2, 6, 20, 'z', 7, 6, 7, 9, 6, 8, 1, 10, 1, 0})
	f.Add([]byte{1, 4, 2, 5, 255, 'q', 2, 6, 255, 'r', 2, 7, 255, 's', 13, 5, 1})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 4096 {
			t.Skip()
		}
		const maxFile, maxTotal, maxInodes = 64 << 10, 160 << 10, 64
		clock := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
		m := NewMem(WithMaxFileSize(maxFile), WithMaxTotalBytes(maxTotal), WithMaxInodes(maxInodes),
			WithClock(func() time.Time { return clock }))
		m.Symlink("/loop", "/loop")
		r := &fuzzReader{b: ops}
		for step := 0; len(r.b) > 0 && step < 256; step++ {
			applyOp(m, r)
			checkTree(t, m, maxFile, maxTotal, maxInodes)
		}
	})
}

// applyOp decodes one operation from r and applies it to m.
func applyOp(m *Mem, r *fuzzReader) {
	switch r.byte() % 18 {
	case 0:
		m.Mkdir(r.path(), fs.FileMode(r.byte())|0o700)
	case 1:
		m.MkdirAll(r.path(), 0o755)
	case 2:
		p := r.path()
		WriteFile(m, p, r.data(), 0o644)
	case 3:
		flags := []int{os.O_RDONLY, os.O_WRONLY | os.O_APPEND, os.O_RDWR | os.O_CREATE, os.O_WRONLY | os.O_CREATE | os.O_EXCL,
			os.O_RDWR | os.O_TRUNC, os.O_WRONLY | os.O_CREATE | os.O_TRUNC}
		fl := flags[int(r.byte())%len(flags)]
		if f, err := m.OpenFile(r.path(), fl, 0o600); err == nil {
			f.Seek(int64(r.byte())*37, io.SeekStart)
			f.Write(r.data())
			f.Read(make([]byte, 64))
			f.Close()
		}
	case 4:
		if f, err := m.OpenFile(r.path(), os.O_RDWR, 0); err == nil {
			f.Truncate(int64(r.byte()) * 613)
			f.Close()
		}
	case 5:
		m.Remove(r.path())
	case 6:
		m.RemoveAll(r.path())
	case 7:
		m.Rename(r.path(), r.path())
	case 8:
		m.Symlink(r.path(), r.path())
	case 9:
		m.Link(r.path(), r.path())
	case 10:
		m.Chmod(r.path(), fs.FileMode(r.byte())<<1|fs.FileMode(r.byte()&7)<<9)
	case 11:
		m.Chtimes(r.path(), time.Unix(int64(r.byte())<<20, 0), time.Unix(-int64(r.byte())<<30, 0))
	case 12:
		m.ReadDir(r.path())
	case 13:
		m.Mknod(r.path(), Device(r.byte()%6))
	case 14:
		m.Readlink(r.path())
	case 15:
		// A file held open across a remove: it must still read and write.
		if f, err := m.OpenFile(r.path(), os.O_RDWR, 0); err == nil {
			p := r.path()
			m.Remove(p)
			m.RemoveAll(p)
			f.Write(r.data())
			f.Seek(0, io.SeekStart)
			io.ReadAll(io.LimitReader(f, maxReadBack))
			f.Close()
		}
	case 16:
		if f, err := m.OpenFile(r.path(), os.O_RDONLY, 0); err == nil {
			f.ReadDir(int(r.byte()%4) - 1)
			f.Close()
		}
	case 17:
		m.Chown(r.path(), int(r.byte()), int(r.byte()))
	}
}

// maxReadBack bounds what the checks read of any file (devices are endless).
const maxReadBack = 1 << 20

// checkTree walks m without following links and checks the invariants.
func checkTree(t *testing.T, m *Mem, maxFile, maxTotal, maxInodes int64) {
	t.Helper()
	sizes := map[uint64]int64{}
	names := map[uint64]uint64{}
	nlinks := map[uint64]uint64{}
	var walk func(dir string, depth int)
	walk = func(dir string, depth int) {
		if depth > 64 {
			t.Fatalf("tree deeper than 64 levels at %s: a directory cycle", dir)
		}
		ents, err := m.ReadDir(dir)
		if err != nil {
			t.Fatalf("ReadDir(%q) of a listed directory: %v", dir, err)
		}
		for _, e := range ents {
			p := path.Join(dir, e.Name())
			fi, err := m.Lstat(p)
			if err != nil {
				t.Fatalf("ReadDir lists %s but Lstat fails: %v", p, err)
			}
			if fi.Mode().Type() != e.Type() {
				t.Fatalf("%s: ReadDir type %v, Lstat type %v", p, e.Type(), fi.Mode().Type())
			}
			if fi.Name() != e.Name() {
				t.Fatalf("%s: Lstat name %q", p, fi.Name())
			}
			st := fi.Sys().(*syscall.Stat_t)
			names[st.Ino]++
			nlinks[st.Ino] = uint64(st.Nlink)
			switch {
			case fi.IsDir():
				walk(p, depth+1)
			case fi.Mode().IsRegular():
				data, err := ReadFile(m, p)
				if err != nil || int64(len(data)) != fi.Size() {
					t.Fatalf("%s: Stat size %d, read %d bytes (err %v)", p, fi.Size(), len(data), err)
				}
				if fi.Size() > maxFile {
					t.Fatalf("%s: %d bytes, over the file quota %d", p, fi.Size(), maxFile)
				}
				sizes[st.Ino] = fi.Size()
			}
		}
	}
	walk("/", 0)
	var total int64
	for ino, n := range sizes {
		total += n
		if nlinks[ino] != names[ino] {
			t.Fatalf("inode %d: link count %d, reached by %d names", ino, nlinks[ino], names[ino])
		}
	}
	bytes, inodes := m.Usage()
	if bytes != total || bytes > maxTotal {
		t.Fatalf("Usage says %d bytes, the walk finds %d (quota %d)", bytes, total, maxTotal)
	}
	if reached := int64(len(names)) + 1; inodes != reached || inodes > maxInodes {
		t.Fatalf("Usage says %d inodes, the walk reaches %d (quota %d)", inodes, reached, maxInodes)
	}
}
