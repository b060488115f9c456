package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/fnmatch"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"io/fs"
	"path"
	"strings"
)

var treeOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'a'}, {Short: 'd'}, {Short: 'f'},
	{Short: 'L', Arg: true},
	{Short: 'F'},
	{Short: 'I', Arg: true}, {Short: 'P', Arg: true},
	{Long: "noreport"},
	{Long: "dirsfirst"},
}, Usage: 1, Help: "usage: tree [-adfF] [-L level] [-I pattern] [-P pattern] [--noreport] [--dirsfirst] [<directory list>]\n  -a  all files are listed\n  -d  list directories only\n  -f  print the full path prefix for each file\n  -L level  descend only level directories deep\n"}

type treeRun struct {
	c           *commands.Context
	ctx         context.Context
	f           opts.Flags
	maxLevel    int
	dirs, files int
	out         *strings.Builder
}

func runTree(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := treeOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	t := &treeRun{c: c, ctx: ctx, f: opts.ToFlags(res), maxLevel: -1, out: &strings.Builder{}}
	if v, ok := t.f["L"]; ok {
		n := 0
		if _, err := fmt.Sscanf(v, "%d", &n); err != nil || n < 1 {
			c.Errorf("Invalid level, must be greater than 0.")
			return 1
		}
		t.maxLevel = n
	}
	if len(ops) == 0 {
		ops = []string{"."}
	}
	for _, op := range ops {
		fi, err := c.FS.Stat(c.Abs(op))
		if err != nil || !fi.IsDir() {
			t.out.WriteString(op + "  [error opening dir]\n")
			status = 2
			continue
		}
		t.out.WriteString(op + "\n")
		t.list(op, c.Abs(op), "", 1)
	}
	if !t.f.Has("noreport") {
		t.out.WriteString("\n" + plural(t.dirs, "directory", "directories"))
		if !t.f.Has("d") {
			t.out.WriteString(", " + plural(t.files, "file", "files"))
		}
		t.out.WriteString("\n")
	}
	if _, err := c.Stdout.Write([]byte(t.out.String())); err != nil {
		return c.WriteFailure(err)
	}
	return status
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

func (t *treeRun) list(name, abs, indent string, level int) {
	ents, err := t.c.FS.ReadDir(abs)
	if err != nil {
		return
	}
	var keep []fs.DirEntry
	for _, e := range ents {
		isDir := e.IsDir() || isSymlinkDir(t.c, path.Join(abs, e.Name()), e)
		switch {
		case !t.f.Has("a") && strings.HasPrefix(e.Name(), "."):
		case t.f.Has("d") && !isDir:
		case t.f.Has("I") && fnmatch.Match(t.f["I"], e.Name(), false):
		case t.f.Has("P") && !isDir && !fnmatch.Match(t.f["P"], e.Name(), false):
		default:
			keep = append(keep, e)
		}
	}
	if t.f.Has("dirsfirst") {
		var ds, fs2 []fs.DirEntry
		for _, e := range keep {
			if e.IsDir() {
				ds = append(ds, e)
			} else {
				fs2 = append(fs2, e)
			}
		}
		keep = append(ds, fs2...)
	}
	for i, e := range keep {
		if t.ctx.Err() != nil {
			return
		}
		last := i == len(keep)-1
		branch, next := "├── ", "│   "
		if last {
			branch, next = "└── ", "    "
		}
		child := path.Join(name, e.Name())
		label := e.Name()
		if t.f.Has("f") {
			label = child
		}
		cabs := path.Join(abs, e.Name())
		info, _ := e.Info()
		if info != nil && fileinfo.IsSymlink(info) {
			target, _ := t.c.FS.Readlink(cabs)
			label += " -> " + target
		} else if t.f.Has("F") && e.IsDir() {
			label += "/"
		} else if t.f.Has("F") && info != nil && info.Mode()&0o111 != 0 {
			label += "*"
		}
		t.out.WriteString(indent + branch + label + "\n")
		if e.IsDir() {
			t.dirs++
			if t.maxLevel < 0 || level < t.maxLevel {
				t.list(child, cabs, indent+next, level+1)
			}
		} else if isSymlinkDir(t.c, cabs, e) {
			t.dirs++
		} else {
			t.files++
		}
	}
}

// isSymlinkDir reports a symlink that points at a directory (tree counts
// it as a directory but does not follow it).
func isSymlinkDir(c *commands.Context, abs string, e fs.DirEntry) bool {
	if e.Type()&fs.ModeSymlink == 0 {
		return false
	}
	fi, err := c.FS.Stat(abs)
	return err == nil && fi.IsDir()
}
