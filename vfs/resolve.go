package vfs

import (
	"io/fs"
	"path"
	"strings"
	"syscall"
)

// resolvePath walks name component by component through a namespace
// described by lstat and readlink, following symlinks in intermediate
// components (and in the last one when follow is set), and returns the
// canonical path. A missing last component is not an error. Mount and
// Overlay share it: only how they stat and read links differs.
func resolvePath(name string, follow bool, lstat func(string) (fs.FileInfo, error), readlink func(string) (string, error)) (string, error) {
	if name == "" {
		return "", syscall.ENOENT
	}
	comps, mustDir := splitPath(name)
	if mustDir {
		follow = true
	}
	cur, hops := "/", 0
	for len(comps) > 0 {
		c := comps[0]
		comps = comps[1:]
		last := len(comps) == 0
		if c == "." || c == ".." {
			if c == ".." {
				cur = path.Dir(cur)
			}
			continue
		}
		next := path.Join(cur, c)
		fi, err := lstat(next)
		if err != nil {
			if last && err == syscall.ENOENT {
				return next, nil
			}
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink != 0 && (!last || follow) {
			if hops++; hops > maxSymlinkHops {
				return "", syscall.ELOOP
			}
			t, err := readlink(next)
			if err != nil {
				return "", err
			}
			if strings.HasPrefix(t, "/") {
				cur = "/"
			}
			comps = append(targetComps(t), comps...)
			continue
		}
		if !last && !fi.IsDir() {
			return "", syscall.ENOTDIR
		}
		cur = next
	}
	if mustDir {
		if fi, err := lstat(cur); err == nil && !fi.IsDir() {
			return "", syscall.ENOTDIR
		}
	}
	return cur, nil
}
