package vfs

import (
	"io"
	"io/fs"
	"os"
	"path"
	"sync"
	"syscall"
	"time"
)

// OpenFile opens name; any write access copies a lower file up first.
func (o *Overlay) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	if !writable(flag) && flag&(os.O_CREATE|os.O_TRUNC) == 0 {
		return o.openRead(name, flag)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	excl := flag&os.O_CREATE != 0 && flag&os.O_EXCL != 0
	p, fi, err := o.lookup(name, !excl)
	if err == nil {
		err = o.prepareWrite(p, fi, flag, name)
	}
	if err != nil {
		return nil, pathErr("open", name, err)
	}
	f, err := o.upper.OpenFile(p, flag, perm)
	if err != nil {
		return nil, pathErr("open", name, unwrapErrno(err))
	}
	return namedFile{f, name}, nil
}

// prepareWrite gets the upper layer ready for a writing open of p.
func (o *Overlay) prepareWrite(p string, fi fs.FileInfo, flag int, name string) error {
	if fi == nil {
		if flag&os.O_CREATE == 0 {
			return syscall.ENOENT
		}
		if hasTrailingSlash(name) {
			return syscall.EISDIR
		}
		if err := o.copyUpDirs(path.Dir(p)); err != nil {
			return err
		}
		delete(o.whiteout, p) // the new upper file shadows the lower entry
		return nil
	}
	switch {
	case flag&os.O_CREATE != 0 && flag&os.O_EXCL != 0:
		return syscall.EEXIST
	case fi.IsDir():
		return syscall.EISDIR
	}
	return o.copyUp(p, flag&os.O_TRUNC == 0)
}

// openRead opens for reading: upper files directly, lower files lazily
// through the os.Root, directories as a merged listing.
func (o *Overlay) openRead(name string, flag int) (File, error) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	p, fi, err := o.lookup(name, true)
	if err == nil && fi == nil {
		err = syscall.ENOENT
	}
	if err != nil {
		return nil, pathErr("open", name, err)
	}
	if fi.IsDir() {
		return &ovDir{o: o, p: p, name: name}, nil
	}
	if o.inUpper(p) {
		f, err := o.upper.OpenFile(p, flag, 0)
		if err != nil {
			return nil, pathErr("open", name, unwrapErrno(err))
		}
		return namedFile{f, name}, nil
	}
	if !fi.Mode().IsRegular() {
		return nil, pathErr("open", name, syscall.EACCES) // never open host fifos/devices
	}
	if o.maxRead > 0 && fi.Size() > o.maxRead {
		return nil, pathErr("open", name, syscall.EFBIG)
	}
	f, err := o.root.Open(hostRel(p))
	if err != nil {
		return nil, pathErr("open", name, hostErrno(err))
	}
	return &hostFile{f: f, name: name, readOnly: true, uid: o.upper.uid, gid: o.upper.gid}, nil
}

func (o *Overlay) Mkdir(name string, perm fs.FileMode) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	p, fi, err := o.lookup(name, false)
	if err == nil && fi != nil {
		err = syscall.EEXIST
	}
	if err == nil {
		err = o.copyUpDirs(path.Dir(p))
	}
	if err == nil {
		err = unwrapErrno(o.upper.Mkdir(p, perm))
	}
	if err != nil {
		return pathErr("mkdir", name, err)
	}
	if o.whiteout[p] {
		delete(o.whiteout, p)
		o.opaque[p] = true // the old lower directory's contents stay gone
	}
	return nil
}

func (o *Overlay) MkdirAll(name string, perm fs.FileMode) error { return mkdirAll(o, name, perm) }

func (o *Overlay) Remove(name string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	p, fi, err := o.lookup(name, false)
	if err == nil {
		err = o.removeOne(p, fi)
	}
	if err != nil {
		return pathErr("remove", name, err)
	}
	return nil
}

// removeOne removes canonical p (an empty dir or a non-dir), leaving a
// whiteout when the lower layer has an entry there.
func (o *Overlay) removeOne(p string, fi fs.FileInfo) error {
	switch {
	case fi == nil:
		return syscall.ENOENT
	case p == "/":
		return syscall.EBUSY
	case fi.IsDir():
		ents, err := o.readDirMerged(p)
		if err != nil {
			return err
		}
		if len(ents) > 0 {
			return syscall.ENOTEMPTY
		}
	}
	if o.inUpper(p) {
		if err := o.upper.Remove(p); err != nil {
			return unwrapErrno(err)
		}
	}
	if _, err := o.lowerLstat(p); err == nil {
		o.whiteout[p] = true
	}
	delete(o.opaque, p)
	o.forget(p)
	return nil
}

func (o *Overlay) RemoveAll(name string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	p, fi, err := o.lookup(name, false)
	if err == syscall.ENOENT || (err == nil && fi == nil) {
		return nil
	}
	if err == nil {
		if p == "/" {
			err = o.removeChildren(p)
		} else {
			err = o.removeTree(p, fi)
		}
	}
	if err != nil {
		return pathErr("unlinkat", name, err)
	}
	return nil
}

func (o *Overlay) removeTree(p string, fi fs.FileInfo) error {
	if fi.IsDir() {
		if err := o.removeChildren(p); err != nil {
			return err
		}
	}
	return o.removeOne(p, fi)
}

func (o *Overlay) removeChildren(p string) error {
	ents, err := o.readDirMerged(p)
	if err != nil {
		return err
	}
	for _, e := range ents {
		c := path.Join(p, e.Name())
		cfi, err := o.lstatMerged(c)
		if err != nil {
			continue
		}
		if err := o.removeTree(c, cfi); err != nil {
			return err
		}
	}
	return nil
}

func (o *Overlay) Rename(oldname, newname string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.rename(oldname, newname); err != nil {
		return linkErr("rename", oldname, newname, err)
	}
	return nil
}

func (o *Overlay) rename(oldname, newname string) error {
	po, src, err := o.lookup(oldname, false)
	if err != nil {
		return err
	}
	pn, dst, err := o.lookup(newname, false)
	if err != nil {
		return err
	}
	if err := checkRename(po, pn, src, dst, newname, func(p string) bool {
		ents, err := o.readDirMerged(p)
		return err == nil && len(ents) == 0
	}); err != nil || po == pn {
		return err
	}
	if err := o.copyUpTree(po); err != nil {
		return err
	}
	if err := o.copyUpDirs(path.Dir(pn)); err != nil {
		return err
	}
	if dst != nil {
		if err := o.removeOne(pn, dst); err != nil {
			return err
		}
	}
	if err := o.upper.Rename(po, pn); err != nil {
		return unwrapErrno(err)
	}
	if _, err := o.lowerLstat(po); err == nil {
		o.whiteout[po] = true
	}
	o.forget(po)
	delete(o.whiteout, pn)
	o.forget(pn)
	if src.IsDir() {
		o.opaque[pn] = true // its whole content now lives in the upper layer
	}
	return nil
}

// checkRename applies rename(2)'s rules to canonical paths.
func checkRename(po, pn string, src, dst fs.FileInfo, newname string, emptyDir func(string) bool) error {
	switch {
	case src == nil:
		return syscall.ENOENT
	case po == "/" || pn == "/":
		return syscall.EBUSY
	case po == pn:
		return nil
	case src.IsDir():
		if len(pn) > len(po) && pn[:len(po)+1] == po+"/" {
			return syscall.EINVAL
		}
		if dst != nil && !dst.IsDir() {
			return syscall.ENOTDIR
		}
		if dst != nil && !emptyDir(pn) {
			return syscall.ENOTEMPTY
		}
	case dst != nil && dst.IsDir():
		return syscall.EISDIR
	case dst == nil && hasTrailingSlash(newname):
		return syscall.ENOTDIR
	}
	return nil
}

func (o *Overlay) Symlink(target, linkname string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	p, fi, err := o.lookup(linkname, false)
	switch {
	case err != nil:
	case fi != nil:
		err = syscall.EEXIST
	case target == "":
		err = syscall.ENOENT
	default:
		err = o.copyUpDirs(path.Dir(p))
	}
	if err == nil {
		err = unwrapErrno(o.upper.Symlink(target, p))
	}
	if err != nil {
		return linkErr("symlink", target, linkname, err)
	}
	delete(o.whiteout, p)
	return nil
}

func (o *Overlay) Readlink(name string) (string, error) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	p, fi, err := o.lookup(name, false)
	if err == nil && fi == nil {
		err = syscall.ENOENT
	}
	if err == nil && fi.Mode()&fs.ModeSymlink == 0 {
		err = syscall.EINVAL
	}
	var t string
	if err == nil {
		t, err = o.readlinkMerged(p)
	}
	if err != nil {
		return "", pathErr("readlink", name, err)
	}
	return t, nil
}

func (o *Overlay) Link(oldname, newname string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	po, src, err := o.lookup(oldname, false)
	var pn string
	var dst fs.FileInfo
	if err == nil {
		pn, dst, err = o.lookup(newname, false)
	}
	switch {
	case err != nil:
	case src == nil:
		err = syscall.ENOENT
	case src.IsDir():
		err = syscall.EPERM
	case dst != nil:
		err = syscall.EEXIST
	default:
		if err = o.copyUp(po, true); err == nil {
			err = o.copyUpDirs(path.Dir(pn))
		}
	}
	if err == nil {
		err = unwrapErrno(o.upper.Link(po, pn))
	}
	if err != nil {
		return linkErr("link", oldname, newname, err)
	}
	delete(o.whiteout, pn)
	return nil
}

// modify copies name's target up and applies fn to the upper copy.
func (o *Overlay) modify(op, name string, fn func(p string) error) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	p, fi, err := o.lookup(name, true)
	if err == nil && fi == nil {
		err = syscall.ENOENT
	}
	if err == nil {
		err = o.copyUp(p, true)
	}
	if err == nil {
		err = unwrapErrno(fn(p))
	}
	if err != nil {
		return pathErr(op, name, err)
	}
	return nil
}

func (o *Overlay) Chmod(name string, mode fs.FileMode) error {
	return o.modify("chmod", name, func(p string) error { return o.upper.Chmod(p, mode) })
}

func (o *Overlay) Chtimes(name string, atime, mtime time.Time) error {
	return o.modify("chtimes", name, func(p string) error { return o.upper.Chtimes(p, atime, mtime) })
}

// ovDir is an open overlay directory; its listing is merged on first use.
type ovDir struct {
	o    *Overlay
	p    string
	name string

	mu     sync.Mutex
	ents   []fs.DirEntry
	pos    int
	loaded bool
	closed bool
}

func (d *ovDir) Name() string { return d.name }
func (d *ovDir) Read([]byte) (int, error) {
	return 0, pathErr("read", d.name, syscall.EISDIR)
}
func (d *ovDir) ReadAt([]byte, int64) (int, error) {
	return 0, pathErr("read", d.name, syscall.EISDIR)
}
func (d *ovDir) Write([]byte) (int, error) {
	return 0, pathErr("write", d.name, syscall.EBADF)
}
func (d *ovDir) Truncate(int64) error { return pathErr("truncate", d.name, syscall.EINVAL) }

func (d *ovDir) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return pathErr("close", d.name, fs.ErrClosed)
	}
	d.closed = true
	return nil
}

func (d *ovDir) Seek(off int64, whence int) (int64, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if off == 0 && whence == io.SeekStart {
		d.loaded, d.ents, d.pos = false, nil, 0
		return 0, nil
	}
	return 0, pathErr("seek", d.name, syscall.EINVAL)
}

func (d *ovDir) Stat() (fs.FileInfo, error) {
	d.o.mu.RLock()
	defer d.o.mu.RUnlock()
	fi, err := d.o.lstatMerged(d.p)
	if err != nil {
		return nil, pathErr("stat", d.name, err)
	}
	return renamedInfo{fi, baseName(d.name)}, nil
}

func (d *ovDir) ReadDir(n int) ([]fs.DirEntry, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil, pathErr("readdirent", d.name, fs.ErrClosed)
	}
	if !d.loaded {
		d.o.mu.RLock()
		ents, err := d.o.readDirMerged(d.p)
		d.o.mu.RUnlock()
		if err != nil {
			return nil, pathErr("readdirent", d.name, err)
		}
		d.ents, d.loaded = ents, true
	}
	return sliceDir(d.ents, &d.pos, n)
}
