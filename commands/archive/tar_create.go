package archive

import (
	"archive/tar"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/justbash/justbash/commands"
)

// create writes an archive of the operands, read relative to -C.
func (t *tarRun) create(ops []string) {
	w, closeFn, err := t.openArchiveWrite()
	if err != nil {
		t.errorf("%s", err)
		return
	}
	tw := tar.NewWriter(w)
	warned := false
	for _, op := range ops {
		// Member names keep the operand's spelling, as GNU tar does:
		// "." archives "./" and "./file", not "file".
		name := strings.TrimRight(op, "/")
		if name == "" {
			name = "/"
		}
		if strings.HasPrefix(name, "/") {
			if !warned {
				fmt.Fprintln(t.c.Stderr, "tar: Removing leading `/' from member names")
				warned = true
			}
		}
		t.addPath(tw, name)
		if t.ctx.Err() != nil {
			t.errorf("%s", t.ctx.Err())
			break
		}
	}
	if err := tw.Close(); err != nil {
		t.errorf("%s", err)
	}
	if err := closeFn(); err != nil {
		t.errorf("%s: %s", t.archiveName(), err)
	}
}

// srcAbs resolves an operand against -C (itself relative to the cwd).
func (t *tarRun) srcAbs(name string) string {
	if path.IsAbs(name) {
		return name
	}
	base := t.c.Dir
	if t.o.dir != "" {
		base = t.c.Abs(t.o.dir)
	}
	return path.Join(base, name)
}

func (t *tarRun) addPath(tw *tar.Writer, name string) {
	if t.excluded(name) {
		return
	}
	abs := t.srcAbs(name)
	fi, err := t.c.FS.Lstat(abs)
	if err != nil {
		t.errorf("%s: Cannot stat: %s", name, commands.ErrText(err))
		return
	}
	member := strings.TrimLeft(name, "/")
	if member == "" {
		member = "."
	}
	hdr := &tar.Header{
		Name: member, Mode: int64(fi.Mode().Perm()), ModTime: fi.ModTime(),
		Uname: "user", Gname: "user", Format: tar.FormatPAX,
	}
	switch {
	case fi.IsDir():
		hdr.Typeflag, hdr.Name = tar.TypeDir, strings.TrimSuffix(member, "/")+"/"
	case fi.Mode()&fs.ModeSymlink != 0:
		target, err := t.c.FS.Readlink(abs)
		if err != nil {
			t.errorf("%s: Cannot readlink: %s", name, commands.ErrText(err))
			return
		}
		hdr.Typeflag, hdr.Linkname = tar.TypeSymlink, target
	case fi.Mode().IsRegular():
		hdr.Typeflag, hdr.Size = tar.TypeReg, fi.Size()
	default:
		t.errorf("%s: socket ignored", name)
		return
	}
	if t.o.verbose {
		fmt.Fprintln(t.c.Stdout, hdr.Name)
	}
	if err := tw.WriteHeader(hdr); err != nil {
		t.errorf("%s: %s", name, err)
		return
	}
	if hdr.Typeflag == tar.TypeReg {
		t.copyFile(tw, abs, name, fi.Size())
	}
	if hdr.Typeflag == tar.TypeDir {
		ents, err := t.c.FS.ReadDir(abs)
		if err != nil {
			t.errorf("%s: Cannot open: %s", name, commands.ErrText(err))
			return
		}
		for _, e := range ents {
			child := name + "/" + e.Name()
			if strings.HasSuffix(name, "/") {
				child = name + e.Name()
			}
			t.addPath(tw, child)
		}
	}
}

func (t *tarRun) copyFile(tw *tar.Writer, abs, name string, size int64) {
	f, err := t.c.OpenRead(abs)
	if err != nil {
		t.errorf("%s: Cannot open: %s", name, commands.ErrText(err))
		return
	}
	defer f.Close()
	n, err := io.Copy(tw, io.LimitReader(ctxReader{t.ctx, f}, size))
	if err == nil && n < size {
		// The file shrank while being read: pad so the archive stays valid.
		t.errorf("%s: File shrank by %d bytes; padding with zeros", name, size-n)
		_, err = io.Copy(tw, io.LimitReader(zeroReader{}, size-n))
	}
	if err != nil {
		t.errorf("%s: %s", name, err)
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
