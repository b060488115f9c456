package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fnmatch"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"time"
)

var lsOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'a', Long: "all"}, {Short: 'A', Long: "almost-all"},
	{Short: 'b', Long: "escape"}, {Short: 'B', Long: "ignore-backups"},
	{Short: 'c'}, {Short: 'C'}, {Short: 'd', Long: "directory"},
	{Short: 'f'}, {Short: 'F', Long: "classify"}, {Long: "file-type"},
	{Long: "full-time"}, {Short: 'g'}, {Long: "group-directories-first"},
	{Short: 'G', Long: "no-group"}, {Short: 'h', Long: "human-readable"},
	{Long: "si"}, {Short: 'H', Long: "dereference-command-line"},
	{Long: "hide", Arg: true}, {Long: "indicator-style", Arg: true},
	{Short: 'i', Long: "inode"}, {Short: 'I', Long: "ignore", Arg: true},
	{Short: 'k', Long: "kibibytes"}, {Short: 'l'}, {Short: 'L', Long: "dereference"},
	{Short: 'm'}, {Short: 'n', Long: "numeric-uid-gid"}, {Short: 'N', Long: "literal"},
	{Short: 'o'}, {Short: 'p'}, {Short: 'q', Long: "hide-control-chars"},
	{Long: "show-control-chars"}, {Short: 'Q', Long: "quote-name"},
	{Long: "quoting-style", Arg: true}, {Short: 'r', Long: "reverse"},
	{Short: 'R', Long: "recursive"}, {Short: 's', Long: "size"}, {Short: 'S'},
	{Long: "sort", Arg: true}, {Long: "time", Arg: true}, {Long: "time-style", Arg: true},
	{Short: 't'}, {Short: 'T', Long: "tabsize", Arg: true}, {Short: 'u'}, {Short: 'U'},
	{Short: 'v'}, {Short: 'w', Long: "width", Arg: true}, {Short: 'x'}, {Short: 'X'},
	{Short: 'Z', Long: "context"}, {Short: '1'},
	// Options with an optional argument are rewritten before parsing.
	{Long: "color", Arg: true},
}, Usage: 2, Help: lsHelp}

const lsHelp = `Usage: ls [OPTION]... [FILE]...
List information about the FILEs (the current directory by default).
Sort entries alphabetically if none of -cftuvSUX nor --sort is specified.

  -a, --all                  do not ignore entries starting with .
  -A, --almost-all           do not list implied . and ..
  -b, --escape               print C-style escapes for nongraphic characters
  -B, --ignore-backups       do not list implied entries ending with ~
  -c                         with -lt: sort by, and show, ctime
  -C                         list entries by columns
      --color[=WHEN]         accepted; output is never colored
  -d, --directory            list directories themselves, not their contents
  -f                         list all entries in directory order
  -F, --classify             append indicator (one of */=>@|) to entries
      --file-type            likewise, except do not append '*'
      --full-time            like -l --time-style=full-iso
  -g                         like -l, but do not list owner
      --group-directories-first  group directories before files
  -G, --no-group             in a long listing, don't print group names
  -h, --human-readable       with -l and -s, print sizes like 1K 234M 2G etc.
      --si                   likewise, but use powers of 1000 not 1024
  -H, --dereference-command-line  follow symbolic links listed on the command line
      --hide=PATTERN         do not list implied entries matching PATTERN
  -i, --inode                print the index number of each file
  -I, --ignore=PATTERN       do not list implied entries matching PATTERN
  -k, --kibibytes            default to 1024-byte blocks for file system usage
  -l                         use a long listing format
  -L, --dereference          show information for the file links point to
  -m                         fill width with a comma separated list of entries
  -n, --numeric-uid-gid      like -l, but list numeric user and group IDs
  -N, --literal              print entry names without quoting
  -o                         like -l, but do not list group information
  -p                         append / indicator to directories
  -q, --hide-control-chars   print ? instead of nongraphic characters
  -Q, --quote-name           enclose entry names in double quotes
  -r, --reverse              reverse order while sorting
  -R, --recursive            list subdirectories recursively
  -s, --size                 print the allocated size of each file, in blocks
  -S                         sort by file size, largest first
      --sort=WORD            none (-U), size (-S), time (-t), version (-v), extension (-X)
      --time=WORD            atime (-u), ctime (-c), mtime
      --time-style=STYLE     full-iso, long-iso, iso, locale, or +FORMAT
  -t                         sort by time, newest first
  -T, --tabsize=COLS         assume tab stops at each COLS instead of 8
  -u                         with -lt: sort by, and show, access time
  -U                         do not sort; list entries in directory order
  -v                         natural sort of (version) numbers within text
  -w, --width=COLS           set output width to COLS.  0 means no limit
  -x                         list entries by lines instead of by columns
  -X                         sort alphabetically by entry extension
  -1                         list one file per line
      --help                 display this help and exit

Exit status: 0 if OK, 1 if minor problems, 2 if serious trouble.
`

// Output formats and indicator styles.
const (
	lsOne = iota
	lsLong
	lsCols
	lsAcross
	lsCommas
)

const (
	indNone = iota
	indSlash
	indFileType
	indClassify
)

// lsEntry is one name to print.
type lsEntry struct {
	name   string // as displayed (before quoting)
	path   string // absolute
	info   fs.FileInfo
	target string // symlink target, for -l
	// targetInfo is what a symlink points to (nil when dangling), for the
	// indicator shown after "-> target" in long listings.
	targetInfo fs.FileInfo
}

// lsRun holds the decoded options and the state of one ls invocation.
type lsRun struct {
	c                                 *commands.Context
	all, almost, dirOnly, recursive   bool
	reverse, dirsFirst, ignoreBackups bool
	inode, blocks, numeric, noOwner   bool
	noGroup, kib                      bool
	format, indicator                 int
	sortBy, timeKind, follow, quoting byte
	sortSet                           bool
	human                             int // 0, 1024 or 1000
	timeStyle                         string
	width, tabsize                    int
	ignore, hide                      []string
	out                               *bufio.Writer
	now                               time.Time
	loc                               *time.Location
	status                            int
	// widthFrom, when set, is the list -l column widths are computed over.
	widthFrom []lsEntry
}

func runLs(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := lsOpts.Parse(c, lsRewriteOptional(c.Args[1:]))
	if !ok {
		return status
	}
	l := &lsRun{c: c, out: commands.NewOut(c.Stdout), now: time.Now().UTC(), loc: commands.TZLocation(c.Getenv("TZ")),
		sortBy: 'n', timeKind: 'm', quoting: 'l', tabsize: 8, width: 80}
	if cols, err := strconv.Atoi(c.Getenv("COLUMNS")); err == nil && cols >= 0 {
		l.width = cols
	}
	if msg := l.decode(res); msg != "" {
		if strings.HasPrefix(msg, "invalid argument") {
			return opts.UsageError(c, 2, "%s", msg)
		}
		c.Errorf("%s", msg) // bad -w/-T numbers get no --help hint
		return 2
	}
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
	if len(files) > 0 {
		// GNU sizes the columns of command-line files over every operand,
		// directories included.
		l.widthFrom = append(append([]lsEntry(nil), files...), dirs...)
		l.printEntries(files, false)
		l.widthFrom = nil
	}
	for i, d := range dirs {
		if ctx.Err() != nil {
			return 1
		}
		if i > 0 || len(files) > 0 {
			l.out.WriteString("\n")
		}
		l.listDir(ctx, d, len(ops) > 1 || l.recursive, true)
	}
	if err := l.out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return l.status
}

// lsRewriteOptional turns the optional-argument forms --color and
// --classify (without "=") into forms the table parser understands.
func lsRewriteOptional(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		switch {
		case a == "--color" || a == "--colour":
			a = "--color=auto"
		case strings.HasPrefix(a, "--colour="):
			a = "--color=" + a[len("--colour="):]
		case strings.HasPrefix(a, "--classify="):
			switch a[len("--classify="):] {
			case "never", "no", "none":
				a = "--indicator-style=none"
			default:
				a = "--classify"
			}
		}
		out = append(out, a)
	}
	return out
}

// decode applies the options in order (later ones override earlier ones,
// as in GNU ls) and returns a usage message for a bad value.
func (l *lsRun) decode(res []opts.Result) string {
	var timeSort bool
	for _, r := range res {
		if msg := l.decodeOne(r, &timeSort); msg != "" {
			return msg
		}
	}
	// -c and -u sort by that time unless a long listing shows it.
	if l.timeKind != 'm' && !l.sortSet && (l.format != lsLong || timeSort) {
		l.sortBy = 't'
	}
	return ""
}

func (l *lsRun) decodeOne(r opts.Result, timeSort *bool) string {
	switch r.Key {
	case "a":
		l.all, l.almost = true, false
	case "A":
		l.almost, l.all = true, false
	case "b":
		l.quoting = 'e'
	case "B":
		l.ignoreBackups = true
	case "c":
		l.timeKind = 'c'
	case "u":
		l.timeKind = 'a'
	case "C":
		l.format = lsCols
	case "x":
		l.format = lsAcross
	case "m":
		l.format = lsCommas
	case "1":
		l.format = lsOne
	case "l":
		l.format = lsLong
	case "g", "o", "n":
		l.format = lsLong
		l.noOwner = l.noOwner || r.Key == "g"
		l.noGroup = l.noGroup || r.Key == "o"
		l.numeric = l.numeric || r.Key == "n"
	case "G":
		l.noGroup = true
	case "d":
		l.dirOnly = true
	case "f":
		l.all, l.sortBy, l.sortSet = true, 'U', true
	case "F":
		l.indicator = indClassify
	case "file-type":
		l.indicator = indFileType
	case "p":
		l.indicator = indSlash
	case "indicator-style":
		m := map[string]int{"none": indNone, "slash": indSlash, "file-type": indFileType, "classify": indClassify}
		v, ok := m[r.Val]
		if !ok {
			return "invalid argument '" + r.Val + "' for '--indicator-style'"
		}
		l.indicator = v
	case "full-time":
		l.format, l.timeStyle = lsLong, "full-iso"
	case "group-directories-first":
		l.dirsFirst = true
	case "h":
		l.human = 1024
	case "si":
		l.human = 1000
	case "k":
		l.kib = true
	case "H":
		l.follow = 'H'
	case "L":
		l.follow = 'L'
	case "hide":
		l.hide = append(l.hide, r.Val)
	case "I":
		l.ignore = append(l.ignore, r.Val)
	case "i":
		l.inode = true
	case "s":
		l.blocks = true
	case "N", "show-control-chars":
		l.quoting = 'l'
	case "q":
		l.quoting = 'q'
	case "Q":
		l.quoting = 'c'
	case "quoting-style":
		m := map[string]byte{"literal": 'l', "c": 'c', "escape": 'e', "shell": 's', "shell-always": 'S', "shell-escape": 's', "shell-escape-always": 'S'}
		v, ok := m[r.Val]
		if !ok {
			return "invalid argument '" + r.Val + "' for '--quoting-style'"
		}
		l.quoting = v
	case "r":
		l.reverse = true
	case "R":
		l.recursive = true
	case "S", "t", "U", "v", "X":
		l.sortBy, l.sortSet = r.Key[0], true
		*timeSort = *timeSort || r.Key == "t"
	case "sort":
		m := map[string]byte{"none": 'U', "size": 'S', "time": 't', "version": 'v', "extension": 'X', "name": 'n', "width": 'w'}
		v, ok := m[r.Val]
		if !ok {
			return "invalid argument '" + r.Val + "' for '--sort'"
		}
		l.sortBy, l.sortSet = v, true
		*timeSort = *timeSort || v == 't'
	case "time":
		m := map[string]byte{"atime": 'a', "access": 'a', "use": 'a', "ctime": 'c', "status": 'c', "mtime": 'm', "modification": 'm'}
		v, ok := m[r.Val]
		if !ok {
			return "invalid argument '" + r.Val + "' for '--time'"
		}
		l.timeKind = v
	case "time-style":
		l.timeStyle = strings.TrimPrefix(r.Val, "posix-")
		switch {
		case strings.HasPrefix(l.timeStyle, "+"):
		case l.timeStyle == "full-iso" || l.timeStyle == "long-iso" || l.timeStyle == "iso" || l.timeStyle == "locale":
		default:
			return "invalid argument '" + r.Val + "' for 'time style'"
		}
	case "T", "w":
		n, err := strconv.Atoi(r.Val)
		if err != nil || n < 0 {
			if r.Key == "w" {
				return "invalid line width: '" + r.Val + "'"
			}
			return "invalid tab size: '" + r.Val + "'"
		}
		if r.Key == "w" {
			l.width = n
		} else {
			l.tabsize = n
		}
	case "color":
		switch r.Val {
		case "always", "yes", "force", "never", "no", "none", "auto", "tty", "if-tty":
		default:
			return "invalid argument '" + r.Val + "' for '--color'"
		}
	}
	return ""
}

// operand stats a command-line name. Symlinks are followed with -L or -H,
// and otherwise only when they point to a directory and nothing asks to
// show the link itself (-l, -d, -F).
func (l *lsRun) operand(op string) (lsEntry, bool) {
	abs := l.c.Abs(op)
	lstat := l.c.FS.Lstat
	if strings.HasSuffix(op, "/") {
		lstat = l.c.FS.Stat // "link/" names the directory it points to
	}
	fi, err := lstat(abs)
	if err != nil {
		l.c.Errorf("cannot access '%s': %s", op, commands.ErrText(err))
		l.status = 2
		return lsEntry{}, false
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		showLink := l.format == lsLong || l.dirOnly || l.indicator == indClassify || l.indicator == indFileType
		if st, serr := l.c.FS.Stat(abs); serr == nil && (l.follow != 0 || st.IsDir() && !showLink) {
			fi = st
		}
	}
	return l.entry(op, abs, fi), true
}

func (l *lsRun) entry(name, abs string, fi fs.FileInfo) lsEntry {
	e := lsEntry{name: name, path: abs, info: fi}
	if fi.Mode()&fs.ModeSymlink != 0 {
		e.target, _ = l.c.FS.Readlink(abs)
		e.targetInfo, _ = l.c.FS.Stat(abs)
	}
	return e
}

// hidden reports whether a directory entry is left out of the listing.
func (l *lsRun) hidden(n string) bool {
	if strings.HasPrefix(n, ".") && !l.all && !l.almost {
		return true
	}
	if l.ignoreBackups && strings.HasSuffix(n, "~") {
		return true
	}
	for _, p := range l.ignore {
		if fnmatch.Match(p, n, false) {
			return true
		}
	}
	if !l.all && !l.almost {
		for _, p := range l.hide {
			if fnmatch.Match(p, n, false) {
				return true
			}
		}
	}
	return false
}

// readEntries lists a directory, applying -a/-A and the ignore patterns.
func (l *lsRun) readEntries(d lsEntry) ([]lsEntry, error) {
	ents, err := l.c.FS.ReadDir(d.path)
	if err != nil {
		return nil, err
	}
	list := make([]lsEntry, 0, len(ents)+2)
	if l.all {
		for _, n := range []string{".", ".."} {
			if fi, err := l.c.FS.Stat(path.Join(d.path, n)); err == nil {
				list = append(list, lsEntry{name: n, path: path.Join(d.path, n), info: fi})
			}
		}
	}
	for _, de := range ents {
		n := de.Name()
		if l.hidden(n) {
			continue
		}
		p := path.Join(d.path, n)
		fi, err := l.c.FS.Lstat(p)
		if err != nil {
			continue
		}
		if l.follow == 'L' && fi.Mode()&fs.ModeSymlink != 0 {
			if st, err := l.c.FS.Stat(p); err == nil {
				fi = st
			}
		}
		list = append(list, l.entry(n, p, fi))
	}
	return list, nil
}

func (l *lsRun) listDir(ctx context.Context, d lsEntry, header, top bool) {
	if header {
		l.out.WriteString(l.quote(d.name) + ":\n")
	}
	list, err := l.readEntries(d)
	if err != nil {
		l.c.Errorf("cannot open directory '%s': %s", d.name, commands.ErrText(err))
		if top {
			l.status = 2
		} else {
			l.status = max(l.status, 1)
		}
		return
	}
	l.sortEntries(list)
	l.printEntries(list, true)
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
			l.listDir(ctx, sub, true, false)
		}
	}
}

func (l *lsRun) printEntries(list []lsEntry, isDir bool) {
	if isDir && (l.format == lsLong || l.blocks) {
		l.out.WriteString("total " + l.blockText(l.totalBlocks(list)) + "\n")
	}
	switch l.format {
	case lsLong:
		l.printLong(list)
	case lsCols, lsAcross:
		l.printColumns(list, l.format == lsAcross)
	case lsCommas:
		l.printCommas(list)
	default:
		pre := l.prefixes(list)
		for i, e := range list {
			l.out.WriteString(pre[i] + l.quote(e.name) + l.suffix(e.info) + "\n")
		}
	}
}

// suffix is the -F/-p/--file-type indicator for a file of this type.
func (l *lsRun) suffix(fi fs.FileInfo) string {
	if l.indicator == indNone || fi == nil {
		return ""
	}
	m := fi.Mode()
	switch {
	case m.IsDir():
		return "/"
	case l.indicator == indSlash:
		return ""
	case m&fs.ModeSymlink != 0:
		return "@"
	case m&fs.ModeNamedPipe != 0:
		return "|"
	case m&fs.ModeSocket != 0:
		return "="
	case l.indicator == indClassify && m.IsRegular() && m&0o111 != 0:
		return "*"
	}
	return ""
}
