package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fspath"
	"github.com/justbash/justbash/commands/internal/opts"

	"errors"
	"fmt"
	"path"
	"strings"
	"syscall"
)

var rmdirOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'p', Long: "parents"},
	{Short: 'v', Long: "verbose"},
	{Long: "ignore-fail-on-non-empty"},
}, Usage: 1, Help: "Usage: rmdir [OPTION]... DIRECTORY...\nRemove the DIRECTORY(ies), if they are empty.\n  -p  remove DIRECTORY and its ancestors\n  -v  output a diagnostic for every directory processed\n"}

func runRmdir(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := rmdirOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	if len(ops) == 0 {
		return opts.UsageError(c, 1, "missing operand")
	}
	for _, d := range ops {
		if ctx.Err() != nil {
			return 1
		}
		if !rmdirOne(c, d, f) {
			status = 1
			continue
		}
		if !f.Has("p") {
			continue
		}
		for p := strings.TrimRight(d, "/"); ; {
			p = fspath.Dir(p)
			if p == "." || p == "/" {
				break
			}
			if !rmdirOne(c, p, f) {
				status = 1
				break
			}
		}
	}
	return status
}

func rmdirOne(c *commands.Context, d string, f opts.Flags) bool {
	if f.Has("v") {
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
	if f.Has("ignore-fail-on-non-empty") && (errors.Is(err, syscall.ENOTEMPTY) || errors.Is(err, syscall.EEXIST)) {
		return true
	}
	c.Errorf("failed to remove '%s': %s", d, commands.ErrText(err))
	return false
}
