package commands

import (
	"io/fs"
	"path"
	"strings"
	"syscall"

	"github.com/justbash/justbash/vfs"
)

// realPath resolves every symlink in the absolute path p through fsys,
// like realpath(3). Every component must exist.
func realPath(fsys vfs.FS, p string) (string, error) {
	resolved := "/"
	rest := strings.Split(strings.TrimPrefix(path.Clean(p), "/"), "/")
	hops := 0
	for len(rest) > 0 {
		name := rest[0]
		rest = rest[1:]
		switch name {
		case "", ".":
			continue
		case "..":
			resolved = path.Dir(resolved)
			continue
		}
		next := path.Join(resolved, name)
		fi, err := fsys.Lstat(next)
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			if len(rest) > 0 && !fi.IsDir() {
				return "", &fs.PathError{Op: "stat", Path: p, Err: syscall.ENOTDIR}
			}
			resolved = next
			continue
		}
		if hops++; hops > 40 {
			return "", &fs.PathError{Op: "stat", Path: p, Err: syscall.ELOOP}
		}
		target, err := fsys.Readlink(next)
		if err != nil {
			return "", err
		}
		if path.IsAbs(target) {
			resolved = "/"
		}
		rest = append(strings.Split(target, "/"), rest...)
	}
	return resolved, nil
}
