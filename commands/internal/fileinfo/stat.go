package fileinfo

import (
	"github.com/justbash/justbash/commands/internal/identity"

	"io/fs"
	"syscall"
	"time"
)

// statInfo is the stat(2) view of a FileInfo that stat, find and du need.
// FileInfos without a Stat_t (unusual FS types) get plausible defaults.
type StatInfo struct {
	Uid, Gid    uint32
	Ino, Nlink  uint64
	Dev, Rdev   uint64
	Blocks      int64
	Atime, Ctim time.Time
}

func StatOf(fi fs.FileInfo) StatInfo {
	si := StatInfo{Uid: identity.UID, Gid: identity.UID, Nlink: 1, Atime: fi.ModTime(), Ctim: fi.ModTime()}
	if fi.Mode().IsRegular() {
		si.Blocks = (fi.Size() + 511) / 512
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return si
	}
	si.Uid, si.Gid = st.Uid, st.Gid
	si.Ino, si.Nlink = st.Ino, uint64(st.Nlink)
	si.Dev, si.Rdev = uint64(st.Dev), uint64(st.Rdev)
	si.Blocks = st.Blocks
	if fi.Mode()&fs.ModeSymlink != 0 {
		// Short symlinks live in the inode on Linux filesystems: no blocks.
		si.Blocks = 0
	}
	si.Atime = time.Unix(st.Atim.Unix())
	si.Ctim = time.Unix(st.Ctim.Unix())
	return si
}

// fileTypeName is the %F text of stat.
func TypeName(fi fs.FileInfo) string {
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
