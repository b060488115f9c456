package archive

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/justbash/justbash/commands"
	getopt "github.com/justbash/justbash/commands/internal/opts"
	"github.com/ulikunitz/xz"
)

type tarOpts struct {
	mode     byte // 'c', 'x' or 't'
	file     string
	comp     byte // 0, 'z', 'j' or 'J'
	verbose  bool
	dir      string
	toStdout bool
	strip    int
	exclude  []string
	keepOld  bool
}

var tarSet = getopt.Parser{Opts: []getopt.Opt{
	{Short: 'c', Long: "create", Key: "create"}, {Short: 'x', Long: "extract", Key: "extract"}, {Long: "get", Key: "extract"},
	{Short: 't', Long: "list", Key: "list"}, {Short: 'f', Long: "file", Arg: true, Key: "file"},
	{Short: 'z', Long: "gzip", Key: "gzip"}, {Long: "gunzip", Key: "gzip"}, {Short: 'j', Long: "bzip2", Key: "bzip2"},
	{Short: 'J', Long: "xz", Key: "xz"}, {Short: 'v', Long: "verbose", Key: "verbose"}, {Short: 'C', Long: "directory", Arg: true, Key: "directory"},
	{Short: 'O', Long: "to-stdout", Key: "to-stdout"}, {Long: "strip-components", Arg: true},
	{Long: "exclude", Arg: true}, {Short: 'k', Long: "keep-old-files", Key: "keep-old-files"},
	{Short: 'p', Long: "preserve-permissions", Key: "preserve-permissions"}, {Long: "no-same-owner"}, {Long: "no-same-permissions"},
	{Short: 'a', Long: "auto-compress", Key: "auto-compress"}, {Short: 'h', Long: "dereference", Key: "dereference"}, {Long: "help"},
}}

// NewTar returns the tar command.
func NewTar() commands.Command {
	return commands.Func(func(ctx context.Context, c *commands.Context) int {
		c = c.Guarded(ctx)
		t := &tarRun{ctx: ctx, c: c}
		return t.main()
	})
}

type tarRun struct {
	ctx    context.Context
	c      *commands.Context
	o      tarOpts
	status int
}

func (t *tarRun) errorf(format string, args ...any) {
	fmt.Fprintf(t.c.Stderr, "tar: %s\n", fmt.Sprintf(format, args...))
	t.status = 2
}

func (t *tarRun) main() int {
	args := t.c.Args[1:]
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		// Old-style bundled options: "tar czf out.tgz dir".
		args = append([]string{"-" + args[0]}, args[1:]...)
	}
	res, ops, err := tarSet.Split(args)
	if err != nil {
		fmt.Fprintf(t.c.Stderr, "tar: %s\nTry 'tar --help' for more information.\n", err)
		return 2
	}
	if st, ok := t.apply(res); !ok {
		return st
	}
	if t.o.mode == 0 {
		fmt.Fprintf(t.c.Stderr, "tar: You must specify one of the '-Acdtrux', '--delete' or '--test-label' options\nTry 'tar --help' for more information.\n")
		return 2
	}
	switch t.o.mode {
	case 'c':
		if len(ops) == 0 {
			fmt.Fprintf(t.c.Stderr, "tar: Cowardly refusing to create an empty archive\nTry 'tar --help' for more information.\n")
			return 2
		}
		t.create(ops)
	default:
		t.read(ops)
	}
	return t.status
}

func (t *tarRun) apply(res []getopt.Result) (int, bool) {
	for _, r := range res {
		switch r.Key {
		case "create", "extract", "list":
			m := map[string]byte{"create": 'c', "extract": 'x', "list": 't'}[r.Key]
			if t.o.mode != 0 && t.o.mode != m {
				fmt.Fprintf(t.c.Stderr, "tar: You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option\n")
				return 2, false
			}
			t.o.mode = m
		case "file":
			t.o.file = r.Val
		case "gzip":
			t.o.comp = 'z'
		case "bzip2":
			t.o.comp = 'j'
		case "xz":
			t.o.comp = 'J'
		case "verbose":
			t.o.verbose = true
		case "directory":
			t.o.dir = r.Val
		case "to-stdout":
			t.o.toStdout = true
		case "strip-components":
			n, err := strconv.Atoi(r.Val)
			if err != nil || n < 0 {
				fmt.Fprintf(t.c.Stderr, "tar: Invalid number of elements: '%s'\n", r.Val)
				return 2, false
			}
			t.o.strip = n
		case "exclude":
			t.o.exclude = append(t.o.exclude, r.Val)
		case "keep-old-files":
			t.o.keepOld = true
		case "help":
			fmt.Fprint(t.c.Stdout, "Usage: tar [OPTION...] [FILE]...\n  -c create, -x extract, -t list, -f ARCHIVE, -z gzip, -j bzip2, -J xz,\n  -v verbose, -C DIR, -O to stdout, --strip-components=N, --exclude=PATTERN\n")
			return 0, false
		}
	}
	return 0, true
}

// excluded matches --exclude patterns against the whole name and against
// each trailing part, as GNU tar does for unanchored patterns.
func (t *tarRun) excluded(name string) bool {
	name = strings.TrimSuffix(name, "/")
	for _, pat := range t.o.exclude {
		pat = strings.TrimSuffix(pat, "/")
		parts := strings.Split(name, "/")
		for i := range parts {
			if ok, _ := path.Match(pat, strings.Join(parts[i:], "/")); ok {
				return true
			}
		}
	}
	return false
}

// openArchiveRead returns the archive stream, decompressed by the flag or
// by sniffing the magic bytes as GNU tar does when reading.
func (t *tarRun) openArchiveRead() (io.Reader, func(), error) {
	var raw io.Reader
	closeFn := func() {}
	if t.o.file == "" || t.o.file == "-" {
		raw = t.c.Stdin
		if raw == nil {
			raw = bytes.NewReader(nil)
		}
	} else {
		f, err := t.c.OpenRead(t.o.file)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: Cannot open: %s", t.o.file, commands.ErrText(err))
		}
		raw, closeFn = f, func() { f.Close() }
	}
	br := bufio.NewReaderSize(ctxReader{t.ctx, raw}, 64<<10)
	magic, _ := br.Peek(6)
	var r io.Reader = br
	var err error
	switch {
	case bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		r, err = gzip.NewReader(br)
	case bytes.HasPrefix(magic, []byte("BZh")):
		r = bzip2.NewReader(br)
	case bytes.HasPrefix(magic, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		r, err = xz.NewReader(br)
	case t.o.comp != 0 && len(magic) > 0:
		err = fmt.Errorf("compressed data is not in the expected format")
	}
	if err != nil {
		closeFn()
		return nil, nil, fmt.Errorf("%s: %v", t.archiveName(), err)
	}
	return r, closeFn, nil
}

func (t *tarRun) archiveName() string {
	if t.o.file == "" || t.o.file == "-" {
		return "-"
	}
	return t.o.file
}

// openArchiveWrite wraps the output in the chosen compressor.
func (t *tarRun) openArchiveWrite() (io.Writer, func() error, error) {
	var w io.Writer
	closeRaw := func() error { return nil }
	if t.o.file == "" || t.o.file == "-" {
		w = t.c.Stdout
	} else {
		f, err := t.c.OpenWrite(t.o.file, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: Cannot open: %s", t.o.file, commands.ErrText(err))
		}
		w, closeRaw = f, f.Close
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	flushRaw := func() error {
		err := bw.Flush()
		if cerr := closeRaw(); err == nil {
			err = cerr
		}
		return err
	}
	switch t.o.comp {
	case 'z':
		zw := gzip.NewWriter(bw)
		return zw, func() error { zw.Close(); return flushRaw() }, nil
	case 'J':
		xw, err := xz.NewWriter(bw)
		if err != nil {
			return nil, nil, err
		}
		return xw, func() error { xw.Close(); return flushRaw() }, nil
	case 'j':
		jw := newBzip2Writer(bw)
		return jw, func() error {
			err := jw.Close()
			if ferr := flushRaw(); err == nil {
				err = ferr
			}
			return err
		}, nil
	}
	return bw, flushRaw, nil
}
