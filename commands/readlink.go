package commands

import (
	"errors"
	"io/fs"
	"path"
	"strings"
	"syscall"

	"github.com/justbash/justbash/vfs"
)

func init() { register("readlink", runReadlink) }

var readlinkOpts = optParser{opts: []opt{
	{short: 'f', long: "canonicalize"},
	{short: 'e', long: "canonicalize-existing"},
	{short: 'm', long: "canonicalize-missing"},
	{short: 'n', long: "no-newline"},
	{short: 'q', long: "quiet"}, {short: 's', long: "silent", key: "q"},
	{short: 'v', long: "verbose"},
	{short: 'z', long: "zero"},
}, usage: 1, help: "Usage: readlink [OPTION]... FILE...\nPrint value of a symbolic link or canonical file name\n  -f  canonicalize; all but the last component must exist\n  -e  canonicalize; all components must exist\n  -m  canonicalize without requirements on existence\n  -n  do not output the trailing delimiter\n"}

func runReadlink(ctx contextT, c *Context) int {
	res, ops, status, ok := readlinkOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) == 0 {
		return c.usageError(1, "missing operand")
	}
	var mode byte
	f := toFlags(res)
	for _, r := range res {
		if r.key == "f" || r.key == "e" || r.key == "m" {
			mode = r.key[0]
		}
	}
	end := "\n"
	if f.has("z") {
		end = "\x00"
	} else if f.has("n") && len(ops) == 1 {
		end = ""
	}
	out := newOut(c.Stdout)
	for _, op := range ops {
		var s string
		var err error
		if mode == 0 {
			s, err = c.FS.Readlink(c.Abs(op))
		} else {
			s, err = canonicalize(c.FS, c.Abs(op), mode)
		}
		if err != nil {
			if f.has("v") {
				c.Errorf("%s: %s", op, ErrText(err))
			}
			status = 1
			continue
		}
		out.WriteString(s + end)
	}
	if err := out.Flush(); err != nil {
		return c.writeFailure(err)
	}
	return status
}

// canonicalize resolves symlinks in abs. mode 'e': everything must exist;
// 'f': all but the last component; 'm': nothing needs to exist.
func canonicalize(fsys vfs.FS, abs string, mode byte) (string, error) {
	if mode == 'e' {
		return realPath(fsys, abs)
	}
	resolved, err := realPath(fsys, abs)
	if err == nil {
		return resolved, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	if mode == 'f' {
		dir, err := realPath(fsys, path.Dir(abs))
		if err != nil {
			return "", err
		}
		if fi, err := fsys.Stat(dir); err == nil && !fi.IsDir() {
			return "", syscall.ENOTDIR
		}
		return path.Join(dir, path.Base(abs)), nil
	}
	// -m: resolve the longest existing prefix, append the rest lexically.
	parts := strings.Split(strings.TrimPrefix(path.Clean(abs), "/"), "/")
	for i := len(parts) - 1; i >= 0; i-- {
		prefix := "/" + strings.Join(parts[:i], "/")
		if r, err := realPath(fsys, prefix); err == nil {
			return path.Join(append([]string{r}, parts[i:]...)...), nil
		}
	}
	return path.Clean(abs), nil
}
