package vfs

import (
	"errors"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

// maxSymlinkHops is Linux's MAXSYMLINKS: more hops than this gives ELOOP.
const maxSymlinkHops = 40

// Mem is an in-memory POSIX-like filesystem: an inode tree with
// directories, regular files, symlinks, hard links and character devices.
//
// Permissions are stored and reported but never enforced: the sandbox user
// owns everything, and the shell checks mode bits itself where bash would.
//
// Quotas: a write or truncate that would exceed WithMaxFileSize fails with
// EFBIG and one that would exceed WithMaxTotalBytes fails with ENOSPC. A
// failing write writes nothing (n == 0), so a file is never left half
// updated by a quota error.
type Mem struct {
	mu      sync.RWMutex
	root    *inode
	clock   func() time.Time
	nextIno uint64
	uid     uint32
	gid     uint32

	maxFile   int64 // 0: DefaultMaxFileSize
	maxTotal  int64
	maxInodes int64
	bytes     int64 // sum of regular file sizes (each inode once)
	inodes    int64
	// stamp, while ForkFresh copies a tree into this Mem, is the time
	// every copied inode gets.
	stamp time.Time
}

// MemOption configures NewMem.
type MemOption func(*Mem)

// WithClock sets the time source for atime/mtime/ctime (default: the
// current time in UTC — a time in time.Local would make Go read the host's
// /etc/localtime as soon as anything formats it).
func WithClock(now func() time.Time) MemOption {
	return func(m *Mem) {
		if now != nil {
			m.clock = now
		}
	}
}

// WithMaxFileSize bounds every regular file to n bytes (EFBIG beyond).
// Without it a file is bounded by DefaultMaxFileSize.
func WithMaxFileSize(n int64) MemOption { return func(m *Mem) { m.maxFile = n } }

// DefaultMaxFileSize bounds a file of a Mem made without WithMaxFileSize:
// a file's bytes are allocated as it grows, so `truncate -s 900G` would
// otherwise ask the Go runtime for 900 GB at once, a fatal out-of-memory
// that no recover catches.
const DefaultMaxFileSize = 4 << 30

// WithMaxTotalBytes bounds the bytes of all regular files (ENOSPC beyond).
func WithMaxTotalBytes(n int64) MemOption { return func(m *Mem) { m.maxTotal = n } }

// WithMaxInodes bounds the number of inodes, the root included (ENOSPC beyond).
func WithMaxInodes(n int64) MemOption { return func(m *Mem) { m.maxInodes = n } }

// WithOwner sets the uid/gid given to new inodes (default 1000/1000).
func WithOwner(uid, gid uint32) MemOption {
	return func(m *Mem) { m.uid, m.gid = uid, gid }
}

// NewMem returns an empty filesystem holding only the root directory (0755).
func NewMem(opts ...MemOption) *Mem {
	m := &Mem{clock: nowUTC, uid: 1000, gid: 1000}
	for _, o := range opts {
		o(m)
	}
	m.root = m.newInode(fs.ModeDir | 0o755)
	m.root.nlink = 1
	m.inodes = 1
	return m
}

// Usage reports the bytes held by regular files and the number of inodes.
func (m *Mem) Usage() (bytes, inodes int64) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.bytes, m.inodes
}

func (m *Mem) now() time.Time { return m.clock() }

// lookup is the result of resolving a path: the directory holding the final
// component, its name and the inode (nil when it does not exist). dir is
// nil when the path names the root or ends in "." or "..".
type lookup struct {
	dir  *inode
	name string
	node *inode
}

// splitPath cleans name into components and reports a trailing slash,
// which (as in POSIX) requires the final component to be a directory.
func splitPath(name string) (comps []string, mustDir bool) {
	mustDir = len(name) > 1 && strings.HasSuffix(name, "/")
	c := cleanAbs(name)
	if c == "/" {
		return nil, mustDir
	}
	return strings.Split(c[1:], "/"), mustDir
}

// targetComps splits a symlink target without cleaning it: ".." in a target
// must be resolved physically, relative to where the link was found.
func targetComps(t string) []string {
	parts := strings.Split(t, "/")
	out := parts[:0]
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// walk resolves name; symlinks are followed in every intermediate
// component and in the final one when follow is set. Callers hold m.mu.
func (m *Mem) walk(name string, follow bool) (lookup, error) {
	if name == "" {
		return lookup{}, syscall.ENOENT
	}
	comps, mustDir := splitPath(name)
	if mustDir {
		follow = true
	}
	l, err := m.walkComps(comps, follow)
	if err == nil && mustDir && l.node != nil && !l.node.isDir() {
		return l, syscall.ENOTDIR
	}
	return l, err
}

func (m *Mem) walkComps(comps []string, follow bool) (lookup, error) {
	cur := m.root
	hops := 0
	// Copy so splicing symlink targets never aliases the caller's slice.
	comps = append([]string(nil), comps...)
	for len(comps) > 0 {
		c := comps[0]
		comps = comps[1:]
		last := len(comps) == 0
		if !cur.isDir() {
			return lookup{}, syscall.ENOTDIR
		}
		if c == "." || c == ".." {
			if c == ".." && cur.parent != nil {
				cur = cur.parent
			}
			if last {
				return lookup{node: cur}, nil
			}
			continue
		}
		child := cur.children[c]
		if child == nil {
			if last {
				return lookup{dir: cur, name: c}, nil
			}
			return lookup{}, syscall.ENOENT
		}
		if child.isSymlink() && (!last || follow) {
			hops++
			if hops > maxSymlinkHops {
				return lookup{}, syscall.ELOOP
			}
			if strings.HasPrefix(child.target, "/") {
				cur = m.root
			}
			comps = append(targetComps(child.target), comps...)
			if len(comps) == 0 { // target "/"
				return lookup{node: cur}, nil
			}
			continue
		}
		if last {
			return lookup{dir: cur, name: c, node: child}, nil
		}
		cur = child
	}
	return lookup{node: cur}, nil
}

// Stat follows symlinks.
func (m *Mem) Stat(name string) (fs.FileInfo, error) { return m.stat("stat", name, true) }

// Lstat does not follow a final symlink.
func (m *Mem) Lstat(name string) (fs.FileInfo, error) { return m.stat("lstat", name, false) }

func (m *Mem) stat(op, name string, follow bool) (fs.FileInfo, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	l, err := m.walk(name, follow)
	if err != nil {
		return nil, pathErr(op, name, err)
	}
	if l.node == nil {
		return nil, pathErr(op, name, syscall.ENOENT)
	}
	return l.node.info(baseName(name)), nil
}

// ReadDir lists a directory sorted by name.
func (m *Mem) ReadDir(name string) ([]fs.DirEntry, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	l, err := m.walk(name, true)
	if err == nil && l.node == nil {
		err = syscall.ENOENT
	}
	if err == nil && !l.node.isDir() {
		err = syscall.ENOTDIR
	}
	if err != nil {
		return nil, pathErr("readdirent", name, err)
	}
	return l.node.dirEntries(), nil
}

// dirEntries snapshots a directory's children sorted by name.
func (n *inode) dirEntries() []fs.DirEntry {
	names := make([]string, 0, len(n.children))
	for k := range n.children {
		names = append(names, k)
	}
	sort.Strings(names)
	out := make([]fs.DirEntry, len(names))
	for i, k := range names {
		out[i] = fs.FileInfoToDirEntry(n.children[k].info(k))
	}
	return out
}

// Mkdir creates a directory; an existing name (even a dangling symlink) is EEXIST.
func (m *Mem) Mkdir(name string, perm fs.FileMode) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	comps, _ := splitPath(name)
	l, err := m.walkComps(comps, false)
	if err != nil {
		return pathErr("mkdir", name, err)
	}
	if l.node != nil || l.dir == nil {
		return pathErr("mkdir", name, syscall.EEXIST)
	}
	if _, err := m.create(l.dir, l.name, fs.ModeDir|(perm&modeBits)); err != nil {
		return pathErr("mkdir", name, err)
	}
	return nil
}

// MkdirAll creates name and any missing parents, like os.MkdirAll.
func (m *Mem) MkdirAll(name string, perm fs.FileMode) error {
	return mkdirAll(m, name, perm)
}

// mkdirAll implements MkdirAll on top of Stat and Mkdir for any FS.
func mkdirAll(fsys FS, name string, perm fs.FileMode) error {
	if fi, err := fsys.Stat(name); err == nil {
		if fi.IsDir() {
			return nil
		}
		return pathErr("mkdir", name, syscall.ENOTDIR)
	}
	c := cleanAbs(name)
	// The parent usually exists: try first, and walk up only when it does
	// not, so a shell's start-up does not stat every ancestor of each
	// directory it lays out.
	err := fsys.Mkdir(c, perm)
	if errors.Is(err, fs.ErrNotExist) {
		if parent := path.Dir(c); parent != c {
			if err := mkdirAll(fsys, parent, perm); err != nil {
				return err
			}
		}
		err = fsys.Mkdir(c, perm)
	}
	if err != nil {
		// A concurrent creator (or a symlink to a dir) is fine.
		if fi, serr := fsys.Stat(c); serr == nil && fi.IsDir() {
			return nil
		}
		if pe, ok := err.(*fs.PathError); ok {
			pe.Path = name
		}
		return err
	}
	return nil
}

func nowUTC() time.Time { return time.Now().UTC() }
