package vfs

import (
	"errors"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// StubSource names the files a Stubs layer shows. Has must be cheap: it
// answers every lookup that misses the base FS in a stub directory.
type StubSource struct {
	// Dirs are the directories that list the names ("/bin", "/usr/bin").
	Dirs []string
	// Has reports whether name is listed.
	Has func(name string) bool
	// Names lists every name, sorted.
	Names func() []string
	// Content is what each stub file holds.
	Content []byte
}

// Stubs is an FS that shows, in a few directories, one executable file per
// name of a list kept elsewhere (the shell's command registry), without
// writing them: a sandbox starts with hundreds of commands in /bin and
// /usr/bin, and writing a file for each at every start cost more than the
// rest of the start-up together.
//
// The base FS always wins: a real file of the same name hides the stub.
// Changing a stub (chmod, write, rename, link) first copies it into the
// base, so it then behaves as any file. Removing one remembers the removal,
// so `rm /bin/ls` makes it disappear as it would in bash.
type Stubs struct {
	FS
	src   StubSource
	dirs  map[string]bool
	mtime time.Time

	mu     sync.RWMutex
	hidden map[string]bool // removed stub paths, and stub dirs removed whole
}

// NewStubs shows src's names in src.Dirs over base.
func NewStubs(base FS, src StubSource) *Stubs {
	s := &Stubs{FS: base, src: src, dirs: map[string]bool{}, mtime: time.Now(), hidden: map[string]bool{}}
	for _, d := range src.Dirs {
		s.dirs[path.Clean("/"+d)] = true
	}
	return s
}

// Base returns the FS below the stubs.
func (s *Stubs) Base() FS { return s.FS }

// Unhide makes a removed stub of name visible again (the shell calls it
// when a command is registered anew).
func (s *Stubs) Unhide(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for d := range s.dirs {
		delete(s.hidden, d+"/"+name)
	}
}

// candidate reports whether p (clean) names a listed stub that has not been
// removed. It does not consult the base.
func (s *Stubs) candidate(p string) bool {
	dir, name := path.Split(p)
	if len(dir) < 2 || !s.dirs[dir[:len(dir)-1]] || name == "" || !s.src.Has(name) {
		return false
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return !s.hidden[p] && !s.hidden[dir[:len(dir)-1]]
}

// stubAt reports whether p shows a stub: a candidate that the base has no
// entry for, in a directory the base has.
func (s *Stubs) stubAt(p string) bool {
	if !s.candidate(p) {
		return false
	}
	if _, err := s.FS.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	fi, err := s.FS.Stat(path.Dir(p))
	return err == nil && fi.IsDir()
}

func (s *Stubs) info(p string) fs.FileInfo {
	h := fnv.New64a()
	io.WriteString(h, p)
	return &fileInfo{name: path.Base(p), size: int64(len(s.src.Content)), mode: 0o755,
		atime: s.mtime, mtime: s.mtime, ctime: s.mtime, nlink: 1, ino: h.Sum64() | 1<<62}
}

func (s *Stubs) Stat(name string) (fs.FileInfo, error) {
	fi, err := s.FS.Stat(name)
	if err != nil && errors.Is(err, fs.ErrNotExist) && s.stubAt(path.Clean(name)) {
		return s.info(path.Clean(name)), nil
	}
	return fi, err
}

func (s *Stubs) Lstat(name string) (fs.FileInfo, error) {
	fi, err := s.FS.Lstat(name)
	if err != nil && errors.Is(err, fs.ErrNotExist) && s.stubAt(path.Clean(name)) {
		return s.info(path.Clean(name)), nil
	}
	return fi, err
}

// copyUp writes the stub at p into the base, so that a change to it
// changes a real file.
func (s *Stubs) copyUp(p string) error {
	if !s.stubAt(p) {
		return nil
	}
	f, err := s.FS.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if errors.Is(err, fs.ErrExist) {
		return nil // a concurrent change made it first
	}
	if err != nil {
		return err
	}
	_, err = f.Write(s.src.Content)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func (s *Stubs) hide(p string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hidden[p] = true
}

const writeFlags = os.O_WRONLY | os.O_RDWR | os.O_CREATE | os.O_TRUNC | os.O_APPEND

func (s *Stubs) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	p := path.Clean(name)
	if s.stubAt(p) {
		if flag&writeFlags == 0 {
			return &stubFile{name: name, info: s.info(p), r: strings.NewReader(string(s.src.Content))}, nil
		}
		if flag&os.O_CREATE != 0 && flag&os.O_EXCL != 0 {
			return nil, pathErr("open", name, fs.ErrExist)
		}
		if err := s.copyUp(p); err != nil {
			return nil, withPath(err, name)
		}
	}
	f, err := s.FS.OpenFile(name, flag, perm)
	if err == nil && s.dirs[p] && flag&writeFlags == 0 {
		return &stubDir{File: f, s: s, p: p}, nil
	}
	return f, err
}

func (s *Stubs) ReadDir(name string) ([]fs.DirEntry, error) {
	ents, err := s.FS.ReadDir(name)
	if err != nil || !s.dirs[path.Clean(name)] {
		return ents, err
	}
	return s.merge(path.Clean(name), ents), nil
}

// merge adds the stubs of dir to the base's entries, sorted by name.
func (s *Stubs) merge(dir string, ents []fs.DirEntry) []fs.DirEntry {
	s.mu.RLock()
	gone := s.hidden[dir]
	s.mu.RUnlock()
	if gone {
		return ents
	}
	have := make(map[string]bool, len(ents))
	for _, e := range ents {
		have[e.Name()] = true
	}
	names := s.src.Names()
	out := make([]fs.DirEntry, 0, len(ents)+len(names))
	out = append(out, ents...)
	s.mu.RLock()
	for _, n := range names {
		if p := dir + "/" + n; !have[n] && !s.hidden[p] && s.src.Has(n) {
			out = append(out, fs.FileInfoToDirEntry(s.info(p)))
		}
	}
	s.mu.RUnlock()
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out
}

func (s *Stubs) Remove(name string) error {
	p := path.Clean(name)
	if s.stubAt(p) {
		s.hide(p)
		return nil
	}
	if s.dirs[p] && len(s.merge(p, nil)) > 0 {
		if _, err := s.FS.Stat(p); err == nil {
			return pathErr("remove", name, syscall.ENOTEMPTY)
		}
	}
	err := s.FS.Remove(name)
	if err == nil && s.candidate(p) {
		s.hide(p) // the real file hid the stub; removing it must not bring it back
	}
	return err
}

func (s *Stubs) RemoveAll(name string) error {
	p := path.Clean(name)
	if s.candidate(p) {
		s.hide(p)
	}
	for d := range s.dirs {
		if d == p || strings.HasPrefix(d, p+"/") || p == "/" {
			s.hide(d)
		}
	}
	return s.FS.RemoveAll(name)
}

func (s *Stubs) Rename(oldname, newname string) error {
	op := path.Clean(oldname)
	if err := s.copyUp(op); err != nil {
		return linkErr("rename", oldname, newname, err)
	}
	err := s.FS.Rename(oldname, newname)
	if err == nil && s.candidate(op) {
		s.hide(op)
	}
	return err
}

func (s *Stubs) Link(oldname, newname string) error {
	if s.stubAt(path.Clean(newname)) {
		return linkErr("link", oldname, newname, fs.ErrExist)
	}
	if err := s.copyUp(path.Clean(oldname)); err != nil {
		return linkErr("link", oldname, newname, err)
	}
	return s.FS.Link(oldname, newname)
}

func (s *Stubs) Symlink(target, linkname string) error {
	if s.stubAt(path.Clean(linkname)) {
		return linkErr("symlink", target, linkname, fs.ErrExist)
	}
	return s.FS.Symlink(target, linkname)
}

func (s *Stubs) Mkdir(name string, perm fs.FileMode) error {
	if s.stubAt(path.Clean(name)) {
		return pathErr("mkdir", name, fs.ErrExist)
	}
	return s.FS.Mkdir(name, perm)
}

func (s *Stubs) MkdirAll(name string, perm fs.FileMode) error {
	// A stub is a file: nothing can be made below it.
	for p := path.Clean(name); p != "/"; p = path.Dir(p) {
		if s.stubAt(p) {
			return pathErr("mkdir", name, syscall.ENOTDIR)
		}
	}
	return s.FS.MkdirAll(name, perm)
}

func (s *Stubs) Readlink(name string) (string, error) {
	if s.stubAt(path.Clean(name)) {
		return "", pathErr("readlink", name, syscall.EINVAL)
	}
	return s.FS.Readlink(name)
}

func (s *Stubs) Chmod(name string, mode fs.FileMode) error {
	if err := s.copyUp(path.Clean(name)); err != nil {
		return withPath(err, name)
	}
	return s.FS.Chmod(name, mode)
}

func (s *Stubs) Chtimes(name string, atime, mtime time.Time) error {
	if err := s.copyUp(path.Clean(name)); err != nil {
		return withPath(err, name)
	}
	return s.FS.Chtimes(name, atime, mtime)
}

// stubFile is a stub opened for reading.
type stubFile struct {
	name string
	info fs.FileInfo
	r    *strings.Reader
}

func (f *stubFile) Read(p []byte) (int, error)              { return f.r.Read(p) }
func (f *stubFile) ReadAt(p []byte, off int64) (int, error) { return f.r.ReadAt(p, off) }
func (f *stubFile) Seek(off int64, whence int) (int64, error) {
	return f.r.Seek(off, whence)
}
func (f *stubFile) Write([]byte) (int, error)  { return 0, pathErr("write", f.name, syscall.EBADF) }
func (f *stubFile) Close() error               { return nil }
func (f *stubFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *stubFile) ReadDir(int) ([]fs.DirEntry, error) {
	return nil, pathErr("readdirent", f.name, syscall.ENOTDIR)
}
func (f *stubFile) Truncate(int64) error { return pathErr("truncate", f.name, syscall.EBADF) }
func (f *stubFile) Name() string         { return f.name }

// stubDir is a stub directory opened for reading: its listing has the
// stubs too.
type stubDir struct {
	File
	s *Stubs
	p string

	mu     sync.Mutex
	ents   []fs.DirEntry
	pos    int
	loaded bool
}

func (d *stubDir) ReadDir(n int) ([]fs.DirEntry, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.loaded {
		ents, err := d.File.ReadDir(-1)
		if err != nil {
			return nil, err
		}
		d.ents, d.loaded = d.s.merge(d.p, ents), true
	}
	return sliceDir(d.ents, &d.pos, n)
}

func (d *stubDir) Seek(off int64, whence int) (int64, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	n, err := d.File.Seek(off, whence)
	if err == nil && off == 0 && whence == io.SeekStart {
		d.loaded, d.ents, d.pos = false, nil, 0
	}
	return n, err
}

// Usage reports the base's usage when it keeps one (Mem does): df and the
// MCP server's session budget read it through the layer.
func (s *Stubs) Usage() (bytes, inodes int64) {
	if u, ok := s.FS.(interface{ Usage() (int64, int64) }); ok {
		return u.Usage()
	}
	return 0, 0
}
