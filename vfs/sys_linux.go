//go:build linux

package vfs

import (
	"io/fs"
	"syscall"
	"time"
)

// setNum assigns across the per-architecture integer widths of Stat_t
// fields (Nlink and Blksize differ between amd64 and arm64).
func setNum[T ~int32 | ~int64 | ~uint32 | ~uint64](dst *T, v int64) { *dst = T(v) }

func (fi *fileInfo) sys() any {
	st := &syscall.Stat_t{
		Ino:  fi.ino,
		Mode: unixMode(fi.mode),
		Uid:  fi.uid,
		Gid:  fi.gid,
		Rdev: fi.rdev,
		Size: fi.size,
		Atim: syscall.NsecToTimespec(fi.atime.UnixNano()),
		Mtim: syscall.NsecToTimespec(fi.mtime.UnixNano()),
		Ctim: syscall.NsecToTimespec(fi.ctime.UnixNano()),
	}
	setNum(&st.Nlink, int64(fi.nlink))
	setNum(&st.Blksize, 4096)
	st.Blocks = (fi.size + 511) / 512
	return st
}

// hostStatFields extracts what a host FileInfo's Stat_t adds to FileInfo.
func hostStatFields(fi fs.FileInfo) (ino, nlink uint64, atime, ctime time.Time) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 1, fi.ModTime(), fi.ModTime()
	}
	return st.Ino, uint64(st.Nlink), time.Unix(st.Atim.Unix()), time.Unix(st.Ctim.Unix())
}
