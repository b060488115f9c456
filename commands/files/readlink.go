package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"errors"
	"io/fs"
	"path"
	"strings"
	"syscall"

	"github.com/justbash/justbash/vfs"
)

var readlinkOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'f', Long: "canonicalize"},
	{Short: 'e', Long: "canonicalize-existing"},
	{Short: 'm', Long: "canonicalize-missing"},
	{Short: 'n', Long: "no-newline"},
	{Short: 'q', Long: "quiet"}, {Short: 's', Long: "silent", Key: "q"},
	{Short: 'v', Long: "verbose"},
	{Short: 'z', Long: "zero"},
}, Usage: 1, Help: "Usage: readlink [OPTION]... FILE...\nPrint value of a symbolic link or canonical file name\n  -f  canonicalize; all but the last component must exist\n  -e  canonicalize; all components must exist\n  -m  canonicalize without requirements on existence\n  -n  do not output the trailing delimiter\n"}

func runReadlink(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := readlinkOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(ops) == 0 {
		return opts.UsageError(c, 1, "missing operand")
	}
	var mode byte
	f := opts.ToFlags(res)
	for _, r := range res {
		if r.Key == "f" || r.Key == "e" || r.Key == "m" {
			mode = r.Key[0]
		}
	}
	end := "\n"
	if f.Has("z") {
		end = "\x00"
	} else if f.Has("n") && len(ops) == 1 {
		end = ""
	}
	out := commands.NewOut(c.Stdout)
	for _, op := range ops {
		var s string
		var err error
		if mode == 0 {
			s, err = c.FS.Readlink(c.Abs(op))
		} else {
			s, err = canonicalize(c.FS, rawAbs(c, op), mode)
		}
		if err != nil {
			if f.Has("v") {
				c.Errorf("%s: %s", op, commands.ErrText(err))
			}
			status = 1
			continue
		}
		out.WriteString(s + end)
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return status
}

// canonicalize resolves symlinks in abs component by component. mode
// 'e': everything must exist; 'f': all but the last component (which may
// be a dangling symlink, whose target is then followed the same way);
// 'm': nothing needs to exist and missing parts are appended lexically.
func canonicalize(fsys vfs.FS, abs string, mode byte) (string, error) {
	rest := pathComps(abs)
	resolved := "/"
	links := 0
	for len(rest) > 0 {
		comp := rest[0]
		rest = rest[1:]
		switch comp {
		case "", ".":
			continue
		case "..":
			resolved = path.Dir(resolved)
			continue
		}
		next := path.Join(resolved, comp)
		fi, err := fsys.Lstat(next)
		if err != nil {
			switch {
			case !errors.Is(err, fs.ErrNotExist) || mode == 'e':
				return "", err
			case mode == 'm':
				return path.Join(append([]string{next}, rest...)...), nil
			case len(rest) > 0:
				return "", err
			}
			return next, nil
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			if links++; links > 40 {
				return "", syscall.ELOOP
			}
			target, err := fsys.Readlink(next)
			if err != nil {
				return "", err
			}
			if path.IsAbs(target) {
				resolved = "/"
			}
			rest = append(pathComps(target), rest...)
			continue
		}
		if !fi.IsDir() && len(rest) > 0 && mode != 'm' {
			return "", syscall.ENOTDIR
		}
		resolved = next
	}
	return resolved, nil
}

// rawAbs joins a relative name to the working directory without cleaning
// it, so ".." after a symlink is resolved physically, as GNU does.
func rawAbs(c *commands.Context, name string) string {
	if path.IsAbs(name) {
		return name
	}
	return c.Dir + "/" + name
}

// pathComps splits a path into its names, dropping empty and "." ones.
func pathComps(p string) []string {
	var out []string
	for _, s := range strings.Split(p, "/") {
		if s != "" && s != "." {
			out = append(out, s)
		}
	}
	return out
}
