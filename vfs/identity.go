package vfs

import (
	"io/fs"
	"time"
)

// Identity is what stat(2) tells about a file beyond fs.FileInfo: its
// inode (hard links share one), link count, owner, device number and
// access time.
type Identity struct {
	Ino, Nlink uint64
	UID, GID   uint32
	Rdev       uint64
	Atime      time.Time
}

// IdentityOf returns fi's identity when its FS reports one (Mem, HostDir
// and mounts of them do).
func IdentityOf(fi fs.FileInfo) (Identity, bool) {
	for {
		switch f := fi.(type) {
		case *fileInfo:
			return Identity{Ino: f.ino, Nlink: f.nlink, UID: f.uid, GID: f.gid, Rdev: f.rdev, Atime: f.atime}, true
		case renamedInfo:
			fi = f.FileInfo
		case *renamedInfo:
			fi = f.FileInfo
		default:
			return Identity{}, false
		}
	}
}

// DeviceOf names the device kind of a character device's rdev, as Mknod
// takes it; false for devices a Mem cannot make.
func DeviceOf(rdev uint64) (Device, bool) {
	for d := DevNull; d <= DevFull; d++ {
		if d.rdev() == rdev {
			return d, true
		}
	}
	return 0, false
}
