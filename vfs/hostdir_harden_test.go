package vfs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A sandbox with --allow-write could leave a setuid binary or a 7777
// directory on the host; now those bits never reach it.
func TestHostDirStripsModeBits(t *testing.T) {
	dir := t.TempDir()
	h, err := NewHostDir(dir)
	must(t, err)
	defer h.Close()
	hostMode := func(name string) fs.FileMode {
		t.Helper()
		fi, err := os.Stat(filepath.Join(dir, name))
		must(t, err)
		return fi.Mode()
	}
	const banned = fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky | 0o002
	must(t, WriteFile(h, "/bin", []byte("#!/bin/sh\n"), fs.ModeSetuid|fs.ModeSetgid|0o777))
	if m := hostMode("bin"); m&banned != 0 {
		t.Errorf("created file mode %v keeps %v", m, m&banned)
	}
	must(t, h.Chmod("/bin", 0o755|fs.ModeSetuid))
	if m := hostMode("bin"); m != 0o755 {
		t.Errorf("chmod 4755: host mode %v, want -rwxr-xr-x", m)
	}
	must(t, h.Mkdir("/d", 0o777|fs.ModeSetgid|fs.ModeSticky))
	if m := hostMode("d"); m&banned != 0 {
		t.Errorf("mkdir 7777: host mode %v", m)
	}
	must(t, h.Chmod("/d", 0o777|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky))
	if m := hostMode("d"); m != fs.ModeDir|0o775 {
		t.Errorf("chmod 7777 dir: host mode %v, want drwxrwxr-x", m)
	}
	// An unreadable file can still be chmodded back.
	must(t, h.Chmod("/bin", 0))
	must(t, h.Chmod("/bin", 0o644))
	if m := hostMode("bin"); m != 0o644 {
		t.Errorf("chmod after 0: %v", m)
	}
}

// A hard link inside the root can share its inode with a file outside it
// (os.Root confines names only): writes through it are refused.
func TestHostDirRefusesWritesThroughHardLinks(t *testing.T) {
	base := t.TempDir()
	dir, outside := filepath.Join(base, "root"), filepath.Join(base, "secret")
	must(t, os.Mkdir(dir, 0o755))
	must(t, os.WriteFile(outside, []byte("host data"), 0o644))
	if err := os.Link(outside, filepath.Join(dir, "link")); err != nil {
		t.Skip("hard links unsupported here:", err)
	}
	h, err := NewHostDir(dir)
	must(t, err)
	defer h.Close()
	assertContent(t, h, "/link", "host data")
	for _, flag := range []int{os.O_WRONLY, os.O_RDWR, os.O_WRONLY | os.O_TRUNC, os.O_WRONLY | os.O_APPEND, os.O_WRONLY | os.O_CREATE | os.O_TRUNC} {
		f, err := h.OpenFile("/link", flag, 0o644)
		if err == nil {
			f.Close()
			t.Errorf("flag %#x: opened a multiply-linked file for writing", flag)
		} else if !errors.Is(err, syscall.EPERM) {
			t.Errorf("flag %#x: %v, want EPERM", flag, err)
		}
	}
	if err := h.Chmod("/link", 0o600); !errors.Is(err, syscall.EPERM) {
		t.Errorf("chmod: %v, want EPERM", err)
	}
	if b, err := os.ReadFile(outside); err != nil || string(b) != "host data" {
		t.Fatalf("outside file changed: %q %v", b, err)
	}
	if fi, _ := os.Stat(outside); fi.Mode() != 0o644 {
		t.Fatalf("outside mode changed: %v", fi.Mode())
	}
	// The name itself is the sandbox's: it can go.
	must(t, h.Remove("/link"))
	// A single-linked file is written normally (and O_TRUNC still cuts it).
	must(t, WriteFile(h, "/own", []byte("long content"), 0o644))
	must(t, WriteFile(h, "/own", []byte("x"), 0o644))
	assertContent(t, h, "/own", "x")
}
