package vfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"sync"
	"syscall"
	"testing"
)

func newStubs(t *testing.T, names ...string) (*Stubs, *Mem) {
	t.Helper()
	base := NewMem()
	for _, d := range []string{"/bin", "/usr/bin"} {
		if err := base.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	s := NewStubs(base, StubSource{
		Dirs: []string{"/bin", "/usr/bin"},
		Has: func(n string) bool {
			mu.Lock()
			defer mu.Unlock()
			return set[n]
		},
		Names: func() []string {
			mu.Lock()
			defer mu.Unlock()
			var out []string
			for n := range set {
				out = append(out, n)
			}
			slices.Sort(out)
			return out
		},
		Content: []byte("stub\n"),
	})
	return s, base
}

func entNames(ents []fs.DirEntry) []string {
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func TestStubsLookupAndList(t *testing.T) {
	s, base := newStubs(t, "cat", "ls")
	WriteFile(base, "/usr/bin/local", []byte("x"), 0o644)
	fi, err := s.Stat("/usr//bin/../bin/cat")
	if err != nil || fi.Size() != 5 || fi.Mode() != 0o755 || fi.Name() != "cat" {
		t.Fatalf("Stat stub: %v %v", fi, err)
	}
	if _, err := s.Stat("/usr/local/bin/cat"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("stub outside its dirs: %v", err)
	}
	if _, err := s.Stat("/bin/nope"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("unlisted name: %v", err)
	}
	ents, err := s.ReadDir("/usr/bin")
	if got := entNames(ents); err != nil || !slices.Equal(got, []string{"cat", "local", "ls"}) {
		t.Errorf("ReadDir = %v, %v", got, err)
	}
	// The same through an open directory, read in pieces.
	d, err := s.OpenFile("/bin", os.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	first, _ := d.ReadDir(1)
	rest, _ := d.ReadDir(10)
	if _, err := d.ReadDir(1); err != io.EOF || len(first) != 1 || len(rest) != 1 {
		t.Errorf("ReadDir(n) pieces: %v %v %v", entNames(first), entNames(rest), err)
	}
	data, err := ReadFile(s, "/bin/ls")
	if string(data) != "stub\n" || err != nil {
		t.Errorf("read stub: %q %v", data, err)
	}
	if _, err := base.Stat("/bin/ls"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("reading wrote the stub into the base: %v", err)
	}
}

func TestStubsChanges(t *testing.T) {
	s, base := newStubs(t, "cat", "ls", "wc")
	// A write goes to a real file, which wins from then on.
	if err := WriteFile(s, "/bin/cat", []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, _ := ReadFile(s, "/bin/cat"); string(data) != "mine" {
		t.Errorf("after write: %q", data)
	}
	// Removing the real file leaves no stub behind.
	if err := s.Remove("/bin/cat"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Stat("/bin/cat"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("stub came back after rm: %v", err)
	}
	// Removing a pure stub hides it in that directory only.
	if err := s.Remove("/usr/bin/ls"); err != nil {
		t.Fatal(err)
	}
	_, e1 := s.Lstat("/usr/bin/ls")
	_, e2 := s.Lstat("/bin/ls")
	if !errors.Is(e1, fs.ErrNotExist) || e2 != nil {
		t.Errorf("rm /usr/bin/ls: %v, /bin/ls: %v", e1, e2)
	}
	s.Unhide("ls")
	if _, err := s.Stat("/usr/bin/ls"); err != nil {
		t.Errorf("Unhide: %v", err)
	}
	// chmod copies the stub up with its content.
	if err := s.Chmod("/usr/bin/wc", 0o700); err != nil {
		t.Fatal(err)
	}
	if data, _ := ReadFile(base, "/usr/bin/wc"); string(data) != "stub\n" {
		t.Errorf("copied up: %q", data)
	}
	if fi, _ := s.Stat("/usr/bin/wc"); fi.Mode() != 0o700 {
		t.Errorf("mode after chmod: %v", fi.Mode())
	}
	if _, err := s.OpenFile("/bin/wc", os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); !errors.Is(err, fs.ErrExist) {
		t.Errorf("O_EXCL over a stub: %v", err)
	}
	if err := s.MkdirAll("/bin/wc/sub", 0o755); !errors.Is(err, syscall.ENOTDIR) {
		t.Errorf("MkdirAll below a stub: %v", err)
	}
	if err := s.Remove("/bin"); !errors.Is(err, syscall.ENOTEMPTY) {
		t.Errorf("rmdir of a dir with stubs: %v", err)
	}
	if err := s.Rename("/bin/wc", "/tmpwc"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Stat("/bin/wc"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("rename left the stub: %v", err)
	}
	if err := s.RemoveAll("/"); err != nil {
		t.Fatal(err)
	}
	base.MkdirAll("/bin", 0o755)
	if ents, _ := s.ReadDir("/bin"); len(ents) != 0 {
		t.Errorf("stubs survived rm -rf /: %v", entNames(ents))
	}
}

// TestStubsConcurrent runs lookups against removals; run it with -race.
func TestStubsConcurrent(t *testing.T) {
	s, _ := newStubs(t, "a", "b", "c", "d")
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				name := string(rune('a' + (i+j)%4))
				s.Stat("/bin/" + name)
				s.ReadDir("/usr/bin")
				if j%50 == 0 {
					s.Remove("/bin/" + name)
					s.Unhide(name)
				}
			}
		}(i)
	}
	wg.Wait()
	if ents, _ := s.ReadDir("/bin"); len(ents) != 4 {
		t.Errorf("after unhide all: %v", entNames(ents))
	}
}

func TestCleanAbs(t *testing.T) {
	for _, p := range []string{"/", "", "a", "/a", "/a/b", "//a", "/a/", "/a/./b", "/a/../b", "/.", "/..", "/a/..",
		"/a//b", "/.a", "/a./b", "/..a/b", "a/b", "/a/b/.", "/abc/def/ghi"} {
		if got, want := cleanAbs(p), path.Clean("/"+p); got != want {
			t.Errorf("cleanAbs(%q) = %q, want %q", p, got, want)
		}
	}
}
