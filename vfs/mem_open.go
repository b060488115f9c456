package vfs

import (
	"io/fs"
	"os"
	"syscall"
)

const accessMode = os.O_RDONLY | os.O_WRONLY | os.O_RDWR

func writable(flag int) bool { return flag&accessMode != os.O_RDONLY }

// NoAtime is an OpenFile flag: reads through the file leave its access
// time alone, as Linux's O_NOATIME (same bit). Observers that must not
// change what they observe — a snapshot, a checksum of the tree — open
// with it. File systems that cannot honour it ignore it; a host
// directory drops it, since Linux refuses O_NOATIME on files the process
// does not own.
const NoAtime = 0x40000

// OpenFile opens name with os.O_* flags; with O_CREATE a missing file is
// created with perm.
func (m *Mem) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n, err := m.openInode(name, flag, perm)
	if err != nil {
		return nil, pathErr("open", name, err)
	}
	n.opens++
	return &memFile{m: m, n: n, name: name, flag: flag}, nil
}

// openInode resolves or creates the inode for OpenFile. Callers hold m.mu.
func (m *Mem) openInode(name string, flag int, perm fs.FileMode) (*inode, error) {
	create := flag&os.O_CREATE != 0
	excl := create && flag&os.O_EXCL != 0
	// O_EXCL|O_CREAT never follows a final symlink: the link itself exists.
	l, err := m.walk(name, !excl)
	if err != nil {
		return nil, err
	}
	n := l.node
	if n == nil {
		if !create {
			return nil, syscall.ENOENT
		}
		if hasTrailingSlash(name) {
			return nil, syscall.EISDIR
		}
		return m.create(l.dir, l.name, perm&modeBits)
	}
	if excl {
		return nil, syscall.EEXIST
	}
	if n.isDir() && (writable(flag) || flag&os.O_TRUNC != 0) {
		return nil, syscall.EISDIR
	}
	if flag&os.O_TRUNC != 0 && writable(flag) && n.isRegular() && len(n.data) > 0 {
		if err := m.resize(n, 0); err != nil {
			return nil, err
		}
		t := m.now()
		n.mtime, n.ctime = t, t
	}
	return n, nil
}

// Mknod creates a character device node.
func (m *Mem) Mknod(name string, kind Device) error {
	if kind < DevNull || kind > DevFull {
		return pathErr("mknod", name, syscall.EINVAL)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	l, err := m.walk(name, false)
	if err == nil && (l.node != nil || l.dir == nil) {
		err = syscall.EEXIST
	}
	var n *inode
	if err == nil {
		n, err = m.create(l.dir, l.name, fs.ModeDevice|fs.ModeCharDevice|0o666)
	}
	if err != nil {
		return pathErr("mknod", name, err)
	}
	n.dev = kind
	return nil
}
