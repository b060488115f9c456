// Package ziputil holds the zip and unzip commands of the sandbox, on
// archive/zip. Archives are read and written through the sandbox
// filesystem; unzip refuses members that would land outside the target
// directory (absolute names, ".." components, symlinks leading out).
package ziputil

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/justbash/justbash/commands"
	getopt "github.com/justbash/justbash/commands/internal/opts"
)

var zipSet = getopt.Parser{Opts: []getopt.Opt{
	{Short: 'r', Long: "recurse-paths", Key: "recurse-paths"},
	{Short: 'q', Long: "quiet", Key: "quiet"},
	{Short: 'j', Long: "junk-paths", Key: "junk-paths"},
	{Short: 'y', Long: "symlinks", Key: "symlinks"},
	{Short: '0'}, {Short: '1'}, {Short: '2'}, {Short: '3'}, {Short: '4'},
	{Short: '5'}, {Short: '6'}, {Short: '7'}, {Short: '8'}, {Short: '9'},
	{Long: "help", Short: 'h', Key: "help"},
}}

// zipper is one zip run.
type zipper struct {
	c       *commands.Context
	ctx     context.Context
	recurse bool
	quiet   bool
	junk    bool
	links   bool
	level   int
	entries map[string]*entry
	order   []string
	self    string // absolute path of the archive
}

// entry is one member of the archive being built.
type entry struct {
	hdr  *zip.FileHeader
	raw  []byte // compressed (or stored) data
	note string // "deflated 53%" / "stored 0%"
	old  *zip.File
}

// NewZip returns the zip command.
func NewZip() commands.Command { return commands.Func(runZip) }

func runZip(ctx context.Context, c *commands.Context) int {
	res, ops, err := zipSet.Split(c.Args[1:])
	if err != nil {
		fmt.Fprintf(c.Stderr, "zip error: Invalid command arguments (%v)\n", err)
		return 16
	}
	z := &zipper{c: c, ctx: ctx, level: 6, entries: map[string]*entry{}}
	for _, r := range res {
		switch r.Key {
		case "recurse-paths":
			z.recurse = true
		case "quiet":
			z.quiet = true
		case "junk-paths":
			z.junk = true
		case "symlinks":
			z.links = true
		case "help":
			io.WriteString(c.Stdout, "Usage: zip [-rqjy0-9] zipfile file ...\n")
			return 0
		default:
			z.level = int(r.Key[0] - '0')
		}
	}
	if len(ops) < 1 {
		fmt.Fprintf(c.Stderr, "zip error: Invalid command arguments (nothing to select from)\n")
		return 16
	}
	archive := ops[0]
	if path.Ext(path.Base(archive)) == "" {
		archive += ".zip"
	}
	z.self = c.Abs(archive)
	return z.run(archive, ops[1:])
}

func (z *zipper) run(archive string, names []string) int {
	if err := z.loadExisting(archive); err != nil {
		fmt.Fprintf(z.c.Stderr, "zip error: Zip file structure invalid (%s)\n", archive)
		return 3
	}
	added := 0
	for _, name := range names {
		n, err := z.add(name)
		if err != nil {
			fmt.Fprintf(z.c.Stderr, "\tzip warning: name not matched: %s\n", name)
			continue
		}
		added += n
	}
	if added == 0 {
		fmt.Fprintf(z.c.Stderr, "\nzip error: Nothing to do! (%s)\n", archive)
		return 12
	}
	if err := z.write(archive); err != nil {
		fmt.Fprintf(z.c.Stderr, "zip error: Could not create output file (%s): %s\n", archive, commands.ErrText(err))
		return 15
	}
	return 0
}

// loadExisting reads the members of an archive being updated.
func (z *zipper) loadExisting(archive string) error {
	f, err := z.c.FS.OpenFile(z.c.Abs(archive), os.O_RDONLY, 0)
	if err != nil {
		return nil // a new archive
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	zr, err := zip.NewReader(f, st.Size())
	if err != nil {
		return err
	}
	for _, m := range zr.File {
		raw, err := m.OpenRaw()
		if err != nil {
			return err
		}
		data, err := z.c.ReadAll(z.ctx, raw)
		if err != nil {
			return err
		}
		hdr := m.FileHeader
		z.put(&entry{hdr: &hdr, raw: data, old: m})
	}
	return nil
}

func (z *zipper) put(e *entry) {
	if _, ok := z.entries[e.hdr.Name]; !ok {
		z.order = append(z.order, e.hdr.Name)
	}
	z.entries[e.hdr.Name] = e
}

// add adds one operand (recursively with -r) and returns how many
// members it produced.
func (z *zipper) add(name string) (int, error) {
	if err := z.ctx.Err(); err != nil {
		return 0, err
	}
	abs := z.c.Abs(name)
	st, err := z.c.FS.Lstat(abs)
	if err != nil {
		return 0, err
	}
	if st.Mode()&fs.ModeSymlink != 0 && !z.links {
		if st, err = z.c.FS.Stat(abs); err != nil {
			return 0, err
		}
	}
	member := strings.TrimLeft(path.Clean(name), "/")
	for strings.HasPrefix(member, "../") {
		member = member[3:]
	}
	if z.junk {
		member = path.Base(member)
	}
	if st.IsDir() {
		return z.addDir(name, abs, member, st)
	}
	if abs == z.self {
		return 0, nil // never put the archive into itself
	}
	return 1, z.addFile(abs, member, st)
}

func (z *zipper) addDir(name, abs, member string, st fs.FileInfo) (int, error) {
	n := 0
	if !z.junk && member != "." {
		z.store(member+"/", st, nil, "stored 0%")
		n++
	}
	if !z.recurse {
		return n, nil
	}
	ents, err := z.c.FS.ReadDir(abs)
	if err != nil {
		return n, err
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	for _, e := range ents {
		k, err := z.add(path.Join(name, e.Name()))
		if err != nil {
			fmt.Fprintf(z.c.Stderr, "\tzip warning: could not open for reading: %s\n", path.Join(name, e.Name()))
		}
		n += k
	}
	return n, nil
}

func (z *zipper) addFile(abs, member string, st fs.FileInfo) error {
	if st.Mode()&fs.ModeSymlink != 0 {
		target, err := z.c.FS.Readlink(abs)
		if err != nil {
			return err
		}
		z.store(member, st, []byte(target), "stored 0%")
		return nil
	}
	f, err := z.c.FS.OpenFile(abs, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	data, err := z.c.ReadAll(z.ctx, f)
	f.Close()
	if err != nil {
		return err
	}
	if z.level > 0 && len(data) > 0 {
		var buf bytes.Buffer
		fw, _ := flate.NewWriter(&buf, z.level)
		fw.Write(data)
		fw.Close()
		if buf.Len() < len(data) {
			pct := (int64(len(data)) - int64(buf.Len())) * 100 / int64(len(data))
			e := z.store(member, st, data, fmt.Sprintf("deflated %d%%", pct))
			e.hdr.Method = zip.Deflate
			e.raw = buf.Bytes()
			e.hdr.CompressedSize64 = uint64(buf.Len())
			return nil
		}
	}
	z.store(member, st, data, "stored 0%")
	return nil
}

// store records a stored member holding data.
func (z *zipper) store(member string, st fs.FileInfo, data []byte, note string) *entry {
	hdr := &zip.FileHeader{Name: member, Method: zip.Store, Modified: st.ModTime()}
	hdr.SetMode(st.Mode())
	setDOSTime(hdr, st.ModTime())
	hdr.CRC32 = crc32.ChecksumIEEE(data)
	hdr.UncompressedSize64 = uint64(len(data))
	hdr.CompressedSize64 = uint64(len(data))
	verb := "adding"
	if _, ok := z.entries[member]; ok {
		verb = "updating"
	}
	if !z.quiet {
		fmt.Fprintf(z.c.Stdout, "  %s: %s (%s)\n", verb, member, note)
	}
	e := &entry{hdr: hdr, raw: data, note: note}
	z.put(e)
	return e
}

// write assembles the archive in memory and replaces the file through a
// temporary name and a rename.
func (z *zipper) write(archive string) error {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range z.order {
		e := z.entries[name]
		w, err := zw.CreateRaw(e.hdr)
		if err != nil {
			return err
		}
		if _, err := w.Write(e.raw); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	abs := z.c.Abs(archive)
	tmp := path.Join(path.Dir(abs), ".zip-tmp-"+path.Base(abs))
	f, err := z.c.FS.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(buf.Bytes()); err != nil {
		f.Close()
		z.c.FS.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		z.c.FS.Remove(tmp)
		return err
	}
	if err := z.c.FS.Rename(tmp, abs); err != nil {
		z.c.FS.Remove(tmp)
		return err
	}
	return nil
}

// setDOSTime fills the MS-DOS date and time fields; CreateRaw writes the
// header as given, so they are not derived from Modified for us.
func setDOSTime(h *zip.FileHeader, t time.Time) {
	if t.Year() < 1980 {
		t = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	//lint:ignore SA1019 MS-DOS date and time are what the zip format stores
	h.ModifiedDate = uint16(t.Day() + int(t.Month())<<5 + (t.Year()-1980)<<9)
	//lint:ignore SA1019 MS-DOS date and time are what the zip format stores
	h.ModifiedTime = uint16(t.Second()/2 + t.Minute()<<5 + t.Hour()<<11)
}
