package ziputil

import (
	"archive/zip"
	"bytes"
	"context"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

var stamp = time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)

func newFS(t *testing.T) vfs.FS {
	t.Helper()
	fsys := vfs.NewMem()
	files := map[string]string{
		"/home/user/a.txt":     "hello\n",
		"/home/user/d/n.txt":   strings.Repeat("1234567890\n", 300),
		"/home/user/d/e/empty": "",
	}
	for name, data := range files {
		fsys.MkdirAll(name[:strings.LastIndexByte(name, '/')], 0o755)
		if err := vfs.WriteFile(fsys, name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		fsys.Chtimes(name, stamp, stamp)
	}
	for _, d := range []string{"/home/user/d", "/home/user/d/e"} {
		fsys.Chtimes(d, stamp, stamp)
	}
	return fsys
}

func run(t *testing.T, fsys vfs.FS, cmd commands.Command, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &commands.Context{Args: args, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/home/user"}
	code := cmd.Run(context.Background(), c)
	return out.String(), errb.String(), code
}

func TestZipUnzipRoundTrip(t *testing.T) {
	fsys := newFS(t)
	out, errs, code := run(t, fsys, NewZip(), "zip", "-r", "t", "a.txt", "d")
	wantAdd := "  adding: a.txt (stored 0%)\n  adding: d/ (stored 0%)\n  adding: d/e/ (stored 0%)\n  adding: d/e/empty (stored 0%)\n"
	if code != 0 || errs != "" || !strings.HasPrefix(out, wantAdd) || !strings.Contains(out, "  adding: d/n.txt (deflated 9") {
		t.Fatalf("zip: %d %q %q", code, out, errs)
	}
	out, _, code = run(t, fsys, NewUnzip(), "unzip", "-l", "t.zip")
	wantList := "Archive:  t.zip\n  Length      Date    Time    Name\n---------  ---------- -----   ----\n" +
		"        6  2024-01-02 03:04   a.txt\n        0  2024-01-02 03:04   d/\n        0  2024-01-02 03:04   d/e/\n" +
		"        0  2024-01-02 03:04   d/e/empty\n     3300  2024-01-02 03:04   d/n.txt\n" +
		"---------                     -------\n     3306                     5 files\n"
	if code != 0 || out != wantList {
		t.Fatalf("unzip -l:\n%s\nwant:\n%s", out, wantList)
	}
	out, errs, code = run(t, fsys, NewUnzip(), "unzip", "t.zip", "-d", "out")
	wantX := "Archive:  t.zip\n extracting: out/a.txt               \n   creating: out/d/\n   creating: out/d/e/\n" +
		" extracting: out/d/e/empty           \n  inflating: out/d/n.txt             \n"
	if code != 0 || errs != "" || out != wantX {
		t.Fatalf("unzip -d: %d %q %q", code, out, errs)
	}
	for _, name := range []string{"a.txt", "d/n.txt", "d/e/empty"} {
		a, _ := vfs.ReadFile(fsys, "/home/user/"+name)
		b, err := vfs.ReadFile(fsys, "/home/user/out/"+name)
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs after round trip: %v", name, err)
		}
	}
	// Existing files: without -o nothing is replaced, as unzip at EOF.
	vfs.WriteFile(fsys, "/home/user/out/a.txt", []byte("changed"), 0o644)
	out, _, code = run(t, fsys, NewUnzip(), "unzip", "t.zip", "a.txt", "-d", "out")
	if code != 1 || !strings.Contains(out, "replace out/a.txt? [y]es") {
		t.Fatalf("no prompt emulation: %d %q", code, out)
	}
	if b, _ := vfs.ReadFile(fsys, "/home/user/out/a.txt"); string(b) != "changed" {
		t.Fatal("file replaced without -o")
	}
	if _, _, code = run(t, fsys, NewUnzip(), "unzip", "-o", "-q", "t.zip", "-d", "out"); code != 0 {
		t.Fatal("unzip -o failed")
	}
	if b, _ := vfs.ReadFile(fsys, "/home/user/out/a.txt"); string(b) != "hello\n" {
		t.Fatal("-o did not replace")
	}
	out, _, _ = run(t, fsys, NewUnzip(), "unzip", "-p", "t.zip", "a.txt")
	if out != "hello\n" {
		t.Fatalf("unzip -p: %q", out)
	}
}

func TestZipErrors(t *testing.T) {
	fsys := newFS(t)
	_, errs, code := run(t, fsys, NewZip(), "zip", "x.zip", "nope")
	if code != 12 || errs != "\tzip warning: name not matched: nope\n\nzip error: Nothing to do! (x.zip)\n" {
		t.Fatalf("%d %q", code, errs)
	}
	_, errs, code = run(t, fsys, NewUnzip(), "unzip", "a.txt")
	if code != 9 || !strings.Contains(errs, "cannot find zipfile directory in a.txt") {
		t.Fatalf("not a zip: %d %q", code, errs)
	}
	_, errs, code = run(t, fsys, NewUnzip(), "unzip", "missing")
	if code != 9 || errs != "unzip:  cannot find or open missing, missing.zip or missing.ZIP.\n" {
		t.Fatalf("missing: %d %q", code, errs)
	}
}

func TestZipUpdateAndSelf(t *testing.T) {
	fsys := newFS(t)
	run(t, fsys, NewZip(), "zip", "-q", "t.zip", "a.txt")
	vfs.WriteFile(fsys, "/home/user/a.txt", []byte("v2\n"), 0o644)
	out, _, code := run(t, fsys, NewZip(), "zip", "-r", "t.zip", ".")
	if code != 0 || !strings.Contains(out, "  updating: a.txt (stored 0%)") || strings.Contains(out, "t.zip") {
		t.Fatalf("update: %d %q", code, out)
	}
	out, _, _ = run(t, fsys, NewUnzip(), "unzip", "-p", "t.zip", "a.txt")
	if out != "v2\n" {
		t.Fatalf("updated member: %q", out)
	}
}

// evil builds an archive from (name, body, mode) triples.
func evil(t *testing.T, fsys vfs.FS, members [][3]string) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, m := range members {
		h := &zip.FileHeader{Name: m[0], Method: zip.Store}
		mode := fs.FileMode(0o644)
		if m[2] == "link" {
			mode = fs.ModeSymlink | 0o777
		}
		h.SetMode(mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(m[1]))
	}
	zw.Close()
	if err := vfs.WriteFile(fsys, "/home/user/evil.zip", buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestUnzipRefusesEscapes(t *testing.T) {
	cases := []struct {
		name    string
		members [][3]string
		outside string // a path that must not exist afterwards
	}{
		{"dotdot", [][3]string{{"../../escape.txt", "x", ""}}, "/home/escape.txt"},
		{"absolute", [][3]string{{"/tmp/abs.txt", "x", ""}}, "/tmp/abs.txt"},
		{"nested dotdot", [][3]string{{"a/../../b.txt", "x", ""}}, "/home/user/b.txt"},
		{"backslash", [][3]string{{"..\\win.txt", "x", ""}}, "/home/user/win.txt"},
		{"symlink out", [][3]string{{"lnk", "/etc", "link"}, {"lnk/passwd", "pwned", ""}}, "/etc/passwd"},
		{"relative symlink out", [][3]string{{"up", "../..", "link"}, {"up/x.txt", "x", ""}}, "/home/x.txt"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fsys := newFS(t)
			fsys.MkdirAll("/etc", 0o755)
			fsys.MkdirAll("/tmp", 0o755)
			evil(t, fsys, tc.members)
			_, errs, code := run(t, fsys, NewUnzip(), "unzip", "-o", "evil.zip", "-d", "dest")
			if code == 0 || !strings.Contains(errs, "skipping") {
				t.Errorf("no refusal reported: %d %q", code, errs)
			}
			if _, err := fsys.Lstat(tc.outside); err == nil {
				t.Errorf("%s was written outside the target", tc.outside)
			}
		})
	}
	// A link that stays inside is restored.
	fsys := newFS(t)
	evil(t, fsys, [][3]string{{"dir/f", "data", ""}, {"dir/l", "f", "link"}})
	if _, errs, code := run(t, fsys, NewUnzip(), "unzip", "-q", "evil.zip", "-d", "dest"); code != 0 {
		t.Fatalf("inside link refused: %q", errs)
	}
	if b, err := vfs.ReadFile(fsys, "/home/user/dest/dir/l"); err != nil || string(b) != "data" {
		t.Fatalf("inside link: %q %v", b, err)
	}
}
