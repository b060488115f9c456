package vfs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestHostDir(t *testing.T) {
	dir, outside := hostTree(t)
	h, err := NewHostDir(dir)
	must(t, err)
	defer h.Close()

	assertContent(t, h, "/a.txt", "A")
	assertContent(t, h, "/good-link", "A")
	assertContent(t, h, "/dirlink/sub/c.txt", "C")
	must(t, WriteFile(h, "/dir/new.txt", []byte("new"), 0o644))
	if b, err := os.ReadFile(filepath.Join(dir, "dir", "new.txt")); err != nil || string(b) != "new" {
		t.Fatalf("host file = %q %v", b, err)
	}
	must(t, h.Rename("/dir/new.txt", "/renamed"))
	must(t, h.Mkdir("/m", 0o755))
	if got := names(t, h, "/dir"); got != "b.txt,sub,uplink" {
		t.Fatalf("ReadDir = %s", got)
	}
	fi, err := h.Stat("/renamed")
	must(t, err)
	if fi.Sys().(*syscall.Stat_t).Uid != 1000 || fi.Name() != "renamed" {
		t.Fatalf("stat %v", fi)
	}

	for _, p := range []string{"/../outside/secret", "/evil-abs", "/evil-rel", "/evil-up", "/evil-dir/secret"} {
		_, err := ReadFile(h, p)
		if err == nil {
			t.Errorf("%s: escaped", p)
			continue
		}
		if strings.Contains(err.Error(), dir) || strings.Contains(err.Error(), outside) {
			t.Errorf("%s: error leaks host path: %v", p, err)
		}
	}
	if err := WriteFile(h, "/evil-dir/planted", []byte("x"), 0o644); err == nil {
		t.Error("wrote through a symlink leaving the root")
	}
	if _, err := os.Stat(filepath.Join(outside, "planted")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("file planted outside the root")
	}

	tests := []struct {
		name string
		err  error
		want syscall.Errno
	}{
		{"missing", func() error { _, err := h.Stat("/nope"); return err }(), syscall.ENOENT},
		{"mkdir existing", h.Mkdir("/dir", 0o755), syscall.EEXIST},
		{"remove non-empty", h.Remove("/dir"), syscall.ENOTEMPTY},
		{"trailing slash file", func() error { _, err := h.Stat("/a.txt/"); return err }(), syscall.ENOTDIR},
		{"open dir for write", func() error { _, err := h.OpenFile("/dir", os.O_WRONLY, 0); return err }(), syscall.EISDIR},
	}
	for _, tt := range tests {
		if got := errnoOf(t, tt.err); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, tt.err, tt.want)
		}
		var pe *fs.PathError
		if errors.As(tt.err, &pe) && strings.Contains(pe.Path, dir) {
			t.Errorf("%s: host path in error %v", tt.name, tt.err)
		}
	}
}
