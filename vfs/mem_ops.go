package vfs

import (
	"io/fs"
	"syscall"
	"time"
)

// Remove deletes a file, a symlink or an empty directory.
func (m *Mem) Remove(name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	l, err := m.walk(name, false)
	if err == nil && l.node == nil {
		err = syscall.ENOENT
	}
	if err == nil && l.dir == nil {
		err = syscall.EBUSY
	}
	if err == nil && l.node.isDir() && len(l.node.children) > 0 {
		err = syscall.ENOTEMPTY
	}
	if err != nil {
		return pathErr("remove", name, err)
	}
	m.detach(l.dir, l.name)
	return nil
}

// RemoveAll deletes name and everything below it. A missing name is not an
// error. RemoveAll("/") empties the root but keeps it.
func (m *Mem) RemoveAll(name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	l, err := m.walk(name, false)
	if err != nil {
		if err == syscall.ENOENT {
			return nil
		}
		return pathErr("unlinkat", name, err)
	}
	if l.node == nil {
		return nil
	}
	m.dropChildren(l.node)
	if l.dir != nil {
		m.detach(l.dir, l.name)
	}
	return nil
}

// dropChildren recursively unlinks everything below a directory.
func (m *Mem) dropChildren(n *inode) {
	if !n.isDir() {
		return
	}
	for name, c := range n.children {
		m.dropChildren(c)
		m.detach(n, name)
	}
}

// Rename moves oldname to newname with rename(2) semantics.
func (m *Mem) Rename(oldname, newname string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.rename(oldname, newname); err != nil {
		return linkErr("rename", oldname, newname, err)
	}
	return nil
}

func (m *Mem) rename(oldname, newname string) error {
	ol, err := m.walk(oldname, false)
	if err != nil {
		return err
	}
	if ol.node == nil {
		return syscall.ENOENT
	}
	if ol.dir == nil {
		return syscall.EBUSY
	}
	nl, err := m.walk(newname, false)
	if err != nil {
		return err
	}
	if nl.dir == nil {
		return syscall.EBUSY
	}
	src, dst := ol.node, nl.node
	if src == dst {
		return nil // same inode: rename(2) does nothing
	}
	if src.isDir() {
		for d := nl.dir; d != nil; d = d.parent {
			if d == src {
				return syscall.EINVAL
			}
		}
		if dst != nil && !dst.isDir() {
			return syscall.ENOTDIR
		}
		if dst != nil && len(dst.children) > 0 {
			return syscall.ENOTEMPTY
		}
	} else if dst != nil && dst.isDir() {
		return syscall.EISDIR
	} else if dst == nil && hasTrailingSlash(newname) {
		return syscall.ENOTDIR
	}
	if dst != nil {
		m.detach(nl.dir, nl.name)
	}
	// Move the entry without passing through nlink 0, which would free it.
	delete(ol.dir.children, ol.name)
	nl.dir.children[nl.name] = src
	if src.isDir() {
		ol.dir.subdirs--
		nl.dir.subdirs++
		src.parent = nl.dir
	}
	t := m.now()
	ol.dir.mtime, ol.dir.ctime = t, t
	nl.dir.mtime, nl.dir.ctime = t, t
	src.ctime = t
	return nil
}

func hasTrailingSlash(name string) bool {
	return len(name) > 1 && name[len(name)-1] == '/'
}

// Symlink creates linkname pointing at target (stored verbatim).
func (m *Mem) Symlink(target, linkname string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	l, err := m.walk(linkname, false)
	switch {
	case err != nil:
	case target == "":
		err = syscall.ENOENT
	case l.node != nil || l.dir == nil:
		err = syscall.EEXIST
	}
	if err != nil {
		return linkErr("symlink", target, linkname, err)
	}
	n, err := m.create(l.dir, l.name, fs.ModeSymlink|0o777)
	if err != nil {
		return linkErr("symlink", target, linkname, err)
	}
	n.target = target
	return nil
}

// Readlink returns a symlink's target; other files give EINVAL.
func (m *Mem) Readlink(name string) (string, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	l, err := m.walk(name, false)
	if err == nil && l.node == nil {
		err = syscall.ENOENT
	}
	if err == nil && !l.node.isSymlink() {
		err = syscall.EINVAL
	}
	if err != nil {
		return "", pathErr("readlink", name, err)
	}
	return l.node.target, nil
}

// Link makes newname another name of oldname's inode (not for directories).
func (m *Mem) Link(oldname, newname string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	ol, err := m.walk(oldname, false)
	if err == nil && ol.node == nil {
		err = syscall.ENOENT
	}
	if err == nil && ol.node.isDir() {
		err = syscall.EPERM
	}
	var nl lookup
	if err == nil {
		nl, err = m.walk(newname, false)
	}
	if err == nil && (nl.node != nil || nl.dir == nil) {
		err = syscall.EEXIST
	}
	if err != nil {
		return linkErr("link", oldname, newname, err)
	}
	m.attach(nl.dir, nl.name, ol.node)
	ol.node.ctime = m.now()
	return nil
}

// modify resolves name (following symlinks) and applies fn under the lock.
func (m *Mem) modify(op, name string, fn func(n *inode)) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	l, err := m.walk(name, true)
	if err == nil && l.node == nil {
		err = syscall.ENOENT
	}
	if err != nil {
		return pathErr(op, name, err)
	}
	fn(l.node)
	l.node.ctime = m.now()
	return nil
}

// Chmod sets the permission, setuid, setgid and sticky bits.
func (m *Mem) Chmod(name string, mode fs.FileMode) error {
	return m.modify("chmod", name, func(n *inode) {
		n.mode = n.mode&^modeBits | mode&modeBits
	})
}

// Chtimes sets access and modification times; a zero time leaves that one unchanged.
func (m *Mem) Chtimes(name string, atime, mtime time.Time) error {
	return m.modify("chtimes", name, func(n *inode) {
		if !atime.IsZero() {
			n.atime = atime
		}
		if !mtime.IsZero() {
			n.mtime = mtime
		}
	})
}

// Chown sets the owner; a negative id leaves that one unchanged.
func (m *Mem) Chown(name string, uid, gid int) error {
	return m.modify("chown", name, func(n *inode) {
		if uid >= 0 {
			n.uid = uint32(uid)
		}
		if gid >= 0 {
			n.gid = uint32(gid)
		}
	})
}
