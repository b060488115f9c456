package vfs

import (
	"io/fs"
	"os"
	"sort"
	"syscall"
	"time"
)

// HostDir is a read-write view of a host directory confined by an
// *os.Root: ".." and symlinks (relative or absolute) cannot leave it, and
// errors carry virtual paths only. Symlinks the sandbox creates are stored
// verbatim on the host; os.Root stops the sandbox from following them out.
// Only regular files and directories can be opened, so a host fifo or
// device can never block or leak.
//
// Writes reach the real host, so two things are refused on the way:
//   - Mode bits that outlive the sandbox: setuid, setgid, sticky and the
//     world-writable bit are stripped from every create (OpenFile with
//     O_CREATE, Mkdir) and chmod, so a script cannot leave a setuid binary
//     or a 0777 directory behind (chmod 4755 becomes 0755, 7777 → 0775).
//   - Writes through hard links: a regular file with more than one link
//     may share its inode with a file outside the root (os.Root confines
//     names, not inodes), so opening it for writing, truncating, chmod and
//     chtimes fail with EPERM. Reading it, renaming or removing the name
//     inside the root still work. Link can create such files; they become
//     read-only to the sandbox the same way.
type HostDir struct {
	root     *os.Root
	uid, gid uint32
}

// NewHostDir opens dir; files are reported as owned by uid/gid 1000.
func NewHostDir(dir string) (*HostDir, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &HostDir{root: root, uid: 1000, gid: 1000}, nil
}

// Close releases the host directory handle.
func (h *HostDir) Close() error { return h.root.Close() }

// rel maps a virtual path into the root, keeping a trailing slash so the
// kernel still demands a directory.
func (h *HostDir) rel(name string) string {
	r := hostRel(name)
	if hasTrailingSlash(name) && r != "." {
		r += "/"
	}
	return r
}

func (h *HostDir) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	if name == "" {
		return nil, pathErr("open", name, syscall.ENOENT)
	}
	if fi, err := h.root.Stat(h.rel(name)); err == nil && !fi.IsDir() && !fi.Mode().IsRegular() {
		return nil, pathErr("open", name, syscall.EACCES)
	}
	// O_TRUNC waits for the link check: it must not cut a shared inode.
	f, err := h.root.OpenFile(h.rel(name), flag&^(os.O_TRUNC|NoAtime), hostMode(perm))
	if err != nil {
		return nil, pathErr("open", name, hostErrno(err))
	}
	if writable(flag) {
		if err := checkLinks(f); err != nil {
			_ = f.Close()
			return nil, pathErr("open", name, err)
		}
		if flag&os.O_TRUNC != 0 {
			if err := f.Truncate(0); err != nil {
				_ = f.Close()
				return nil, pathErr("open", name, hostErrno(err))
			}
		}
	}
	return &hostFile{f: f, name: name, readOnly: !writable(flag), uid: h.uid, gid: h.gid}, nil
}

func (h *HostDir) Stat(name string) (fs.FileInfo, error) {
	return h.stat("stat", name, h.root.Stat)
}

func (h *HostDir) Lstat(name string) (fs.FileInfo, error) {
	return h.stat("lstat", name, h.root.Lstat)
}

func (h *HostDir) stat(op, name string, fn func(string) (fs.FileInfo, error)) (fs.FileInfo, error) {
	if name == "" {
		return nil, pathErr(op, name, syscall.ENOENT)
	}
	fi, err := fn(h.rel(name))
	if err != nil {
		return nil, pathErr(op, name, hostErrno(err))
	}
	return hostInfo(fi, baseName(name), h.uid, h.gid), nil
}

func (h *HostDir) ReadDir(name string) ([]fs.DirEntry, error) {
	f, err := h.root.Open(h.rel(name))
	if err != nil {
		return nil, pathErr("open", name, hostErrno(err))
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	if err != nil {
		return nil, pathErr("readdirent", name, hostErrno(err))
	}
	out := make([]fs.DirEntry, 0, len(ents))
	for _, e := range ents {
		info, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		out = append(out, fs.FileInfoToDirEntry(hostInfo(info, e.Name(), h.uid, h.gid)))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out, nil
}

func (h *HostDir) Mkdir(name string, perm fs.FileMode) error {
	return h.pathOp("mkdir", name, h.root.Mkdir(h.rel(name), hostMode(perm)))
}

func (h *HostDir) MkdirAll(name string, perm fs.FileMode) error { return mkdirAll(h, name, perm) }

func (h *HostDir) Remove(name string) error {
	if hostRel(name) == "." {
		return pathErr("remove", name, syscall.EBUSY)
	}
	return h.pathOp("remove", name, h.root.Remove(h.rel(name)))
}

func (h *HostDir) RemoveAll(name string) error {
	if hostRel(name) == "." {
		// os.Root cannot remove its own root: empty it instead.
		ents, err := h.ReadDir("/")
		if err != nil {
			return err
		}
		for _, e := range ents {
			if err := h.RemoveAll("/" + e.Name()); err != nil {
				return err
			}
		}
		return nil
	}
	return h.pathOp("unlinkat", name, h.root.RemoveAll(h.rel(name)))
}

func (h *HostDir) Rename(oldname, newname string) error {
	return h.linkOp("rename", oldname, newname, h.root.Rename(h.rel(oldname), h.rel(newname)))
}

func (h *HostDir) Symlink(target, linkname string) error {
	return h.linkOp("symlink", target, linkname, h.root.Symlink(target, h.rel(linkname)))
}

func (h *HostDir) Readlink(name string) (string, error) {
	t, err := h.root.Readlink(h.rel(name))
	if err != nil {
		return "", pathErr("readlink", name, hostErrno(err))
	}
	return t, nil
}

func (h *HostDir) Link(oldname, newname string) error {
	return h.linkOp("link", oldname, newname, h.root.Link(h.rel(oldname), h.rel(newname)))
}

// Chmod and Chtimes work on an open descriptor, so the link check and the
// change apply to the same inode even if the name is swapped meanwhile.
func (h *HostDir) Chmod(name string, mode fs.FileMode) error {
	return h.onInode("chmod", name, func(f *os.File) error { return f.Chmod(hostMode(mode)) },
		func(rel string) error { return h.root.Chmod(rel, hostMode(mode)) })
}

func (h *HostDir) Chtimes(name string, atime, mtime time.Time) error {
	// os.File has no futimes: the path is used once the inode is checked.
	chtimes := func(rel string) error { return h.root.Chtimes(rel, atime, mtime) }
	return h.onInode("chtimes", name, func(*os.File) error { return chtimes(h.rel(name)) }, chtimes)
}

// onInode checks the link count, then applies the change: through the
// descriptor when the file can be opened, else (an unreadable file, as
// in chmod 0 then chmod 644) by name after a stat.
func (h *HostDir) onInode(op, name string, byFile func(*os.File) error, byName func(string) error) error {
	f, err := h.root.Open(h.rel(name))
	if err != nil {
		fi, serr := h.root.Stat(h.rel(name))
		if serr != nil {
			return pathErr(op, name, hostErrno(err))
		}
		if _, nlink, _, _ := hostStatFields(fi); fi.Mode().IsRegular() && nlink > 1 {
			return pathErr(op, name, syscall.EPERM)
		}
		return h.pathOp(op, name, byName(h.rel(name)))
	}
	defer f.Close()
	if err := checkLinks(f); err != nil {
		return pathErr(op, name, err)
	}
	return h.pathOp(op, name, byFile(f))
}

// hostMode keeps only the permission bits a write-through may leave on
// the host: no setuid, setgid or sticky, and not world-writable.
func hostMode(m fs.FileMode) fs.FileMode {
	return m.Perm() &^ 0o002
}

// checkLinks refuses a regular file with more than one hard link.
func checkLinks(f *os.File) error {
	fi, err := f.Stat()
	if err != nil {
		return hostErrno(err)
	}
	if _, nlink, _, _ := hostStatFields(fi); fi.Mode().IsRegular() && nlink > 1 {
		return syscall.EPERM
	}
	return nil
}

func (h *HostDir) pathOp(op, name string, err error) error {
	if err != nil {
		return pathErr(op, name, hostErrno(err))
	}
	return nil
}

func (h *HostDir) linkOp(op, oldname, newname string, err error) error {
	if err != nil {
		return linkErr(op, oldname, newname, hostErrno(err))
	}
	return nil
}
