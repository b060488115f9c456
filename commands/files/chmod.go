package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"io/fs"
	"path"
	"strings"
)

var chmodOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'R', Long: "recursive"},
	{Short: 'v', Long: "verbose"},
	{Short: 'c', Long: "changes"},
	{Short: 'f', Long: "silent"},
	{Long: "quiet", Key: "f"},
	{Long: "reference", Arg: true},
}, Usage: 1, Help: "Usage: chmod [OPTION]... MODE[,MODE]... FILE...\n  or:  chmod [OPTION]... OCTAL-MODE FILE...\nChange the mode of each FILE to MODE.\n  -R  change files and directories recursively\n  -v  output a diagnostic for every file processed\n"}

type chmodRun struct {
	c                *commands.Context
	spec             string
	ref              *uint32
	verbose, changes bool
	quiet, recursive bool
}

func runChmod(ctx context.Context, c *commands.Context) int {
	// Modes like "-w" look like options: pull them out before parsing.
	var args, modeArgs []string
	for i, a := range c.Args[1:] {
		if a == "--" {
			args = append(args, c.Args[1+i:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' && strings.Trim(a[1:], "rwxXstugo+-=,") == "" && a != "--" {
			modeArgs = append(modeArgs, a)
			continue
		}
		args = append(args, a)
	}
	res, ops, status, ok := chmodOpts.Parse(c, args)
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	r := &chmodRun{c: c, verbose: f.Has("v"), changes: f.Has("c"), quiet: f.Has("f"), recursive: f.Has("R")}
	if ref, ok := f["reference"]; ok {
		fi, err := c.FS.Stat(c.Abs(ref))
		if err != nil {
			c.Errorf("failed to get attributes of '%s': %s", ref, commands.ErrText(err))
			return 1
		}
		u := fileinfo.UnixPerm(fi.Mode())
		r.ref = &u
	} else {
		if len(modeArgs) > 0 {
			r.spec = strings.Join(modeArgs, ",")
		} else if len(ops) > 0 {
			r.spec, ops = ops[0], ops[1:]
		}
		if r.spec == "" {
			return opts.UsageError(c, 1, "missing operand")
		}
	}
	if len(ops) == 0 {
		return opts.UsageError(c, 1, "missing operand after '%s'", r.spec)
	}
	if r.ref == nil {
		if _, ok := fileinfo.ApplyMode(r.spec, 0, false, identity.Umask); !ok {
			return opts.UsageError(c, 1, "invalid mode: '%s'", r.spec)
		}
	}
	for _, name := range ops {
		if ctx.Err() != nil {
			return 1
		}
		if !r.one(ctx, name, true) {
			status = 1
		}
	}
	return status
}

// one changes name and, with -R, everything below it. Symlinks met during
// recursion are skipped (GNU -P default); operands are followed.
func (r *chmodRun) one(ctx context.Context, name string, top bool) bool {
	c := r.c
	abs := c.Abs(name)
	lfi, err := c.FS.Lstat(abs)
	if err != nil {
		if !r.quiet {
			c.Errorf("cannot access '%s': %s", name, commands.ErrText(err))
		}
		return false
	}
	if lfi.Mode()&fs.ModeSymlink != 0 && !top {
		return true
	}
	fi, err := c.FS.Stat(abs)
	if err != nil {
		if !r.quiet {
			c.Errorf("cannot operate on dangling symlink '%s'", name)
		}
		return false
	}
	old := fileinfo.UnixPerm(fi.Mode())
	nu := old
	if r.ref != nil {
		nu = *r.ref
	} else {
		nu, _ = fileinfo.ApplyMode(r.spec, old, fi.IsDir(), identity.Umask)
	}
	ok := true
	if err := c.FS.Chmod(abs, fileinfo.ModeOf(nu)); err != nil {
		if !r.quiet {
			c.Errorf("changing permissions of '%s': %s", name, commands.ErrText(err))
		}
		ok = false
	} else if r.verbose || r.changes && nu != old {
		r.report(name, old, nu)
	}
	if r.recursive && fi.IsDir() && lfi.Mode()&fs.ModeSymlink == 0 {
		ents, err := c.FS.ReadDir(abs)
		if err != nil {
			c.Errorf("cannot read directory '%s': %s", name, commands.ErrText(err))
			return false
		}
		for _, e := range ents {
			if ctx.Err() != nil {
				return false
			}
			if !r.one(ctx, path.Join(name, e.Name()), false) {
				ok = false
			}
		}
	}
	return ok
}

func (r *chmodRun) report(name string, old, nu uint32) {
	sym := func(u uint32) string { return fileinfo.ModeString(fileinfo.ModeOf(u))[1:] }
	if old == nu {
		fmt.Fprintf(r.c.Stdout, "mode of '%s' retained as %04o (%s)\n", name, nu, sym(nu))
		return
	}
	fmt.Fprintf(r.c.Stdout, "mode of '%s' changed from %04o (%s) to %04o (%s)\n", name, old, sym(old), nu, sym(nu))
}
