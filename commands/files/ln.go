package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/fspath"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"path"
)

var lnOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 's', Long: "symbolic"},
	{Short: 'f', Long: "force"},
	{Short: 'n', Long: "no-dereference"}, {Short: 'h', Key: "n"},
	{Short: 'v', Long: "verbose"},
	{Short: 'r', Long: "relative"},
	{Short: 'i', Long: "interactive"},
	{Short: 'L', Long: "logical"}, {Short: 'P', Long: "physical"},
	{Short: 'T', Long: "no-target-directory"},
	{Short: 't', Long: "target-directory", Arg: true},
}, Usage: 1, Help: "Usage: ln [OPTION]... [-T] TARGET LINK_NAME\n  or:  ln [OPTION]... TARGET\n  or:  ln [OPTION]... TARGET... DIRECTORY\n  or:  ln [OPTION]... -t DIRECTORY TARGET...\nCreate links; hard links by default, symbolic links with --symbolic.\n  -f  remove existing destination files\n  -n  treat LINK_NAME as a normal file if it is a symbolic link to a directory\n  -s  make symbolic links instead of hard links\n  -v  print name of each linked file\n"}

func runLn(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := lnOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	target, hasT := f["t"]
	if len(ops) == 0 {
		return opts.UsageError(c, 1, "missing file operand")
	}
	if !hasT {
		if len(ops) == 1 {
			target = "."
		} else {
			target, ops = ops[len(ops)-1], ops[:len(ops)-1]
		}
	}
	toDir := false
	if !f.Has("T") {
		stat := c.FS.Stat
		if f.Has("n") {
			stat = c.FS.Lstat
		}
		if fi, err := stat(c.Abs(target)); err == nil && fi.IsDir() {
			toDir = true
		}
	}
	if len(ops) > 1 && !toDir {
		if f.Has("T") {
			return opts.UsageError(c, 1, "extra operand '%s'", ops[1])
		}
		c.Errorf("target '%s' is not a directory", target)
		return 1
	}
	for _, src := range ops {
		dst := target
		if toDir {
			dst = path.Join(target, fspath.Base(src, ""))
		}
		if !lnOne(c, src, dst, f) {
			status = 1
		}
	}
	return status
}

func lnOne(c *commands.Context, src, dst string, f opts.Flags) bool {
	dabs := c.Abs(dst)
	kind := "hard link"
	if f.Has("s") {
		kind = "symbolic link"
	} else {
		sfi, err := c.FS.Stat(c.Abs(src))
		if err != nil {
			c.Errorf("failed to access '%s': %s", src, commands.ErrText(err))
			return false
		}
		if sfi.IsDir() {
			c.Errorf("%s: hard link not allowed for directory", src)
			return false
		}
	}
	if dfi, err := c.FS.Lstat(dabs); err == nil {
		if !f.Has("f") {
			c.Errorf("failed to create %s '%s': File exists", kind, dst)
			return false
		}
		if dfi.IsDir() {
			c.Errorf("%s: cannot overwrite directory", dst)
			return false
		}
		if sfi, err := c.FS.Stat(c.Abs(src)); err == nil && !f.Has("s") && fileinfo.SameFile(sfi, dfi) {
			c.Errorf("'%s' and '%s' are the same file", src, dst)
			return false
		}
		if err := c.FS.Remove(dabs); err != nil {
			c.Errorf("cannot remove '%s': %s", dst, commands.ErrText(err))
			return false
		}
	}
	var err error
	linkText := src
	if f.Has("s") {
		if f.Has("r") {
			t, _ := canonicalize(c.FS, c.Abs(src), 'm')
			d, _ := canonicalize(c.FS, path.Dir(dabs), 'm')
			linkText = relPath(d, t)
		}
		err = c.FS.Symlink(linkText, dabs)
	} else {
		err = c.FS.Link(c.Abs(src), dabs)
	}
	if err != nil {
		c.Errorf("failed to create %s '%s': %s", kind, dst, commands.ErrText(err))
		return false
	}
	if f.Has("v") {
		if f.Has("s") {
			fmt.Fprintf(c.Stdout, "'%s' -> '%s'\n", dst, linkText)
		} else {
			fmt.Fprintf(c.Stdout, "'%s' => '%s'\n", dst, src)
		}
	}
	return true
}
