package archive

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"github.com/justbash/justbash/commands"
	"io"
	"io/fs"
	"os"
	"strings"
)

// compressFile replaces name with name.gz (keeping it with -k).
func (g *gzipRun) compressFile(name string, fi fs.FileInfo) {
	if strings.HasSuffix(name, g.o.suffix) {
		g.warnf("%s already has %s suffix -- unchanged", name, g.o.suffix)
		return
	}
	out := name + g.o.suffix
	if !g.checkTarget(out) {
		return
	}
	in, err := g.c.OpenRead(name)
	if err != nil {
		g.errorf("%s: %s", name, commands.ErrText(err))
		return
	}
	defer in.Close()
	w, err := g.c.OpenWrite(out, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
	if err != nil {
		g.errorf("%s: %s", out, commands.ErrText(err))
		return
	}
	cw := &countWriter{w: w}
	bw := bufio.NewWriterSize(cw, 64<<10)
	base := name[strings.LastIndexByte(name, '/')+1:]
	err = g.compress(bw, in, base, fi.ModTime())
	if err == nil {
		err = bw.Flush()
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		g.errorf("%s: %s", name, err)
		g.c.FS.Remove(g.c.Abs(out))
		return
	}
	g.finish(name, out, fi, fi.Size(), cw.n, "replaced with "+out)
}

// decompressFile replaces name.gz with name.
func (g *gzipRun) decompressFile(name string, fi fs.FileInfo) {
	out, ok := strings.CutSuffix(name, g.o.suffix)
	if !ok || out == "" || strings.HasSuffix(out, "/") {
		g.warnf("%s: unknown suffix -- ignored", name)
		return
	}
	if !g.checkTarget(out) {
		return
	}
	in, err := g.c.OpenRead(name)
	if err != nil {
		g.errorf("%s: %s", name, commands.ErrText(err))
		return
	}
	defer in.Close()
	w, err := g.c.OpenWrite(out, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
	if err != nil {
		g.errorf("%s: %s", out, commands.ErrText(err))
		return
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	g.outName = out
	n, err := g.decompress(bw, in, name)
	g.outName = ""
	if err == nil {
		if err = bw.Flush(); err != nil {
			g.outName = out
			g.writeError(err)
			g.outName = ""
		}
	}
	if cerr := w.Close(); err == nil && cerr != nil {
		err = cerr
		g.errorf("%s: %s", out, commands.ErrText(err))
	}
	if err != nil {
		// No partial output is left behind, as GNU gzip removes it.
		g.c.FS.Remove(g.c.Abs(out))
		return
	}
	g.finish(name, out, fi, n, fi.Size(), "replaced with "+out)
}

// checkTarget refuses to clobber an existing output without -f.
func (g *gzipRun) checkTarget(out string) bool {
	if _, err := g.c.FS.Lstat(g.c.Abs(out)); err == nil {
		if !g.o.force {
			g.warnf("%s already exists;\tnot overwritten", out)
			return false
		}
		g.c.FS.Remove(g.c.Abs(out))
	}
	return true
}

// finish copies mode and times, removes the source unless -k, and prints
// the -v line: the ratio is saved space over the uncompressed size.
func (g *gzipRun) finish(name, out string, fi fs.FileInfo, usize, csize int64, what string) {
	abs := g.c.Abs(out)
	g.c.FS.Chmod(abs, fi.Mode().Perm())
	g.c.FS.Chtimes(abs, fi.ModTime(), fi.ModTime())
	if !g.o.keep {
		if err := g.c.FS.Remove(g.c.Abs(name)); err != nil {
			g.errorf("%s: %s", name, commands.ErrText(err))
		}
	} else {
		what = "created " + out
	}
	if g.o.verbose {
		fmt.Fprintf(g.c.Stderr, "%s:\t%s -- %s\n", name, ratio(csize, usize), what)
	}
}

// ratio formats gzip's "saved" percentage with one decimal.
func ratio(compressed, uncompressed int64) string {
	if uncompressed == 0 {
		return "  0.0%"
	}
	r := float64(uncompressed-compressed) * 100 / float64(uncompressed)
	return fmt.Sprintf("%5.1f%%", r)
}

// list prints gzip -l for one input, reading the trailer's size field.
func (g *gzipRun) list(r io.Reader, label string) {
	data, err := g.c.ReadAll(g.ctx, r)
	if commands.IsLimit(err) {
		g.errorf("%s: %s", label, err)
		return
	}
	if err != nil {
		g.errorf("%s: %s", label, err)
		return
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil || len(data) < 18 {
		g.errorf("%s: not in gzip format", label)
		return
	}
	zr.Close()
	usize := int64(binary.LittleEndian.Uint32(data[len(data)-4:]))
	name := label
	if label == "stdin" {
		name = "stdout"
	} else {
		name = strings.TrimSuffix(label, g.o.suffix)
	}
	if !g.listed {
		fmt.Fprintln(g.c.Stdout, "         compressed        uncompressed  ratio uncompressed_name")
		g.listed = true
	}
	csize := int64(len(data))
	fmt.Fprintf(g.c.Stdout, "%19d %19d %s %s\n", csize, usize, ratio(csize, usize), name)
	g.totC += csize
	g.totU += usize
	g.nList++
}

func (g *gzipRun) listTotals() {
	fmt.Fprintf(g.c.Stdout, "%19d %19d %s (totals)\n", g.totC, g.totU, ratio(g.totC, g.totU))
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
