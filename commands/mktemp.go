package commands

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
)

func init() { register("mktemp", runMktemp) }

var mktempOpts = optParser{opts: []opt{
	{short: 'd', long: "directory"},
	{short: 'u', long: "dry-run"},
	{short: 'q', long: "quiet"},
	{short: 'p', long: "tmpdir", arg: true},
	{short: 't'},
	{long: "suffix", arg: true},
}, usage: 1, help: "Usage: mktemp [OPTION]... [TEMPLATE]\nCreate a temporary file or directory, safely, and print its name.\nTEMPLATE must contain at least 3 consecutive 'X's in last component.\nIf TEMPLATE is not specified, use tmp.XXXXXXXXXX, and --tmpdir is implied.\n  -d  create a directory, not a file\n  -u  do not create anything; merely print a name\n  -p DIR  interpret TEMPLATE relative to DIR\n  -t  interpret TEMPLATE as a single file name component, relative to $TMPDIR\n"}

func runMktemp(ctx contextT, c *Context) int {
	res, ops, status, ok := mktempOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := toFlags(res)
	if len(ops) > 1 {
		return c.usageError(1, "too many templates")
	}
	tmpl, useDir := "tmp.XXXXXXXXXX", true
	if len(ops) == 1 {
		tmpl, useDir = ops[0], f.has("p") || f.has("t")
	}
	suffix := f["suffix"]
	if !strings.HasSuffix(tmpl, "X") && !f.has("suffix") {
		// The X run may be followed by a suffix only with --suffix.
		if i := strings.LastIndex(tmpl, "XXX"); i >= 0 && !strings.Contains(tmpl[i:], "/") {
			j := i + 3
			for j < len(tmpl) && tmpl[j] == 'X' {
				j++
			}
			tmpl, suffix = tmpl[:j], tmpl[j:]
		}
	}
	fail := func(format string, a ...any) int {
		if !f.has("q") {
			c.Errorf(format, a...)
		}
		return 1
	}
	xs := len(tmpl) - len(strings.TrimRight(tmpl, "X"))
	if xs < 3 {
		return fail("too few X's in template '%s'", tmpl+suffix)
	}
	if strings.Contains(suffix, "/") {
		return fail("invalid suffix '%s', contains directory separator", suffix)
	}
	if useDir {
		dir := f["p"]
		if dir == "" {
			dir = c.Getenv("TMPDIR")
		}
		if dir == "" {
			dir = "/tmp"
		}
		if f.has("t") && strings.Contains(tmpl, "/") {
			return fail("invalid template, '%s', contains directory separator", tmpl)
		}
		tmpl = path.Join(dir, tmpl)
	}
	for try := 0; try < 100; try++ {
		name := tmpl[:len(tmpl)-xs] + randomName(xs) + suffix
		abs := c.Abs(name)
		var err error
		switch {
		case f.has("u"):
			if _, serr := c.FS.Lstat(abs); serr == nil {
				err = fs.ErrExist
			}
		case f.has("d"):
			err = c.FS.Mkdir(abs, 0o700)
		default:
			var fh interface{ Close() error }
			fh, err = c.FS.OpenFile(abs, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
			if err == nil {
				fh.Close()
			}
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			what := "file"
			if f.has("d") {
				what = "directory"
			}
			return fail("failed to create %s via template '%s': %s", what, tmpl+suffix, ErrText(err))
		}
		fmt.Fprintln(c.Stdout, name)
		return 0
	}
	return fail("failed to create file via template '%s': File exists", tmpl+suffix)
}

func randomName(n int) string {
	const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, n)
	rand.Read(b)
	for i := range b {
		b[i] = chars[int(b[i])%len(chars)]
	}
	return string(b)
}
