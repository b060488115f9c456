package commands

import (
	"io/fs"
	"syscall"
	"time"
)

// statInfo is the stat(2) view of a FileInfo that stat, find and du need.
// FileInfos without a Stat_t (unusual FS types) get plausible defaults.
type statInfo struct {
	uid, gid    uint32
	ino, nlink  uint64
	dev, rdev   uint64
	blocks      int64
	atime, ctim time.Time
}

func statOf(fi fs.FileInfo) statInfo {
	si := statInfo{uid: sandboxUID, gid: sandboxUID, nlink: 1, atime: fi.ModTime(), ctim: fi.ModTime()}
	if fi.Mode().IsRegular() {
		si.blocks = (fi.Size() + 511) / 512
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return si
	}
	si.uid, si.gid = st.Uid, st.Gid
	si.ino, si.nlink = st.Ino, uint64(st.Nlink)
	si.dev, si.rdev = uint64(st.Dev), uint64(st.Rdev)
	si.blocks = st.Blocks
	if fi.Mode()&fs.ModeSymlink != 0 {
		// Short symlinks live in the inode on Linux filesystems: no blocks.
		si.blocks = 0
	}
	si.atime = time.Unix(st.Atim.Unix())
	si.ctim = time.Unix(st.Ctim.Unix())
	return si
}

// fileTypeName is the %F text of stat.
func fileTypeName(fi fs.FileInfo) string {
	m := fi.Mode()
	switch {
	case m.IsDir():
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m&fs.ModeCharDevice != 0:
		return "character special file"
	case m&fs.ModeDevice != 0:
		return "block special file"
	case m&fs.ModeNamedPipe != 0:
		return "fifo"
	case m&fs.ModeSocket != 0:
		return "socket"
	case fi.Size() == 0:
		return "regular empty file"
	}
	return "regular file"
}
