package vfs

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
	"testing"
)

func newTestMount(t *testing.T) (*Mount, *Mem, *Mem) {
	root, tmp := NewMem(), NewMem()
	must(t, root.MkdirAll("/home/user", 0o755))
	must(t, WriteFile(root, "/home/user/f", []byte("root-f"), 0o644))
	must(t, WriteFile(tmp, "/t", []byte("tmp-t"), 0o644))
	m := NewMount(root)
	must(t, m.Mount("/tmp", tmp))
	must(t, m.Mount("/mnt/deep/data", NewMem()))
	return m, root, tmp
}

func TestMountDispatch(t *testing.T) {
	m, root, tmp := newTestMount(t)
	assertContent(t, m, "/tmp/t", "tmp-t")
	assertContent(t, m, "/home/user/f", "root-f")
	must(t, WriteFile(m, "/tmp/new", []byte("n"), 0o644))
	assertContent(t, tmp, "/new", "n")
	assertMissing(t, root, "/tmp/new")

	if got := names(t, m, "/"); got != "home,mnt,tmp" {
		t.Fatalf("root listing = %s", got)
	}
	if got := names(t, m, "/mnt/deep"); got != "data" {
		t.Fatalf("/mnt/deep listing = %s", got)
	}
	fi, err := m.Stat("/mnt/deep/data")
	if err != nil || !fi.IsDir() || fi.Name() != "data" {
		t.Fatalf("stat mount point: %v %v", fi, err)
	}
	must(t, WriteFile(m, "/mnt/deep/data/x", []byte("x"), 0o644))
	f, err := m.OpenFile("/", os.O_RDONLY, 0)
	must(t, err)
	ents, err := f.ReadDir(-1)
	f.Close()
	if err != nil || len(ents) != 3 {
		t.Fatalf("open root ReadDir: %v %v", ents, err)
	}
}

func TestMountCrossSymlinks(t *testing.T) {
	m, _, tmp := newTestMount(t)
	must(t, m.Symlink("/tmp/t", "/home/user/to-tmp"))
	assertContent(t, m, "/home/user/to-tmp", "tmp-t")
	// A relative link inside /tmp that climbs into the root filesystem.
	must(t, tmp.Symlink("../home/user", "/up"))
	assertContent(t, m, "/tmp/up/f", "root-f")
	must(t, WriteFile(m, "/tmp/up/g", []byte("via link"), 0o644))
	assertContent(t, m, "/home/user/g", "via link")
	must(t, m.Symlink("/tmp", "/home/user/tmpdir"))
	if got := names(t, m, "/home/user/tmpdir/"); got != "t,up" {
		t.Fatalf("through link = %s", got)
	}
	must(t, m.Symlink("b", "/tmp/a"))
	must(t, m.Symlink("a", "/tmp/b"))
	if _, err := m.Stat("/tmp/a"); errnoOf(t, err) != syscall.ELOOP {
		t.Fatalf("loop: %v", err)
	}
}

func TestMountErrors(t *testing.T) {
	m, _, _ := newTestMount(t)
	tests := []struct {
		name string
		err  func() error
		want syscall.Errno
	}{
		{"rename across mounts", func() error { return m.Rename("/home/user/f", "/tmp/f") }, syscall.EXDEV},
		{"link across mounts", func() error { return m.Link("/tmp/t", "/home/user/t") }, syscall.EXDEV},
		{"rename mount point", func() error { return m.Rename("/tmp", "/tmp2") }, syscall.EBUSY},
		{"remove mount point", func() error { return m.Remove("/tmp") }, syscall.EBUSY},
		{"removeall above mount", func() error { return m.RemoveAll("/mnt") }, syscall.EBUSY},
		{"mkdir on mount point", func() error { return m.Mkdir("/tmp", 0o755) }, syscall.EEXIST},
		{"double mount", func() error { return m.Mount("/tmp", NewMem()) }, syscall.EBUSY},
		{"unmount unknown", func() error { return m.Unmount("/nope") }, syscall.EINVAL},
		{"unmount root", func() error { return m.Unmount("/") }, syscall.EBUSY},
		{"rename within mount", func() error { return m.Rename("/tmp/t", "/tmp/u") }, 0},
	}
	for _, tt := range tests {
		if got := errnoOf(t, tt.err()); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
	err := m.Rename("/home/user/f", "/tmp/f")
	var le *os.LinkError
	if !errors.As(err, &le) || le.Old != "/home/user/f" || le.New != "/tmp/f" {
		t.Fatalf("LinkError = %#v", err)
	}
	_, err = m.Stat("/tmp/missing")
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != "/tmp/missing" {
		t.Fatalf("PathError path = %#v", err)
	}
	_, err = m.OpenFile("/tmp/missing", os.O_RDONLY, 0)
	if !errors.As(err, &pe) || pe.Path != "/tmp/missing" {
		t.Fatalf("open PathError path = %#v", err)
	}
	f, err := m.OpenFile("/tmp/u", os.O_RDONLY, 0)
	must(t, err)
	if f.Name() != "/tmp/u" {
		t.Fatalf("Name() = %q", f.Name())
	}
	_, err = f.Write([]byte("x"))
	if !errors.As(err, &pe) || pe.Path != "/tmp/u" {
		t.Fatalf("write error path = %#v", err)
	}
	f.Close()
	must(t, m.Unmount("/tmp"))
	assertMissing(t, m, "/tmp/u")
}

func TestMountIOFS(t *testing.T) {
	m, _, _ := newTestMount(t)
	must(t, WriteFile(m, "/mnt/deep/data/x", []byte("x"), 0o644))
	if err := fstestTestFS(IOFS(m), "tmp/t", "home/user/f", "mnt/deep/data/x"); err != nil {
		t.Fatal(err)
	}
}
