package vfs

import (
	"io"
	"io/fs"
	"path"
	"sort"
	"sync"
	"syscall"
	"time"
)

// ReadDir lists a directory with the mount points below it spliced in.
func (m *Mount) ReadDir(name string) ([]fs.DirEntry, error) {
	p, err := m.resolve(name, true)
	var ents []fs.DirEntry
	if err == nil {
		ents, err = m.readDir(p)
	}
	if err != nil {
		return nil, pathErr("readdirent", name, err)
	}
	return ents, nil
}

func (m *Mount) readDir(p string) ([]fs.DirEntry, error) {
	fsys, inner, _ := m.dispatch(p)
	below := m.mountsBelow(p)
	ents, err := fsys.ReadDir(inner)
	if err != nil && len(below) == 0 {
		return nil, unwrapErrno(err)
	}
	if len(below) == 0 {
		return ents, nil
	}
	byName := map[string]fs.DirEntry{}
	for _, e := range ents {
		byName[e.Name()] = e
	}
	prefix := p
	if p != "/" {
		prefix += "/"
	}
	for _, mp := range below {
		rest := mp[len(prefix):]
		child := rest
		if i := indexSlash(rest); i >= 0 {
			child = rest[:i]
		}
		fi, err := m.lstat(path.Join(p, child))
		if err != nil {
			continue
		}
		// A mount point hides whatever the parent filesystem has there.
		byName[child] = fs.FileInfoToDirEntry(renamedInfo{fi, child})
	}
	out := make([]fs.DirEntry, 0, len(byName))
	for _, e := range byName {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out, nil
}

func indexSlash(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			return i
		}
	}
	return -1
}

func (m *Mount) Mkdir(name string, perm fs.FileMode) error {
	p, fsys, inner, err := m.at(name, false)
	if err == nil && (m.isMountPoint(p) || len(m.mountsBelow(p)) > 0) {
		err = syscall.EEXIST
	}
	if err != nil {
		return pathErr("mkdir", name, err)
	}
	return withPath(fsys.Mkdir(inner, perm), name)
}

func (m *Mount) MkdirAll(name string, perm fs.FileMode) error { return mkdirAll(m, name, perm) }

func (m *Mount) Remove(name string) error {
	p, fsys, inner, err := m.at(name, false)
	if err == nil && (m.isMountPoint(p) || len(m.mountsBelow(p)) > 0) {
		err = syscall.EBUSY
	}
	if err != nil {
		return pathErr("remove", name, err)
	}
	return withPath(fsys.Remove(inner), name)
}

// RemoveAll refuses (EBUSY) to remove a tree holding a mount point.
func (m *Mount) RemoveAll(name string) error {
	p, fsys, inner, err := m.at(name, false)
	if err == syscall.ENOENT {
		return nil
	}
	if err == nil && (m.isMountPoint(p) || len(m.mountsBelow(p)) > 0) {
		err = syscall.EBUSY
	}
	if err != nil {
		return pathErr("unlinkat", name, err)
	}
	return withPath(fsys.RemoveAll(inner), name)
}

// twoPaths resolves both names of Rename/Link and demands one filesystem.
func (m *Mount) twoPaths(oldname, newname string) (fsys FS, oi, ni string, err error) {
	po, fo, oi, err := m.at(oldname, false)
	if err != nil {
		return nil, "", "", err
	}
	pn, fn, ni, err := m.at(newname, false)
	if err != nil {
		return nil, "", "", err
	}
	if m.isMountPoint(po) || m.isMountPoint(pn) {
		return nil, "", "", syscall.EBUSY
	}
	_, _, mo := m.dispatch(po)
	_, _, mn := m.dispatch(pn)
	if mo != mn || fo != fn {
		return nil, "", "", syscall.EXDEV
	}
	return fo, oi, ni, nil
}

func (m *Mount) Rename(oldname, newname string) error {
	fsys, oi, ni, err := m.twoPaths(oldname, newname)
	if err != nil {
		return linkErr("rename", oldname, newname, err)
	}
	return withLinkPaths(fsys.Rename(oi, ni), oldname, newname)
}

func (m *Mount) Link(oldname, newname string) error {
	fsys, oi, ni, err := m.twoPaths(oldname, newname)
	if err != nil {
		return linkErr("link", oldname, newname, err)
	}
	return withLinkPaths(fsys.Link(oi, ni), oldname, newname)
}

func (m *Mount) Symlink(target, linkname string) error {
	_, fsys, inner, err := m.at(linkname, false)
	if err != nil {
		return linkErr("symlink", target, linkname, err)
	}
	return withLinkPaths(fsys.Symlink(target, inner), target, linkname)
}

func (m *Mount) Readlink(name string) (string, error) {
	_, fsys, inner, err := m.at(name, false)
	if err != nil {
		return "", pathErr("readlink", name, err)
	}
	t, err := fsys.Readlink(inner)
	return t, withPath(err, name)
}

func (m *Mount) Chmod(name string, mode fs.FileMode) error {
	_, fsys, inner, err := m.at(name, true)
	if err != nil {
		return pathErr("chmod", name, err)
	}
	return withPath(fsys.Chmod(inner, mode), name)
}

func (m *Mount) Chtimes(name string, atime, mtime time.Time) error {
	_, fsys, inner, err := m.at(name, true)
	if err != nil {
		return pathErr("chtimes", name, err)
	}
	return withPath(fsys.Chtimes(inner, atime, mtime), name)
}

// listFile is an open directory that has mount points below it.
type listFile struct {
	m    *Mount
	p    string
	name string

	mu     sync.Mutex
	ents   []fs.DirEntry
	pos    int
	loaded bool
}

func (d *listFile) Name() string { return d.name }
func (d *listFile) Read([]byte) (int, error) {
	return 0, pathErr("read", d.name, syscall.EISDIR)
}
func (d *listFile) ReadAt([]byte, int64) (int, error) {
	return 0, pathErr("read", d.name, syscall.EISDIR)
}
func (d *listFile) Write([]byte) (int, error) {
	return 0, pathErr("write", d.name, syscall.EBADF)
}
func (d *listFile) Truncate(int64) error { return pathErr("truncate", d.name, syscall.EINVAL) }
func (d *listFile) Close() error         { return nil }

func (d *listFile) Stat() (fs.FileInfo, error) {
	fi, err := d.m.lstat(d.p)
	if err != nil {
		return nil, pathErr("stat", d.name, err)
	}
	return renamedInfo{fi, baseName(d.name)}, nil
}

func (d *listFile) Seek(off int64, whence int) (int64, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if off != 0 || whence != io.SeekStart {
		return 0, pathErr("seek", d.name, syscall.EINVAL)
	}
	d.loaded, d.ents, d.pos = false, nil, 0
	return 0, nil
}

func (d *listFile) ReadDir(n int) ([]fs.DirEntry, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.loaded {
		ents, err := d.m.readDir(d.p)
		if err != nil {
			return nil, pathErr("readdirent", d.name, err)
		}
		d.ents, d.loaded = ents, true
	}
	return sliceDir(d.ents, &d.pos, n)
}
