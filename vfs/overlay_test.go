package vfs

import (
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
)

// hostTree creates a host directory to overlay, plus a sibling "outside"
// directory holding a secret that must never be reachable.
func hostTree(t *testing.T) (dir, outside string) {
	t.Helper()
	base := t.TempDir()
	dir = filepath.Join(base, "lower")
	outside = filepath.Join(base, "outside")
	for _, d := range []string{dir, outside, filepath.Join(dir, "dir", "sub")} {
		must(t, os.MkdirAll(d, 0o755))
	}
	files := map[string]string{
		"a.txt": "A", "dir/b.txt": "B", "dir/sub/c.txt": "C", "big.bin": strings.Repeat("x", 100),
	}
	for n, c := range files {
		must(t, os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644))
	}
	must(t, os.WriteFile(filepath.Join(outside, "secret"), []byte("SECRET"), 0o644))
	links := map[string]string{
		"evil-abs":   "/etc/passwd",
		"evil-rel":   "../../../../../../etc/passwd",
		"evil-dir":   outside,
		"evil-up":    "../outside/secret",
		"evil-new":   "../../new-on-host",
		"good-link":  "a.txt",
		"dirlink":    "dir",
		"dir/uplink": "../a.txt",
	}
	for n, target := range links {
		must(t, os.Symlink(target, filepath.Join(dir, n)))
	}
	return dir, outside
}

// hashTree fingerprints names, modes, times, link targets and contents.
func hashTree(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %v %d %d\n", p, fi.Mode(), fi.Size(), fi.ModTime().UnixNano())
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			fmt.Fprintln(h, target)
		case fi.Mode().IsRegular():
			b, _ := os.ReadFile(p)
			h.Write(b)
		}
		return nil
	})
	must(t, err)
	return fmt.Sprintf("%x", h.Sum(nil))
}

func newTestOverlay(t *testing.T, opts ...OverlayOption) (*Overlay, string, string) {
	dir, outside := hostTree(t)
	o, err := NewOverlay(dir, opts...)
	must(t, err)
	t.Cleanup(func() { o.Close() })
	return o, dir, outside
}

func names(t *testing.T, fsys FS, dir string) string {
	t.Helper()
	ents, err := fsys.ReadDir(dir)
	must(t, err)
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	if !sort.StringsAreSorted(out) {
		t.Fatalf("ReadDir(%s) not sorted: %v", dir, out)
	}
	return strings.Join(out, ",")
}

func TestOverlayReads(t *testing.T) {
	o, _, _ := newTestOverlay(t, WithMaxFileReadSize(50))
	assertContent(t, o, "/a.txt", "A")
	assertContent(t, o, "/dir/sub/c.txt", "C")
	assertContent(t, o, "/good-link", "A")
	assertContent(t, o, "/dirlink/b.txt", "B")
	assertContent(t, o, "/dir/uplink", "A")
	if got := names(t, o, "/"); got != "a.txt,big.bin,dir,dirlink,evil-abs,evil-dir,evil-new,evil-rel,evil-up,good-link" {
		t.Fatalf("root = %s", got)
	}
	fi, err := o.Stat("/dir/b.txt")
	must(t, err)
	if st := fi.Sys().(*syscall.Stat_t); st.Uid != 1000 || fi.Name() != "b.txt" || fi.Size() != 1 {
		t.Fatalf("stat = %v uid %d", fi, st.Uid)
	}
	if _, err := o.OpenFile("/big.bin", os.O_RDONLY, 0); errnoOf(t, err) != syscall.EFBIG {
		t.Fatalf("over read limit: %v", err)
	}
	f, err := o.OpenFile("/a.txt", os.O_RDONLY, 0)
	must(t, err)
	if _, err := f.Write([]byte("x")); errnoOf(t, err) != syscall.EBADF {
		t.Fatalf("write to read-only lower handle: %v", err)
	}
	f.Close()
}

func TestOverlayEscapes(t *testing.T) {
	o, dir, _ := newTestOverlay(t)
	before := hashTree(t, filepath.Dir(dir))
	for _, p := range []string{
		"/../../etc/passwd", "/../outside/secret", "/evil-abs", "/evil-rel", "/evil-up",
		"/evil-dir/secret", "/dir/../../outside/secret",
	} {
		if b, err := ReadFile(o, p); err == nil {
			t.Errorf("%s: read %q, want an error", p, b)
		}
	}
	if _, err := o.ReadDir("/evil-dir"); err == nil {
		t.Error("listed a host directory outside the root")
	}
	// Writing through an escaping link lands in the upper layer, never the host.
	if err := WriteFile(o, "/evil-up", []byte("mine"), 0o644); errnoOf(t, err) != syscall.ENOENT {
		t.Fatalf("write via ../outside/secret: %v", err)
	}
	must(t, WriteFile(o, "/evil-new", []byte("mine"), 0o644))
	assertContent(t, o, "/new-on-host", "mine")
	if target, err := o.Readlink("/evil-abs"); err != nil || target != "/etc/passwd" {
		t.Fatalf("readlink = %q %v", target, err)
	}
	if after := hashTree(t, filepath.Dir(dir)); after != before {
		t.Fatal("host changed")
	}
}

func TestOverlayCopyOnWrite(t *testing.T) {
	o, dir, _ := newTestOverlay(t)
	before := hashTree(t, filepath.Dir(dir))

	f, err := o.OpenFile("/a.txt", os.O_WRONLY|os.O_APPEND, 0)
	must(t, err)
	f.Write([]byte("+"))
	f.Close()
	assertContent(t, o, "/a.txt", "A+")
	assertContent(t, o, "/good-link", "A+")

	must(t, WriteFile(o, "/dir/sub/c.txt", []byte("new"), 0o644))
	assertContent(t, o, "/dir/sub/c.txt", "new")
	if got := names(t, o, "/dir"); got != "b.txt,sub,uplink" {
		t.Fatalf("/dir after copy-up = %s", got)
	}
	must(t, o.Chmod("/dir/b.txt", 0o600))
	fi, _ := o.Stat("/dir/b.txt")
	if fi.Mode() != 0o600 {
		t.Fatalf("chmod mode %v", fi.Mode())
	}
	assertContent(t, o, "/dir/b.txt", "B")

	// Whiteouts.
	must(t, o.Remove("/good-link"))
	assertMissing(t, o, "/good-link")
	must(t, o.Remove("/a.txt"))
	assertMissing(t, o, "/a.txt")
	must(t, WriteFile(o, "/a.txt", []byte("again"), 0o644))
	assertContent(t, o, "/a.txt", "again")
	if err := o.Remove("/dir"); errnoOf(t, err) != syscall.ENOTEMPTY {
		t.Fatalf("remove non-empty lower dir: %v", err)
	}

	// Opaque directory: removed and recreated, the lower files stay hidden.
	must(t, o.RemoveAll("/dir"))
	assertMissing(t, o, "/dir/b.txt")
	must(t, o.Mkdir("/dir", 0o755))
	if got := names(t, o, "/dir"); got != "" {
		t.Fatalf("recreated dir shows %q", got)
	}
	assertMissing(t, o, "/dir/sub/c.txt")

	// Renames of lower entries.
	must(t, o.Rename("/big.bin", "/dir/big"))
	assertMissing(t, o, "/big.bin")
	if fi, err := o.Stat("/dir/big"); err != nil || fi.Size() != 100 {
		t.Fatalf("renamed file: %v %v", fi, err)
	}
	if got := names(t, o, "/"); got != "a.txt,dir,dirlink,evil-abs,evil-dir,evil-new,evil-rel,evil-up" {
		t.Fatalf("root after changes = %s", got)
	}
	if after := hashTree(t, filepath.Dir(dir)); after != before {
		t.Fatal("host changed")
	}
}

func TestOverlayRenameDir(t *testing.T) {
	o, dir, _ := newTestOverlay(t)
	before := hashTree(t, filepath.Dir(dir))
	must(t, o.Rename("/dir", "/moved"))
	assertMissing(t, o, "/dir")
	assertContent(t, o, "/moved/sub/c.txt", "C")
	assertContent(t, o, "/moved/uplink", "A")
	if got := names(t, o, "/moved"); got != "b.txt,sub,uplink" {
		t.Fatalf("/moved = %s", got)
	}
	// The dangling dirlink now fails; a new /dir does not resurrect lower files.
	assertMissing(t, o, "/dirlink/b.txt")
	must(t, o.Mkdir("/dir", 0o755))
	if got := names(t, o, "/dir"); got != "" {
		t.Fatalf("new /dir shows %q", got)
	}
	must(t, o.Rename("/moved", "/dir"))
	assertContent(t, o, "/dir/b.txt", "B")

	tests := []struct {
		old, new string
		want     syscall.Errno
	}{
		{"/dir", "/dir/sub/x", syscall.EINVAL},
		{"/a.txt", "/dir", syscall.EISDIR},
		{"/dir", "/a.txt", syscall.ENOTDIR},
		{"/nope", "/x", syscall.ENOENT},
	}
	for _, tt := range tests {
		if err := o.Rename(tt.old, tt.new); errnoOf(t, err) != tt.want {
			t.Errorf("rename %s %s = %v, want %v", tt.old, tt.new, err, tt.want)
		}
	}
	must(t, o.Mkdir("/e", 0o755))
	must(t, WriteFile(o, "/e/f", nil, 0o644))
	if err := o.Rename("/e", "/dir"); errnoOf(t, err) != syscall.ENOTEMPTY {
		t.Errorf("dir over non-empty lower dir: %v", err)
	}
	if after := hashTree(t, filepath.Dir(dir)); after != before {
		t.Fatal("host changed")
	}
}

func TestOverlayMiscOps(t *testing.T) {
	o, dir, _ := newTestOverlay(t)
	before := hashTree(t, filepath.Dir(dir))
	must(t, o.Link("/a.txt", "/hard"))
	must(t, WriteFile(o, "/hard", []byte("shared"), 0o644))
	assertContent(t, o, "/a.txt", "shared")
	must(t, o.Symlink("dir/b.txt", "/sym"))
	assertContent(t, o, "/sym", "B")
	if err := o.Symlink("x", "/a.txt"); errnoOf(t, err) != syscall.EEXIST {
		t.Fatalf("symlink over lower file: %v", err)
	}
	if err := o.Mkdir("/dir", 0o755); errnoOf(t, err) != syscall.EEXIST {
		t.Fatalf("mkdir over lower dir: %v", err)
	}
	if _, err := o.OpenFile("/dir", os.O_WRONLY, 0); errnoOf(t, err) != syscall.EISDIR {
		t.Fatalf("open lower dir for write: %v", err)
	}
	if _, err := o.OpenFile("/a.txt", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644); errnoOf(t, err) != syscall.EEXIST {
		t.Fatalf("excl over lower file: %v", err)
	}
	must(t, o.MkdirAll("/dir/sub/deep/er", 0o755))
	must(t, WriteFile(o, "/dir/sub/deep/er/f", []byte("deep"), 0o644))
	assertContent(t, o, "/dirlink/sub/deep/er/f", "deep")
	f, err := o.OpenFile("/dir", os.O_RDONLY, 0)
	must(t, err)
	ents, err := f.ReadDir(-1)
	if err != nil || len(ents) != 3 {
		t.Fatalf("dir handle ReadDir: %v %v", ents, err)
	}
	if _, err := f.Read(make([]byte, 1)); errnoOf(t, err) != syscall.EISDIR {
		t.Fatalf("read dir handle: %v", err)
	}
	f.Close()
	sub, err := fs.Sub(IOFS(o), "dir") // the root holds deliberately dangling links
	must(t, err)
	if err := fstest.TestFS(sub, "b.txt", "uplink", "sub/deep/er/f"); err != nil {
		t.Fatal(err)
	}
	if after := hashTree(t, filepath.Dir(dir)); after != before {
		t.Fatal("host changed")
	}
	var _ io.Reader = f
}
