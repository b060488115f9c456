package archive

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

func newFS(t *testing.T, files map[string]string) vfs.FS {
	t.Helper()
	fsys := vfs.NewMem()
	fsys.MkdirAll("/home/user", 0o755)
	for name, data := range files {
		p := "/home/user/" + name
		fsys.MkdirAll(p[:strings.LastIndexByte(p, '/')], 0o755)
		if err := vfs.WriteFile(fsys, p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return fsys
}

func run(t *testing.T, fsys vfs.FS, cmd commands.Command, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &commands.Context{Args: args, Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/home/user"}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st := cmd.Run(ctx, c)
	return out.String(), errb.String(), st
}

func read(fsys vfs.FS, name string) string {
	b, err := vfs.ReadFile(fsys, "/home/user/"+name)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

func TestGzipFileRoundTrip(t *testing.T) {
	fsys := newFS(t, map[string]string{"a": "hello\n", "b.gz": "xx", "c.gz": "x"})
	if _, errs, st := run(t, fsys, NewGzip(), "", "gzip", "a"); st != 0 || errs != "" {
		t.Fatalf("gzip: %d %q", st, errs)
	}
	if _, err := fsys.Stat("/home/user/a"); err == nil {
		t.Fatal("gzip kept the original without -k")
	}
	out, _, st := run(t, fsys, NewGzip(), "", "gzip", "-l", "a.gz")
	if st != 0 || !strings.Contains(out, "                   6 ") || !strings.HasSuffix(out, " a\n") {
		t.Fatalf("gzip -l: %q", out)
	}
	out, _, st = run(t, fsys, NewZcat(), "", "zcat", "a.gz")
	if st != 0 || out != "hello\n" {
		t.Fatalf("zcat: %d %q", st, out)
	}
	if _, errs, st := run(t, fsys, NewGunzip(), "", "gunzip", "a"); st != 0 || errs != "" || read(fsys, "a") != "hello\n" {
		t.Fatalf("gunzip a (finds a.gz): %d %q", st, errs)
	}
	cases := []struct {
		args   []string
		errs   string
		status int
	}{
		{[]string{"gzip", "b.gz"}, "gzip: b.gz already has .gz suffix -- unchanged\n", 2},
		{[]string{"gzip", "-d", "b.gz"}, "gzip: b.gz: not in gzip format\n", 1},
		{[]string{"gzip", "-d", "c.gz"}, "gzip: c.gz: unexpected end of file\n", 1},
		{[]string{"gzip", "nofile"}, "gzip: nofile: No such file or directory\n", 1},
		{[]string{"gzip", "-d", "x"}, "gzip: x.gz: No such file or directory\n", 1},
		{[]string{"gzip", "/home"}, "gzip: /home is a directory -- ignored\n", 2},
	}
	for _, tc := range cases {
		_, errs, st := run(t, fsys, NewGzip(), "", tc.args...)
		if errs != tc.errs || st != tc.status {
			t.Errorf("%v: got %d %q", tc.args, st, errs)
		}
	}
	run(t, fsys, NewGzip(), "", "gzip", "-k", "a")
	if _, errs, st := run(t, fsys, NewGzip(), "", "gzip", "-d", "a.gz"); st != 2 || errs != "gzip: a already exists;\tnot overwritten\n" {
		t.Fatalf("clobber: %d %q", st, errs)
	}
}

func TestGzipStreamsAndTruncation(t *testing.T) {
	fsys := newFS(t, nil)
	data := strings.Repeat("some text to compress ", 1000)
	gz, _, st := run(t, fsys, NewGzip(), data, "gzip", "-9", "-c")
	if st != 0 || len(gz) >= len(data) {
		t.Fatalf("gzip -c: %d len %d", st, len(gz))
	}
	out, _, st := run(t, fsys, NewGzip(), gz, "gzip", "-dc")
	if st != 0 || out != data {
		t.Fatal("round trip through stdin differs")
	}
	_, errs, st := run(t, fsys, NewGzip(), gz[:len(gz)/2], "gzip", "-t")
	if st != 1 || errs != "gzip: stdin: unexpected end of file\n" {
		t.Fatalf("truncated: %d %q", st, errs)
	}
	out, _, st = run(t, fsys, NewZcat(), "plain\n", "zcat", "-f")
	if st != 0 || out != "plain\n" {
		t.Fatalf("zcat -f: %d %q", st, out)
	}
}

func TestTarRoundTrip(t *testing.T) {
	for _, flag := range []string{"", "z", "J"} {
		fsys := newFS(t, map[string]string{"src/a.txt": "A", "src/sub/b.txt": "BB", "src/skip.log": "x"})
		fsys.Symlink("a.txt", "/home/user/src/link")
		out, errs, st := run(t, fsys, NewTar(), "", "tar", "-c"+flag+"vf", "out.tar", "--exclude=*.log", "src")
		if st != 0 || errs != "" || !strings.Contains(out, "src/sub/b.txt\n") || strings.Contains(out, "skip.log") {
			t.Fatalf("%s create: %d %q %q", flag, st, out, errs)
		}
		out, _, st = run(t, fsys, NewTar(), "", "tar", "tf", "out.tar")
		if st != 0 || out != "src/\nsrc/a.txt\nsrc/link\nsrc/sub/\nsrc/sub/b.txt\n" {
			t.Fatalf("%s list: %d %q", flag, st, out)
		}
		fsys.MkdirAll("/home/user/dst", 0o755)
		_, errs, st = run(t, fsys, NewTar(), "", "tar", "-xf", "out.tar", "-C", "dst", "--strip-components=1")
		if st != 0 || errs != "" || read(fsys, "dst/sub/b.txt") != "BB" || read(fsys, "dst/link") != "A" {
			t.Fatalf("%s extract: %d %q", flag, st, errs)
		}
		out, _, _ = run(t, fsys, NewTar(), "", "tar", "-xOf", "out.tar", "src/sub/b.txt")
		if out != "BB" {
			t.Fatalf("%s -O: %q", flag, out)
		}
	}
}

// evilTar builds an archive from (name, type, link/content) triples.
func evilTar(t *testing.T, entries [][3]string) string {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, e := range entries {
		h := &tar.Header{Name: e[0], Mode: 0o644, Typeflag: e[1][0]}
		switch e[1][0] {
		case tar.TypeSymlink, tar.TypeLink:
			h.Linkname = e[2]
		case tar.TypeReg:
			h.Size = int64(len(e[2]))
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if e[1][0] == tar.TypeReg {
			tw.Write([]byte(e[2]))
		}
	}
	tw.Close()
	return buf.String()
}

func TestTarRefusesEscapes(t *testing.T) {
	reg, sym, lnk := string(tar.TypeReg), string(tar.TypeSymlink), string(tar.TypeLink)
	cases := []struct {
		name    string
		entries [][3]string
		errPart string
	}{
		{"dotdot", [][3]string{{"../evil", reg, "x"}}, "tar: ../evil: Member name contains '..'"},
		{"nested dotdot", [][3]string{{"a/../../evil", reg, "x"}}, "Member name contains '..'"},
		{"absolute symlink", [][3]string{{"l", sym, "/home"}}, "Cannot create symlink to '/home'"},
		{"relative symlink out", [][3]string{{"d/l", sym, "../../.."}}, "path escapes the extraction directory"},
		{"hard link out", [][3]string{{"h", lnk, "../../etc"}}, "Cannot hard link"},
	}
	for _, tc := range cases {
		fsys := newFS(t, map[string]string{"keep": "safe"})
		fsys.MkdirAll("/home/user/x", 0o755)
		_, errs, st := run(t, fsys, NewTar(), evilTar(t, tc.entries), "tar", "-x", "-C", "x")
		if st != 2 || !strings.Contains(errs, tc.errPart) {
			t.Errorf("%s: got %d %q", tc.name, st, errs)
		}
		if _, err := fsys.Lstat("/home/user/evil"); err == nil {
			t.Errorf("%s: wrote outside the target", tc.name)
		}
	}
	// A symlink already in the target that points out must not be followed.
	fsys := newFS(t, nil)
	fsys.MkdirAll("/home/user/x", 0o755)
	fsys.Symlink("/home/user", "/home/user/x/out")
	_, errs, st := run(t, fsys, NewTar(), evilTar(t, [][3]string{{"out/evil", reg, "x"}}), "tar", "-x", "-C", "x")
	if st != 2 || !strings.Contains(errs, "escapes") || !strings.HasPrefix(read(fsys, "evil"), "<") {
		t.Errorf("pre-existing link: %d %q %q", st, errs, read(fsys, "evil"))
	}
	// Absolute member names are made relative, as GNU tar does.
	fsys = newFS(t, nil)
	_, errs, st = run(t, fsys, NewTar(), evilTar(t, [][3]string{{"/abs.txt", reg, "x"}}), "tar", "-x")
	if st != 0 || errs != "tar: Removing leading `/' from member names\n" || read(fsys, "abs.txt") != "x" {
		t.Errorf("absolute: %d %q", st, errs)
	}
}

func TestTarTruncated(t *testing.T) {
	fsys := newFS(t, nil)
	good := evilTar(t, [][3]string{{"f", string(tar.TypeReg), strings.Repeat("z", 3000)}})
	_, errs, st := run(t, fsys, NewTar(), good[:1000], "tar", "-x")
	if st != 2 || !strings.Contains(errs, "Unexpected EOF in archive") {
		t.Fatalf("got %d %q", st, errs)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("not a tar at all, just text padded out"))
	zw.Close()
	_, errs, st = run(t, fsys, NewTar(), gz.String(), "tar", "-tz")
	if st != 2 || errs == "" {
		t.Fatalf("garbage: %d %q", st, errs)
	}
}
