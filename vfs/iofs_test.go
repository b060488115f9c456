package vfs

import (
	"io/fs"
	"testing"
	"testing/fstest"
)

var fstestTestFS = fstest.TestFS

func TestIOFSConformance(t *testing.T) {
	m := NewMem()
	must(t, m.MkdirAll("/a/b/c", 0o755))
	must(t, WriteFile(m, "/a/x.txt", []byte("hello"), 0o644))
	must(t, WriteFile(m, "/a/b/y.txt", []byte("world!"), 0o600))
	must(t, WriteFile(m, "/top", nil, 0o644))
	must(t, m.Mkdir("/empty", 0o700))
	must(t, m.Symlink("a/x.txt", "/link"))
	if err := fstest.TestFS(IOFS(m), "a/x.txt", "a/b/y.txt", "a/b/c", "top", "empty", "link"); err != nil {
		t.Fatal(err)
	}
	var seen []string
	err := fs.WalkDir(IOFS(m), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		seen = append(seen, p)
		return nil
	})
	must(t, err)
	want := []string{".", "a", "a/b", "a/b/c", "a/b/y.txt", "a/x.txt", "empty", "link", "top"}
	if len(seen) != len(want) {
		t.Fatalf("walk = %v, want %v", seen, want)
	}
	for i := range want {
		if seen[i] != want[i] {
			t.Fatalf("walk = %v, want %v", seen, want)
		}
	}
	if _, err := IOFS(m).Open("/a"); err == nil {
		t.Fatal("rooted io/fs name accepted")
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
