package shell

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/justbash/justbash/vfs"
)

// devFS is the filesystem a command sees: the sandbox FS, plus
// /dev/stdin, /dev/stdout, /dev/stderr and /dev/fd/N answered from the
// descriptors of the shell that runs the command (process substitution
// paths included).
type devFS struct {
	vfs.FS
	fd func(n int) any
}

// fdOf maps a device path to a descriptor number.
func fdOf(name string) (int, bool) {
	switch name = path.Clean(name); name {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	if s, ok := strings.CutPrefix(name, "/dev/fd/"); ok {
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= 0
	}
	return 0, false
}

func (d devFS) OpenFile(name string, flag int, perm fs.FileMode) (vfs.File, error) {
	if n, ok := fdOf(name); ok && d.fd != nil {
		h := d.fd(n)
		if h == nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.ENOENT}
		}
		return &fdFile{name: name, h: h, write: flag&(os.O_WRONLY|os.O_RDWR) != 0}, nil
	}
	return d.FS.OpenFile(name, flag, perm)
}

func (d devFS) Stat(name string) (fs.FileInfo, error) {
	if n, ok := fdOf(name); ok && d.fd != nil {
		if d.fd(n) == nil {
			return nil, &fs.PathError{Op: "stat", Path: name, Err: syscall.ENOENT}
		}
		return devInfo(path.Base(name)), nil
	}
	return d.FS.Stat(name)
}

// fdFile is an open /dev/fd path: reads and writes go to the descriptor.
type fdFile struct {
	name  string
	h     any
	write bool
}

var errNotSupported = errors.New("operation not supported on a descriptor")

func (f *fdFile) Read(p []byte) (int, error) {
	if r, ok := f.h.(io.Reader); ok {
		return r.Read(p)
	}
	return 0, syscall.EBADF
}

func (f *fdFile) Write(p []byte) (int, error) {
	if w, ok := f.h.(io.Writer); ok {
		return w.Write(p)
	}
	return 0, syscall.EBADF
}

func (f *fdFile) Seek(int64, int) (int64, error)    { return 0, syscall.ESPIPE }
func (f *fdFile) ReadAt([]byte, int64) (int, error) { return 0, syscall.ESPIPE }
func (f *fdFile) Close() error                      { return nil }
func (f *fdFile) Stat() (fs.FileInfo, error)        { return devInfo(path.Base(f.name)), nil }
func (f *fdFile) ReadDir(int) ([]fs.DirEntry, error) {
	return nil, syscall.ENOTDIR
}
func (f *fdFile) Truncate(int64) error { return errNotSupported }
func (f *fdFile) Name() string         { return f.name }

// devInfo describes a descriptor as a character device.
type devInfo string

func (d devInfo) Name() string       { return string(d) }
func (d devInfo) Size() int64        { return 0 }
func (d devInfo) Mode() fs.FileMode  { return fs.ModeDevice | fs.ModeCharDevice | 0o620 }
func (d devInfo) ModTime() time.Time { return time.Unix(0, 0).UTC() }
func (d devInfo) IsDir() bool        { return false }
func (d devInfo) Sys() any           { return nil }

// Usage passes the sandbox FS's usage through, for df.
func (d devFS) Usage() (bytes, inodes int64) {
	if u, ok := d.FS.(interface{ Usage() (int64, int64) }); ok {
		return u.Usage()
	}
	return 0, 0
}
