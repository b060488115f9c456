package ziputil

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/justbash/justbash/commands"
)

var errUnsafe = errors.New("unsafe path")

// safeRel validates a member name: absolute names and ".." components
// are refused rather than rewritten, so nothing lands outside the target.
func safeRel(name string) (string, error) {
	n := strings.ReplaceAll(name, "\\", "/")
	if strings.HasPrefix(n, "/") || (len(n) > 1 && n[1] == ':') {
		return "", errUnsafe
	}
	for _, comp := range strings.Split(n, "/") {
		if comp == ".." {
			return "", errUnsafe
		}
	}
	rel := path.Clean(n)
	if rel == "." {
		return "", errUnsafe
	}
	return rel, nil
}

// checkParents refuses a target whose existing parent directories
// include a symlink: writing through it could leave the target directory.
func (u *unzipper) checkParents(rel string) error {
	cur := u.dir
	parts := strings.Split(rel, "/")
	for _, p := range parts[:len(parts)-1] {
		cur = path.Join(cur, p)
		st, err := u.c.FS.Lstat(cur)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if st.Mode()&fs.ModeSymlink != 0 {
			return errUnsafe
		}
	}
	return nil
}

func (u *unzipper) fail(format string, args ...any) {
	fmt.Fprintf(u.c.Stderr, format+"\n", args...)
	u.status = max(u.status, 1)
}

func (u *unzipper) extract(m *zip.File) {
	if u.pipe {
		u.pipeOut(m)
		return
	}
	rel, err := safeRel(m.Name)
	if err == nil {
		err = u.checkParents(rel)
	}
	if err != nil {
		u.fail("unzip: skipping: %s (path would leave the extraction directory)", m.Name)
		return
	}
	target := path.Join(u.dir, rel)
	shown := strings.TrimPrefix(target, u.c.Dir+"/")
	mode := m.Mode()
	switch {
	case strings.HasSuffix(m.Name, "/") || mode.IsDir():
		if !u.quiet {
			fmt.Fprintf(u.c.Stdout, "   creating: %s/\n", strings.TrimSuffix(shown, "/"))
		}
		if err := u.c.FS.MkdirAll(target, 0o755); err != nil {
			u.fail("unzip: cannot create %s: %v", shown, err)
		}
	case mode&fs.ModeSymlink != 0:
		u.symlink(m, rel, target, shown)
	default:
		u.file(m, target, shown)
	}
}

// replaceOK decides whether an existing target may be overwritten.
func (u *unzipper) replaceOK(target, shown string) bool {
	if _, err := u.c.FS.Lstat(target); err != nil {
		return true
	}
	switch u.overwrite {
	case 1:
		return true
	case 0:
		// Non-interactive: behave like unzip reading EOF at the prompt.
		fmt.Fprintf(u.c.Stdout, "replace %s? [y]es, [n]o, [A]ll, [N]one, [r]ename:  NULL\n(EOF or read error, treating as \"[N]one\" ...)\n", shown)
		u.overwrite = -1
		u.status = max(u.status, 1)
	}
	return false
}

func (u *unzipper) file(m *zip.File, target, shown string) {
	if !u.replaceOK(target, shown) {
		return
	}
	if err := u.c.FS.MkdirAll(path.Dir(target), 0o755); err != nil {
		u.fail("unzip: cannot create %s: %v", shown, err)
		return
	}
	if st, err := u.c.FS.Lstat(target); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		u.c.FS.Remove(target) // replace the link itself, never write through it
	}
	verb := " extracting"
	if m.Method == zip.Deflate {
		verb = "  inflating"
	}
	if !u.quiet {
		fmt.Fprintf(u.c.Stdout, "%s: %-22s  \n", verb, shown)
	}
	rc, err := m.Open()
	if err != nil {
		u.fail("unzip: %s: %v", m.Name, err)
		return
	}
	defer rc.Close()
	perm := m.Mode().Perm()
	if perm == 0 {
		perm = 0o644
	}
	f, err := u.c.FS.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		u.fail("error:  cannot create %s", shown)
		return
	}
	tw := &trackWriter{w: f}
	n, err := io.Copy(tw, io.LimitReader(rc, maxMember+1))
	if cerr := f.Close(); tw.err == nil && cerr != nil {
		tw.err = cerr
	}
	switch {
	case tw.err != nil:
		// The output failed (a quota), not the archive: say why, as
		// unzip does for a full disk (status 50), and leave no partial
		// file behind.
		u.fail("error:  cannot write %s: %s", shown, commands.ErrText(tw.err))
		u.status = 50
		u.c.FS.Remove(target)
		return
	case err != nil:
		u.fail("  error:  invalid compressed data to inflate %s", shown)
		u.status = 2
	case n > maxMember:
		u.fail("unzip: %s: member larger than %d bytes", shown, maxMember)
	}
	u.c.FS.Chtimes(target, m.Modified, m.Modified)
}

// symlink restores a link only when its target stays inside the
// extraction directory.
func (u *unzipper) symlink(m *zip.File, rel, target, shown string) {
	rc, err := m.Open()
	if err != nil {
		u.fail("unzip: %s: %v", m.Name, err)
		return
	}
	data, err := io.ReadAll(io.LimitReader(rc, 4096))
	rc.Close()
	if err != nil {
		u.fail("unzip: %s: %v", m.Name, err)
		return
	}
	link := string(data)
	resolved := path.Join(path.Dir(rel), link)
	if path.IsAbs(link) || resolved == ".." || strings.HasPrefix(resolved, "../") {
		u.fail("unzip: skipping: %s (symlink to %s leaves the extraction directory)", m.Name, link)
		return
	}
	if !u.replaceOK(target, shown) {
		return
	}
	u.c.FS.MkdirAll(path.Dir(target), 0o755)
	u.c.FS.Remove(target)
	if !u.quiet {
		fmt.Fprintf(u.c.Stdout, "    linking: %-22s  -> %s \n", shown, link)
	}
	if err := u.c.FS.Symlink(link, target); err != nil {
		u.fail("unzip: cannot create symlink %s: %v", shown, err)
	}
}

func (u *unzipper) pipeOut(m *zip.File) {
	if strings.HasSuffix(m.Name, "/") {
		return
	}
	rc, err := m.Open()
	if err != nil {
		u.fail("unzip: %s: %v", m.Name, err)
		return
	}
	defer rc.Close()
	if _, err := io.Copy(u.c.Stdout, io.LimitReader(rc, maxMember)); err != nil {
		u.fail("  error:  invalid compressed data to inflate %s", m.Name)
	}
}

// trackWriter remembers the first write error, to tell a failed output
// apart from corrupt input once io.Copy returns.
type trackWriter struct {
	w   io.Writer
	err error
}

func (t *trackWriter) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	if err != nil && t.err == nil {
		t.err = err
	}
	return n, err
}
