package jsexec

import (
	_ "embed"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"

	"github.com/dop251/goja"
	"github.com/justbash/justbash/commands"
)

//go:embed js/node.js
var nodeSrc string

// nodeBindings are the host functions behind the Node-style shims. They
// reach only RunOptions.Host: its FS, Dir, Environ and Script.
func (r *rt) nodeBindings(h *goja.Object) {
	c := r.opts.Host
	r.bind(h, "cwd", func(goja.FunctionCall) goja.Value { return r.vm.ToValue(c.Dir) })
	r.bind(h, "environ", func(goja.FunctionCall) goja.Value { return r.vm.ToValue(append([]string(nil), c.Environ...)) })
	r.bind(h, "argv", func(goja.FunctionCall) goja.Value { return r.vm.ToValue(append([]string(nil), r.opts.Args...)) })
	r.bind(h, "scriptName", func(goja.FunctionCall) goja.Value { return r.vm.ToValue(r.opts.Filename) })
	r.bind(h, "exit", func(call goja.FunctionCall) goja.Value {
		r.exited = true
		r.exitCode = int(call.Argument(0).ToInteger()) & 0xff
		r.vm.Interrupt(exitSignal{r.exitCode})
		return goja.Undefined()
	})
	r.bind(h, "setExitCode", func(call goja.FunctionCall) goja.Value {
		r.exitCode = int(call.Argument(0).ToInteger()) & 0xff
		return goja.Undefined()
	})
	r.bind(h, "sh", r.shell)
	r.bind(h, "compileModule", r.compileModule)
	r.fsBindings(h, c)
}

// shell runs a script in the sandbox shell (child_process), synchronously:
// the VM waits, the run's context still bounds it.
func (r *rt) shell(call goja.FunctionCall) goja.Value {
	c := r.opts.Host
	script := call.Argument(0).String()
	var stdin io.Reader = strings.NewReader("")
	if !goja.IsUndefined(call.Argument(1)) && !goja.IsNull(call.Argument(1)) {
		stdin = strings.NewReader(string(r.bytesArg(call.Argument(1))))
	}
	var stdout, stderr limitedBuffer
	stdout.max, stderr.max = r.lim.MaxOutputBytes, r.lim.MaxOutputBytes
	status := 127
	if c.Script == nil {
		_, _ = stderr.Write([]byte("child_process: no shell available in this sandbox\n"))
	} else {
		status = c.Script(r.ctx, script, nil, commands.IO{Stdin: stdin, Stdout: &stdout, Stderr: &stderr})
	}
	o := r.vm.NewObject()
	_ = o.Set("status", status)
	_ = o.Set("stdout", r.newArrayBuffer(stdout.buf))
	_ = o.Set("stderr", r.newArrayBuffer(stderr.buf))
	return o
}

// limitedBuffer keeps at most max bytes of a child's output.
type limitedBuffer struct {
	buf []byte
	max int64
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	room := b.max - int64(len(b.buf))
	if room > 0 {
		b.buf = append(b.buf, p[:min(int64(len(p)), room)]...)
	}
	return len(p), nil
}

// fsError builds node's error shape: "ENOENT: no such file or directory,
// open '/x'" with code, errno, syscall and path.
func (r *rt) fsError(err error, syscallName, p string) goja.Value {
	code, text, errno := errCode(err)
	msg := code + ": " + text + ", " + syscallName + " '" + p + "'"
	e := r.newError(msg)
	_ = e.Set("code", code)
	_ = e.Set("errno", -errno)
	_ = e.Set("syscall", syscallName)
	_ = e.Set("path", p)
	return e
}

func errCode(err error) (code, text string, errno int) {
	var en syscall.Errno
	switch {
	case errors.As(err, &en):
	case errors.Is(err, fs.ErrNotExist):
		en = syscall.ENOENT
	case errors.Is(err, fs.ErrExist):
		en = syscall.EEXIST
	case errors.Is(err, fs.ErrPermission):
		en = syscall.EACCES
	default:
		en = syscall.EIO
	}
	names := map[syscall.Errno]string{
		syscall.ENOENT: "ENOENT", syscall.EEXIST: "EEXIST", syscall.EACCES: "EACCES", syscall.ENOTDIR: "ENOTDIR",
		syscall.EISDIR: "EISDIR", syscall.ENOTEMPTY: "ENOTEMPTY", syscall.EPERM: "EPERM", syscall.ELOOP: "ELOOP",
		syscall.EXDEV: "EXDEV", syscall.ENOSPC: "ENOSPC", syscall.EFBIG: "EFBIG", syscall.EINVAL: "EINVAL",
		syscall.EROFS: "EROFS", syscall.ENAMETOOLONG: "ENAMETOOLONG", syscall.EBUSY: "EBUSY", syscall.ENOTSUP: "ENOTSUP",
	}
	code = names[en]
	if code == "" {
		code = "EIO"
	}
	return code, strings.ToLower(commands.ErrText(en)), int(en)
}

// fsBindings implement the fs shim over the sandbox FS. Paths are
// resolved against the sandbox working directory.
func (r *rt) fsBindings(h *goja.Object, c *commands.Context) {
	throw := func(err error, op, p string) { panic(r.fsError(err, op, p)) }
	arg := func(call goja.FunctionCall, i int) string { return c.Abs(call.Argument(i).String()) }
	r.bind(h, "fsRead", func(call goja.FunctionCall) goja.Value {
		p := arg(call, 0)
		f, err := c.FS.OpenFile(p, os.O_RDONLY, 0)
		if err != nil {
			throw(err, "open", call.Argument(0).String())
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			throw(syscall.EISDIR, "read", call.Argument(0).String())
		}
		b, err := readLimited(r.ctx, f, r.lim.MaxFileBytes)
		if err != nil {
			throw(err, "read", call.Argument(0).String())
		}
		return r.vm.ToValue(r.newArrayBuffer(b))
	})
	r.bind(h, "fsWrite", func(call goja.FunctionCall) goja.Value {
		p := arg(call, 0)
		data := r.bytesArg(call.Argument(1))
		flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		switch call.Argument(2).String() {
		case "a":
			flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		case "wx":
			flag |= os.O_EXCL
		}
		f, err := c.FS.OpenFile(p, flag, 0o644)
		if err != nil {
			throw(err, "open", call.Argument(0).String())
		}
		_, werr := f.Write(data)
		cerr := f.Close()
		if werr != nil || cerr != nil {
			throw(errors.Join(werr, cerr), "write", call.Argument(0).String())
		}
		return goja.Undefined()
	})
	r.bind(h, "fsStat", func(call goja.FunctionCall) goja.Value {
		p := arg(call, 0)
		st, err := c.FS.Stat(p)
		if !call.Argument(1).ToBoolean() {
			st, err = c.FS.Lstat(p)
		}
		if err != nil {
			if call.Argument(2).ToBoolean() {
				return goja.Null()
			}
			throw(err, "stat", call.Argument(0).String())
		}
		return r.statObject(st)
	})
	r.bind(h, "fsReaddir", func(call goja.FunctionCall) goja.Value {
		ents, err := c.FS.ReadDir(arg(call, 0))
		if err != nil {
			throw(err, "scandir", call.Argument(0).String())
		}
		out := make([][]any, 0, len(ents))
		for _, e := range ents {
			out = append(out, []any{e.Name(), e.IsDir(), e.Type()&fs.ModeSymlink != 0})
		}
		return r.vm.ToValue(out)
	})
	r.fsMutations(h, c, throw, arg)
}

func (r *rt) statObject(st fs.FileInfo) goja.Value {
	o := r.vm.NewObject()
	_ = o.Set("size", st.Size())
	_ = o.Set("mode", int64(unixMode(st.Mode())))
	_ = o.Set("mtimeMs", st.ModTime().UnixMilli())
	_ = o.Set("isDir", st.IsDir())
	_ = o.Set("isFile", st.Mode().IsRegular())
	_ = o.Set("isSymlink", st.Mode()&fs.ModeSymlink != 0)
	return o
}

func unixMode(m fs.FileMode) uint32 {
	u := uint32(m.Perm())
	switch {
	case m.IsDir():
		u |= syscall.S_IFDIR
	case m&fs.ModeSymlink != 0:
		u |= syscall.S_IFLNK
	default:
		u |= syscall.S_IFREG
	}
	return u
}

func (r *rt) fsMutations(h *goja.Object, c *commands.Context, throw func(error, string, string), arg func(goja.FunctionCall, int) string) {
	r.bind(h, "fsMkdir", func(call goja.FunctionCall) goja.Value {
		p := arg(call, 0)
		if call.Argument(1).ToBoolean() {
			if err := c.FS.MkdirAll(p, 0o755); err != nil {
				throw(err, "mkdir", call.Argument(0).String())
			}
			return goja.Undefined()
		}
		if err := c.FS.Mkdir(p, 0o755); err != nil {
			throw(err, "mkdir", call.Argument(0).String())
		}
		return goja.Undefined()
	})
	r.bind(h, "fsRm", func(call goja.FunctionCall) goja.Value {
		p := arg(call, 0)
		recursive, force := call.Argument(1).ToBoolean(), call.Argument(2).ToBoolean()
		st, err := c.FS.Lstat(p)
		if err != nil {
			if force && errors.Is(err, fs.ErrNotExist) {
				return goja.Undefined()
			}
			throw(err, "rm", call.Argument(0).String())
		}
		if st.IsDir() && !recursive {
			throw(syscall.EISDIR, "rm", call.Argument(0).String())
		}
		if err := c.FS.RemoveAll(p); err != nil {
			throw(err, "rm", call.Argument(0).String())
		}
		return goja.Undefined()
	})
	r.bind(h, "fsRemove", func(call goja.FunctionCall) goja.Value {
		if err := c.FS.Remove(arg(call, 0)); err != nil {
			throw(err, call.Argument(1).String(), call.Argument(0).String())
		}
		return goja.Undefined()
	})
	r.bind(h, "fsRename", func(call goja.FunctionCall) goja.Value {
		if err := c.FS.Rename(arg(call, 0), arg(call, 1)); err != nil {
			throw(err, "rename", call.Argument(0).String())
		}
		return goja.Undefined()
	})
	r.bind(h, "fsSymlink", func(call goja.FunctionCall) goja.Value {
		if err := c.FS.Symlink(call.Argument(0).String(), arg(call, 1)); err != nil {
			throw(err, "symlink", call.Argument(1).String())
		}
		return goja.Undefined()
	})
	r.bind(h, "fsReadlink", func(call goja.FunctionCall) goja.Value {
		s, err := c.FS.Readlink(arg(call, 0))
		if err != nil {
			throw(err, "readlink", call.Argument(0).String())
		}
		return r.vm.ToValue(s)
	})
	r.bind(h, "fsChmod", func(call goja.FunctionCall) goja.Value {
		if err := c.FS.Chmod(arg(call, 0), fs.FileMode(call.Argument(1).ToInteger()&0o7777)); err != nil {
			throw(err, "chmod", call.Argument(0).String())
		}
		return goja.Undefined()
	})
	r.bind(h, "abs", func(call goja.FunctionCall) goja.Value {
		return r.vm.ToValue(path.Clean(arg(call, 0)))
	})
}
