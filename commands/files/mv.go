package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/opts"

	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"
)

var mvOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'f', Long: "force"},
	{Short: 'i', Long: "interactive"},
	{Short: 'n', Long: "no-clobber"},
	{Short: 'v', Long: "verbose"},
	{Short: 'u', Long: "update"},
	{Short: 'T', Long: "no-target-directory"},
	{Short: 't', Long: "target-directory", Arg: true},
}, Usage: 1, Help: "Usage: mv [OPTION]... [-T] SOURCE DEST\n  or:  mv [OPTION]... SOURCE... DIRECTORY\n  or:  mv [OPTION]... -t DIRECTORY SOURCE...\nRename SOURCE to DEST, or move SOURCE(s) to DIRECTORY.\n  -f  do not prompt before overwriting\n  -n  do not overwrite an existing file\n  -v  explain what is being done\n"}

type mvRun struct {
	c                          *commands.Context
	ctx                        context.Context
	noClobber, verbose, update bool
}

func runMv(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := mvOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	m := &mvRun{c: c, ctx: ctx}
	target, noTarget := "", false
	for _, o := range res {
		switch o.Key {
		case "n":
			m.noClobber = true
		case "f", "i":
			m.noClobber = false
		case "v":
			m.verbose = true
		case "u":
			m.update = true
		case "T":
			noTarget = true
		case "t":
			target = o.Val
		}
	}
	if target == "" {
		switch len(ops) {
		case 0:
			return opts.UsageError(c, 1, "missing file operand")
		case 1:
			return opts.UsageError(c, 1, "missing destination file operand after '%s'", ops[0])
		}
		target, ops = ops[len(ops)-1], ops[:len(ops)-1]
	}
	tfi, terr := c.FS.Stat(c.Abs(target))
	toDir := terr == nil && tfi.IsDir() && !noTarget
	if len(ops) > 1 && !toDir {
		if noTarget {
			return opts.UsageError(c, 1, "extra operand '%s'", ops[1])
		}
		if terr != nil {
			c.Errorf("target '%s': %s", target, commands.ErrText(terr))
		} else {
			c.Errorf("target '%s' is not a directory", target)
		}
		return 1
	}
	return max(status, eachOperand(ctx, ops, target, toDir, m.move))
}

func (m *mvRun) move(src, dst string) bool {
	c := m.c
	sabs, dabs := c.Abs(src), c.Abs(dst)
	sfi, err := c.FS.Lstat(sabs)
	if err != nil {
		c.Errorf("cannot stat '%s': %s", src, commands.ErrText(err))
		return false
	}
	dfi, derr := c.FS.Lstat(dabs)
	if derr == nil {
		if sabs == dabs || fileinfo.SameFile(sfi, dfi) {
			c.Errorf("'%s' and '%s' are the same file", src, dst)
			return false
		}
		if m.noClobber {
			return true
		}
		if m.update && !sfi.ModTime().After(dfi.ModTime()) {
			return true
		}
		switch {
		case dfi.IsDir() && !sfi.IsDir():
			c.Errorf("cannot overwrite directory '%s' with non-directory", dst)
			return false
		case !dfi.IsDir() && sfi.IsDir():
			c.Errorf("cannot overwrite non-directory '%s' with directory '%s'", dst, src)
			return false
		}
	}
	if sfi.IsDir() && strings.HasPrefix(dabs, sabs+"/") {
		c.Errorf("cannot move '%s' to a subdirectory of itself, '%s'", src, dst)
		return false
	}
	err = c.FS.Rename(sabs, dabs)
	if errors.Is(err, syscall.EXDEV) {
		err = m.crossDevice(src, dst, sabs, dabs, sfi)
	}
	if err != nil {
		if errors.Is(err, syscall.ENOTEMPTY) || errors.Is(err, fs.ErrExist) && sfi.IsDir() {
			c.Errorf("cannot move '%s' to '%s': Directory not empty", src, dst)
		} else {
			c.Errorf("cannot move '%s' to '%s': %s", src, dst, commands.ErrText(err))
		}
		return false
	}
	if m.verbose {
		fmt.Fprintf(c.Stdout, "renamed '%s' -> '%s'\n", src, dst)
	}
	return true
}

// crossDevice copies (preserving attributes) then removes the source, for
// moves between mounts that cannot rename.
func (m *mvRun) crossDevice(src, dst, sabs, dabs string, fi fs.FileInfo) error {
	c := m.c
	if fi.IsDir() {
		if dfi, err := c.FS.Lstat(dabs); err == nil && dfi.IsDir() {
			if err := c.FS.Remove(dabs); err != nil {
				return err
			}
		}
	}
	var errb strings.Builder
	cp := &cpRun{c: &commands.Context{Args: []string{"mv"}, Stdout: &errb, Stderr: &errb, FS: c.FS, Dir: c.Dir},
		ctx: m.ctx, recursive: true, preserve: true}
	if !cp.copy(src, dst, sabs, dabs, fi) {
		return errors.New(strings.TrimSpace(strings.TrimPrefix(errb.String(), "mv: ")))
	}
	return c.FS.RemoveAll(sabs)
}
