package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/fspath"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
)

var cpOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'a', Long: "archive"},
	{Short: 'r', Long: "recursive"}, {Short: 'R', Key: "r"},
	{Short: 'p'}, {Long: "preserve", Arg: true}, {Long: "no-preserve", Arg: true},
	{Short: 'n', Long: "no-clobber"},
	{Short: 'f', Long: "force"},
	{Short: 'i', Long: "interactive"},
	{Short: 'v', Long: "verbose"},
	{Short: 'd'}, {Short: 'P', Long: "no-dereference"},
	{Short: 'L', Long: "dereference"}, {Short: 'H'},
	{Short: 'l', Long: "link"}, {Short: 's', Long: "symbolic-link"},
	{Short: 'u', Long: "update"},
	{Short: 'T', Long: "no-target-directory"},
	{Short: 't', Long: "target-directory", Arg: true},
}, Usage: 1, Help: "Usage: cp [OPTION]... [-T] SOURCE DEST\n  or:  cp [OPTION]... SOURCE... DIRECTORY\n  or:  cp [OPTION]... -t DIRECTORY SOURCE...\nCopy SOURCE to DEST, or multiple SOURCE(s) to DIRECTORY.\n  -a  same as -dR --preserve=all\n  -f  if an existing destination file cannot be opened, remove it and try again\n  -n  do not overwrite an existing file\n  -p  preserve mode and timestamps\n  -r, -R  copy directories recursively\n  -v  explain what is being done\n"}

// cpRun holds the settings of one cp invocation.
type cpRun struct {
	c                               *commands.Context
	ctx                             context.Context
	recursive, preserve, noClobber  bool
	force, verbose, deref, topDeref bool
	hardLink, symLink, update       bool
}

func runCp(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := cpOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	r := &cpRun{c: c, ctx: ctx, deref: true, topDeref: true}
	target, noTarget := "", false
	for _, o := range res {
		switch o.Key {
		case "a":
			r.recursive, r.preserve, r.deref, r.topDeref = true, true, false, false
		case "r":
			r.recursive = true
		case "p":
			r.preserve = true
		case "preserve":
			r.preserve = true
		case "no-preserve":
			r.preserve = false
		case "n":
			r.noClobber = true
		case "f":
			r.force, r.noClobber = true, false
		case "v":
			r.verbose = true
		case "d", "P":
			r.deref, r.topDeref = false, false
		case "L":
			r.deref, r.topDeref = true, true
		case "H":
			r.deref, r.topDeref = false, true
		case "l":
			r.hardLink = true
		case "s":
			r.symLink = true
		case "u":
			r.update = true
		case "T":
			noTarget = true
		case "t":
			target = o.Val
		}
	}
	// -R without -L/-H copies symlinks as symlinks (GNU default).
	if r.recursive && !hasKey(res, "L") && !hasKey(res, "H") {
		r.deref, r.topDeref = false, false
	}
	return r.run(ops, target, noTarget)
}

func hasKey(res []opts.Result, k string) bool {
	for _, o := range res {
		if o.Key == k {
			return true
		}
	}
	return false
}

// run resolves the SOURCE... DEST forms shared with mv.
func (r *cpRun) run(ops []string, target string, noTarget bool) int {
	c := r.c
	if target == "" {
		switch len(ops) {
		case 0:
			return opts.UsageError(c, 1, "missing file operand")
		case 1:
			return opts.UsageError(c, 1, "missing destination file operand after '%s'", ops[0])
		}
		target, ops = ops[len(ops)-1], ops[:len(ops)-1]
	} else if len(ops) == 0 {
		return opts.UsageError(c, 1, "missing file operand")
	}
	tfi, terr := c.FS.Stat(c.Abs(target))
	toDir := terr == nil && tfi.IsDir() && !noTarget
	if len(ops) > 1 && !toDir {
		if noTarget {
			return opts.UsageError(c, 1, "extra operand '%s'", ops[1])
		}
		if terr != nil {
			c.Errorf("target '%s': %s", target, commands.ErrText(terr))
			return 1
		}
		c.Errorf("target '%s' is not a directory", target)
		return 1
	}
	return eachOperand(r.ctx, ops, target, toDir, r.top)
}

// eachOperand calls f for each source operand with its destination (the
// target itself, or the source's base name inside the target directory),
// as cp, mv and ln lay them out; the status is 1 if any call failed.
func eachOperand(ctx context.Context, ops []string, target string, toDir bool, f func(src, dst string) bool) int {
	status := 0
	for _, src := range ops {
		if ctx.Err() != nil {
			return 1
		}
		dst := target
		if toDir {
			dst = path.Join(target, fspath.Base(src, ""))
		}
		if !f(src, dst) {
			status = 1
		}
	}
	return status
}

// top copies one command-line operand.
func (r *cpRun) top(src, dst string) bool {
	c := r.c
	sabs, dabs := c.Abs(src), c.Abs(dst)
	fi, err := r.stat(sabs, r.topDeref)
	if err != nil {
		c.Errorf("cannot stat '%s': %s", src, commands.ErrText(err))
		return false
	}
	if fi.IsDir() {
		if !r.recursive {
			c.Errorf("-r not specified; omitting directory '%s'", src)
			return false
		}
		if dabs == sabs || strings.HasPrefix(dabs, sabs+"/") {
			c.Errorf("cannot copy a directory, '%s', into itself, '%s'", src, dst)
			return false
		}
	}
	return r.copy(src, dst, sabs, dabs, fi)
}

func (r *cpRun) stat(abs string, follow bool) (fs.FileInfo, error) {
	if follow {
		return r.c.FS.Stat(abs)
	}
	return r.c.FS.Lstat(abs)
}

// copy copies src (already stat'ed as fi) to dst, recursing into dirs.
func (r *cpRun) copy(src, dst, sabs, dabs string, fi fs.FileInfo) bool {
	c := r.c
	dfi, derr := c.FS.Lstat(dabs)
	exists := derr == nil
	if strings.HasSuffix(dst, "/") && !fi.IsDir() && (!exists || !dfi.IsDir()) {
		// "cp f x/" must not create a file called x.
		return r.report(src, dst, syscall.ENOTDIR, "")
	}
	if exists && !fi.IsDir() {
		if fileinfo.SameFile(fi, dfi) || sabs == dabs {
			c.Errorf("'%s' and '%s' are the same file", src, dst)
			return false
		}
		if r.noClobber {
			return true
		}
		if r.update && !fi.ModTime().After(dfi.ModTime()) {
			return true
		}
		if dfi.IsDir() {
			c.Errorf("cannot overwrite directory '%s' with non-directory", dst)
			return false
		}
	}
	switch {
	case fi.IsDir():
		return r.copyDir(src, dst, sabs, dabs, fi, dfi, exists)
	case r.symLink:
		return r.report(src, dst, r.replace(dabs, exists, func() error { return c.FS.Symlink(sabs, dabs) }), "create symbolic link")
	case r.hardLink:
		return r.report(src, dst, r.replace(dabs, exists, func() error { return c.FS.Link(sabs, dabs) }), "create hard link")
	case fi.Mode()&fs.ModeSymlink != 0:
		t, err := c.FS.Readlink(sabs)
		if err == nil {
			err = r.replace(dabs, exists, func() error { return c.FS.Symlink(t, dabs) })
		}
		return r.report(src, dst, err, "create symbolic link")
	}
	err := r.copyFile(sabs, dabs, fi, exists)
	return r.report(src, dst, err, "")
}

// replace removes an existing destination first, as cp does for links.
func (r *cpRun) replace(dabs string, exists bool, mk func() error) error {
	if exists {
		if err := r.c.FS.Remove(dabs); err != nil {
			return err
		}
	}
	return mk()
}

func (r *cpRun) report(src, dst string, err error, what string) bool {
	if err != nil {
		if what == "" {
			r.c.Errorf("cannot create regular file '%s': %s", dst, commands.ErrText(err))
		} else {
			r.c.Errorf("cannot %s '%s': %s", what, dst, commands.ErrText(err))
		}
		return false
	}
	if r.verbose {
		fmt.Fprintf(r.c.Stdout, "'%s' -> '%s'\n", src, dst)
	}
	return true
}

func (r *cpRun) copyFile(sabs, dabs string, fi fs.FileInfo, exists bool) error {
	c := r.c
	in, err := c.FS.OpenFile(sabs, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	mode := fi.Mode().Perm() &^ identity.Umask
	out, err := c.FS.OpenFile(dabs, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil && exists && r.force {
		if c.FS.Remove(dabs) == nil {
			out, err = c.FS.OpenFile(dabs, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
		}
	}
	if err != nil {
		return err
	}
	_, err = io.Copy(out, commands.NewCtxReader(r.ctx, in))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil && r.preserve {
		err = r.preserveAttrs(dabs, fi)
	}
	return err
}

func (r *cpRun) preserveAttrs(dabs string, fi fs.FileInfo) error {
	if err := r.c.FS.Chmod(dabs, fi.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)); err != nil {
		return err
	}
	return r.c.FS.Chtimes(dabs, fileinfo.Atime(fi), fi.ModTime())
}

func (r *cpRun) copyDir(src, dst, sabs, dabs string, fi, dfi fs.FileInfo, exists bool) bool {
	c := r.c
	if exists && !dfi.IsDir() {
		c.Errorf("cannot overwrite non-directory '%s' with directory '%s'", dst, src)
		return false
	}
	if !exists {
		// Writable while filling it; the final mode is set afterwards.
		if err := c.FS.Mkdir(dabs, fi.Mode().Perm()&^identity.Umask|0o700); err != nil {
			c.Errorf("cannot create directory '%s': %s", dst, commands.ErrText(err))
			return false
		}
		if r.verbose {
			fmt.Fprintf(c.Stdout, "'%s' -> '%s'\n", src, dst)
		}
	}
	ents, err := c.FS.ReadDir(sabs)
	if err != nil {
		c.Errorf("cannot access '%s': %s", src, commands.ErrText(err))
		return false
	}
	ok := true
	for _, e := range ents {
		if r.ctx.Err() != nil {
			return false
		}
		cs, cd := path.Join(src, e.Name()), path.Join(dst, e.Name())
		csa, cda := path.Join(sabs, e.Name()), path.Join(dabs, e.Name())
		cfi, err := r.stat(csa, r.deref)
		if err != nil {
			c.Errorf("cannot stat '%s': %s", cs, commands.ErrText(err))
			ok = false
			continue
		}
		if !r.copy(cs, cd, csa, cda, cfi) {
			ok = false
		}
	}
	if !exists {
		mode := fi.Mode().Perm() &^ identity.Umask
		if r.preserve {
			mode = fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
		}
		c.FS.Chmod(dabs, mode)
	}
	if r.preserve {
		c.FS.Chtimes(dabs, fileinfo.Atime(fi), fi.ModTime())
	}
	return ok
}
