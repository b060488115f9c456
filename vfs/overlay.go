package vfs

import (
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Overlay is a copy-on-write view of a host directory. The host directory
// is the read-only lower layer, reached only through an *os.Root, so ".."
// and host symlinks cannot leave it; every change goes to an upper Mem.
// Deleting or renaming a lower entry records a whiteout; a directory that
// replaces a whited-out one is opaque (the lower contents stay hidden).
//
// Symlinks are resolved by the overlay itself, component by component, in
// the virtual namespace: an absolute target "/x" means the overlay's "/x",
// never the host's. The host is never modified.
type Overlay struct {
	mu       sync.RWMutex
	root     *os.Root
	upper    *Mem
	whiteout map[string]bool
	opaque   map[string]bool
	maxRead  int64
}

// OverlayOption configures NewOverlay.
type OverlayOption func(*Overlay)

// WithMaxFileReadSize makes reading (or copying up) a lower file larger than
// n bytes fail with EFBIG.
func WithMaxFileReadSize(n int64) OverlayOption { return func(o *Overlay) { o.maxRead = n } }

// WithUpper uses m (with its quotas and clock) as the writable upper layer.
func WithUpper(m *Mem) OverlayOption {
	return func(o *Overlay) {
		if m != nil {
			o.upper = m
		}
	}
}

// NewOverlay opens hostDir as the lower layer.
func NewOverlay(hostDir string, opts ...OverlayOption) (*Overlay, error) {
	root, err := os.OpenRoot(hostDir)
	if err != nil {
		return nil, err
	}
	o := &Overlay{root: root, whiteout: map[string]bool{}, opaque: map[string]bool{}}
	for _, opt := range opts {
		opt(o)
	}
	if o.upper == nil {
		o.upper = NewMem()
	}
	return o, nil
}

// Close releases the host directory handle.
func (o *Overlay) Close() error { return o.root.Close() }

// Upper returns the in-memory layer holding every change.
func (o *Overlay) Upper() *Mem { return o.upper }

// lowerHidden reports whether a whiteout or an opaque ancestor hides the
// lower entry at canonical path p.
func (o *Overlay) lowerHidden(p string) bool {
	if o.whiteout[p] {
		return true
	}
	for q := p; q != "/"; {
		q = path.Dir(q)
		if o.opaque[q] || o.whiteout[q] {
			return true
		}
	}
	return false
}

// lowerLstat stats the visible lower entry at canonical path p.
func (o *Overlay) lowerLstat(p string) (fs.FileInfo, error) {
	if o.lowerHidden(p) {
		return nil, syscall.ENOENT
	}
	fi, err := o.root.Lstat(hostRel(p))
	return fi, hostErrno(err)
}

func (o *Overlay) inUpper(p string) bool {
	_, err := o.upper.Lstat(p)
	return err == nil
}

// lstatMerged stats canonical path p in the merged view.
func (o *Overlay) lstatMerged(p string) (fs.FileInfo, error) {
	if fi, err := o.upper.Lstat(p); err == nil {
		return fi, nil
	}
	fi, err := o.lowerLstat(p)
	if err != nil {
		return nil, err
	}
	return hostInfo(fi, path.Base(p), o.upper.uid, o.upper.gid), nil
}

func (o *Overlay) readlinkMerged(p string) (string, error) {
	if o.inUpper(p) {
		t, err := o.upper.Readlink(p)
		return t, unwrapErrno(err)
	}
	if o.lowerHidden(p) {
		return "", syscall.ENOENT
	}
	t, err := o.root.Readlink(hostRel(p))
	return t, hostErrno(err)
}

// unwrapErrno strips the PathError/LinkError of an upper error so the
// overlay can report it under the caller's name.
func unwrapErrno(err error) error {
	switch e := err.(type) {
	case *fs.PathError:
		return e.Err
	case *os.LinkError:
		return e.Err
	}
	return err
}

// resolve returns the canonical path of name: no symlinks in intermediate
// components (nor in the last when follow). A missing last component is
// not an error; the caller checks with lstatMerged.
func (o *Overlay) resolve(name string, follow bool) (string, error) {
	return resolvePath(name, follow, o.lstatMerged, o.readlinkMerged)
}

// lookup resolves name and stats the result; fi is nil when it is missing.
func (o *Overlay) lookup(name string, follow bool) (string, fs.FileInfo, error) {
	p, err := o.resolve(name, follow)
	if err != nil {
		return "", nil, err
	}
	fi, err := o.lstatMerged(p)
	if err != nil && err != syscall.ENOENT {
		return "", nil, err
	}
	return p, fi, nil
}

func (o *Overlay) Stat(name string) (fs.FileInfo, error)  { return o.stat("stat", name, true) }
func (o *Overlay) Lstat(name string) (fs.FileInfo, error) { return o.stat("lstat", name, false) }

func (o *Overlay) stat(op, name string, follow bool) (fs.FileInfo, error) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	_, fi, err := o.lookup(name, follow)
	if err == nil && fi == nil {
		err = syscall.ENOENT
	}
	if err != nil {
		return nil, pathErr(op, name, err)
	}
	return renamedInfo{fi, baseName(name)}, nil
}

// ReadDir merges the upper and visible lower entries.
func (o *Overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	p, err := o.resolve(name, true)
	var ents []fs.DirEntry
	if err == nil {
		ents, err = o.readDirMerged(p)
	}
	if err != nil {
		return nil, pathErr("readdirent", name, err)
	}
	return ents, nil
}

func (o *Overlay) readDirMerged(p string) ([]fs.DirEntry, error) {
	fi, err := o.lstatMerged(p)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, syscall.ENOTDIR
	}
	byName := map[string]fs.DirEntry{}
	if ents, err := o.upper.ReadDir(p); err == nil {
		for _, e := range ents {
			byName[e.Name()] = e
		}
	}
	if !o.opaque[p] && !o.lowerHidden(p) {
		if lower, err := fs.ReadDir(o.root.FS(), hostRel(p)); err == nil {
			for _, e := range lower {
				child := path.Join(p, e.Name())
				if _, ok := byName[e.Name()]; ok || o.whiteout[child] {
					continue
				}
				info, err := e.Info()
				if err != nil {
					continue // vanished on the host meanwhile
				}
				byName[e.Name()] = fs.FileInfoToDirEntry(hostInfo(info, e.Name(), o.upper.uid, o.upper.gid))
			}
		}
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]fs.DirEntry, len(names))
	for i, n := range names {
		out[i] = byName[n]
	}
	return out, nil
}

// copyUpDirs makes sure directory p and its ancestors exist in the upper
// layer, copying mode and times from the lower layer.
func (o *Overlay) copyUpDirs(p string) error {
	if p == "/" || o.inUpper(p) {
		return nil
	}
	if err := o.copyUpDirs(path.Dir(p)); err != nil {
		return err
	}
	fi, err := o.lowerLstat(p)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return syscall.ENOTDIR
	}
	if err := o.upper.Mkdir(p, fi.Mode().Perm()); err != nil {
		return unwrapErrno(err)
	}
	return unwrapErrno(o.upper.Chtimes(p, time.Time{}, fi.ModTime()))
}

// copyUp copies the lower entry at p (file, symlink or directory) into the
// upper layer. withData=false creates a regular file empty (for O_TRUNC).
func (o *Overlay) copyUp(p string, withData bool) error {
	if o.inUpper(p) {
		return nil
	}
	fi, err := o.lowerLstat(p)
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return o.copyUpDirs(p)
	}
	if err := o.copyUpDirs(path.Dir(p)); err != nil {
		return err
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		t, err := o.root.Readlink(hostRel(p))
		if err != nil {
			return hostErrno(err)
		}
		return unwrapErrno(o.upper.Symlink(t, p))
	case !fi.Mode().IsRegular():
		return syscall.EACCES // host devices, fifos and sockets stay out
	}
	var data []byte
	if withData {
		if data, err = o.readLower(p, fi); err != nil {
			return err
		}
	}
	if err := WriteFile(o.upper, p, data, fi.Mode().Perm()); err != nil {
		return unwrapErrno(err)
	}
	if err := o.upper.Chmod(p, fi.Mode()&modeBits); err != nil {
		return unwrapErrno(err)
	}
	return unwrapErrno(o.upper.Chtimes(p, time.Time{}, fi.ModTime()))
}

// readLower reads a whole lower regular file within the read size limit.
func (o *Overlay) readLower(p string, fi fs.FileInfo) ([]byte, error) {
	if o.maxRead > 0 && fi.Size() > o.maxRead {
		return nil, syscall.EFBIG
	}
	data, err := o.root.ReadFile(hostRel(p))
	if err != nil {
		return nil, hostErrno(err)
	}
	if o.maxRead > 0 && int64(len(data)) > o.maxRead {
		return nil, syscall.EFBIG
	}
	return data, nil
}

// copyUpTree copies p and, for a directory, everything visible below it.
func (o *Overlay) copyUpTree(p string) error {
	if err := o.copyUp(p, true); err != nil {
		return err
	}
	fi, err := o.upper.Lstat(p)
	if err != nil || !fi.IsDir() {
		return unwrapErrno(err)
	}
	ents, err := o.readDirMerged(p)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if err := o.copyUpTree(path.Join(p, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// forget drops whiteout and opaque markers strictly below p.
func (o *Overlay) forget(p string) {
	prefix := strings.TrimSuffix(p, "/") + "/"
	for _, m := range []map[string]bool{o.whiteout, o.opaque} {
		for k := range m {
			if strings.HasPrefix(k, prefix) {
				delete(m, k)
			}
		}
	}
}
