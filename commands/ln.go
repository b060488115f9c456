package commands

import (
	"fmt"
	"path"
)

func init() { register("ln", runLn) }

var lnOpts = optParser{opts: []opt{
	{short: 's', long: "symbolic"},
	{short: 'f', long: "force"},
	{short: 'n', long: "no-dereference"}, {short: 'h', key: "n"},
	{short: 'v', long: "verbose"},
	{short: 'r', long: "relative"},
	{short: 'i', long: "interactive"},
	{short: 'L', long: "logical"}, {short: 'P', long: "physical"},
	{short: 'T', long: "no-target-directory"},
	{short: 't', long: "target-directory", arg: true},
}, usage: 1, help: "Usage: ln [OPTION]... [-T] TARGET LINK_NAME\n  or:  ln [OPTION]... TARGET\n  or:  ln [OPTION]... TARGET... DIRECTORY\n  or:  ln [OPTION]... -t DIRECTORY TARGET...\nCreate links; hard links by default, symbolic links with --symbolic.\n  -f  remove existing destination files\n  -n  treat LINK_NAME as a normal file if it is a symbolic link to a directory\n  -s  make symbolic links instead of hard links\n  -v  print name of each linked file\n"}

func runLn(ctx contextT, c *Context) int {
	res, ops, status, ok := lnOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := toFlags(res)
	target, hasT := f["t"]
	if len(ops) == 0 {
		return c.usageError(1, "missing file operand")
	}
	if !hasT {
		if len(ops) == 1 {
			target = "."
		} else {
			target, ops = ops[len(ops)-1], ops[:len(ops)-1]
		}
	}
	toDir := false
	if !f.has("T") {
		stat := c.FS.Stat
		if f.has("n") {
			stat = c.FS.Lstat
		}
		if fi, err := stat(c.Abs(target)); err == nil && fi.IsDir() {
			toDir = true
		}
	}
	if len(ops) > 1 && !toDir {
		if f.has("T") {
			return c.usageError(1, "extra operand '%s'", ops[1])
		}
		c.Errorf("target '%s' is not a directory", target)
		return 1
	}
	for _, src := range ops {
		dst := target
		if toDir {
			dst = path.Join(target, baseOf(src, ""))
		}
		if !c.lnOne(src, dst, f) {
			status = 1
		}
	}
	return status
}

func (c *Context) lnOne(src, dst string, f flagSet) bool {
	dabs := c.Abs(dst)
	kind := "hard link"
	if f.has("s") {
		kind = "symbolic link"
	} else {
		sfi, err := c.FS.Stat(c.Abs(src))
		if err != nil {
			c.Errorf("failed to access '%s': %s", src, ErrText(err))
			return false
		}
		if sfi.IsDir() {
			c.Errorf("%s: hard link not allowed for directory", src)
			return false
		}
	}
	if dfi, err := c.FS.Lstat(dabs); err == nil {
		if !f.has("f") {
			c.Errorf("failed to create %s '%s': File exists", kind, dst)
			return false
		}
		if dfi.IsDir() {
			c.Errorf("%s: cannot overwrite directory", dst)
			return false
		}
		if sfi, err := c.FS.Stat(c.Abs(src)); err == nil && !f.has("s") && sameFile(sfi, dfi) {
			c.Errorf("'%s' and '%s' are the same file", src, dst)
			return false
		}
		if err := c.FS.Remove(dabs); err != nil {
			c.Errorf("cannot remove '%s': %s", dst, ErrText(err))
			return false
		}
	}
	var err error
	linkText := src
	if f.has("s") {
		if f.has("r") {
			t, _ := canonicalize(c.FS, c.Abs(src), 'm')
			d, _ := canonicalize(c.FS, path.Dir(dabs), 'm')
			linkText = relPath(d, t)
		}
		err = c.FS.Symlink(linkText, dabs)
	} else {
		err = c.FS.Link(c.Abs(src), dabs)
	}
	if err != nil {
		c.Errorf("failed to create %s '%s': %s", kind, dst, ErrText(err))
		return false
	}
	if f.has("v") {
		if f.has("s") {
			fmt.Fprintf(c.Stdout, "'%s' -> '%s'\n", dst, linkText)
		} else {
			fmt.Fprintf(c.Stdout, "'%s' => '%s'\n", dst, src)
		}
	}
	return true
}
