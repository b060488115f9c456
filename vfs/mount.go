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

// Mount is a mount table: each path is served by the filesystem mounted at
// its longest matching prefix. Mount points show up as directories in
// their parent's listing (parents that exist nowhere are synthesised).
//
// Symlinks are resolved here, component by component across mounts, so a
// link in one filesystem may point into another. Rename and Link across
// filesystems fail with EXDEV; removing or renaming a mount point gives
// EBUSY. Errors carry the caller's full virtual path.
type Mount struct {
	mu     sync.RWMutex
	mounts map[string]FS
	points []string // longest first
}

// NewMount returns a table with root mounted at "/".
func NewMount(root FS) *Mount {
	return &Mount{mounts: map[string]FS{"/": root}, points: []string{"/"}}
}

// Mount attaches fsys at point; an occupied point is EBUSY.
func (m *Mount) Mount(point string, fsys FS) error {
	p := path.Clean("/" + point)
	m.mu.Lock()
	defer m.mu.Unlock()
	if fsys == nil {
		return pathErr("mount", point, syscall.EINVAL)
	}
	if _, ok := m.mounts[p]; ok {
		return pathErr("mount", point, syscall.EBUSY)
	}
	m.mounts[p] = fsys
	m.sortPoints()
	return nil
}

// Unmount detaches the filesystem at point. The root cannot be unmounted.
func (m *Mount) Unmount(point string) error {
	p := path.Clean("/" + point)
	m.mu.Lock()
	defer m.mu.Unlock()
	if p == "/" {
		return pathErr("unmount", point, syscall.EBUSY)
	}
	if _, ok := m.mounts[p]; !ok {
		return pathErr("unmount", point, syscall.EINVAL)
	}
	delete(m.mounts, p)
	m.sortPoints()
	return nil
}

func (m *Mount) sortPoints() {
	m.points = m.points[:0]
	for p := range m.mounts {
		m.points = append(m.points, p)
	}
	sort.Slice(m.points, func(i, j int) bool {
		if len(m.points[i]) != len(m.points[j]) {
			return len(m.points[i]) > len(m.points[j])
		}
		return m.points[i] < m.points[j]
	})
}

// under reports whether p is mp or inside it.
func under(p, mp string) bool {
	return mp == "/" || p == mp || strings.HasPrefix(p, mp+"/")
}

// dispatch finds the filesystem serving canonical path p and the path inside it.
func (m *Mount) dispatch(p string) (fsys FS, inner, point string) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	for _, mp := range m.points {
		if under(p, mp) {
			inner = "/"
			if p != mp {
				inner = p[len(mp):]
				if mp == "/" {
					inner = p
				}
			}
			return m.mounts[mp], inner, mp
		}
	}
	return m.mounts["/"], p, "/" // unreachable: "/" matches everything
}

// isMountPoint reports whether p is a mount point other than the root.
func (m *Mount) isMountPoint(p string) bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	_, ok := m.mounts[p]
	return ok && p != "/"
}

// mountsBelow lists the mount points strictly below p.
func (m *Mount) mountsBelow(p string) []string {
	m.mu.RLock()
	defer m.mu.RUnlock()
	var out []string
	for _, mp := range m.points {
		if mp != p && mp != "/" && under(mp, p) {
			out = append(out, mp)
		}
	}
	return out
}

// lstat stats canonical p; ancestors of mount points missing from their
// filesystem appear as synthetic directories.
func (m *Mount) lstat(p string) (fs.FileInfo, error) {
	fsys, inner, _ := m.dispatch(p)
	fi, err := fsys.Lstat(inner)
	if err == nil {
		return fi, nil
	}
	if len(m.mountsBelow(p)) > 0 {
		return &fileInfo{name: baseName(p), mode: fs.ModeDir | 0o755, size: 4096, nlink: 2,
			mtime: time.Unix(0, 0), atime: time.Unix(0, 0), ctime: time.Unix(0, 0), uid: 0, gid: 0}, nil
	}
	return nil, unwrapErrno(err)
}

// resolve canonicalises name across mounts; a missing last component is
// returned without error.
func (m *Mount) resolve(name string, follow bool) (string, error) {
	return resolvePath(name, follow, m.lstat, func(p string) (string, error) {
		fsys, inner, _ := m.dispatch(p)
		t, err := fsys.Readlink(inner)
		return t, unwrapErrno(err)
	})
}

// at resolves name and dispatches it.
func (m *Mount) at(name string, follow bool) (p string, fsys FS, inner string, err error) {
	p, err = m.resolve(name, follow)
	if err != nil {
		return "", nil, "", err
	}
	fsys, inner, _ = m.dispatch(p)
	return p, fsys, inner, nil
}

func (m *Mount) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	excl := flag&os.O_CREATE != 0 && flag&os.O_EXCL != 0
	p, fsys, inner, err := m.at(name, !excl)
	if err != nil {
		return nil, pathErr("open", name, err)
	}
	if hasTrailingSlash(name) && inner != "/" {
		inner += "/"
	}
	f, err := fsys.OpenFile(inner, flag, perm)
	if !writable(flag) && len(m.mountsBelow(p)) > 0 {
		// The listing must include the mount points below p.
		if err == nil {
			f.Close()
		}
		return &listFile{m: m, p: p, name: name}, nil
	}
	if err != nil {
		return nil, withPath(err, name)
	}
	if f.Name() == name {
		return f, nil
	}
	return namedFile{f, name}, nil
}

func (m *Mount) Stat(name string) (fs.FileInfo, error)  { return m.stat("stat", name, true) }
func (m *Mount) Lstat(name string) (fs.FileInfo, error) { return m.stat("lstat", name, false) }

func (m *Mount) stat(op, name string, follow bool) (fs.FileInfo, error) {
	p, err := m.resolve(name, follow)
	var fi fs.FileInfo
	if err == nil {
		fi, err = m.lstat(p)
	}
	if err != nil {
		return nil, pathErr(op, name, err)
	}
	return renamedInfo{fi, baseName(name)}, nil
}
