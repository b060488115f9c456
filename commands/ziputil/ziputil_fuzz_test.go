package ziputil

import (
	"archive/zip"
	"bytes"
	"testing"

	"github.com/justbash/justbash/internal/fuzzkit"
	"github.com/justbash/justbash/vfs"
)

// zipSeed builds an archive with the members an extractor must place or
// refuse: a directory, a file, a ../ name, an absolute name, a symlink
// out of the destination and a file written through it.
func zipSeed(method uint16) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name string, mode uint32, data string) {
		h := &zip.FileHeader{Name: name, Method: method}
		h.SetMode(0o644)
		if mode != 0 {
			h.ExternalAttrs = mode << 16
			h.CreatorVersion = 3 << 8 // Unix, so the mode bits count
		}
		w, _ := zw.CreateHeader(h)
		w.Write([]byte(data))
	}
	add("d/", 0o40755, "")
	add("d/f.txt", 0, "hello\n")
	add("../escape", 0, "x")
	add("/abs", 0, "y")
	add("d/up", 0o120777, "../../../etc")
	add("d/up/passwd", 0, "owned\n")
	zw.SetComment("comment")
	zw.Close()
	return buf.Bytes()
}

var unzipModes = [][]string{
	{"unzip", "-l", "/tmp/in.zip"},
	{"unzip", "-o", "-d", "/tmp/x", "/tmp/in.zip"},
	{"unzip", "-p", "/tmp/in.zip"},
	{"unzip", "-n", "-q", "-d", "/tmp/x", "/tmp/in.zip", "d/*"},
}

// FuzzUnzip lists and extracts fuzzed zip bytes. An extraction must leave
// everything outside its destination as it was.
func FuzzUnzip(f *testing.F) {
	for m := range unzipModes {
		f.Add(zipSeed(zip.Store), uint8(m))
		f.Add(zipSeed(zip.Deflate), uint8(m))
	}
	f.Add([]byte("PK\x05\x06"+string(make([]byte, 18))), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		if len(data) > fuzzkit.MaxInput {
			t.Skip()
		}
		fsys := fuzzkit.NewFS()
		fsys.MkdirAll("/tmp/x", 0o755)
		if err := vfs.WriteFile(fsys, "/tmp/in.zip", data, 0o644); err != nil {
			t.Fatal(err)
		}
		before := fuzzkit.Snapshot(fsys, "/tmp/x")
		fuzzkit.Run(t, NewUnzip(), fsys, "", unzipModes[int(mode)%len(unzipModes)]...)
		fuzzkit.SameSnapshot(t, before, fuzzkit.Snapshot(fsys, "/tmp/x"))
	})
}
