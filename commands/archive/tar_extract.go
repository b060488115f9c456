package archive

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/tz"
)

// read lists (-t) or extracts (-x) the archive. Operands restrict the
// members handled to those names (or members below them).
func (t *tarRun) read(ops []string) {
	r, closeFn, err := t.openArchiveRead()
	if err != nil {
		t.errorf("%s", err)
		t.errorf("Error is not recoverable: exiting now")
		return
	}
	defer closeFn()
	root := t.c.Dir
	if t.o.dir != "" {
		root = t.c.Abs(t.o.dir)
		if fi, err := t.c.FS.Stat(root); err != nil || !fi.IsDir() {
			t.errorf("%s: Cannot open: %s", t.o.dir, commands.ErrText(orNotDir(err)))
			t.errorf("Error is not recoverable: exiting now")
			return
		}
	}
	tr := tar.NewReader(r)
	seen := make([]bool, len(ops))
	warned := false
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.readError(err)
			return
		}
		if !t.selected(hdr.Name, ops, seen) || t.excluded(hdr.Name) {
			continue
		}
		if strings.HasPrefix(hdr.Name, "/") && !warned && t.o.mode == 'x' {
			fmt.Fprintln(t.c.Stderr, "tar: Removing leading `/' from member names")
			warned = true
		}
		if t.o.mode == 't' {
			t.listEntry(hdr)
			continue
		}
		t.extractEntry(root, hdr, tr)
	}
	for i, op := range ops {
		if !seen[i] {
			t.errorf("%s: Not found in archive", op)
		}
	}
	if t.status != 0 && t.o.mode == 'x' {
		fmt.Fprintln(t.c.Stderr, "tar: Exiting with failure status due to previous errors")
	}
}

func orNotDir(err error) error {
	if err == nil {
		//lint:ignore ST1005 the text is the message users see, worded as the GNU tool words it
		return errors.New("Not a directory")
	}
	return err
}

func (t *tarRun) readError(err error) {
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		t.errorf("Unexpected EOF in archive")
	case errors.Is(err, tar.ErrHeader):
		t.errorf("This does not look like a tar archive")
	default:
		t.errorf("%s", err)
	}
	t.errorf("Error is not recoverable: exiting now")
}

func (t *tarRun) selected(name string, ops []string, seen []bool) bool {
	if len(ops) == 0 {
		return true
	}
	n := strings.TrimSuffix(name, "/")
	for i, op := range ops {
		op = strings.TrimSuffix(op, "/")
		if n == op || strings.HasPrefix(n, op+"/") {
			seen[i] = true
			return true
		}
	}
	return false
}

func (t *tarRun) listEntry(hdr *tar.Header) {
	if !t.o.verbose {
		fmt.Fprintln(t.c.Stdout, hdr.Name)
		return
	}
	mode := fs.FileMode(hdr.Mode).Perm()
	kind := "-"
	switch hdr.Typeflag {
	case tar.TypeDir:
		kind = "d"
	case tar.TypeSymlink:
		kind = "l"
	case tar.TypeLink:
		kind = "h"
	}
	owner := hdr.Uname
	if owner == "" {
		owner = fmt.Sprint(hdr.Uid)
	}
	group := hdr.Gname
	if group == "" {
		group = fmt.Sprint(hdr.Gid)
	}
	name := hdr.Name
	if hdr.Typeflag == tar.TypeSymlink {
		name += " -> " + hdr.Linkname
	}
	if hdr.Typeflag == tar.TypeLink {
		name += " link to " + hdr.Linkname
	}
	fmt.Fprintf(t.c.Stdout, "%s%s %s/%s %*d %s %s\n", kind, mode.String()[1:], owner, group,
		max(0, 14-len(owner)-len(group)), hdr.Size, hdr.ModTime.In(tz.Load(t.c.Getenv("TZ"))).Format("2006-01-02 15:04"), name)
}

// stripName removes --strip-components leading parts; ok is false when
// nothing is left.
func (t *tarRun) stripName(name string) (string, bool) {
	parts := strings.Split(strings.Trim(name, "/"), "/")
	if len(parts) <= t.o.strip {
		return "", false
	}
	return strings.Join(parts[t.o.strip:], "/"), true
}

func (t *tarRun) extractEntry(root string, hdr *tar.Header, r io.Reader) {
	name, ok := t.stripName(hdr.Name)
	if !ok {
		return
	}
	if t.o.toStdout {
		//lint:ignore SA1019 archives from old tars still mark regular files this way
		if hdr.Typeflag == tar.TypeReg || hdr.Typeflag == tar.TypeRegA {
			io.Copy(t.c.Stdout, ctxReader{t.ctx, r})
		}
		return
	}
	rel, _, err := memberPath(name)
	if err != nil {
		t.errorf("%s: %s", hdr.Name, err)
		return
	}
	if t.o.verbose {
		fmt.Fprintln(t.c.Stdout, hdr.Name)
	}
	if rel == "." {
		return
	}
	dest, err := resolveParent(t.c.FS, root, rel)
	if err != nil {
		t.errorf("%s: Cannot open: %s", hdr.Name, err)
		return
	}
	if err := t.c.FS.MkdirAll(path.Dir(dest), 0o755); err != nil {
		t.errorf("%s: Cannot mkdir: %s", hdr.Name, commands.ErrText(err))
		return
	}
	switch hdr.Typeflag {
	case tar.TypeDir:
		t.makeDir(dest, hdr)
	case tar.TypeSymlink:
		t.makeSymlink(root, rel, dest, hdr)
	case tar.TypeLink:
		t.makeHardlink(root, dest, hdr)
	//lint:ignore SA1019 archives from old tars still mark regular files this way
	case tar.TypeReg, tar.TypeRegA:
		t.writeFile(dest, hdr, r)
	default:
		t.errorf("%s: Unsupported member type; skipped", hdr.Name)
	}
}

func (t *tarRun) makeDir(dest string, hdr *tar.Header) {
	if fi, err := t.c.FS.Lstat(dest); err == nil && !fi.IsDir() {
		t.c.FS.Remove(dest)
	}
	if err := t.c.FS.MkdirAll(dest, fs.FileMode(hdr.Mode).Perm()|0o700); err != nil {
		t.errorf("%s: Cannot mkdir: %s", hdr.Name, commands.ErrText(err))
		return
	}
	t.c.FS.Chtimes(dest, hdr.ModTime, hdr.ModTime)
}

// replace removes an existing non-directory so extraction never writes
// through a symlink left by an earlier member or already on disk.
func (t *tarRun) replace(dest, name string) bool {
	fi, err := t.c.FS.Lstat(dest)
	if err != nil {
		return true
	}
	if t.o.keepOld {
		t.errorf("%s: Cannot open: File exists", name)
		return false
	}
	if fi.IsDir() {
		t.errorf("%s: Cannot open: Is a directory", name)
		return false
	}
	t.c.FS.Remove(dest)
	return true
}

func (t *tarRun) makeSymlink(root, rel, dest string, hdr *tar.Header) {
	if !linkTargetOK(root, rel, hdr.Linkname) {
		t.errorf("%s: Cannot create symlink to '%s': %s", hdr.Name, hdr.Linkname, errEscape)
		return
	}
	if !t.replace(dest, hdr.Name) {
		return
	}
	if err := t.c.FS.Symlink(hdr.Linkname, dest); err != nil {
		t.errorf("%s: Cannot create symlink to '%s': %s", hdr.Name, hdr.Linkname, commands.ErrText(err))
	}
}

func (t *tarRun) makeHardlink(root, dest string, hdr *tar.Header) {
	target, ok := t.stripName(hdr.Linkname)
	var rel string
	var err error
	if ok {
		rel, _, err = memberPath(target)
	}
	if !ok || err != nil || rel == "." {
		t.errorf("%s: Cannot hard link to '%s': %s", hdr.Name, hdr.Linkname, errEscape)
		return
	}
	src, err := resolveParent(t.c.FS, root, rel)
	if err != nil {
		t.errorf("%s: Cannot hard link to '%s': %s", hdr.Name, hdr.Linkname, err)
		return
	}
	if !t.replace(dest, hdr.Name) {
		return
	}
	if err := t.c.FS.Link(src, dest); err != nil {
		t.errorf("%s: Cannot hard link to '%s': %s", hdr.Name, hdr.Linkname, commands.ErrText(err))
	}
}

func (t *tarRun) writeFile(dest string, hdr *tar.Header, r io.Reader) {
	if !t.replace(dest, hdr.Name) {
		return
	}
	w, err := t.c.FS.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, fs.FileMode(hdr.Mode).Perm())
	if err != nil {
		t.errorf("%s: Cannot open: %s", hdr.Name, commands.ErrText(err))
		return
	}
	_, err = io.Copy(w, ctxReader{t.ctx, r})
	w.Close()
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			t.errorf("Unexpected EOF in archive")
		} else {
			t.errorf("%s: %s", hdr.Name, err)
		}
		return
	}
	t.c.FS.Chmod(dest, fs.FileMode(hdr.Mode).Perm())
	t.c.FS.Chtimes(dest, hdr.ModTime, hdr.ModTime)
}
