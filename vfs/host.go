package vfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"syscall"
)

// hostRel turns a virtual absolute path into an os.Root-relative one.
func hostRel(name string) string {
	c := path.Clean("/" + name)
	if c == "/" {
		return "."
	}
	return c[1:]
}

// hostErrno reduces a host error to the errno our PathErrors carry, so no
// host path ever reaches the sandbox. os.Root's "path escapes from parent"
// has no errno and becomes EACCES.
func hostErrno(err error) error {
	var errno syscall.Errno
	switch {
	case err == nil:
		return nil
	case errors.As(err, &errno):
		return errno
	case errors.Is(err, fs.ErrNotExist):
		return syscall.ENOENT
	case errors.Is(err, fs.ErrExist):
		return syscall.EEXIST
	case errors.Is(err, fs.ErrClosed):
		return fs.ErrClosed
	}
	return syscall.EACCES
}

// hostInfo converts a host FileInfo so that it reports the sandbox owner and
// the virtual name.
func hostInfo(fi fs.FileInfo, name string, uid, gid uint32) *fileInfo {
	ino, nlink, atime, ctime := hostStatFields(fi)
	return &fileInfo{
		name: name, size: fi.Size(), mode: fi.Mode(),
		atime: atime, mtime: fi.ModTime(), ctime: ctime,
		uid: uid, gid: gid, nlink: nlink, ino: ino,
	}
}

// hostFile wraps an *os.File opened through an os.Root, replacing host
// paths in errors by the virtual name.
type hostFile struct {
	f        *os.File
	name     string
	readOnly bool
	uid, gid uint32
}

func (h *hostFile) err(op string, err error) error {
	if err == nil || err == io.EOF {
		return err
	}
	return pathErr(op, h.name, hostErrno(err))
}

func (h *hostFile) Name() string { return h.name }

func (h *hostFile) Read(p []byte) (int, error) {
	n, err := h.f.Read(p)
	return n, h.err("read", err)
}

func (h *hostFile) ReadAt(p []byte, off int64) (int, error) {
	n, err := h.f.ReadAt(p, off)
	return n, h.err("read", err)
}

func (h *hostFile) Write(p []byte) (int, error) {
	if h.readOnly {
		return 0, pathErr("write", h.name, syscall.EBADF)
	}
	n, err := h.f.Write(p)
	return n, h.err("write", err)
}

func (h *hostFile) Seek(off int64, whence int) (int64, error) {
	n, err := h.f.Seek(off, whence)
	return n, h.err("seek", err)
}

func (h *hostFile) Close() error { return h.err("close", h.f.Close()) }

func (h *hostFile) Stat() (fs.FileInfo, error) {
	fi, err := h.f.Stat()
	if err != nil {
		return nil, h.err("stat", err)
	}
	return hostInfo(fi, baseName(h.name), h.uid, h.gid), nil
}

func (h *hostFile) ReadDir(n int) ([]fs.DirEntry, error) {
	ents, err := h.f.ReadDir(n)
	return ents, h.err("readdirent", err)
}

func (h *hostFile) Truncate(size int64) error {
	if h.readOnly {
		return pathErr("truncate", h.name, syscall.EINVAL)
	}
	return h.err("truncate", h.f.Truncate(size))
}
