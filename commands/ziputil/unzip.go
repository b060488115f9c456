package ziputil

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/justbash/justbash/commands"
	getopt "github.com/justbash/justbash/commands/internal/opts"
)

var unzipSet = getopt.Parser{Opts: []getopt.Opt{
	{Short: 'l'},
	{Short: 'd', Arg: true},
	{Short: 'o'},
	{Short: 'n'},
	{Short: 'q'},
	{Short: 'p'},
	{Short: 'h', Long: "help", Key: "help"},
}}

// maxMember bounds the size of one extracted member (zip bombs).
const maxMember = 1 << 30

// unzipper is one unzip run.
type unzipper struct {
	c         *commands.Context
	ctx       context.Context
	dir       string
	overwrite int // 1: -o, -1: -n or declined, 0: ask
	quiet     bool
	pipe      bool
	status    int
}

// NewUnzip returns the unzip command.
func NewUnzip() commands.Command { return commands.Func(runUnzip) }

func runUnzip(ctx context.Context, c *commands.Context) int {
	res, ops, err := unzipSet.Split(c.Args[1:])
	if err != nil {
		fmt.Fprintf(c.Stderr, "unzip: %v\n", err)
		return 10
	}
	u := &unzipper{c: c, ctx: ctx, dir: c.Dir}
	list := false
	for _, r := range res {
		switch r.Key {
		case "l":
			list = true
		case "d":
			u.dir = c.Abs(r.Val)
		case "o":
			u.overwrite = 1
		case "n":
			u.overwrite = -1
		case "q":
			u.quiet = true
		case "p":
			u.pipe, u.quiet = true, true
		case "help":
			io.WriteString(c.Stdout, "Usage: unzip [-lonqp] [-d exdir] file[.zip] [list]\n")
			return 0
		}
	}
	if len(ops) == 0 {
		fmt.Fprintf(c.Stderr, "Usage: unzip [-lonqp] [-d exdir] file[.zip] [list]\n")
		return 10
	}
	zr, closeFn, name, code := openArchive(c, ops[0])
	if code != 0 {
		return code
	}
	defer closeFn()
	members := selectMembers(zr.File, ops[1:])
	if list {
		u.list(name, members)
		return 0
	}
	if !u.quiet {
		fmt.Fprintf(c.Stdout, "Archive:  %s\n", name)
	}
	for _, m := range members {
		if err := ctx.Err(); err != nil {
			return 1
		}
		u.extract(m)
	}
	return u.status
}

func openArchive(c *commands.Context, name string) (*zip.Reader, func(), string, int) {
	f, err := c.FS.OpenFile(c.Abs(name), os.O_RDONLY, 0)
	if err != nil && !strings.HasSuffix(name, ".zip") {
		if g, gerr := c.FS.OpenFile(c.Abs(name+".zip"), os.O_RDONLY, 0); gerr == nil {
			f, err, name = g, nil, name+".zip"
		}
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "unzip:  cannot find or open %s, %s.zip or %s.ZIP.\n", name, name, name)
		return nil, nil, "", 9
	}
	st, err := f.Stat()
	if err == nil {
		var zr *zip.Reader
		if zr, err = zip.NewReader(f, st.Size()); err == nil {
			return zr, func() { f.Close() }, name, 0
		}
	}
	f.Close()
	fmt.Fprintf(c.Stderr, "  End-of-central-directory signature not found.  Either this file is not\n  a zipfile, or it constitutes one disk of a multi-part archive.\nunzip:  cannot find zipfile directory in %s.\n", name)
	return nil, nil, "", 9
}

func selectMembers(files []*zip.File, patterns []string) []*zip.File {
	if len(patterns) == 0 {
		return files
	}
	var out []*zip.File
	for _, f := range files {
		for _, p := range patterns {
			if ok, _ := path.Match(p, f.Name); ok || p == f.Name {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

func (u *unzipper) list(name string, files []*zip.File) {
	w := u.c.Stdout
	fmt.Fprintf(w, "Archive:  %s\n  Length      Date    Time    Name\n---------  ---------- -----   ----\n", name)
	var total uint64
	for _, f := range files {
		total += f.UncompressedSize64
		fmt.Fprintf(w, "%9d  %s   %s\n", f.UncompressedSize64, f.Modified.Format("2006-01-02 15:04"), f.Name)
	}
	plural := "s"
	if len(files) == 1 {
		plural = ""
	}
	fmt.Fprintf(w, "---------                     -------\n%9d                     %d file%s\n", total, len(files), plural)
}
