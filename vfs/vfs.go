// Package vfs holds the virtual filesystems a sandbox sees: an in-memory
// tree (Mem), a copy-on-write layer over a host directory (Overlay), a
// confined read-write host directory (HostDir), a mount table (Mount), and
// a layer that shows a list of names as executable files without storing
// them (Stubs: the shell's /bin and /usr/bin).
//
// Every path given to an FS is absolute and slash-separated ("/home/user/a").
// Implementations clean it themselves, so "/a/../b" and "/b" name the same
// file. Errors are *fs.PathError (or *os.LinkError for two-path operations)
// wrapping fs.ErrNotExist, fs.ErrExist, fs.ErrPermission or a syscall.Errno
// such as ENOTDIR, EISDIR, ENOTEMPTY, ELOOP, EXDEV, ENOSPC, EFBIG, so that
// errors.Is works and commands can print the strerror text bash users know.
//
// HostDir is the only FS that writes to the host (the CLI's --allow-write).
// It never leaves setuid, setgid, sticky or world-writable bits there, and
// refuses to write through a regular file with more than one hard link,
// since such a file may share its inode with one outside the root (see
// HostDir).
package vfs

import (
	"io"
	"io/fs"
	"time"
)

// FS is a POSIX-ish filesystem with absolute paths. Implementations must be
// safe for concurrent use.
type FS interface {
	// OpenFile opens name with os.O_* flags. With os.O_CREATE the file is
	// created with perm (before umask, which callers apply). Opening a
	// directory read-only succeeds; its File answers ReadDir.
	OpenFile(name string, flag int, perm fs.FileMode) (File, error)
	// Stat follows symlinks; Lstat does not.
	Stat(name string) (fs.FileInfo, error)
	Lstat(name string) (fs.FileInfo, error)
	// ReadDir lists a directory sorted by name.
	ReadDir(name string) ([]fs.DirEntry, error)
	Mkdir(name string, perm fs.FileMode) error
	MkdirAll(name string, perm fs.FileMode) error
	// Remove deletes a file, a symlink or an empty directory.
	Remove(name string) error
	// RemoveAll deletes name and everything below it; a missing name is not an error.
	RemoveAll(name string) error
	// Rename moves oldname to newname, replacing newname atomically when it
	// is a file (or an empty directory when oldname is a directory).
	Rename(oldname, newname string) error
	Symlink(target, linkname string) error
	Readlink(name string) (string, error)
	// Link makes a hard link; implementations that cannot return EPERM/ENOTSUP.
	Link(oldname, newname string) error
	Chmod(name string, mode fs.FileMode) error
	Chtimes(name string, atime, mtime time.Time) error
}

// File is an open file of an FS.
type File interface {
	io.Reader
	io.Writer
	io.Seeker
	io.ReaderAt
	io.Closer
	Stat() (fs.FileInfo, error)
	// ReadDir reads directory entries like os.File.ReadDir.
	ReadDir(n int) ([]fs.DirEntry, error)
	Truncate(size int64) error
	// Name is the absolute path the file was opened with.
	Name() string
}
