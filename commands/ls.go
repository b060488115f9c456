package commands

import (
	"bufio"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

func init() { register("ls", runLs) }

var lsOpts = optParser{opts: []opt{
	{short: 'a', long: "all"}, {short: 'A', long: "almost-all"},
	{short: 'l'}, {short: '1'}, {short: 'R', long: "recursive"},
	{short: 'd', long: "directory"}, {short: 'F', long: "classify"},
	{short: 'h', long: "human-readable"}, {short: 'r', long: "reverse"},
	{short: 't'}, {short: 'S'}, {short: 'U'}, {short: 'C'}, {short: 'x'},
	{long: "color", arg: false}, {short: 'p'}, {short: 'n', long: "numeric-uid-gid"},
	{short: 'g'}, {short: 'o'}, {short: 'L', long: "dereference"}, {short: 'i', long: "inode"},
}, usage: 2, help: "Usage: ls [OPTION]... [FILE]...\nList information about the FILEs (the current directory by default).\n"}

// lsEntry is one name to print.
type lsEntry struct {
	name   string // as displayed
	path   string // absolute
	info   fs.FileInfo
	target string // symlink target, for -l
}

type lsRun struct {
	c                                   *Context
	f                                   flagSet
	long, recursive, dirOnly, classify  bool
	all, almost, reverse, human, follow bool
	out                                 *bufio.Writer
	now                                 time.Time
	status                              int
}

func runLs(ctx contextT, c *Context) int {
	res, ops, status, ok := lsOpts.parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := toFlags(res)
	l := &lsRun{c: c, f: f, out: newOut(c.Stdout), now: time.Now(),
		long: f.has("l") || f.has("g") || f.has("o") || f.has("n"), recursive: f.has("R"),
		dirOnly: f.has("d"), classify: f.has("F"), all: f.has("a"), almost: f.has("A"),
		reverse: f.has("r"), human: f.has("h"), follow: f.has("L")}
	if len(ops) == 0 {
		ops = []string{"."}
	}
	var files, dirs []lsEntry
	for _, op := range ops {
		e, ok := l.operand(op)
		if !ok {
			continue
		}
		if e.info.IsDir() && !l.dirOnly {
			dirs = append(dirs, e)
		} else {
			files = append(files, e)
		}
	}
	l.sortEntries(files)
	l.sortEntries(dirs)
	l.printEntries(files)
	for i, d := range dirs {
		if ctx.Err() != nil {
			return 1
		}
		if i > 0 || len(files) > 0 {
			l.out.WriteString("\n")
		}
		l.listDir(ctx, d, len(ops) > 1 || l.recursive)
	}
	if err := l.out.Flush(); err != nil {
		return c.writeFailure(err)
	}
	return l.status
}

// operand stats a command-line name; symlinks are followed unless -l, -d
// or -F asks to show the link itself.
func (l *lsRun) operand(op string) (lsEntry, bool) {
	abs := l.c.Abs(op)
	fi, err := l.c.FS.Lstat(abs)
	if err == nil && fi.Mode()&fs.ModeSymlink != 0 && (l.follow || !(l.long || l.dirOnly || l.classify)) {
		if st, serr := l.c.FS.Stat(abs); serr == nil {
			fi = st
		}
	}
	if err != nil {
		l.c.Errorf("cannot access '%s': %s", op, ErrText(err))
		l.status = 2
		return lsEntry{}, false
	}
	return l.entry(op, abs, fi), true
}

func (l *lsRun) entry(name, abs string, fi fs.FileInfo) lsEntry {
	e := lsEntry{name: name, path: abs, info: fi}
	if fi.Mode()&fs.ModeSymlink != 0 {
		e.target, _ = l.c.FS.Readlink(abs)
	}
	return e
}

func (l *lsRun) listDir(ctx contextT, d lsEntry, header bool) {
	if header {
		l.out.WriteString(d.name + ":\n")
	}
	ents, err := l.c.FS.ReadDir(d.path)
	if err != nil {
		l.c.Errorf("cannot open directory '%s': %s", d.name, ErrText(err))
		l.status = 2
		return
	}
	var list []lsEntry
	if l.all {
		for _, n := range []string{".", ".."} {
			if fi, err := l.c.FS.Stat(path.Join(d.path, n)); err == nil {
				list = append(list, lsEntry{name: n, path: path.Join(d.path, n), info: fi})
			}
		}
	}
	for _, de := range ents {
		n := de.Name()
		if strings.HasPrefix(n, ".") && !l.all && !l.almost {
			continue
		}
		p := path.Join(d.path, n)
		fi, err := l.c.FS.Lstat(p)
		if err != nil {
			continue
		}
		if l.follow && fi.Mode()&fs.ModeSymlink != 0 {
			if st, err := l.c.FS.Stat(p); err == nil {
				fi = st
			}
		}
		list = append(list, l.entry(n, p, fi))
	}
	l.sortEntries(list)
	if l.long {
		l.out.WriteString("total " + l.sizeText(l.totalBlocks(list)*1024, true) + "\n")
	}
	l.printEntries(list)
	if !l.recursive {
		return
	}
	for _, e := range list {
		if ctx.Err() != nil {
			return
		}
		if e.info.IsDir() && e.name != "." && e.name != ".." {
			l.out.WriteString("\n")
			sub := e
			sub.name = strings.TrimSuffix(d.name, "/") + "/" + e.name
			if d.name == "/" {
				sub.name = "/" + e.name
			}
			l.listDir(ctx, sub, true)
		}
	}
}

func (l *lsRun) sortEntries(list []lsEntry) {
	cmp := func(a, b lsEntry) int {
		switch {
		case l.f.has("U"):
			return 0
		case l.f.has("S"):
			if a.info.Size() != b.info.Size() {
				return cmpInt64(b.info.Size(), a.info.Size())
			}
		case l.f.has("t"):
			if !a.info.ModTime().Equal(b.info.ModTime()) {
				return b.info.ModTime().Compare(a.info.ModTime())
			}
		}
		return strings.Compare(a.name, b.name)
	}
	slices.SortStableFunc(list, cmp)
	if l.reverse && !l.f.has("U") {
		slices.Reverse(list)
	}
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (l *lsRun) printEntries(list []lsEntry) {
	if l.long {
		l.printLong(list)
		return
	}
	for _, e := range list {
		l.out.WriteString(e.name + l.suffix(e) + "\n")
	}
}

// suffix is the -F indicator.
func (l *lsRun) suffix(e lsEntry) string {
	if !l.classify && !l.f.has("p") {
		return ""
	}
	m := e.info.Mode()
	switch {
	case m.IsDir():
		return "/"
	case !l.classify:
		return ""
	case m&fs.ModeSymlink != 0:
		return "@"
	case m&fs.ModeNamedPipe != 0:
		return "|"
	case m&fs.ModeSocket != 0:
		return "="
	case m.IsRegular() && m&0o111 != 0:
		return "*"
	}
	return ""
}
