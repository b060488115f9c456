package vfs

import (
	"errors"
	"io/fs"
	"os"
)

// namedFile wraps a File opened under another path (a canonical or
// mount-relative one) so Name, Stat and errors show the caller's path.
type namedFile struct {
	File
	name string
}

func (f namedFile) fix(err error) error { return withPath(err, f.name) }

// withPath replaces the path of a *fs.PathError, leaving other errors alone.
func withPath(err error, name string) error {
	var pe *fs.PathError
	if err != nil && errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	}
	return err
}

// withLinkPaths does the same for the *os.LinkError of two-path operations.
func withLinkPaths(err error, oldname, newname string) error {
	var le *os.LinkError
	if err != nil && errors.As(err, &le) {
		return &os.LinkError{Op: le.Op, Old: oldname, New: newname, Err: le.Err}
	}
	return withPath(err, newname)
}

func (f namedFile) Name() string { return f.name }

func (f namedFile) Stat() (fs.FileInfo, error) {
	fi, err := f.File.Stat()
	if err != nil {
		return nil, f.fix(err)
	}
	return renamedInfo{fi, baseName(f.name)}, nil
}

func (f namedFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	return n, f.fix(err)
}

func (f namedFile) ReadAt(p []byte, off int64) (int, error) {
	n, err := f.File.ReadAt(p, off)
	return n, f.fix(err)
}

func (f namedFile) Write(p []byte) (int, error) {
	n, err := f.File.Write(p)
	return n, f.fix(err)
}

func (f namedFile) Seek(off int64, whence int) (int64, error) {
	n, err := f.File.Seek(off, whence)
	return n, f.fix(err)
}

func (f namedFile) Close() error { return f.fix(f.File.Close()) }

func (f namedFile) ReadDir(n int) ([]fs.DirEntry, error) {
	ents, err := f.File.ReadDir(n)
	return ents, f.fix(err)
}

func (f namedFile) Truncate(size int64) error { return f.fix(f.File.Truncate(size)) }
