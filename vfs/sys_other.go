//go:build !linux

package vfs

import (
	"io/fs"
	"time"
)

// sys has no portable stat structure to fill outside Linux.
func (fi *fileInfo) sys() any { return nil }

func hostStatFields(fi fs.FileInfo) (ino, nlink uint64, atime, ctime time.Time) {
	return 0, 1, fi.ModTime(), fi.ModTime()
}
