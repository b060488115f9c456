package vfs

import (
	"errors"
	"syscall"
	"testing"
	"time"
)

// ForkFresh copies a template with the copy's own clock and quotas: every
// inode carries the copy's time, and the template never sees its writes.
func TestForkFresh(t *testing.T) {
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	tmpl := NewMem(WithClock(func() time.Time { return old }), WithMaxFileSize(1<<20))
	if err := tmpl.MkdirAll("/etc/x", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(tmpl, "/etc/passwd", []byte("root\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := tmpl.Symlink("/etc/passwd", "/etc/pw"); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	c := tmpl.ForkFresh(WithClock(func() time.Time { return now }), WithMaxFileSize(8))
	for _, p := range []string{"/", "/etc", "/etc/x", "/etc/passwd", "/etc/pw"} {
		fi, err := c.Lstat(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if !fi.ModTime().Equal(now) {
			t.Errorf("%s: mtime %v, want the fork's time %v", p, fi.ModTime(), now)
		}
		if fi, _ := tmpl.Lstat(p); !fi.ModTime().Equal(old) {
			t.Errorf("template %s: mtime %v changed", p, fi.ModTime())
		}
	}
	// The copy's quota, not the template's, bounds its files.
	if err := WriteFile(c, "/big", []byte("more than eight"), 0o644); !errors.Is(err, syscall.EFBIG) {
		t.Errorf("write past the fork's max file size: %v, want EFBIG", err)
	}
	if err := WriteFile(c, "/etc/passwd", []byte("fork\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, _ := ReadFile(tmpl, "/etc/passwd"); string(b) != "root\n" {
		t.Errorf("template file became %q after the fork wrote", b)
	}
	// A second copy starts from the template, not from the first copy.
	c2 := tmpl.ForkFresh()
	if b, _ := ReadFile(c2, "/etc/passwd"); string(b) != "root\n" {
		t.Errorf("second fork reads %q", b)
	}
	if bytes, inodes := c2.Usage(); bytes != 5 || inodes != 5 {
		t.Errorf("second fork usage %d bytes %d inodes, want 5 and 5", bytes, inodes)
	}
}
