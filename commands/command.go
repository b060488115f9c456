package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"syscall"

	"github.com/justbash/justbash/vfs"
)

// Command is a program that runs inside the sandbox. Run returns the exit
// status. It must honour ctx (cancellation, timeouts) and must only touch
// the world through c: c.FS, c.Stdin, c.Stdout, c.Stderr, c.Exec.
type Command interface {
	Run(ctx context.Context, c *Context) int
}

// Func adapts a function to Command.
type Func func(ctx context.Context, c *Context) int

// Run calls f.
func (f Func) Run(ctx context.Context, c *Context) int { return f(ctx, c) }

// IO is the standard streams of a nested run.
type IO struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// Context is everything a command receives for one run.
type Context struct {
	// Args holds the command name and its arguments, as argv does.
	Args   []string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// FS is the sandbox filesystem; paths are absolute (see Abs).
	FS vfs.FS
	// Dir is the absolute working directory.
	Dir string
	// Environ holds the exported variables as "NAME=value".
	Environ []string

	// Exec runs args as a command inside the sandbox (a registered command,
	// never a shell function), for xargs, find -exec, env, timeout and the
	// like. It returns the exit status. Nil when nesting is not available.
	Exec func(ctx context.Context, args []string, stdio IO) int
	// Script runs a shell script inside the sandbox in a fresh shell that
	// shares the filesystem, for sh -c, awk system() and sed e. Dir and
	// Environ of the caller are inherited. Nil when not available.
	Script func(ctx context.Context, script string, args []string, stdio IO) int
	// Lookup finds a command by name in the sandbox (for which, type, help).
	Lookup func(name string) (Command, bool)
	// Names lists every command name available in the sandbox, sorted.
	Names func() []string
	// Limits bound what the command reads whole and the strings it builds
	// from input; zero fields mean the defaults documented on Limits.
	Limits Limits
}

// Name is the command name (Args[0]), or "" if there is none.
func (c *Context) Name() string {
	if len(c.Args) == 0 {
		return ""
	}
	return c.Args[0]
}

// Getenv returns the value of an exported variable.
func (c *Context) Getenv(name string) string {
	v, _ := c.LookupEnv(name)
	return v
}

// LookupEnv returns the value of an exported variable and whether it is set.
func (c *Context) LookupEnv(name string) (string, bool) {
	prefix := name + "="
	for i := len(c.Environ) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(c.Environ[i], prefix); ok {
			return v, true
		}
	}
	return "", false
}

// Abs resolves p against the working directory and cleans it.
func (c *Context) Abs(p string) string {
	if p == "" {
		return c.Dir
	}
	if !path.IsAbs(p) {
		p = path.Join(c.Dir, p)
	}
	return path.Clean(p)
}

// Errorf prints "name: message" and a newline on stderr.
func (c *Context) Errorf(format string, args ...any) {
	fmt.Fprintf(c.Stderr, "%s: %s\n", c.Name(), fmt.Sprintf(format, args...))
}

// Open opens a file for reading by a name as the user typed it ("-" is not
// special here).
func (c *Context) Open(name string) (vfs.File, error) {
	return c.FS.OpenFile(c.Abs(name), 0, 0)
}

// ErrText renders a filesystem error the way GNU tools print it, without the
// path: "No such file or directory", "Is a directory", ...
func ErrText(err error) string {
	var errno syscall.Errno
	switch {
	case err == nil:
		return ""
	case errors.As(err, &errno):
		return strerror(errno)
	case errors.Is(err, fs.ErrNotExist):
		return "No such file or directory"
	case errors.Is(err, fs.ErrExist):
		return "File exists"
	case errors.Is(err, fs.ErrPermission):
		return "Permission denied"
	case errors.Is(err, fs.ErrInvalid):
		return "Invalid argument"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// strerror gives glibc's message text for the errnos a VFS returns; Go's
// syscall strings are lower-case and differ in places.
func strerror(e syscall.Errno) string {
	switch e {
	case syscall.ENOENT:
		return "No such file or directory"
	case syscall.EEXIST:
		return "File exists"
	case syscall.ENOTDIR:
		return "Not a directory"
	case syscall.EISDIR:
		return "Is a directory"
	case syscall.ENOTEMPTY:
		return "Directory not empty"
	case syscall.EACCES:
		return "Permission denied"
	case syscall.EPERM:
		return "Operation not permitted"
	case syscall.ELOOP:
		return "Too many levels of symbolic links"
	case syscall.EXDEV:
		return "Invalid cross-device link"
	case syscall.ENOSPC:
		return "No space left on device"
	case syscall.EFBIG:
		return "File too large"
	case syscall.EINVAL:
		return "Invalid argument"
	case syscall.EROFS:
		return "Read-only file system"
	case syscall.ENAMETOOLONG:
		return "File name too long"
	case syscall.EBUSY:
		return "Device or resource busy"
	case syscall.ENOTSUP:
		return "Operation not supported"
	}
	s := e.Error()
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
