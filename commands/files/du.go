package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fnmatch"
	"github.com/justbash/justbash/commands/internal/opts"
	"github.com/justbash/justbash/commands/internal/sizes"

	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

var duOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'a', Long: "all"},
	{Short: 'h', Long: "human-readable"},
	{Short: 's', Long: "summarize"},
	{Short: 'c', Long: "total"},
	{Short: 'd', Long: "max-depth", Arg: true},
	{Short: 'b', Long: "bytes"},
	{Short: 'k'}, {Short: 'm'},
	{Long: "apparent-size"},
	{Short: 'L', Long: "dereference"},
	{Short: 'x', Long: "one-file-system"},
	{Short: '0', Long: "null"},
	{Long: "exclude", Arg: true},
}, Usage: 1, Help: "Usage: du [OPTION]... [FILE]...\nSummarize device usage of the set of FILEs, recursively for directories.\n  -a  write counts for all files, not just directories\n  -c  produce a grand total\n  -d N  print the total for a directory only if it is N or fewer levels below\n  -h  print sizes in human readable format\n  -s  display only a total for each argument\n"}

type duRun struct {
	c        *commands.Context
	ctx      context.Context
	all      bool
	maxDepth int
	apparent bool
	unit     int64 // 0: human
	follow   bool
	end      string
	exclude  string
	out      interface{ WriteString(string) (int, error) }
	status   int
}

func runDu(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := duOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	d := &duRun{c: c, ctx: ctx, all: f.Has("a"), maxDepth: -1, unit: 1024, follow: f.Has("L"), end: "\n", exclude: f["exclude"]}
	if f.Has("s") {
		if f.Has("a") {
			return opts.UsageError(c, 1, "cannot both summarize and show all entries")
		}
		d.maxDepth = 0
	}
	if v, ok := f["d"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			c.Errorf("invalid maximum depth '%s'", v)
			return 1
		}
		if f.Has("s") && n != 0 {
			return opts.UsageError(c, 1, "warning: summarizing conflicts with --max-depth=%d", n)
		}
		d.maxDepth = n
	}
	for _, r := range res {
		switch r.Key {
		case "b":
			d.unit, d.apparent = 1, true
		case "k":
			d.unit = 1024
		case "m":
			d.unit = 1 << 20
		case "h":
			d.unit = 0
		case "apparent-size":
			d.apparent = true
		}
	}
	if f.Has("0") {
		d.end = "\x00"
	}
	if len(ops) == 0 {
		ops = []string{"."}
	}
	out := commands.NewOut(c.Stdout)
	d.out = out
	var total int64
	for _, op := range ops {
		total += d.walk(op, c.Abs(op), 0, true)
	}
	if f.Has("c") {
		d.emit(total, "total")
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return d.status
}

// usage is the space one file takes. Without --apparent-size it mimics
// an ext4 host: whole 4 KiB blocks, and one block per directory.
func (d *duRun) usage(fi fs.FileInfo) int64 {
	if d.apparent {
		if fi.IsDir() {
			return 0
		}
		return fi.Size()
	}
	if fi.IsDir() {
		return 4096
	}
	if !fi.Mode().IsRegular() {
		return 0
	}
	return (fi.Size() + 4095) / 4096 * 4096
}

func (d *duRun) walk(name, abs string, depth int, top bool) int64 {
	var fi fs.FileInfo
	var err error
	if d.follow {
		fi, err = d.c.FS.Stat(abs)
	} else {
		fi, err = d.c.FS.Lstat(abs)
	}
	if err != nil {
		d.c.Errorf("cannot access '%s': %s", name, commands.ErrText(err))
		d.status = 1
		return 0
	}
	size := d.usage(fi)
	if fi.IsDir() {
		ents, err := d.c.FS.ReadDir(abs)
		if err != nil {
			d.c.Errorf("cannot read directory '%s': %s", name, commands.ErrText(err))
			d.status = 1
		}
		for _, e := range ents {
			if d.ctx.Err() != nil {
				return size
			}
			if d.exclude != "" && fnmatch.Match(d.exclude, e.Name(), false) {
				continue
			}
			size += d.walk(strings.TrimSuffix(name, "/")+"/"+e.Name(), path.Join(abs, e.Name()), depth+1, false)
		}
	}
	if (fi.IsDir() || d.all || top) && (d.maxDepth < 0 || depth <= d.maxDepth) {
		d.emit(size, name)
	}
	return size
}

func (d *duRun) emit(size int64, name string) {
	var s string
	if d.unit == 0 {
		s = sizes.Human(size)
	} else {
		s = strconv.FormatInt((size+d.unit-1)/d.unit, 10)
	}
	d.out.WriteString(fmt.Sprintf("%s\t%s%s", s, name, d.end))
}
