package archive

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/justbash/justbash/commands"
	getopt "github.com/justbash/justbash/commands/internal/opts"
)

// gzipOpts is a parsed gzip command line.
type gzipOpts struct {
	stdout, decompress, force, keep, list, noName bool
	quiet, recursive, test, verbose               bool
	suffix                                        string
	level                                         int
}

var gzipSet = getopt.Parser{Opts: []getopt.Opt{
	{Short: 'c', Long: "stdout", Key: "stdout"}, {Long: "to-stdout", Key: "stdout"},
	{Short: 'd', Long: "decompress", Key: "decompress"}, {Long: "uncompress", Key: "decompress"},
	{Short: 'f', Long: "force", Key: "force"}, {Short: 'k', Long: "keep", Key: "keep"}, {Short: 'l', Long: "list", Key: "list"},
	{Short: 'n', Long: "no-name", Key: "no-name"}, {Short: 'N', Long: "name", Key: "name"}, {Short: 'q', Long: "quiet", Key: "quiet"},
	{Short: 'r', Long: "recursive", Key: "recursive"}, {Short: 'S', Long: "suffix", Arg: true, Key: "suffix"},
	{Short: 't', Long: "test", Key: "test"}, {Short: 'v', Long: "verbose", Key: "verbose"}, {Short: 'h', Long: "help", Key: "help"},
	{Short: '1', Long: "fast", Key: "fast"}, {Short: '2'}, {Short: '3'}, {Short: '4'}, {Short: '5'},
	{Short: '6'}, {Short: '7'}, {Short: '8'}, {Short: '9', Long: "best", Key: "best"},
}}

// NewGzip returns gzip; NewGunzip and NewZcat preset -d and -dc.
func NewGzip() commands.Command { return gzipCmd("") }

// NewGunzip returns gunzip (gzip -d).
func NewGunzip() commands.Command { return gzipCmd("d") }

// NewZcat returns zcat (gzip -dc).
func NewZcat() commands.Command { return gzipCmd("dc") }

func gzipCmd(preset string) commands.Command {
	return commands.Func(func(ctx context.Context, c *commands.Context) int {
		c = c.Guarded(ctx)
		g := &gzipRun{ctx: ctx, c: c, o: gzipOpts{suffix: ".gz", level: gzip.DefaultCompression}}
		g.o.decompress = strings.Contains(preset, "d")
		g.o.stdout = strings.Contains(preset, "c")
		return g.main()
	})
}

// gzipRun is one invocation; status follows gzip: 1 error, 2 warning.
type gzipRun struct {
	ctx    context.Context
	c      *commands.Context
	o      gzipOpts
	status int
	listed bool
	totC   int64
	totU   int64
	nList  int
	// outName names the file being written, for write error messages.
	outName string
}

func (g *gzipRun) main() int {
	res, files, err := gzipSet.Split(g.c.Args[1:])
	if err != nil {
		fmt.Fprintf(g.c.Stderr, "%s: %s\nTry `gzip --help' for more information.\n", g.c.Name(), err)
		return 1
	}
	for _, r := range res {
		if !g.apply(r) {
			return 0
		}
	}
	if g.o.suffix == "" {
		fmt.Fprintf(g.c.Stderr, "%s: invalid suffix ''\n", g.c.Name())
		return 1
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, f := range files {
		if err := g.ctx.Err(); err != nil {
			return 1
		}
		g.file(f)
	}
	if g.o.list && g.nList > 1 {
		g.listTotals()
	}
	return g.status
}

func (g *gzipRun) apply(r getopt.Result) bool {
	switch r.Key {
	case "stdout":
		g.o.stdout = true
	case "decompress":
		g.o.decompress = true
	case "force":
		g.o.force = true
	case "keep":
		g.o.keep = true
	case "list":
		g.o.list = true
	case "no-name":
		g.o.noName = true
	case "quiet":
		g.o.quiet, g.o.verbose = true, false
	case "recursive":
		g.o.recursive = true
	case "suffix":
		g.o.suffix = r.Val
	case "test":
		g.o.test = true
	case "verbose":
		g.o.verbose = true
	case "help":
		fmt.Fprintf(g.c.Stdout, "Usage: %s [OPTION]... [FILE]...\nCompress or uncompress FILEs (by default, compress FILES in-place).\n", g.c.Name())
		return false
	case "fast":
		g.o.level = 1
	case "best":
		g.o.level = 9
	default:
		if len(r.Key) == 1 && r.Key[0] >= '1' && r.Key[0] <= '9' {
			g.o.level = int(r.Key[0] - '0')
		}
	}
	return true
}

func (g *gzipRun) errorf(format string, args ...any) {
	fmt.Fprintf(g.c.Stderr, "%s: %s\n", g.c.Name(), fmt.Sprintf(format, args...))
	g.status = 1
}

func (g *gzipRun) warnf(format string, args ...any) {
	if !g.o.quiet {
		fmt.Fprintf(g.c.Stderr, "%s: %s\n", g.c.Name(), fmt.Sprintf(format, args...))
	}
	if g.status == 0 {
		g.status = 2
	}
}

// file handles one operand: stdin, a regular file or (with -r) a directory.
func (g *gzipRun) file(name string) {
	if name == "-" {
		g.stream(g.c.Stdin, "stdout")
		return
	}
	fi, err := g.c.FS.Stat(g.c.Abs(name))
	if err != nil && g.o.decompress && !strings.HasSuffix(name, g.o.suffix) {
		// gunzip x looks for x.gz as GNU gzip does.
		if fi2, err2 := g.c.FS.Stat(g.c.Abs(name + g.o.suffix)); err2 == nil {
			name, fi, err = name+g.o.suffix, fi2, nil
		}
	}
	if err != nil {
		n := name
		if g.o.decompress && !strings.HasSuffix(name, g.o.suffix) {
			n = name + g.o.suffix
		}
		g.errorf("%s: %s", n, commands.ErrText(err))
		return
	}
	if fi.IsDir() {
		if !g.o.recursive {
			g.warnf("%s is a directory -- ignored", name)
			return
		}
		g.dir(name)
		return
	}
	if g.o.stdout || g.o.test || g.o.list {
		g.toStream(name)
		return
	}
	if g.o.decompress {
		g.decompressFile(name, fi)
	} else {
		g.compressFile(name, fi)
	}
}

func (g *gzipRun) dir(name string) {
	ents, err := g.c.FS.ReadDir(g.c.Abs(name))
	if err != nil {
		g.errorf("%s: %s", name, commands.ErrText(err))
		return
	}
	for _, e := range ents {
		g.file(path.Join(name, e.Name()))
	}
}

// toStream handles -c, -t and -l on a named file.
func (g *gzipRun) toStream(name string) {
	f, err := g.c.OpenRead(name)
	if err != nil {
		g.errorf("%s: %s", name, commands.ErrText(err))
		return
	}
	defer f.Close()
	g.stream(f, name)
}

// stream compresses or decompresses r to standard output (or only checks
// or lists it). label names the input in messages.
func (g *gzipRun) stream(r io.Reader, label string) {
	if label == "stdout" {
		label = "stdin"
	}
	switch {
	case g.o.list:
		g.list(r, label)
	case g.o.test:
		if _, err := g.decompress(io.Discard, r, label); err == nil && g.o.verbose {
			fmt.Fprintf(g.c.Stderr, "%s:\t OK\n", label)
		}
	case g.o.decompress:
		w := bufio.NewWriterSize(g.c.Stdout, 64<<10)
		g.decompress(w, r, label)
		w.Flush()
	default:
		w := bufio.NewWriterSize(g.c.Stdout, 64<<10)
		if err := g.compress(w, r, "", time.Time{}); err != nil {
			g.errorf("%s: %s", label, err)
		}
		w.Flush()
	}
}

func (g *gzipRun) compress(w io.Writer, r io.Reader, name string, mtime time.Time) error {
	zw, err := gzip.NewWriterLevel(w, g.o.level)
	if err != nil {
		return err
	}
	if !g.o.noName {
		zw.Name = name
		zw.ModTime = mtime
	}
	if _, err := io.Copy(zw, ctxReader{g.ctx, r}); err != nil {
		return err
	}
	return zw.Close()
}

// decompress copies the gzip stream in r to w, reporting problems the way
// gzip does. It returns the number of uncompressed bytes.
func (g *gzipRun) decompress(w io.Writer, r io.Reader, label string) (int64, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	magic, _ := br.Peek(2)
	if len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b {
		if g.o.force && g.o.stdout {
			// zcat -f passes data that is not compressed through unchanged.
			return io.Copy(w, br)
		}
		if len(magic) < 2 {
			g.errorf("%s: unexpected end of file", label)
		} else {
			g.errorf("%s: not in gzip format", label)
		}
		return 0, gzip.ErrHeader
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		g.gzipError(label, err)
		return 0, err
	}
	tw := &trackWriter{w: w}
	n, err := io.Copy(tw, ctxReader{g.ctx, zr})
	if tw.err != nil {
		// The output failed (a quota: File too large, No space left on
		// device), not the compressed data.
		g.writeError(tw.err)
		return n, tw.err
	}
	if err != nil {
		g.gzipError(label, err)
		return n, err
	}
	return n, nil
}

// writeError reports a failed write of the output the way GNU gzip does:
// the output's name and the system's reason.
func (g *gzipRun) writeError(err error) {
	out := g.outName
	if out == "" {
		out = "stdout"
	}
	g.errorf("%s: %s", out, commands.ErrText(err))
}

// trackWriter remembers the first write error, to tell it apart from a
// read error once io.Copy returns.
type trackWriter struct {
	w   io.Writer
	err error
}

func (t *trackWriter) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	if err != nil && t.err == nil {
		t.err = err
	}
	return n, err
}

func (g *gzipRun) gzipError(label string, err error) {
	switch {
	case errors.Is(err, gzip.ErrHeader):
		g.errorf("%s: not in gzip format", label)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		g.errorf("%s: unexpected end of file", label)
	case errors.Is(err, gzip.ErrChecksum):
		g.errorf("%s: invalid compressed data--crc error", label)
	case g.ctx.Err() != nil:
		g.errorf("%s: %s", label, g.ctx.Err())
	default:
		g.errorf("%s: invalid compressed data--format violated", label)
	}
}

// ctxReader stops long copies when the command is cancelled.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
