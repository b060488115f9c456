package diff

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"time"
)

var diffOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'u'}, {Short: 'U', Long: "unified", Arg: true}, {Short: 'q', Long: "brief"},
	{Short: 'c'}, {Short: 'C', Long: "context", Arg: true}, {Short: 'e', Long: "ed"},
	{Short: 'W', Long: "width", Arg: true},
	{Short: 's', Long: "report-identical-files"}, {Short: 'i', Long: "ignore-case"},
	{Short: 'w', Long: "ignore-all-space"}, {Short: 'b', Long: "ignore-space-change"},
	{Short: 'B', Long: "ignore-blank-lines"}, {Short: 'r', Long: "recursive"},
	{Short: 'N', Long: "new-file"}, {Short: 'a', Long: "text"},
	{Long: "color", Arg: false}, {Long: "label", Arg: true}, {Long: "normal"},
}, Usage: 2, NamedHint: true, Help: "Usage: diff [OPTION]... FILES\n"}

type diffCfg struct {
	// switches are the options as given, for the "diff ... a b" lines of
	// a recursive run.
	switches                 string
	unified                  bool
	contextFmt               bool // -c, -C N
	ed                       bool // -e
	context                  int
	brief, same, icase       bool
	allSpace, spaceChange    bool
	recursive, newFile, text bool
	blank                    bool // -B
	labels                   []string
	header                   string
	out                      io.Writer
	c                        *commands.Context
}

func runDiff(ctx context.Context, c *commands.Context) int {
	res, args, st, ok := diffOpts.Parse(c, c.Args[1:])
	if !ok {
		return st
	}
	d := &diffCfg{context: -1, c: c}
	var style byte // the output style chosen: 'n'ormal, 'u'nified, 'c'ontext
	for _, r := range res {
		if s := map[string]byte{"normal": 'n', "u": 'u', "U": 'u', "c": 'c', "C": 'c', "e": 'e'}[r.Key]; s != 0 {
			if style != 0 && style != s {
				return diffOpts.UsageError(c, 2, "conflicting output style options")
			}
			style = s
			d.unified, d.contextFmt, d.ed = s == 'u', s == 'c', s == 'e'
			if s == 'u' || s == 'c' {
				// GNU keeps the largest context asked for; -u and -c ask 3.
				d.context = max(d.context, 3*boolInt(r.Key == "u" || r.Key == "c"))
			}
		}
		switch r.Key {
		case "W":
			// The width only matters to -y, which is not supported; GNU
			// checks it all the same.
			if n, err := strconv.Atoi(r.Val); err != nil || n <= 0 {
				return diffOpts.UsageError(c, 2, "invalid width %s", commands.QuoteArg(r.Val))
			}
		case "U", "C":
			n, err := strconv.Atoi(r.Val)
			if err != nil || n < 0 {
				return diffOpts.UsageError(c, 2, "invalid context length %s", commands.QuoteArg(r.Val))
			}
			d.context = max(d.context, n)
		case "q":
			d.brief = true
		case "s":
			d.same = true
		case "i":
			d.icase = true
		case "w":
			d.allSpace = true
		case "b":
			d.spaceChange = true
		case "r":
			d.recursive = true
		case "B":
			d.blank = true
		case "N":
			d.newFile = true
		case "a":
			d.text = true
		case "label":
			d.labels = append(d.labels, r.Val)
		}
	}
	if d.context < 0 {
		d.context = 3
	}
	d.switches = switchString(c.Args[1:], args)
	if len(args) != 2 {
		if len(args) < 2 {
			// GNU names argv[argc-1], an option or not.
			return diffOpts.UsageError(c, 2, "missing operand after %s", commands.QuoteArg(c.Args[len(c.Args)-1]))
		}
		return diffOpts.UsageError(c, 2, "extra operand %s", commands.QuoteArg(args[2]))
	}
	out := commands.NewOut(c.Stdout)
	d.out = out
	status := d.paths(ctx, args[0], args[1], true)
	return c.FinishOut(out, status)
}

// paths compares two operands: files, directories, or a file against a
// directory (compared with the same-named file inside it).
func (d *diffCfg) paths(ctx context.Context, a, b string, top bool) int {
	sa, errA := d.stat(a)
	sb, errB := d.stat(b)
	if top && errA == nil && errB == nil && isDirInfo(sa) != isDirInfo(sb) {
		if isDirInfo(sa) {
			a = path.Join(a, path.Base(b))
		} else {
			b = path.Join(b, path.Base(a))
		}
		return d.paths(ctx, a, b, false)
	}
	for _, e := range []struct {
		name string
		err  error
	}{{a, errA}, {b, errB}} {
		if e.err != nil && !(d.newFile && errA == nil || d.newFile && errB == nil) {
			d.c.Errorf("%s: %s", e.name, commands.ErrText(e.err))
			return 2
		}
	}
	if errA == nil && errB == nil && isDirInfo(sa) && isDirInfo(sb) {
		return d.dirs(ctx, a, b)
	}
	return d.files(a, b, sa, sb)
}

func (d *diffCfg) stat(name string) (fs.FileInfo, error) {
	if name == "-" {
		return nil, nil
	}
	return d.c.FS.Stat(d.c.Abs(name))
}

func (d *diffCfg) read(name string, info fs.FileInfo) ([]byte, error) {
	if info == nil && name != "-" {
		return nil, nil // -N: a missing file is empty
	}
	r, err := d.c.OpenInput(name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return d.c.ReadBounded(r)
}

func (d *diffCfg) dirs(ctx context.Context, a, b string) int {
	la, err := d.c.FS.ReadDir(d.c.Abs(a))
	if err != nil {
		d.c.Errorf("%s: %s", a, commands.ErrText(err))
		return 2
	}
	lb, err := d.c.FS.ReadDir(d.c.Abs(b))
	if err != nil {
		d.c.Errorf("%s: %s", b, commands.ErrText(err))
		return 2
	}
	inA, inB := map[string]fs.DirEntry{}, map[string]fs.DirEntry{}
	var names []string
	for _, e := range la {
		inA[e.Name()] = e
		names = append(names, e.Name())
	}
	for _, e := range lb {
		if _, ok := inA[e.Name()]; !ok {
			names = append(names, e.Name())
		}
		inB[e.Name()] = e
	}
	sort.Strings(names)
	status := 0
	for _, n := range names {
		if ctx.Err() != nil {
			return 2
		}
		ea, okA := inA[n]
		eb, okB := inB[n]
		pa, pb := path.Join(a, n), path.Join(b, n)
		switch {
		case !okA && !d.newFile:
			fmt.Fprintf(d.out, "Only in %s: %s\n", b, n)
			status = max(status, 1)
		case !okB && !d.newFile:
			fmt.Fprintf(d.out, "Only in %s: %s\n", a, n)
			status = max(status, 1)
		case okA && okB && ea.IsDir() && eb.IsDir():
			if d.recursive {
				status = max(status, d.dirs(ctx, pa, pb))
			} else {
				fmt.Fprintf(d.out, "Common subdirectories: %s and %s\n", pa, pb)
			}
		case okA && okB && ea.IsDir() != eb.IsDir():
			kind := func(dir bool) string {
				if dir {
					return "directory"
				}
				return "regular file"
			}
			fmt.Fprintf(d.out, "File %s is a %s while file %s is a %s\n", pa, kind(ea.IsDir()), pb, kind(eb.IsDir()))
			status = max(status, 1)
		default:
			sa, _ := d.stat(pa)
			sb, _ := d.stat(pb)
			if !d.brief {
				d.header = "diff " + d.flagString() + pa + " " + pb + "\n"
			}
			status = max(status, d.files(pa, pb, sa, sb))
			d.header = ""
		}
	}
	return status
}

func (d *diffCfg) flagString() string { return d.switches }

// switchString is GNU's switch_string: the arguments that are not the
// operands, in order, each followed by a space.
func switchString(argv, operands []string) string {
	drop := map[int]bool{}
	k := len(argv) - 1
	for j := len(operands) - 1; j >= 0; j-- {
		for ; k >= 0; k-- {
			if argv[k] == operands[j] {
				drop[k] = true
				k--
				break
			}
		}
	}
	s := ""
	for i, a := range argv {
		if !drop[i] {
			s += a + " "
		}
	}
	return s
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// files compares two regular files (or stdin).
func (d *diffCfg) files(a, b string, sa, sb fs.FileInfo) int {
	if a == "-" && b == "-" {
		// One stream against itself is equal, and is not read (GNU).
		return d.identical(a, b)
	}
	da, err := d.read(a, sa)
	if st, ok := d.c.LimitStatus(err); ok {
		return st
	}
	if err != nil {
		d.c.Errorf("%s: %s", a, commands.ErrText(err))
		return 2
	}
	db, err := d.read(b, sb)
	if st, ok := d.c.LimitStatus(err); ok {
		return st
	}
	if err != nil {
		d.c.Errorf("%s: %s", b, commands.ErrText(err))
		return 2
	}
	if bytes.Equal(da, db) {
		return d.identical(a, b)
	}
	if !d.text && (bytes.IndexByte(da, 0) >= 0 || bytes.IndexByte(db, 0) >= 0) {
		d.writeHeader()
		fmt.Fprintf(d.out, "Binary files %s and %s differ\n", a, b)
		return 1
	}
	la, lb := splitDiffLines(da), splitDiffLines(db)
	edits := myersDiff(d.ids(la, lb))
	if !hasChanges(edits) || d.blank && len(d.hunks(edits, 0, la, lb)) == 0 {
		return d.identical(a, b)
	}
	if d.brief {
		fmt.Fprintf(d.out, "Files %s and %s differ\n", a, b)
		return 1
	}
	d.writeHeader()
	switch {
	case d.unified:
		d.writeUnified(a, b, sa, sb, la, lb, edits)
	case d.contextFmt:
		d.writeContext(a, b, sa, sb, la, lb, edits)
	case d.ed:
		if name := d.writeEd(a, b, la, lb, edits); name != "" {
			// An ed script cannot say a line lacks its newline.
			if f, ok := d.out.(interface{ Flush() error }); ok {
				f.Flush()
			}
			d.c.Errorf("%s: No newline at end of file\n", name) // sic: GNU's extra newline
			return 2
		}
	default:
		d.writeNormal(la, lb, edits)
	}
	return 1
}

func (d *diffCfg) identical(a, b string) int {
	if d.same {
		fmt.Fprintf(d.out, "Files %s and %s are identical\n", a, b)
	}
	return 0
}

func (d *diffCfg) writeHeader() {
	if d.header != "" {
		io.WriteString(d.out, d.header)
	}
}

func hasChanges(edits []diffEdit) bool {
	for _, e := range edits {
		if e.kind != '=' {
			return true
		}
	}
	return false
}

// diffTime renders a timestamp as GNU diff -u does.
func diffTime(info fs.FileInfo) string {
	t := time.Now().UTC()
	if info != nil {
		t = info.ModTime()
	}
	return t.Format("2006-01-02 15:04:05.000000000 -0700")
}

// isDirInfo is false for standard input, which has no FileInfo here.
func isDirInfo(info fs.FileInfo) bool { return info != nil && info.IsDir() }
