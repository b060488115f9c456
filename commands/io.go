package commands

import (
	"context"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// nopCloser wraps the shared standard streams: closing a command's view of
// them must not close the stream for the rest of the pipeline.
type nopReadCloser struct{ io.Reader }

func (nopReadCloser) Close() error { return nil }

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// dirReader stands in for an opened directory: opening succeeds, reading
// fails with EISDIR, the way read(2) behaves on Linux.
type dirReader struct {
	f    io.Closer
	name string
}

func (d dirReader) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: syscall.EISDIR}
}

func (d dirReader) Close() error { return d.f.Close() }

// OpenRead opens name for reading. "-" is not special here; /dev/stdin and
// /dev/fd/0 give c.Stdin. A directory opens but fails with EISDIR on read.
func (c *Context) OpenRead(name string) (io.ReadCloser, error) {
	switch name {
	case "/dev/stdin", "/dev/fd/0":
		return nopReadCloser{c.In()}, nil
	}
	abs := c.Abs(name)
	f, err := c.FS.OpenFile(abs, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return dirReader{f: f, name: abs}, nil
	}
	return f, nil
}

// OpenWrite opens name for writing with the os.O_* flags in flag. The
// /dev/stdout and /dev/stderr names (and their /dev/fd forms) give the
// command's own streams.
func (c *Context) OpenWrite(name string, flag int) (io.WriteCloser, error) {
	switch name {
	case "/dev/stdout", "/dev/fd/1":
		return nopWriteCloser{c.Stdout}, nil
	case "/dev/stderr", "/dev/fd/2":
		return nopWriteCloser{c.Stderr}, nil
	}
	return c.FS.OpenFile(c.Abs(name), flag, 0666)
}

// openInput is OpenRead plus the "-" means standard input convention most
// text tools follow.
func (c *Context) OpenInput(name string) (io.ReadCloser, error) {
	if name == "-" {
		return nopReadCloser{c.In()}, nil
	}
	return c.OpenRead(name)
}

// stdin never returns nil so commands can read without checking.
func (c *Context) In() io.Reader {
	if c.Stdin == nil {
		return EofReader{}
	}
	return c.Stdin
}

type EofReader struct{}

func (EofReader) Read([]byte) (int, error) { return 0, io.EOF }

type execEnvKey struct{}

// WithExecEnv returns a context telling Context.Exec to run the nested
// command with environ instead of the caller's environment (env, timeout
// with env prefixes). The shell honours it.
func WithExecEnv(ctx context.Context, environ []string) context.Context {
	return context.WithValue(ctx, execEnvKey{}, environ)
}

// ExecEnvFrom reports the environment set by WithExecEnv, if any.
func ExecEnvFrom(ctx context.Context) ([]string, bool) {
	env, ok := ctx.Value(execEnvKey{}).([]string)
	return env, ok
}
