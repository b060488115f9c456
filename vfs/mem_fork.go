package vfs

import "time"

// Fork returns a copy of m that shares the bytes of every regular file with
// m until either side writes to it (copy-on-write per file): an agent that
// branches (tries two fixes from one state) pays for what each branch
// changes, not for the whole tree. The copy has m's options and quotas;
// inode numbers are kept, so hard links stay links. Files open in m are not
// open in the copy, and an unlinked file still open in m is not in it.
func (m *Mem) Fork() *Mem {
	return m.fork(nil, false)
}

// ForkFresh is Fork for a template: the copy takes opts (its clock, its
// quotas) instead of m's, and every inode in it carries the copy's
// current time, as if the tree had just been made. A tree laid out once
// per process this way starts each sandbox for the cost of a copy.
func (m *Mem) ForkFresh(opts ...MemOption) *Mem {
	return m.fork(opts, true)
}

func (m *Mem) fork(opts []MemOption, fresh bool) *Mem {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := &Mem{clock: m.clock, nextIno: m.nextIno, uid: m.uid, gid: m.gid,
		maxFile: m.maxFile, maxTotal: m.maxTotal, maxInodes: m.maxInodes}
	if fresh {
		c.clock, c.maxFile, c.maxTotal, c.maxInodes = nowUTC, 0, 0, 0
		for _, o := range opts {
			o(c)
		}
		c.stamp = c.now()
	}
	c.root = c.forkTree(m.root, nil)
	c.stamp = time.Time{}
	return c
}

// forkTree copies the tree under n without recursion (a tree can be
// deeper than Go's stack allows), counting what the copy holds. Only a
// file with several names (a hard link; directories have one) can be met
// twice: just those go through the map that copies each inode once, made
// only when the tree has one.
func (c *Mem) forkTree(root, parent *inode) *inode {
	var copied map[*inode]*inode
	type job struct {
		src, dstParent *inode
		name           string
	}
	var top *inode
	stack := []job{{src: root, dstParent: parent}}
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		linked := j.src.nlink > 1 && !j.src.isDir()
		var dst *inode
		seen := false
		if linked {
			dst, seen = copied[j.src]
		}
		if !seen {
			dst = c.forkInode(j.src)
			if linked {
				if copied == nil {
					copied = map[*inode]*inode{}
				}
				copied[j.src] = dst
			}
		}
		if j.dstParent == nil {
			top = dst
		} else {
			j.dstParent.children[j.name] = dst
		}
		if seen || !j.src.isDir() {
			continue
		}
		dst.parent = j.dstParent
		for name, child := range j.src.children {
			if child.isDir() {
				dst.subdirs++
			}
			stack = append(stack, job{src: child, dstParent: dst, name: name})
		}
	}
	return top
}

// forkInode copies one inode's metadata; file bytes become shared.
func (c *Mem) forkInode(n *inode) *inode {
	d := &inode{ino: n.ino, mode: n.mode, uid: n.uid, gid: n.gid,
		atime: n.atime, mtime: n.mtime, ctime: n.ctime, nlink: n.nlink,
		target: n.target, dev: n.dev}
	if !c.stamp.IsZero() {
		d.atime, d.mtime, d.ctime = c.stamp, c.stamp, c.stamp
	}
	if n.isDir() {
		d.children = make(map[string]*inode, len(n.children))
	}
	if n.isRegular() && len(n.data) > 0 {
		n.shared, d.shared = true, true
		d.data = n.data[:len(n.data):len(n.data)]
		c.bytes += int64(len(n.data))
	}
	c.inodes++
	return d
}

// own gives n a private copy of the first keep bytes it shares with a
// fork, before they change (a truncate keeps fewer). Callers hold m.mu
// for writing.
func (n *inode) own(keep int64) {
	if n.shared {
		keep = min(keep, int64(len(n.data)))
		n.data = append([]byte(nil), n.data[:keep]...)
		n.shared = false
	}
}
