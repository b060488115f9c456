package vfs

import (
	"io/fs"
	"syscall"
	"time"
)

// modeBits are the mode bits Chmod may change.
const modeBits = fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky

// inode is one file, directory, symlink or device. All fields are guarded
// by the owning Mem's mu.
type inode struct {
	ino   uint64
	mode  fs.FileMode
	uid   uint32
	gid   uint32
	atime time.Time
	mtime time.Time
	ctime time.Time

	// nlink counts directory entries naming this inode (0 or 1 for
	// directories; the reported link count of a directory is 2+subdirs).
	nlink int
	// opens counts open Files; an unlinked inode lives until the last closes.
	opens int

	parent   *inode            // directories only; nil for the root
	children map[string]*inode // directories only
	subdirs  int               // directories only
	data     []byte            // regular files
	shared   bool              // data is shared with a fork: copy before writing
	target   string            // symlinks
	dev      Device            // character devices
}

func (n *inode) isDir() bool     { return n.mode&fs.ModeDir != 0 }
func (n *inode) isSymlink() bool { return n.mode&fs.ModeSymlink != 0 }
func (n *inode) isDevice() bool  { return n.mode&fs.ModeDevice != 0 }
func (n *inode) isRegular() bool { return n.mode.IsRegular() }

func (n *inode) size() int64 {
	switch {
	case n.isRegular():
		return int64(len(n.data))
	case n.isSymlink():
		return int64(len(n.target))
	case n.isDir():
		return 4096
	}
	return 0
}

func (n *inode) info(name string) *fileInfo {
	nlink := uint64(n.nlink)
	if n.isDir() {
		nlink = uint64(2 + n.subdirs)
	}
	return &fileInfo{
		name: name, size: n.size(), mode: n.mode,
		atime: n.atime, mtime: n.mtime, ctime: n.ctime,
		uid: n.uid, gid: n.gid, nlink: nlink, ino: n.ino, rdev: n.dev.rdev(),
	}
}

// newInode allocates an inode stamped with the current time. Callers hold m.mu.
func (m *Mem) newInode(mode fs.FileMode) *inode {
	m.nextIno++
	t := m.now()
	n := &inode{ino: m.nextIno, mode: mode, uid: m.uid, gid: m.gid, atime: t, mtime: t, ctime: t}
	if n.isDir() {
		n.children = map[string]*inode{}
	}
	return n
}

// create makes a new inode named name in dir, enforcing the inode quota.
func (m *Mem) create(dir *inode, name string, mode fs.FileMode) (*inode, error) {
	if m.maxInodes > 0 && m.inodes >= m.maxInodes {
		return nil, syscall.ENOSPC
	}
	n := m.newInode(mode)
	m.inodes++
	m.attach(dir, name, n)
	return n, nil
}

// attach adds the entry dir/name -> n.
func (m *Mem) attach(dir *inode, name string, n *inode) {
	dir.children[name] = n
	n.nlink++
	if n.isDir() {
		n.parent = dir
		dir.subdirs++
	}
	t := m.now()
	dir.mtime, dir.ctime = t, t
}

// detach removes the entry dir/name and frees the inode when nothing
// refers to it any more.
func (m *Mem) detach(dir *inode, name string) {
	n := dir.children[name]
	if n == nil {
		return
	}
	delete(dir.children, name)
	n.nlink--
	if n.isDir() {
		dir.subdirs--
	}
	t := m.now()
	dir.mtime, dir.ctime = t, t
	n.ctime = t
	m.maybeFree(n)
}

// maybeFree returns an unreachable, closed inode's space to the quotas.
func (m *Mem) maybeFree(n *inode) {
	if n.nlink > 0 || n.opens > 0 || n.ino == 0 {
		return
	}
	m.bytes -= int64(len(n.data))
	m.inodes--
	n.data = nil
	n.ino = 0 // marks the inode freed so it is never counted twice
}

// resize sets a regular file's length, zero-filling growth, after checking
// the size and total quotas. It amortises growth by doubling capacity.
func (m *Mem) resize(n *inode, size int64) error {
	old := int64(len(n.data))
	n.own(size)
	if size > old {
		if m.maxFile > 0 && size > m.maxFile || m.maxFile <= 0 && size > DefaultMaxFileSize {
			return syscall.EFBIG
		}
		if m.maxTotal > 0 && m.bytes+size-old > m.maxTotal {
			return syscall.ENOSPC
		}
	}
	if size < 0 || size > int64(int(^uint(0)>>1)) {
		return syscall.EFBIG
	}
	switch {
	case size <= int64(cap(n.data)):
		n.data = n.data[:size]
		if size > old {
			clear(n.data[old:]) // bytes beyond an earlier truncate may be stale
		} else if c := int64(cap(n.data)); c > 64<<10 && c > 4*size {
			n.data = append([]byte(nil), n.data...) // give back memory after a big shrink
		}
	default:
		c := 2 * int64(cap(n.data))
		if c < size {
			c = size
		}
		if m.maxFile > 0 && c > m.maxFile {
			c = max(size, m.maxFile)
		}
		buf := make([]byte, size, c)
		copy(buf, n.data)
		n.data = buf
	}
	m.bytes += size - old
	return nil
}
