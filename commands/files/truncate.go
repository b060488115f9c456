package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/opts"
	"github.com/justbash/justbash/commands/internal/sizes"

	"os"
	"strings"
)

var truncateOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'c', Long: "no-create"},
	{Short: 'o', Long: "io-blocks"},
	{Short: 'r', Long: "reference", Arg: true},
	{Short: 's', Long: "size", Arg: true},
}, Usage: 1, Help: "Usage: truncate OPTION... FILE...\nShrink or extend the size of each FILE to the specified size\n  -c  do not create any files\n  -r  base size on RFILE\n  -s  set or adjust the file size by SIZE bytes (+ - < > / % prefixes)\n"}

func runTruncate(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := truncateOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	spec, hasSize := f["s"]
	ref, hasRef := f["r"]
	if !hasSize && !hasRef {
		return opts.UsageError(c, 1, "you must specify either '--size' or '--reference'")
	}
	if len(ops) == 0 {
		return opts.UsageError(c, 1, "missing file operand")
	}
	var op byte
	var amount int64
	if hasSize {
		s := spec
		if s != "" && strings.IndexByte("+-<>/%", s[0]) >= 0 {
			op, s = s[0], s[1:]
		}
		n, ok := sizes.Parse(s)
		if !ok {
			c.Errorf("Invalid number: '%s'", spec)
			return 1
		}
		amount = n
		if (op == '/' || op == '%') && n == 0 {
			c.Errorf("division by zero")
			return 1
		}
	}
	var refSize int64 = -1
	if hasRef {
		fi, err := c.FS.Stat(c.Abs(ref))
		if err != nil {
			c.Errorf("cannot stat '%s': %s", ref, commands.ErrText(err))
			return 1
		}
		refSize = fi.Size()
		if !hasSize {
			op, amount = '=', refSize
		} else if op == 0 {
			op = '+'
		}
	}
	for _, name := range ops {
		flag := os.O_WRONLY | os.O_CREATE
		if f.Has("c") {
			flag = os.O_WRONLY
		}
		fh, err := c.FS.OpenFile(c.Abs(name), flag, 0o666&^identity.Umask)
		if err != nil {
			if f.Has("c") && os.IsNotExist(err) {
				continue
			}
			c.Errorf("cannot open '%s' for writing: %s", name, commands.ErrText(err))
			status = 1
			continue
		}
		cur := refSize
		if cur < 0 {
			if fi, err := fh.Stat(); err == nil {
				cur = fi.Size()
			}
		}
		if err := fh.Truncate(newSize(op, cur, amount)); err != nil {
			c.Errorf("failed to truncate '%s': %s", name, commands.ErrText(err))
			status = 1
		}
		fh.Close()
	}
	return status
}

func newSize(op byte, cur, n int64) int64 {
	switch op {
	case '+':
		return cur + n
	case '-':
		return max(cur-n, 0)
	case '<':
		return min(cur, n)
	case '>':
		return max(cur, n)
	case '/':
		return cur / n * n
	case '%':
		return (cur + n - 1) / n * n
	}
	return n
}
