package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
)

var mktempOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'd', Long: "directory"},
	{Short: 'u', Long: "dry-run"},
	{Short: 'q', Long: "quiet"},
	{Short: 'p', Long: "tmpdir", Arg: true},
	{Short: 't'},
	{Long: "suffix", Arg: true},
}, Usage: 1, Help: "Usage: mktemp [OPTION]... [TEMPLATE]\nCreate a temporary file or directory, safely, and print its name.\nTEMPLATE must contain at least 3 consecutive 'X's in last component.\nIf TEMPLATE is not specified, use tmp.XXXXXXXXXX, and --tmpdir is implied.\n  -d  create a directory, not a file\n  -u  do not create anything; merely print a name\n  -p DIR  interpret TEMPLATE relative to DIR\n  -t  interpret TEMPLATE as a single file name component, relative to $TMPDIR\n"}

func runMktemp(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := mktempOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	if len(ops) > 1 {
		return opts.UsageError(c, 1, "too many templates")
	}
	tmpl, useDir := "tmp.XXXXXXXXXX", true
	if len(ops) == 1 {
		tmpl, useDir = ops[0], f.Has("p") || f.Has("t")
	}
	suffix := f["suffix"]
	if !strings.HasSuffix(tmpl, "X") && !f.Has("suffix") {
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
		if !f.Has("q") {
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
		if f.Has("t") && strings.Contains(tmpl, "/") {
			return fail("invalid template, '%s', contains directory separator", tmpl)
		}
		tmpl = path.Join(dir, tmpl)
	}
	for try := 0; try < 100; try++ {
		name := tmpl[:len(tmpl)-xs] + randomName(xs) + suffix
		abs := c.Abs(name)
		var err error
		switch {
		case f.Has("u"):
			if _, serr := c.FS.Lstat(abs); serr == nil {
				err = fs.ErrExist
			}
		case f.Has("d"):
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
			if f.Has("d") {
				what = "directory"
			}
			return fail("failed to create %s via template '%s': %s", what, tmpl+suffix, commands.ErrText(err))
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
