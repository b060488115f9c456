package vfs

import (
	"io/fs"
	"os"
	"path"
	"time"
)

// fileInfo is an immutable snapshot of an inode, taken under the owning
// filesystem's lock so callers can read it without synchronisation.
type fileInfo struct {
	name  string
	size  int64
	mode  fs.FileMode
	atime time.Time
	mtime time.Time
	ctime time.Time
	uid   uint32
	gid   uint32
	nlink uint64
	ino   uint64
	rdev  uint64
}

func (fi *fileInfo) Name() string       { return fi.name }
func (fi *fileInfo) Size() int64        { return fi.size }
func (fi *fileInfo) Mode() fs.FileMode  { return fi.mode }
func (fi *fileInfo) ModTime() time.Time { return fi.mtime }
func (fi *fileInfo) IsDir() bool        { return fi.mode.IsDir() }

// Sys returns a *syscall.Stat_t (on Linux) because the shell reads owner,
// link count and inode number from it, exactly as it would from os.Stat.
func (fi *fileInfo) Sys() any { return fi.sys() }

// unixMode converts an fs.FileMode to the st_mode bits of stat(2).
func unixMode(m fs.FileMode) uint32 {
	u := uint32(m.Perm())
	switch {
	case m&fs.ModeDir != 0:
		u |= 0o040000
	case m&fs.ModeSymlink != 0:
		u |= 0o120000
	case m&fs.ModeCharDevice != 0:
		u |= 0o020000
	case m&fs.ModeDevice != 0:
		u |= 0o060000
	case m&fs.ModeNamedPipe != 0:
		u |= 0o010000
	case m&fs.ModeSocket != 0:
		u |= 0o140000
	default:
		u |= 0o100000
	}
	if m&fs.ModeSetuid != 0 {
		u |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		u |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		u |= 0o1000
	}
	return u
}

// baseName is the FileInfo name for a path: "/" for the root, else the last
// element, matching what os.Stat reports.
func baseName(name string) string {
	c := cleanAbs(name)
	if c == "/" {
		return "/"
	}
	return path.Base(c)
}

// renamedInfo presents another FileInfo under a different name (used for
// mount points and for host infos that must not leak host names).
type renamedInfo struct {
	fs.FileInfo
	name string
}

func (r renamedInfo) Name() string { return r.name }

// pathErr builds the *fs.PathError every FS returns.
func pathErr(op, name string, err error) error {
	return &fs.PathError{Op: op, Path: name, Err: err}
}

// linkErr builds the *os.LinkError of two-path operations.
func linkErr(op, oldname, newname string, err error) error {
	return &os.LinkError{Op: op, Old: oldname, New: newname, Err: err}
}

// cleanAbs is path.Clean("/" + name) without its two allocations when
// name is clean and absolute already, as nearly every path the shell
// passes is: this runs on every lookup.
func cleanAbs(name string) string {
	if isCleanAbs(name) {
		return name
	}
	return path.Clean("/" + name)
}

func isCleanAbs(name string) bool {
	if name == "/" {
		return true
	}
	if len(name) < 2 || name[0] != '/' || name[len(name)-1] == '/' {
		return false
	}
	// Every element must be non-empty and neither "." nor "..".
	start := 1
	for i := 1; i <= len(name); i++ {
		if i < len(name) && name[i] != '/' {
			continue
		}
		switch name[start:i] {
		case "", ".", "..":
			return false
		}
		start = i + 1
	}
	return true
}
