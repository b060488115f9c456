package vfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"
	"testing"
	"time"
)

// errnoOf extracts the syscall.Errno an FS error wraps (0 for nil).
func errnoOf(t testing.TB, err error) syscall.Errno {
	t.Helper()
	if err == nil {
		return 0
	}
	var e syscall.Errno
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) wraps no Errno", err, err)
	}
	return e
}

// fixture builds: /d/f (file "data"), /d/sub/g, /empty, /file,
// /lnk -> d/f, /abs -> /d, /dangling -> /nowhere, /loop1 <-> /loop2.
func fixture(t testing.TB) *Mem {
	m := NewMem()
	must(t, m.MkdirAll("/d/sub", 0o755))
	must(t, WriteFile(m, "/d/f", []byte("data"), 0o644))
	must(t, WriteFile(m, "/d/sub/g", []byte("g"), 0o644))
	must(t, m.Mkdir("/empty", 0o755))
	must(t, WriteFile(m, "/file", []byte("file"), 0o644))
	must(t, m.Symlink("d/f", "/lnk"))
	must(t, m.Symlink("/d", "/abs"))
	must(t, m.Symlink("/nowhere", "/dangling"))
	must(t, m.Symlink("loop2", "/loop1"))
	must(t, m.Symlink("loop1", "/loop2"))
	return m
}

func TestMemErrors(t *testing.T) {
	rw := os.O_RDWR
	tests := []struct {
		name string
		op   func(m *Mem) error
		want syscall.Errno
	}{
		{"create in missing parent", func(m *Mem) error { return WriteFile(m, "/no/x", nil, 0o644) }, syscall.ENOENT},
		{"stat missing", func(m *Mem) error { _, err := m.Stat("/nope"); return err }, syscall.ENOENT},
		{"trailing slash on file", func(m *Mem) error { _, err := m.Stat("/file/"); return err }, syscall.ENOTDIR},
		{"file as dir component", func(m *Mem) error { _, err := m.Stat("/file/x"); return err }, syscall.ENOTDIR},
		{"trailing slash on dir ok", func(m *Mem) error { _, err := m.Stat("/d/"); return err }, 0},
		{"trailing slash follows link to dir", func(m *Mem) error { _, err := m.Lstat("/abs/"); return err }, 0},
		{"remove non-empty dir", func(m *Mem) error { return m.Remove("/d") }, syscall.ENOTEMPTY},
		{"remove empty dir", func(m *Mem) error { return m.Remove("/empty") }, 0},
		{"remove missing", func(m *Mem) error { return m.Remove("/zz") }, syscall.ENOENT},
		{"remove root", func(m *Mem) error { return m.Remove("/") }, syscall.EBUSY},
		{"mkdir existing", func(m *Mem) error { return m.Mkdir("/d", 0o755) }, syscall.EEXIST},
		{"mkdir over dangling link", func(m *Mem) error { return m.Mkdir("/dangling", 0o755) }, syscall.EEXIST},
		{"mkdir missing parent", func(m *Mem) error { return m.Mkdir("/x/y", 0o755) }, syscall.ENOENT},
		{"mkdirall over file", func(m *Mem) error { return m.MkdirAll("/file/x", 0o755) }, syscall.ENOTDIR},
		{"mkdirall existing", func(m *Mem) error { return m.MkdirAll("/d/sub", 0o755) }, 0},
		{"open dir for write", func(m *Mem) error { _, err := m.OpenFile("/d", rw, 0); return err }, syscall.EISDIR},
		{"open dir with trunc", func(m *Mem) error { _, err := m.OpenFile("/d", os.O_TRUNC, 0); return err }, syscall.EISDIR},
		{"excl on existing", func(m *Mem) error {
			_, err := m.OpenFile("/file", rw|os.O_CREATE|os.O_EXCL, 0o644)
			return err
		}, syscall.EEXIST},
		{"excl on dangling link", func(m *Mem) error {
			_, err := m.OpenFile("/dangling", rw|os.O_CREATE|os.O_EXCL, 0o644)
			return err
		}, syscall.EEXIST},
		{"create with trailing slash", func(m *Mem) error {
			_, err := m.OpenFile("/newfile/", rw|os.O_CREATE, 0o644)
			return err
		}, syscall.EISDIR},
		{"open missing", func(m *Mem) error { _, err := m.OpenFile("/zz", 0, 0); return err }, syscall.ENOENT},
		{"symlink loop", func(m *Mem) error { _, err := m.Stat("/loop1"); return err }, syscall.ELOOP},
		{"symlink loop lstat ok", func(m *Mem) error { _, err := m.Lstat("/loop1"); return err }, 0},
		{"dangling stat", func(m *Mem) error { _, err := m.Stat("/dangling"); return err }, syscall.ENOENT},
		{"readlink non-link", func(m *Mem) error { _, err := m.Readlink("/file"); return err }, syscall.EINVAL},
		{"symlink existing", func(m *Mem) error { return m.Symlink("x", "/file") }, syscall.EEXIST},
		{"symlink empty target", func(m *Mem) error { return m.Symlink("", "/new") }, syscall.ENOENT},
		{"link dir", func(m *Mem) error { return m.Link("/d", "/d2") }, syscall.EPERM},
		{"link existing", func(m *Mem) error { return m.Link("/file", "/d/f") }, syscall.EEXIST},
		{"link missing", func(m *Mem) error { return m.Link("/zz", "/z2") }, syscall.ENOENT},
		{"readdir file", func(m *Mem) error { _, err := m.ReadDir("/file"); return err }, syscall.ENOTDIR},
		{"chmod missing", func(m *Mem) error { return m.Chmod("/zz", 0o644) }, syscall.ENOENT},
		{"mknod existing", func(m *Mem) error { return m.Mknod("/file", DevNull) }, syscall.EEXIST},
		{"mknod bad kind", func(m *Mem) error { return m.Mknod("/dev0", Device(99)) }, syscall.EINVAL},
		{"removeall missing", func(m *Mem) error { return m.RemoveAll("/zz/yy") }, 0},
		{"removeall through file", func(m *Mem) error { return m.RemoveAll("/file/yy") }, syscall.ENOTDIR},
		{"empty path", func(m *Mem) error { _, err := m.Stat(""); return err }, syscall.ENOENT},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.op(fixture(t))
			if got := errnoOf(t, err); got != tt.want {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if err != nil {
				var pe *fs.PathError
				var le *os.LinkError
				if !errors.As(err, &pe) && !errors.As(err, &le) {
					t.Fatalf("err %T is neither PathError nor LinkError", err)
				}
			}
		})
	}
}

func TestMemErrorsIs(t *testing.T) {
	m := fixture(t)
	_, err := m.Stat("/nope")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("ENOENT not ErrNotExist: %v", err)
	}
	if err := m.Mkdir("/d", 0); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("EEXIST not ErrExist: %v", err)
	}
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != "/nope" || pe.Op != "stat" {
		t.Fatalf("PathError = %#v", pe)
	}
}

func TestMemRename(t *testing.T) {
	tests := []struct {
		name     string
		old, new string
		want     syscall.Errno
		check    func(t *testing.T, m *Mem)
	}{
		{"file over file", "/file", "/d/f", 0, func(t *testing.T, m *Mem) {
			assertContent(t, m, "/d/f", "file")
			assertMissing(t, m, "/file")
		}},
		{"file to new name", "/file", "/empty/n", 0, func(t *testing.T, m *Mem) { assertContent(t, m, "/empty/n", "file") }},
		{"dir over empty dir", "/d", "/empty", 0, func(t *testing.T, m *Mem) {
			assertContent(t, m, "/empty/sub/g", "g")
			assertMissing(t, m, "/d")
		}},
		{"dir over non-empty dir", "/empty", "/d", syscall.ENOTEMPTY, nil},
		{"dir into own subtree", "/d", "/d/sub/x", syscall.EINVAL, nil},
		{"dir onto itself child path", "/d", "/d/x", syscall.EINVAL, nil},
		{"file over dir", "/file", "/empty", syscall.EISDIR, nil},
		{"dir over file", "/d", "/file", syscall.ENOTDIR, nil},
		{"missing source", "/zz", "/yy", syscall.ENOENT, nil},
		{"missing target parent", "/file", "/zz/yy", syscall.ENOENT, nil},
		{"same file", "/file", "/file", 0, func(t *testing.T, m *Mem) { assertContent(t, m, "/file", "file") }},
		{"hard link to same inode", "/file", "/hard", 0, func(t *testing.T, m *Mem) {
			// rename(2) between two links of one inode is a no-op: both stay.
			assertContent(t, m, "/file", "file")
			assertContent(t, m, "/hard", "file")
		}},
		{"symlink renamed not target", "/lnk", "/lnk2", 0, func(t *testing.T, m *Mem) {
			if tgt, err := m.Readlink("/lnk2"); err != nil || tgt != "d/f" {
				t.Fatalf("readlink = %q, %v", tgt, err)
			}
			assertContent(t, m, "/d/f", "data")
		}},
		{"trailing slash on file source", "/file/", "/x", syscall.ENOTDIR, nil},
		{"root", "/", "/x", syscall.EBUSY, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := fixture(t)
			must(t, m.Link("/file", "/hard"))
			err := m.Rename(tt.old, tt.new)
			if got := errnoOf(t, err); got != tt.want {
				t.Fatalf("rename = %v, want %v", err, tt.want)
			}
			if err != nil {
				var le *os.LinkError
				if !errors.As(err, &le) || le.Old != tt.old || le.New != tt.new {
					t.Fatalf("want LinkError with paths, got %#v", err)
				}
			}
			if tt.check != nil {
				tt.check(t, m)
			}
		})
	}
}

func assertContent(t *testing.T, fsys FS, name, want string) {
	t.Helper()
	b, err := ReadFile(fsys, name)
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	if string(b) != want {
		t.Fatalf("%s = %q, want %q", name, b, want)
	}
}

func assertMissing(t *testing.T, fsys FS, name string) {
	t.Helper()
	if _, err := fsys.Lstat(name); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("%s: want ENOENT, got %v", name, err)
	}
}

func TestMemSymlinks(t *testing.T) {
	m := fixture(t)
	must(t, m.Symlink("../sub", "/d/sub/up")) // relative with ".." resolved physically
	must(t, m.Symlink("/abs/sub", "/chain"))  // absolute through another link
	tests := []struct{ path, want string }{
		{"/lnk", "data"},
		{"/abs/f", "data"},
		{"/chain/g", "g"},
		{"/d/sub/up/g", "g"},
		{"/d/sub/up/up/up/g", "g"},
		{"/abs/sub/../f", "data"}, // lexical clean: /abs/f
	}
	for _, tt := range tests {
		assertContent(t, m, tt.path, tt.want)
	}
	fi, err := m.Lstat("/lnk")
	must(t, err)
	if fi.Mode()&fs.ModeSymlink == 0 || fi.Size() != 3 {
		t.Fatalf("lstat link mode=%v size=%d", fi.Mode(), fi.Size())
	}
	// Creating through a dangling link creates its target, as open(2) does.
	must(t, WriteFile(m, "/dangling", []byte("new"), 0o644))
	assertContent(t, m, "/nowhere", "new")

	// 40 hops are allowed, 41 are not.
	m2 := NewMem()
	must(t, WriteFile(m2, "/"+itoa(0), []byte("end"), 0o644))
	for i := 1; i <= 41; i++ {
		must(t, m2.Symlink(itoa(i-1), "/"+itoa(i)))
	}
	assertContent(t, m2, "/"+itoa(40), "end")
	if _, err := m2.Stat("/" + itoa(41)); errnoOf(t, err) != syscall.ELOOP {
		t.Fatalf("41 hops: %v", err)
	}
}

func itoa(i int) string { return "l" + string(rune('0'+i/10)) + string(rune('0'+i%10)) }

func TestMemHardLinks(t *testing.T) {
	m := fixture(t)
	must(t, m.Link("/file", "/d/hard"))
	fi, err := m.Stat("/file")
	must(t, err)
	st := fi.Sys().(*syscall.Stat_t)
	if st.Nlink != 2 || st.Uid != 1000 || st.Gid != 1000 || st.Size != 4 || st.Mode != 0o100644 {
		t.Fatalf("stat_t = %+v", st)
	}
	fi2, _ := m.Stat("/d/hard")
	if fi2.Sys().(*syscall.Stat_t).Ino != st.Ino {
		t.Fatal("hard link has another inode")
	}
	must(t, WriteFile(m, "/d/hard", []byte("changed"), 0o644))
	assertContent(t, m, "/file", "changed")
	must(t, m.Remove("/file"))
	assertContent(t, m, "/d/hard", "changed")
	fi, _ = m.Stat("/d/hard")
	if n := fi.Sys().(*syscall.Stat_t).Nlink; n != 1 {
		t.Fatalf("nlink after unlink = %d", n)
	}
	di, _ := m.Stat("/d")
	if n := di.Sys().(*syscall.Stat_t).Nlink; n != 3 {
		t.Fatalf("dir nlink = %d, want 3 (., .., sub)", n)
	}
}

func TestMemOpenFlags(t *testing.T) {
	m := fixture(t)
	f, err := m.OpenFile("/file", os.O_RDONLY, 0)
	must(t, err)
	if _, err := f.Write([]byte("x")); errnoOf(t, err) != syscall.EBADF {
		t.Fatalf("write on O_RDONLY: %v", err)
	}
	if err := f.Truncate(0); err == nil {
		t.Fatal("truncate on O_RDONLY succeeded")
	}
	must(t, f.Close())
	if _, err := f.Read(make([]byte, 1)); !errors.Is(err, fs.ErrClosed) {
		t.Fatalf("read after close: %v", err)
	}
	w, err := m.OpenFile("/file", os.O_WRONLY, 0)
	must(t, err)
	if _, err := w.Read(make([]byte, 1)); errnoOf(t, err) != syscall.EBADF {
		t.Fatalf("read on O_WRONLY: %v", err)
	}
	w.Close()

	a, err := m.OpenFile("/file", os.O_WRONLY|os.O_APPEND, 0)
	must(t, err)
	a.Seek(0, io.SeekStart)
	a.Write([]byte("-1"))
	a.Seek(0, io.SeekStart)
	a.Write([]byte("-2"))
	a.Close()
	assertContent(t, m, "/file", "file-1-2")

	tr, err := m.OpenFile("/file", os.O_RDWR|os.O_TRUNC, 0)
	must(t, err)
	tr.Write([]byte("ab"))
	tr.Seek(5, io.SeekStart)
	tr.Write([]byte("z"))
	tr.Close()
	assertContent(t, m, "/file", "ab\x00\x00\x00z")

	c, err := m.OpenFile("/new", os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o640)
	must(t, err)
	fi, _ := c.Stat()
	if fi.Mode() != 0o640 || fi.Name() != "new" {
		t.Fatalf("created mode %v name %q", fi.Mode(), fi.Name())
	}
	c.Close()
}

func TestMemFileOps(t *testing.T) {
	m := fixture(t)
	f, err := m.OpenFile("/file", os.O_RDWR, 0)
	must(t, err)
	defer f.Close()
	buf := make([]byte, 2)
	if n, err := f.ReadAt(buf, 2); n != 2 || err != nil || string(buf) != "le" {
		t.Fatalf("ReadAt = %d %v %q", n, err, buf)
	}
	if n, err := f.ReadAt(buf, 3); n != 1 || err != io.EOF {
		t.Fatalf("short ReadAt = %d %v", n, err)
	}
	if _, err := f.ReadAt(buf, -1); err == nil {
		t.Fatal("negative ReadAt offset accepted")
	}
	if pos, err := f.Seek(-1, io.SeekEnd); pos != 3 || err != nil {
		t.Fatalf("seek end = %d %v", pos, err)
	}
	if _, err := f.Seek(-10, io.SeekCurrent); errnoOf(t, err) != syscall.EINVAL {
		t.Fatalf("negative seek: %v", err)
	}
	must(t, f.Truncate(2))
	assertContent(t, m, "/file", "fi")
	must(t, f.Truncate(4))
	assertContent(t, m, "/file", "fi\x00\x00") // no stale bytes after shrink+grow

	// Open files survive unlink and rename.
	must(t, m.Rename("/file", "/moved"))
	must(t, m.Remove("/moved"))
	f.Seek(0, io.SeekStart)
	f.Write([]byte("XY"))
	got := make([]byte, 4)
	f.ReadAt(got, 0)
	if string(got) != "XY\x00\x00" {
		t.Fatalf("after unlink: %q", got)
	}

	d, err := m.OpenFile("/d", os.O_RDONLY, 0)
	must(t, err)
	defer d.Close()
	if _, err := d.Read(buf); errnoOf(t, err) != syscall.EISDIR {
		t.Fatalf("read dir: %v", err)
	}
	ents, err := d.ReadDir(1)
	if err != nil || len(ents) != 1 || ents[0].Name() != "f" {
		t.Fatalf("ReadDir(1) = %v %v", ents, err)
	}
	ents, err = d.ReadDir(5)
	if err != nil || len(ents) != 1 || ents[0].Name() != "sub" || !ents[0].IsDir() {
		t.Fatalf("ReadDir(5) = %v %v", ents, err)
	}
	if _, err := d.ReadDir(1); err != io.EOF {
		t.Fatalf("ReadDir at end: %v", err)
	}
	d.Seek(0, io.SeekStart)
	if ents, err := d.ReadDir(-1); err != nil || len(ents) != 2 {
		t.Fatalf("ReadDir after rewind: %v %v", ents, err)
	}
}

func TestMemReadDirSorted(t *testing.T) {
	m := NewMem()
	for _, n := range []string{"zeta", "alpha", "Mid", "beta", "_x"} {
		must(t, WriteFile(m, "/"+n, nil, 0o644))
	}
	ents, err := m.ReadDir("/")
	must(t, err)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	want := "Mid,_x,alpha,beta,zeta"
	if got := join(names); got != want {
		t.Fatalf("order %s, want %s", got, want)
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ","
		}
		out += x
	}
	return out
}

func TestMemTimesAndModes(t *testing.T) {
	now := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	m := NewMem(WithClock(func() time.Time { return now }))
	must(t, WriteFile(m, "/f", []byte("x"), 0o644))
	fi, _ := m.Stat("/f")
	if !fi.ModTime().Equal(now) {
		t.Fatalf("mtime %v", fi.ModTime())
	}
	now = now.Add(time.Hour)
	must(t, WriteFile(m, "/f", []byte("y"), 0o644))
	fi, _ = m.Stat("/f")
	if !fi.ModTime().Equal(now) {
		t.Fatalf("mtime after write %v", fi.ModTime())
	}
	root, _ := m.Stat("/")
	if !root.ModTime().Equal(now.Add(-time.Hour)) {
		t.Fatalf("dir mtime changed by content write: %v", root.ModTime())
	}
	old := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	must(t, m.Chtimes("/f", time.Time{}, old))
	fi, _ = m.Stat("/f")
	st := fi.Sys().(*syscall.Stat_t)
	if !fi.ModTime().Equal(old) || st.Atim.Sec != now.Add(-time.Hour).Unix() {
		t.Fatalf("chtimes: mtime %v atime %v", fi.ModTime(), st.Atim)
	}
	must(t, m.Chmod("/f", 0o4755|fs.ModeSetuid))
	fi, _ = m.Stat("/f")
	if fi.Mode() != fs.ModeSetuid|0o755 || fi.Sys().(*syscall.Stat_t).Mode != 0o104755 {
		t.Fatalf("chmod mode %v", fi.Mode())
	}
	must(t, m.Chown("/f", 0, -1))
	fi, _ = m.Stat("/f")
	if st := fi.Sys().(*syscall.Stat_t); st.Uid != 0 || st.Gid != 1000 {
		t.Fatalf("chown: %d:%d", st.Uid, st.Gid)
	}
}

func TestMemDevices(t *testing.T) {
	m := NewMem()
	must(t, m.Mkdir("/dev", 0o755))
	for name, d := range map[string]Device{"null": DevNull, "zero": DevZero, "random": DevRandom, "full": DevFull} {
		must(t, m.Mknod("/dev/"+name, d))
	}
	fi, err := m.Stat("/dev/null")
	must(t, err)
	if fi.Mode() != fs.ModeDevice|fs.ModeCharDevice|0o666 {
		t.Fatalf("mode %v", fi.Mode())
	}
	if b, err := ReadFile(m, "/dev/null"); err != nil || len(b) != 0 {
		t.Fatalf("null read %q %v", b, err)
	}
	must(t, WriteFile(m, "/dev/null", []byte("gone"), 0))
	f, _ := m.OpenFile("/dev/zero", os.O_RDONLY, 0)
	buf := []byte{1, 2, 3}
	if n, err := f.Read(buf); n != 3 || err != nil || buf[0]|buf[1]|buf[2] != 0 {
		t.Fatalf("zero read %v %v", buf, err)
	}
	f.Close()
	r, _ := m.OpenFile("/dev/random", os.O_RDONLY, 0)
	big := make([]byte, 64)
	if n, err := io.ReadFull(r, big); n != 64 || err != nil {
		t.Fatalf("random read %d %v", n, err)
	}
	r.Close()
	nonzero := false
	for _, b := range big {
		nonzero = nonzero || b != 0
	}
	if !nonzero {
		t.Fatal("random gave 64 zero bytes")
	}
	if err := WriteFile(m, "/dev/full", []byte("x"), 0); errnoOf(t, err) != syscall.ENOSPC {
		t.Fatalf("full write: %v", err)
	}
	if b, _ := m.Usage(); b != 0 {
		t.Fatalf("devices used %d bytes", b)
	}
}

// NoAtime reads leave the access time alone; plain reads move it.
func TestReadNoAtime(t *testing.T) {
	clock := time.Unix(1000, 0)
	m := NewMem(WithClock(func() time.Time { return clock }))
	if err := WriteFile(m, "/f", []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	atime := func() int64 {
		fi, err := m.Stat("/f")
		if err != nil {
			t.Fatal(err)
		}
		return fi.Sys().(*syscall.Stat_t).Atim.Sec
	}
	read := func(flag int) {
		f, err := m.OpenFile("/f", flag, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := io.ReadAll(f); err != nil {
			t.Fatal(err)
		}
	}
	clock = time.Unix(2000, 0)
	read(os.O_RDONLY | NoAtime)
	if got := atime(); got != 1000 {
		t.Fatalf("NoAtime read moved atime to %d", got)
	}
	read(os.O_RDONLY)
	if got := atime(); got != 2000 {
		t.Fatalf("plain read left atime at %d, want 2000", got)
	}
}
