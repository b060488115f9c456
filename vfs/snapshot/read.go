package snapshot

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"time"

	"github.com/justbash/justbash/vfs"
)

// Limits bound what Read accepts; zero fields take the defaults.
type Limits struct {
	// MaxBytes bounds the bytes of all regular files and documents
	// (default 1 GiB). The target FS's own quotas apply as well.
	MaxBytes int64
	// MaxEntries bounds the number of entries (default 1,000,000).
	MaxEntries int
}

// Read restores the snapshot in r into fsys, over what fsys holds, and
// returns the documents stored beside the files.
func Read(ctx context.Context, r io.Reader, fsys vfs.FS, lim Limits) (map[string][]byte, error) {
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = 1 << 30
	}
	if lim.MaxEntries <= 0 {
		lim.MaxEntries = 1_000_000
	}
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("snapshot: not a justbash snapshot (%v)", err)
	}
	rd := &reader{ctx: ctx, tr: tar.NewReader(zr), fsys: fsys, budget: lim.MaxBytes,
		meta: map[string][]byte{}, links: map[string]string{}}
	if err := rd.header(); err != nil {
		return nil, err
	}
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		h, err := rd.tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, streamErr(err)
		}
		if n > lim.MaxEntries {
			return nil, fmt.Errorf("snapshot: more than %d entries", lim.MaxEntries)
		}
		if err := rd.entry(h); err != nil {
			return nil, err
		}
	}
	// Directory times last: writing children changed them.
	for i := len(rd.dirs) - 1; i >= 0; i-- {
		d := rd.dirs[i]
		if err := fsys.Chtimes(d.p, d.atime, d.mtime); err != nil {
			return nil, fmt.Errorf("snapshot: %w", err)
		}
	}
	return rd.meta, nil
}

type reader struct {
	ctx    context.Context
	tr     *tar.Reader
	fsys   vfs.FS
	budget int64
	meta   map[string][]byte
	links  map[string]string // tar name -> restored path, for hard links
	dirs   []dirTime
}

func streamErr(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("snapshot: truncated stream")
	}
	return fmt.Errorf("snapshot: corrupt stream: %v", err)
}

// header checks the version document that opens every snapshot.
func (rd *reader) header() error {
	h, err := rd.tr.Next()
	if err != nil || h.Name != headerName || h.Typeflag != tar.TypeReg || h.Size > 4096 {
		return fmt.Errorf("snapshot: not a justbash snapshot")
	}
	data, err := io.ReadAll(io.LimitReader(rd.tr, h.Size))
	if err != nil {
		return streamErr(err)
	}
	var v struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if json.Unmarshal(data, &v) != nil || v.Format != formatName {
		return fmt.Errorf("snapshot: not a justbash snapshot")
	}
	if v.Version != Version {
		return fmt.Errorf("snapshot: unsupported version %d (this build reads version %d)", v.Version, Version)
	}
	return nil
}

// take charges n bytes to the budget before they are read.
func (rd *reader) take(name string, n int64) error {
	if n < 0 || n > rd.budget {
		return fmt.Errorf("snapshot: %s: size %d passes the snapshot's byte limit", name, n)
	}
	rd.budget -= n
	return nil
}

func (rd *reader) entry(h *tar.Header) error {
	if doc, ok := strings.CutPrefix(h.Name, metaPrefix); ok {
		if !cleanRel(doc) || h.Typeflag != tar.TypeReg {
			return fmt.Errorf("snapshot: bad document %q", h.Name)
		}
		if err := rd.take(h.Name, h.Size); err != nil {
			return err
		}
		data, err := io.ReadAll(io.LimitReader(rd.tr, h.Size))
		if err != nil {
			return streamErr(err)
		}
		rd.meta[doc] = data
		return nil
	}
	rel, ok := strings.CutPrefix(h.Name, fsPrefix)
	if !ok {
		return fmt.Errorf("snapshot: unexpected entry %q", h.Name)
	}
	rel = strings.TrimSuffix(rel, "/")
	if rel == "" {
		if h.Typeflag != tar.TypeDir {
			return fmt.Errorf("snapshot: the root is not a directory")
		}
		return rd.dir("/", h)
	}
	if !cleanRel(rel) {
		return fmt.Errorf("snapshot: unsafe path %q", h.Name)
	}
	p := "/" + rel
	if err := rd.checkParent(p); err != nil {
		return err
	}
	switch h.Typeflag {
	case tar.TypeDir:
		return rd.dir(p, h)
	case tar.TypeReg:
		return rd.file(p, h)
	case tar.TypeSymlink:
		if h.Linkname == "" || strings.ContainsRune(h.Linkname, 0) || len(h.Linkname) > 4096 {
			return fmt.Errorf("snapshot: bad link target for %q", h.Name)
		}
		rd.fsys.Remove(p)
		if err := rd.fsys.Symlink(h.Linkname, p); err != nil {
			return fmt.Errorf("snapshot: %w", err)
		}
		return nil
	case tar.TypeLink:
		first, ok := rd.links[h.Linkname]
		if !ok {
			return fmt.Errorf("snapshot: hard link %q to %q, which is not an earlier file", h.Name, h.Linkname)
		}
		rd.fsys.Remove(p)
		if err := rd.fsys.Link(first, p); err != nil {
			return fmt.Errorf("snapshot: %w", err)
		}
		return nil
	case tar.TypeChar:
		return rd.device(p, h)
	}
	return fmt.Errorf("snapshot: %q: unsupported entry type %q", h.Name, h.Typeflag)
}

// checkParent refuses a path whose parent is missing or is not a real
// directory: a snapshot must never write through a link it made.
func (rd *reader) checkParent(p string) error {
	fi, err := rd.fsys.Lstat(path.Dir(p))
	if err != nil || !fi.IsDir() {
		return fmt.Errorf("snapshot: %q: parent is not a directory in the snapshot", p)
	}
	return nil
}

func (rd *reader) dir(p string, h *tar.Header) error {
	fi, err := rd.fsys.Lstat(p)
	switch {
	case err == nil && !fi.IsDir():
		if err := rd.fsys.RemoveAll(p); err != nil {
			return fmt.Errorf("snapshot: %w", err)
		}
		fallthrough
	case err != nil:
		if err := rd.fsys.Mkdir(p, 0o700); err != nil {
			return fmt.Errorf("snapshot: %w", err)
		}
	}
	if err := rd.fsys.Chmod(p, fileMode(h.Mode)|fs.ModeDir); err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	rd.dirs = append(rd.dirs, dirTime{p, h.AccessTime, h.ModTime})
	return nil
}

func (rd *reader) file(p string, h *tar.Header) error {
	if err := rd.take(h.Name, h.Size); err != nil {
		return err
	}
	if fi, err := rd.fsys.Lstat(p); err == nil && !fi.Mode().IsRegular() {
		if err := rd.fsys.RemoveAll(p); err != nil {
			return fmt.Errorf("snapshot: %w", err)
		}
	}
	f, err := rd.fsys.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	err = rd.copy(f, h.Size)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("snapshot: %w", cerr)
	}
	if err != nil {
		return err
	}
	rd.links[h.Name] = p
	return rd.finish(p, h)
}

// copy moves size bytes from the stream to f in pieces, checking the
// context between them.
func (rd *reader) copy(f io.Writer, size int64) error {
	for size > 0 {
		if err := rd.ctx.Err(); err != nil {
			return err
		}
		n, err := io.CopyN(f, rd.tr, min(size, 1<<20))
		size -= n
		if err != nil {
			if errors.Is(err, io.EOF) {
				return errors.New("snapshot: truncated stream")
			}
			var pe *fs.PathError
			if errors.As(err, &pe) {
				return fmt.Errorf("snapshot: %w", err)
			}
			return streamErr(err)
		}
	}
	return nil
}

func (rd *reader) device(p string, h *tar.Header) error {
	mk, ok := rd.fsys.(interface {
		Mknod(string, vfs.Device) error
	})
	d, known := vfs.DeviceOf(uint64(h.Devmajor)<<8 | uint64(h.Devminor))
	if !ok || !known {
		return nil // the target cannot make it: left out, as Write leaves out what it cannot save
	}
	rd.fsys.Remove(p)
	if err := mk.Mknod(p, d); err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	return rd.finish(p, h)
}

// finish applies mode and times once a file's bytes are in place.
func (rd *reader) finish(p string, h *tar.Header) error {
	if err := rd.fsys.Chmod(p, fileMode(h.Mode)); err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	atime := h.AccessTime
	if atime.IsZero() {
		atime = h.ModTime
	}
	if err := rd.fsys.Chtimes(p, atime, h.ModTime); err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	return nil
}

// dirTime is a directory's times, applied after its children are written
// (writing them changes the directory's times).
type dirTime struct {
	p            string
	atime, mtime time.Time
}
