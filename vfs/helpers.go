package vfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"syscall"
)

// ReadFile reads a whole file from any FS, allocating once when the size
// is known.
func ReadFile(fsys FS, name string) ([]byte, error) {
	f, err := fsys.OpenFile(name, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var size int64
	if fi, err := f.Stat(); err == nil {
		if fi.IsDir() {
			return nil, pathErr("read", name, syscall.EISDIR)
		}
		if fi.Mode().IsRegular() {
			size = fi.Size()
		}
	}
	buf := make([]byte, 0, size+1) // +1 so the final EOF read needs no growth
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// WriteFile writes data to name, creating it with perm or truncating it.
func WriteFile(fsys FS, name string, data []byte, perm fs.FileMode) error {
	f, err := fsys.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Exists reports whether name exists (a dangling symlink counts).
func Exists(fsys FS, name string) bool {
	_, err := fsys.Lstat(name)
	return err == nil
}

// IOFS adapts an FS to io/fs, whose names are unrooted ("a/b", ".").
func IOFS(fsys FS) fs.FS { return ioFS{fsys} }

type ioFS struct{ fsys FS }

var (
	_ fs.StatFS     = ioFS{}
	_ fs.ReadDirFS  = ioFS{}
	_ fs.ReadFileFS = ioFS{}
)

// abs converts an io/fs name to an absolute FS path, rejecting invalid names.
func (ioFS) abs(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return path.Join("/", name), nil
}

// rename restores the io/fs name in errors coming from the FS.
func ioErr(err error, name string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	}
	return err
}

func (a ioFS) Open(name string) (fs.File, error) {
	p, err := a.abs("open", name)
	if err != nil {
		return nil, err
	}
	f, err := a.fsys.OpenFile(p, os.O_RDONLY, 0)
	if err != nil {
		return nil, ioErr(err, name)
	}
	return ioFile{f, name}, nil
}

func (a ioFS) Stat(name string) (fs.FileInfo, error) {
	p, err := a.abs("stat", name)
	if err != nil {
		return nil, err
	}
	fi, err := a.fsys.Stat(p)
	if err != nil {
		return nil, ioErr(err, name)
	}
	if name == "." {
		fi = renamedInfo{fi, "."}
	}
	return fi, nil
}

func (a ioFS) ReadDir(name string) ([]fs.DirEntry, error) {
	p, err := a.abs("readdir", name)
	if err != nil {
		return nil, err
	}
	ents, err := a.fsys.ReadDir(p)
	return ents, ioErr(err, name)
}

func (a ioFS) ReadFile(name string) ([]byte, error) {
	p, err := a.abs("readfile", name)
	if err != nil {
		return nil, err
	}
	b, err := ReadFile(a.fsys, p)
	if err != nil {
		return nil, ioErr(err, name)
	}
	return b, nil
}

func (a ioFS) ReadLink(name string) (string, error) {
	p, err := a.abs("readlink", name)
	if err != nil {
		return "", err
	}
	t, err := a.fsys.Readlink(p)
	return t, ioErr(err, name)
}

func (a ioFS) Lstat(name string) (fs.FileInfo, error) {
	p, err := a.abs("lstat", name)
	if err != nil {
		return nil, err
	}
	fi, err := a.fsys.Lstat(p)
	if err != nil {
		return nil, ioErr(err, name)
	}
	if name == "." {
		fi = renamedInfo{fi, "."}
	}
	return fi, nil
}

// ioFile gives io/fs the unrooted name in Stat and errors.
type ioFile struct {
	File
	name string
}

func (f ioFile) Stat() (fs.FileInfo, error) {
	fi, err := f.File.Stat()
	if err != nil {
		return nil, ioErr(err, f.name)
	}
	if f.name == "." {
		fi = renamedInfo{fi, "."}
	}
	return fi, nil
}
