package fspath

import (
	"io/fs"
	"path"
	"strings"
	"syscall"

	"github.com/justbash/justbash/vfs"
)

// realPath resolves every symlink in the absolute path p through fsys,
// like realpath(3). Every component must exist.
func RealPath(fsys vfs.FS, p string) (string, error) {
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

// baseOf is basename(1): trailing slashes go, then the directory part,
// then suffix unless it is the whole name.
func Base(s, suffix string) string {
	t := strings.TrimRight(s, "/")
	if t == "" {
		if s == "" {
			return ""
		}
		return "/"
	}
	if i := strings.LastIndexByte(t, '/'); i >= 0 {
		t = t[i+1:]
	}
	if suffix != "" && t != suffix && strings.HasSuffix(t, suffix) {
		t = t[:len(t)-len(suffix)]
	}
	return t
}

// dirOf is dirname(1); unlike path.Dir it does not clean "a//b/../c".
func Dir(s string) string {
	t := strings.TrimRight(s, "/")
	if t == "" {
		if strings.HasPrefix(s, "/") {
			return "/"
		}
		return "."
	}
	i := strings.LastIndexByte(t, '/')
	if i < 0 {
		return "."
	}
	d := strings.TrimRight(t[:i], "/")
	if d == "" {
		return "/"
	}
	return d
}
