package shell

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/interp"

	"github.com/justbash/justbash/commands"
)

// These handlers are the only way interp reaches a filesystem. Each one
// recovers panics: a panic on a pipeline goroutine would kill the host.

// sourceMarker prefixes paths that our CallHandler resolved for source/.:
// the NUL byte makes interp's own host os.Stat fail inside Go, without a
// syscall, so interp falls back to our OpenHandler with the marked path.
const sourceMarker = "\x00jb-source:"

func absIn(dir, p string) string {
	if !path.IsAbs(p) {
		p = path.Join(dir, p)
	}
	return path.Clean(p)
}

func (sess *Session) openHandler(ctx context.Context, p string, flag int, perm os.FileMode) (f io.ReadWriteCloser, err error) {
	defer recoverTo(&err, "open")
	return sess.openIn(interp.HandlerCtx(ctx), p, flag, perm)
}

// clobberMarker prefixes the target of >|, which noclobber does not stop.
// (interp drops NUL bytes from redirection targets, so this marker is a
// path; spelling it in a script only skips the noclobber check.)
const clobberMarker = "/dev/.jb-clobber/"

func (sess *Session) openIn(hc interp.HandlerContext, p string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	if i := strings.Index(p, sourceMarker); i >= 0 {
		p = p[i+len(sourceMarker):]
	}
	clobber := false
	if rest, ok := strings.CutPrefix(p, clobberMarker); ok {
		p, clobber = rest, true
	}
	if strings.ContainsRune(p, 0) {
		return nil, &fs.PathError{Op: "open", Path: p, Err: syscall.ENOENT}
	}
	abs := absIn(hc.Dir, p)
	switch abs {
	case "/dev/fd/-":
		return rwc{}, nil
	case "/dev/stdin", "/dev/fd/0":
		return rwc{r: sess.stdinOf(hc, sess.current())}, nil
	case "/dev/stdout", "/dev/fd/1":
		return rwc{w: hc.Stdout}, nil
	case "/dev/stderr", "/dev/fd/2":
		return rwc{w: hc.Stderr}, nil
	case "/dev/null":
		if _, err := sess.sh.fs.Stat(abs); err != nil {
			return rwc{}, nil
		}
	}
	if n, ok := strings.CutPrefix(abs, fdMarker); ok {
		if f, err, ok := sess.openDevFd(hc, abs, n); ok {
			return f, err
		}
		if rest, ok := strings.CutPrefix(p, fdMarker); ok && !isFdTarget(rest) && !sess.exists(abs) {
			// N>&word with a word that is no descriptor names a file
			// (bash splits an unquoted word first: several is an error).
			if strings.ContainsAny(rest, " \t\n") {
				return nil, &fs.PathError{Op: "bash:", Path: rest, Err: errText("ambiguous redirect")}
			}
			p, abs = rest, absIn(hc.Dir, rest)
		}
	}
	if !clobber && flag&os.O_TRUNC != 0 && sess.noclobber.Load() {
		if fi, err := sess.sh.fs.Stat(abs); err == nil && fi.Mode().IsRegular() {
			return nil, &fs.PathError{Op: "bash:", Path: p, Err: errText("cannot overwrite existing file")}
		}
	}
	file, err := sess.sh.fs.OpenFile(abs, flag, perm&^0o022)
	if err != nil {
		return nil, pathErr(p, err)
	}
	return file, nil
}

func (sess *Session) exists(abs string) bool {
	_, err := sess.sh.fs.Stat(abs)
	return err == nil
}

// pathErr converts a VFS error to the *fs.PathError interp expects (any
// other error type is fatal to the runner), keeping the user's spelling of
// the path and glibc's wording, which bash prints.
func pathErr(p string, err error) error {
	// interp prints the error with %v; an Op of "bash:" makes that read
	// "bash: file: No such file or directory", as bash says it.
	return &fs.PathError{Op: "bash:", Path: p, Err: errText(commands.ErrText(err))}
}

// errText is an error whose text is exactly the message.
type errText string

func (e errText) Error() string { return string(e) }

func (sess *Session) statHandler(ctx context.Context, name string, follow bool) (fi fs.FileInfo, err error) {
	defer recoverTo(&err, "stat")
	hc := interp.HandlerCtx(ctx)
	abs := absIn(hc.Dir, name)
	if follow {
		fi, err = sess.sh.fs.Stat(abs)
	} else {
		fi, err = sess.sh.fs.Lstat(abs)
	}
	if err != nil {
		return nil, err
	}
	return ownedInfo{fi}, nil
}

// ownedInfo guarantees Sys() is a *syscall.Stat_t owned by the sandbox
// user: interp's test -O/-G type-assert it (a panic otherwise).
type ownedInfo struct{ fs.FileInfo }

func (o ownedInfo) Sys() any {
	st := &syscall.Stat_t{}
	if in, ok := o.FileInfo.Sys().(*syscall.Stat_t); ok && in != nil {
		*st = *in
	}
	st.Uid, st.Gid = 1000, 1000
	return st
}

func (sess *Session) readDirHandler(ctx context.Context, name string) (ents []fs.DirEntry, err error) {
	defer recoverTo(&err, "readdir")
	hc := interp.HandlerCtx(ctx)
	return sess.sh.fs.ReadDir(absIn(hc.Dir, name))
}

func (sess *Session) accessHandler(ctx context.Context, name string, mode interp.AccessMode) (err error) {
	defer recoverTo(&err, "access")
	hc := interp.HandlerCtx(ctx)
	fi, err := sess.sh.fs.Stat(absIn(hc.Dir, name))
	if err != nil {
		return err
	}
	// The sandbox user owns every file, so the owner bits decide.
	perm := fi.Mode().Perm()
	if mode&4 != 0 && perm&0o400 == 0 ||
		mode&2 != 0 && perm&0o200 == 0 ||
		mode&1 != 0 && perm&0o100 == 0 {
		return &fs.PathError{Op: "access", Path: name, Err: fs.ErrPermission}
	}
	return nil
}

// recoverTo turns a panic in a handler into an error.
func recoverTo(err *error, what string) {
	if p := recover(); p != nil {
		*err = &fs.PathError{Op: what, Path: "", Err: fmt.Errorf("internal error: %v", p)}
	}
}

// rwc adapts the shell's streams to the file interface redirections need.
type rwc struct {
	r io.Reader
	w io.Writer
}

func (f rwc) Read(p []byte) (int, error) {
	if f.r == nil {
		return 0, io.EOF
	}
	return f.r.Read(p)
}

func (f rwc) Write(p []byte) (int, error) {
	if f.w == nil {
		return len(p), nil
	}
	return f.w.Write(p)
}

func (f rwc) Close() error { return nil }
