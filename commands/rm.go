package commands

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"syscall"
)

func init() { register("rm", runRm) }

var rmOpts = optParser{opts: []opt{
	{short: 'f', long: "force"},
	{short: 'i'}, {short: 'I'},
	{short: 'r', long: "recursive"},
	{short: 'R', key: "r"},
	{short: 'd', long: "dir"},
	{short: 'v', long: "verbose"},
	{long: "no-preserve-root"},
	{long: "preserve-root"},
	{long: "one-file-system"},
}, usage: 1, help: "Usage: rm [OPTION]... [FILE]...\nRemove (unlink) the FILE(s).\n"}

type rmRun struct {
	c                              *Context
	force, recursive, dir, verbose bool
}

func runRm(ctx contextT, c *Context) int {
	res, files, status, ok := rmOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := toFlags(res)
	r := &rmRun{c: c, force: f.has("f"), recursive: f.has("r"), dir: f.has("d"), verbose: f.has("v")}
	if len(files) == 0 {
		if r.force {
			return 0
		}
		return c.usageError(1, "missing operand")
	}
	for _, name := range files {
		if ctx.Err() != nil {
			return 1
		}
		base := path.Base(name)
		switch {
		case base == "." || base == "..":
			c.Errorf("refusing to remove '.' or '..' directory: skipping '%s'", name)
			status = 1
			continue
		case c.Abs(name) == "/" && r.recursive && !f.has("no-preserve-root"):
			c.Errorf("it is dangerous to operate recursively on '/'")
			c.Errorf("use --no-preserve-root to override this failsafe")
			status = 1
			continue
		}
		if !r.remove(ctx, name) {
			status = 1
		}
	}
	return status
}

// remove deletes one operand; false means an error was reported.
func (r *rmRun) remove(ctx contextT, name string) bool {
	c := r.c
	abs := c.Abs(name)
	fi, err := c.FS.Lstat(abs)
	if err != nil {
		if r.force && errors.Is(err, fs.ErrNotExist) {
			return true
		}
		c.Errorf("cannot remove '%s': %s", name, ErrText(err))
		return false
	}
	if !fi.IsDir() {
		return r.unlink(name, abs, false)
	}
	if !r.recursive {
		if r.dir {
			return r.unlink(name, abs, true)
		}
		c.Errorf("cannot remove '%s': Is a directory", name)
		return false
	}
	ents, err := c.FS.ReadDir(abs)
	if err != nil {
		c.Errorf("cannot remove '%s': %s", name, ErrText(err))
		return false
	}
	ok := true
	for _, e := range ents {
		if ctx.Err() != nil {
			return false
		}
		if !r.remove(ctx, path.Join(name, e.Name())) {
			ok = false
		}
	}
	if !ok {
		return false
	}
	return r.unlink(name, abs, true)
}

func (r *rmRun) unlink(name, abs string, isDir bool) bool {
	if err := r.c.FS.Remove(abs); err != nil {
		if isDir && errors.Is(err, syscall.ENOTEMPTY) {
			r.c.Errorf("cannot remove '%s': Directory not empty", name)
			return false
		}
		r.c.Errorf("cannot remove '%s': %s", name, ErrText(err))
		return false
	}
	if r.verbose {
		if isDir {
			fmt.Fprintf(r.c.Stdout, "removed directory '%s'\n", name)
		} else {
			fmt.Fprintf(r.c.Stdout, "removed '%s'\n", name)
		}
	}
	return true
}
