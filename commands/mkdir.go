package commands

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

func init() { register("mkdir", runMkdir) }

var mkdirOpts = optParser{opts: []opt{
	{short: 'p', long: "parents"},
	{short: 'v', long: "verbose"},
	{short: 'm', long: "mode", arg: true},
}, usage: 1, help: "Usage: mkdir [OPTION]... DIRECTORY...\nCreate the DIRECTORY(ies), if they do not already exist.\n"}

// defaultUmask is the sandbox umask applied to new files and directories.
const defaultUmask = 0o022

func runMkdir(ctx contextT, c *Context) int {
	res, dirs, status, ok := mkdirOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := toFlags(res)
	if len(dirs) == 0 {
		return c.usageError(1, "missing operand")
	}
	mode, hasMode := fs.FileMode(0o777&^defaultUmask), false
	if m, ok := f["m"]; ok {
		v, err := strconv.ParseUint(m, 8, 32)
		if err != nil || v > 0o7777 {
			c.Errorf("invalid mode '%s'", m)
			return 1
		}
		mode, hasMode = fs.FileMode(v)&fs.ModePerm, true
	}
	for _, d := range dirs {
		if ctx.Err() != nil {
			return 1
		}
		var err error
		if f.has("p") {
			err = c.mkdirParents(d, mode, f.has("v"))
		} else {
			err = c.FS.Mkdir(c.Abs(d), mode)
			if err == nil && f.has("v") {
				fmt.Fprintf(c.Stdout, "mkdir: created directory '%s'\n", d)
			}
		}
		if err == nil && hasMode {
			err = c.FS.Chmod(c.Abs(d), mode)
		}
		if err != nil {
			c.Errorf("cannot create directory '%s': %s", d, ErrText(err))
			status = 1
		}
	}
	return status
}

// mkdirParents creates d and its missing parents, reporting each with -v.
func (c *Context) mkdirParents(d string, mode fs.FileMode, verbose bool) error {
	abs := c.Abs(d)
	if fi, err := c.FS.Stat(abs); err == nil {
		if fi.IsDir() {
			return nil
		}
		return fs.ErrExist
	}
	// Walk down from the first missing ancestor so -v can name each one.
	var missing []string
	for p := abs; p != "/"; p = path.Dir(p) {
		if _, err := c.FS.Stat(p); err == nil {
			break
		}
		missing = append([]string{p}, missing...)
	}
	shown := strings.TrimSuffix(d, "/")
	for _, p := range missing {
		if err := c.FS.Mkdir(p, 0o777&^defaultUmask|0o300); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		if verbose {
			rel := shown
			if tail := strings.TrimPrefix(abs, p); tail != "" {
				rel = strings.TrimSuffix(shown, tail)
			}
			fmt.Fprintf(c.Stdout, "mkdir: created directory '%s'\n", rel)
		}
	}
	if mode != 0o777&^defaultUmask {
		return c.FS.Chmod(abs, mode)
	}
	return nil
}
