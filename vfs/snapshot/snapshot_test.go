package snapshot

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/vfs"
)

// randomTree fills a Mem with directories, files, symlinks, hard links
// and devices with random modes and times.
func randomTree(t *testing.T, seed uint64) *vfs.Mem {
	rng := rand.New(rand.NewPCG(seed, 99))
	m := vfs.NewMem()
	dirs := []string{"/"}
	var files []string
	for i := 0; i < 60; i++ {
		parent := dirs[rng.IntN(len(dirs))]
		p := path.Join(parent, fmt.Sprintf("n%d", i))
		var err error
		switch rng.IntN(6) {
		case 0:
			err = m.Mkdir(p, 0o755)
			dirs = append(dirs, p)
		case 1:
			err = m.Symlink(fmt.Sprintf("../t%d", rng.IntN(9)), p)
		case 2:
			if len(files) > 0 {
				err = m.Link(files[rng.IntN(len(files))], p)
			}
		case 3:
			if rng.IntN(4) == 0 {
				err = m.Mknod(p, vfs.DevNull+vfs.Device(rng.IntN(4)))
				break
			}
			fallthrough
		default:
			data := make([]byte, rng.IntN(3000))
			for j := range data {
				data[j] = byte(rng.IntN(256))
			}
			err = vfs.WriteFile(m, p, data, 0o644)
			files = append(files, p)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range files {
		mode := fs.FileMode(rng.IntN(0o777))
		if rng.IntN(5) == 0 {
			mode |= fs.ModeSetuid | fs.ModeSticky
		}
		m.Chmod(f, mode|0o400)
	}
	for _, p := range append(files, dirs[1:]...) {
		at := time.Unix(int64(rng.IntN(2e9)), int64(rng.IntN(1e9))).UTC()
		mt := time.Unix(int64(rng.IntN(2e9)), int64(rng.IntN(1e9))).UTC()
		m.Chtimes(p, at, mt)
	}
	return m
}

// listing describes every file of fsys: type, mode, size, times, link
// target and hard-link group; or, when withData, the contents of its
// files instead (a read moves the access time).
func listing(t *testing.T, fsys vfs.FS, withData bool) []string {
	var out, files []string
	group := map[uint64]string{}
	stack := []string{"/"}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		fi, err := fsys.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		id, _ := vfs.IdentityOf(fi)
		line := fmt.Sprintf("%s %v %d m=%d a=%d", p, fi.Mode(), fi.Size(), fi.ModTime().UnixNano(), id.Atime.UnixNano())
		switch {
		case fi.IsDir():
			ents, _ := fsys.ReadDir(p)
			for _, e := range ents {
				stack = append(stack, path.Join(p, e.Name()))
			}
		case fi.Mode()&fs.ModeSymlink != 0:
			// A link's own times are not kept: the FS has no lutimes.
			tg, _ := fsys.Readlink(p)
			line = fmt.Sprintf("%s %v -> %s", p, fi.Mode(), tg)
		case fi.Mode().IsRegular():
			first, ok := group[id.Ino]
			if !ok {
				group[id.Ino], first = p, p
			}
			line += fmt.Sprintf(" link=%s nlink=%d", first, id.Nlink)
			files = append(files, p)
		}
		out = append(out, line)
	}
	if withData {
		out = out[:0]
		for _, p := range files {
			data, _ := vfs.ReadFile(fsys, p)
			out = append(out, fmt.Sprintf("%s %x", p, data))
		}
	}
	sort.Strings(out)
	return out
}

func TestRoundTrip(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 25; seed++ {
		src := randomTree(t, seed)
		a := listing(t, src, false) // before Write reads the files
		var buf bytes.Buffer
		meta := map[string][]byte{"shell/state.sh": []byte("x=1\n")}
		if err := Write(ctx, &buf, src, WriteOptions{Meta: meta}); err != nil {
			t.Fatal(err)
		}
		dst := vfs.NewMem()
		got, err := Read(ctx, bytes.NewReader(buf.Bytes()), dst, Limits{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if string(got["shell/state.sh"]) != "x=1\n" || len(got) != 1 {
			t.Fatalf("documents: %q", got)
		}
		b := listing(t, dst, false)
		if strings.Join(a, "\n") != strings.Join(b, "\n") {
			for i := range a {
				if i >= len(b) || a[i] != b[i] {
					t.Fatalf("seed %d: first difference:\n src %s\n dst %s", seed, a[i], b[min(i, len(b)-1)])
				}
			}
			t.Fatalf("seed %d: %d vs %d entries", seed, len(a), len(b))
		}
		if x, y := listing(t, src, true), listing(t, dst, true); strings.Join(x, "\n") != strings.Join(y, "\n") {
			t.Fatalf("seed %d: contents differ", seed)
		}
	}
}

func TestSkip(t *testing.T) {
	m := vfs.NewMem()
	m.MkdirAll("/dev/x", 0o755)
	vfs.WriteFile(m, "/keep", []byte("k"), 0o644)
	var buf bytes.Buffer
	if err := Write(context.Background(), &buf, m, WriteOptions{Skip: func(p string) bool { return p == "/dev" }}); err != nil {
		t.Fatal(err)
	}
	dst := vfs.NewMem()
	if _, err := Read(context.Background(), &buf, dst, Limits{}); err != nil {
		t.Fatal(err)
	}
	if vfs.Exists(dst, "/dev") || !vfs.Exists(dst, "/keep") {
		t.Fatalf("skip: %v", listing(t, dst, false))
	}
}

// stream builds a snapshot by hand, for hostile cases.
func stream(t *testing.T, version int, entries ...*tar.Header) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	hdr := fmt.Sprintf(`{"format":"justbash-snapshot","version":%d}`, version)
	tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: headerName, Size: int64(len(hdr)), Mode: 0o600})
	tw.Write([]byte(hdr))
	for _, h := range entries {
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeReg && h.Size < 1<<20 {
			tw.Write(bytes.Repeat([]byte("x"), int(h.Size)))
		}
	}
	tw.Close()
	zw.Close()
	return buf.Bytes()
}

func TestHostileSnapshots(t *testing.T) {
	ctx := context.Background()
	reg := func(name string, size int64) *tar.Header {
		return &tar.Header{Typeflag: tar.TypeReg, Name: name, Size: size, Mode: 0o644}
	}
	dir := func(name string) *tar.Header { return &tar.Header{Typeflag: tar.TypeDir, Name: name, Mode: 0o755} }
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"garbage", []byte("not gzip at all"), "not a justbash snapshot"},
		{"future version", stream(t, 2), "unsupported version 2"},
		{"dot-dot", stream(t, 1, dir("fs/"), reg("fs/../escape", 1)), "unsafe path"},
		{"inner dot-dot", stream(t, 1, dir("fs/"), dir("fs/a/"), reg("fs/a/../../x", 1)), "unsafe path"},
		{"absolute", stream(t, 1, reg("/etc/passwd", 1)), "unexpected entry"},
		{"empty component", stream(t, 1, dir("fs/"), reg("fs//x", 1)), "unsafe path"},
		{"through a symlink", stream(t, 1, dir("fs/"),
			&tar.Header{Typeflag: tar.TypeSymlink, Name: "fs/l", Linkname: "/"}, reg("fs/l/x", 1)), "parent is not a directory"},
		{"missing parent", stream(t, 1, dir("fs/"), reg("fs/a/b", 1)), "parent is not a directory"},
		{"huge size", stream(t, 1, dir("fs/"), reg("fs/big", 1<<40)), "byte limit"},
		{"hard link to nothing", stream(t, 1, dir("fs/"),
			&tar.Header{Typeflag: tar.TypeLink, Name: "fs/h", Linkname: "fs/none"}), "not an earlier file"},
		{"fifo", stream(t, 1, dir("fs/"), &tar.Header{Typeflag: tar.TypeFifo, Name: "fs/p"}), "unsupported entry type"},
		{"bad document", stream(t, 1, reg("meta/../x", 1)), "bad document"},
	}
	for _, c := range cases {
		dst := vfs.NewMem()
		_, err := Read(ctx, bytes.NewReader(c.data), dst, Limits{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.name, err, c.want)
		}
		if vfs.Exists(dst, "/escape") || vfs.Exists(dst, "/x") {
			t.Errorf("%s: wrote outside its tree", c.name)
		}
	}
}

// Every truncation of a valid stream is an error, never a panic or a
// silent success.
func TestTruncatedStreams(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(context.Background(), &buf, randomTree(t, 3), WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	full := buf.Bytes()
	for cut := 0; cut < len(full)-1; cut += 1 + cut/20 {
		if _, err := Read(context.Background(), bytes.NewReader(full[:cut]), vfs.NewMem(), Limits{}); err == nil {
			t.Fatalf("truncated at %d of %d: no error", cut, len(full))
		}
	}
}

func TestLimits(t *testing.T) {
	m := vfs.NewMem()
	vfs.WriteFile(m, "/a", make([]byte, 5000), 0o644)
	var buf bytes.Buffer
	Write(context.Background(), &buf, m, WriteOptions{})
	if _, err := Read(context.Background(), bytes.NewReader(buf.Bytes()), vfs.NewMem(), Limits{MaxBytes: 4000}); err == nil || !strings.Contains(err.Error(), "byte limit") {
		t.Errorf("byte limit: %v", err)
	}
	// The target's own quota holds too.
	small := vfs.NewMem(vfs.WithMaxTotalBytes(1000))
	if _, err := Read(context.Background(), bytes.NewReader(buf.Bytes()), small, Limits{}); err == nil {
		t.Error("FS quota ignored")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Read(ctx, bytes.NewReader(buf.Bytes()), vfs.NewMem(), Limits{}); err == nil {
		t.Error("cancelled context ignored")
	}
}

func FuzzRead(f *testing.F) {
	var buf bytes.Buffer
	Write(context.Background(), &buf, vfs.NewMem(), WriteOptions{Meta: map[string][]byte{"a": []byte("b")}})
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		Read(context.Background(), bytes.NewReader(data), vfs.NewMem(vfs.WithMaxTotalBytes(1<<20)), Limits{MaxBytes: 1 << 20, MaxEntries: 1000})
	})
}

// A snapshot observes without changing: taking one leaves every access
// time as it was, so two snapshots of an unchanged tree are the same
// bytes (the session store skips an upload on that).
func TestWriteLeavesTreeUnchanged(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 10; seed++ {
		src := randomTree(t, seed)
		before := listing(t, src, false)
		var first, second bytes.Buffer
		if err := Write(ctx, &first, src, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
		if after := listing(t, src, false); strings.Join(before, "\n") != strings.Join(after, "\n") {
			t.Fatalf("seed %d: Write changed the tree's metadata", seed)
		}
		if err := Write(ctx, &second, src, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("seed %d: two snapshots of an unchanged tree differ", seed)
		}
	}
}
