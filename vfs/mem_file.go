package vfs

import (
	"io"
	"io/fs"
	"os"
	"sync"
	"syscall"
)

var errEOF = io.EOF

// memFile is an open Mem inode. It holds the inode, so it keeps working
// after the name is unlinked or renamed. Lock order: f.mu, then m.mu.
type memFile struct {
	m    *Mem
	n    *inode
	name string
	flag int

	mu      sync.Mutex
	off     int64
	closed  bool
	dirEnts []fs.DirEntry // snapshot taken by the first ReadDir
	dirPos  int
	dirRead bool
}

func (f *memFile) Name() string { return f.name }

// begin locks the handle and checks it is open.
func (f *memFile) begin(op string) error {
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return pathErr(op, f.name, fs.ErrClosed)
	}
	return nil
}

func (f *memFile) Close() error {
	if err := f.begin("close"); err != nil {
		return err
	}
	defer f.mu.Unlock()
	f.closed = true
	f.m.mu.Lock()
	f.n.opens--
	f.m.maybeFree(f.n)
	f.m.mu.Unlock()
	return nil
}

func (f *memFile) Stat() (fs.FileInfo, error) {
	if err := f.begin("stat"); err != nil {
		return nil, err
	}
	defer f.mu.Unlock()
	f.m.mu.RLock()
	defer f.m.mu.RUnlock()
	return f.n.info(baseName(f.name)), nil
}

func (f *memFile) Read(p []byte) (int, error) {
	if err := f.begin("read"); err != nil {
		return 0, err
	}
	defer f.mu.Unlock()
	n, err := f.readAt("read", p, f.off)
	f.off += int64(n)
	return n, err
}

func (f *memFile) ReadAt(p []byte, off int64) (int, error) {
	if err := f.begin("read"); err != nil {
		return 0, err
	}
	defer f.mu.Unlock()
	if off < 0 {
		return 0, pathErr("read", f.name, syscall.EINVAL)
	}
	n, err := f.readAt("read", p, off)
	if err == nil && n < len(p) && !f.n.isDevice() {
		err = io.EOF // ReadAt must explain a short read
	}
	return n, err
}

func (f *memFile) readAt(op string, p []byte, off int64) (int, error) {
	if f.flag&accessMode == os.O_WRONLY {
		return 0, pathErr(op, f.name, syscall.EBADF)
	}
	switch {
	case f.n.isDir():
		return 0, pathErr(op, f.name, syscall.EISDIR)
	case f.n.isDevice():
		n, err := f.n.dev.read(p)
		if err != nil && err != io.EOF {
			err = pathErr(op, f.name, err)
		}
		return n, err
	}
	if len(p) == 0 {
		return 0, nil
	}
	// atime is written, so even a read takes the write lock.
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if off >= int64(len(f.n.data)) {
		return 0, io.EOF
	}
	n := copy(p, f.n.data[off:])
	if f.flag&NoAtime == 0 {
		f.n.atime = f.m.now()
	}
	return n, nil
}

func (f *memFile) Write(p []byte) (int, error) {
	if err := f.begin("write"); err != nil {
		return 0, err
	}
	defer f.mu.Unlock()
	if !writable(f.flag) {
		return 0, pathErr("write", f.name, syscall.EBADF)
	}
	switch {
	case f.n.isDir():
		return 0, pathErr("write", f.name, syscall.EISDIR)
	case f.n.isDevice():
		n, err := f.n.dev.write(p)
		if err != nil {
			err = pathErr("write", f.name, err)
		}
		return n, err
	}
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if f.flag&os.O_APPEND != 0 {
		f.off = int64(len(f.n.data))
	}
	end := f.off + int64(len(p))
	if end > int64(len(f.n.data)) {
		if err := f.m.resize(f.n, end); err != nil {
			return 0, pathErr("write", f.name, err)
		}
	}
	f.n.own(int64(len(f.n.data)))
	copy(f.n.data[f.off:], p)
	f.off = end
	if len(p) > 0 {
		t := f.m.now()
		f.n.mtime, f.n.ctime = t, t
	}
	return len(p), nil
}

func (f *memFile) Seek(offset int64, whence int) (int64, error) {
	if err := f.begin("seek"); err != nil {
		return 0, err
	}
	defer f.mu.Unlock()
	var base int64
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		base = f.off
	case io.SeekEnd:
		f.m.mu.RLock()
		base = f.n.size()
		f.m.mu.RUnlock()
	default:
		return 0, pathErr("seek", f.name, syscall.EINVAL)
	}
	pos := base + offset
	if pos < 0 {
		return 0, pathErr("seek", f.name, syscall.EINVAL)
	}
	f.off = pos
	if f.n.isDir() && pos == 0 {
		f.dirRead, f.dirEnts, f.dirPos = false, nil, 0 // rewinddir
	}
	return pos, nil
}

func (f *memFile) Truncate(size int64) error {
	if err := f.begin("truncate"); err != nil {
		return err
	}
	defer f.mu.Unlock()
	if !writable(f.flag) || !f.n.isRegular() || size < 0 {
		return pathErr("truncate", f.name, syscall.EINVAL)
	}
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if err := f.m.resize(f.n, size); err != nil {
		return pathErr("truncate", f.name, err)
	}
	t := f.m.now()
	f.n.mtime, f.n.ctime = t, t
	return nil
}

// ReadDir behaves like os.File.ReadDir: n <= 0 returns everything left
// (nil error at the end), n > 0 returns at most n and io.EOF when done.
func (f *memFile) ReadDir(n int) ([]fs.DirEntry, error) {
	if err := f.begin("readdirent"); err != nil {
		return nil, err
	}
	defer f.mu.Unlock()
	if !f.n.isDir() {
		return nil, pathErr("readdirent", f.name, syscall.ENOTDIR)
	}
	if !f.dirRead {
		f.m.mu.RLock()
		f.dirEnts = f.n.dirEntries()
		f.m.mu.RUnlock()
		f.dirRead = true
	}
	return sliceDir(f.dirEnts, &f.dirPos, n)
}

// sliceDir serves a ReadDir(n) call from a snapshot and a cursor.
func sliceDir(ents []fs.DirEntry, pos *int, n int) ([]fs.DirEntry, error) {
	rest := ents[*pos:]
	if n <= 0 {
		*pos = len(ents)
		return append([]fs.DirEntry{}, rest...), nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	if n > len(rest) {
		n = len(rest)
	}
	*pos += n
	return append([]fs.DirEntry(nil), rest[:n]...), nil
}
