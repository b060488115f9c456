package archive

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"testing"

	"github.com/justbash/justbash/internal/fuzzkit"
	"github.com/justbash/justbash/vfs"
)

// tarSeed builds a small archive: regular files, a directory, links that
// point out of the destination, a member named with ../ and a PAX record,
// the entries an extractor has to refuse or place.
func tarSeed(gz bool) []byte {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	add := func(h *tar.Header, data string) {
		h.Size = int64(len(data))
		if h.Mode == 0 {
			h.Mode = 0o644
		}
		tw.WriteHeader(h)
		tw.Write([]byte(data))
	}
	add(&tar.Header{Name: "d/", Typeflag: tar.TypeDir, Mode: 0o755}, "")
	add(&tar.Header{Name: "d/f.txt", Typeflag: tar.TypeReg}, "hello\n")
	add(&tar.Header{Name: "d/up", Typeflag: tar.TypeSymlink, Linkname: "../../../etc"}, "")
	add(&tar.Header{Name: "d/up/passwd", Typeflag: tar.TypeReg}, "owned\n")
	add(&tar.Header{Name: "d/hard", Typeflag: tar.TypeLink, Linkname: "/etc/passwd"}, "")
	add(&tar.Header{Name: "../escape", Typeflag: tar.TypeReg}, "x")
	add(&tar.Header{Name: "/abs", Typeflag: tar.TypeReg, PAXRecords: map[string]string{"comment": "c"}}, "y")
	add(&tar.Header{Name: "d/fifo", Typeflag: tar.TypeFifo}, "")
	add(&tar.Header{Name: "d/sparse", Typeflag: tar.TypeReg, Mode: 0o4755}, "z")
	tw.Close()
	if !gz {
		return buf.Bytes()
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(buf.Bytes())
	zw.Close()
	return z.Bytes()
}

// tarModes are the readers FuzzTarRead drives; mode picks one.
var tarModes = [][]string{
	{"tar", "tvf", "/tmp/in"},
	{"tar", "xf", "/tmp/in", "-C", "/tmp/x"},
	{"tar", "xOf", "/tmp/in"},
	{"tar", "xzf", "/tmp/in", "-C", "/tmp/x", "--strip-components=1"},
	{"tar", "xkf", "/tmp/in", "-C", "/tmp/x", "--exclude=*.txt"},
}

// FuzzTarRead lists and extracts fuzzed archive bytes (plain, gzip, bzip2
// or xz by their magic). Besides no panic and an end to the run, an
// extraction must leave everything outside its destination directory as
// it was: no member, link or ../ name may reach out.
func FuzzTarRead(f *testing.F) {
	for m := range tarModes {
		f.Add(tarSeed(false), uint8(m))
		f.Add(tarSeed(true), uint8(m))
	}
	f.Add([]byte("BZh91AY&SY"), uint8(0))
	f.Add([]byte{0xfd, '7', 'z', 'X', 'Z', 0, 0, 4}, uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		if len(data) > fuzzkit.MaxInput {
			t.Skip()
		}
		fsys := fuzzkit.NewFS()
		fsys.MkdirAll("/tmp/x", 0o755)
		if err := vfs.WriteFile(fsys, "/tmp/in", data, 0o644); err != nil {
			t.Fatal(err)
		}
		before := fuzzkit.Snapshot(fsys, "/tmp/x")
		fuzzkit.Run(t, NewTar(), fsys, "", tarModes[int(mode)%len(tarModes)]...)
		fuzzkit.SameSnapshot(t, before, fuzzkit.Snapshot(fsys, "/tmp/x"))
	})
}

// FuzzGzipRead decompresses fuzzed bytes as a stream (-dc), as a file
// gunzip replaces (in place, checking what it leaves) and lists them (-l).
func FuzzGzipRead(f *testing.F) {
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Name, zw.Comment = "orig.txt", "comment"
	zw.Write(bytes.Repeat([]byte("abc\n"), 100))
	zw.Close()
	two := append(append([]byte{}, z.Bytes()...), z.Bytes()...)
	for m := range 3 {
		f.Add(z.Bytes(), uint8(m))
		f.Add(two, uint8(m))
		f.Add(z.Bytes()[:len(z.Bytes())/2], uint8(m))
	}
	f.Add([]byte{0x1f, 0x8b, 8, 0xff, 0, 0, 0, 0, 0, 0}, uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		if len(data) > fuzzkit.MaxInput {
			t.Skip()
		}
		fsys := fuzzkit.NewFS()
		switch mode % 3 {
		case 0:
			fuzzkit.Run(t, NewGzip(), fsys, string(data), "gzip", "-dc")
		case 1:
			fsys.MkdirAll("/tmp/x", 0o755)
			if err := vfs.WriteFile(fsys, "/tmp/x/f.gz", data, 0o644); err != nil {
				t.Fatal(err)
			}
			before := fuzzkit.Snapshot(fsys, "/tmp/x")
			fuzzkit.Run(t, NewGunzip(), fsys, "", "gunzip", "-f", "/tmp/x/f.gz")
			fuzzkit.SameSnapshot(t, before, fuzzkit.Snapshot(fsys, "/tmp/x"))
		default:
			fuzzkit.Run(t, NewGzip(), fsys, string(data), "gzip", "-l", "-")
		}
	})
}
