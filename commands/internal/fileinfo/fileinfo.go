package fileinfo

import (
	"io/fs"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// modeString is ls's ten-character mode column.
func ModeString(m fs.FileMode) string {
	b := []byte("----------")
	switch {
	case m.IsDir():
		b[0] = 'd'
	case m&fs.ModeSymlink != 0:
		b[0] = 'l'
	case m&fs.ModeCharDevice != 0:
		b[0] = 'c'
	case m&fs.ModeDevice != 0:
		b[0] = 'b'
	case m&fs.ModeNamedPipe != 0:
		b[0] = 'p'
	case m&fs.ModeSocket != 0:
		b[0] = 's'
	}
	const rwx = "rwxrwxrwx"
	for i := 0; i < 9; i++ {
		if m&(1<<uint(8-i)) != 0 {
			b[i+1] = rwx[i]
		}
	}
	special := func(pos int, on bool, lower byte) {
		if !on {
			return
		}
		if b[pos] == 'x' {
			b[pos] = lower
		} else {
			b[pos] = lower - 32
		}
	}
	special(3, m&fs.ModeSetuid != 0, 's')
	special(6, m&fs.ModeSetgid != 0, 's')
	special(9, m&fs.ModeSticky != 0, 't')
	return string(b)
}

// sameFile compares inode numbers when the FS exposes them.
func SameFile(a, b fs.FileInfo) bool {
	sa, ok1 := a.Sys().(*syscall.Stat_t)
	sb, ok2 := b.Sys().(*syscall.Stat_t)
	return ok1 && ok2 && sa.Ino != 0 && sa.Ino == sb.Ino && sa.Dev == sb.Dev
}

// fileAtime reads the access time from a stat, falling back to mtime.
func Atime(fi fs.FileInfo) time.Time {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return time.Unix(st.Atim.Sec, st.Atim.Nsec)
	}
	return fi.ModTime()
}

// isSymlink reports whether fi is a symbolic link.
func IsSymlink(fi fs.FileInfo) bool { return fi.Mode()&fs.ModeSymlink != 0 }

// padField applies printf-like flags and width to an already formatted value.
func PadField(val, flags string, numeric bool) string {
	left, zero := strings.Contains(flags, "-"), strings.HasPrefix(strings.TrimLeft(flags, "-+ #'"), "0")
	w, _ := strconv.Atoi(strings.TrimLeft(strings.SplitN(flags, ".", 2)[0], "-+ #0'"))
	if len(val) >= w {
		return val
	}
	pad := strings.Repeat(" ", w-len(val))
	switch {
	case left:
		return val + pad
	case zero && numeric:
		return strings.Repeat("0", w-len(val)) + val
	}
	return pad + val
}
