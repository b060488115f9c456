package commands

import (
	"errors"
	"fmt"
	"path"
	"strings"
	"syscall"
)

func init() { register("rmdir", runRmdir) }

var rmdirOpts = optParser{opts: []opt{
	{short: 'p', long: "parents"},
	{short: 'v', long: "verbose"},
	{long: "ignore-fail-on-non-empty"},
}, usage: 1, help: "Usage: rmdir [OPTION]... DIRECTORY...\nRemove the DIRECTORY(ies), if they are empty.\n  -p  remove DIRECTORY and its ancestors\n  -v  output a diagnostic for every directory processed\n"}

func runRmdir(ctx contextT, c *Context) int {
	res, ops, status, ok := rmdirOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := toFlags(res)
	if len(ops) == 0 {
		return c.usageError(1, "missing operand")
	}
	for _, d := range ops {
		if ctx.Err() != nil {
			return 1
		}
		if !c.rmdirOne(d, f) {
			status = 1
			continue
		}
		if !f.has("p") {
			continue
		}
		for p := strings.TrimRight(d, "/"); ; {
			p = dirOf(p)
			if p == "." || p == "/" {
				break
			}
			if !c.rmdirOne(p, f) {
				status = 1
				break
			}
		}
	}
	return status
}

func (c *Context) rmdirOne(d string, f flagSet) bool {
	if f.has("v") {
		fmt.Fprintf(c.Stdout, "rmdir: removing directory, '%s'\n", d)
	}
	abs := c.Abs(d)
	fi, err := c.FS.Lstat(abs)
	if err == nil && !fi.IsDir() {
		err = syscall.ENOTDIR
	}
	if err == nil && path.Base(d) == "." {
		err = syscall.EINVAL
	}
	if err == nil {
		err = c.FS.Remove(abs)
	}
	if err == nil {
		return true
	}
	if f.has("ignore-fail-on-non-empty") && (errors.Is(err, syscall.ENOTEMPTY) || errors.Is(err, syscall.EEXIST)) {
		return true
	}
	c.Errorf("failed to remove '%s': %s", d, ErrText(err))
	return false
}
