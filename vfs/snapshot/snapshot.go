// Package snapshot saves a sandbox filesystem (and documents that travel
// with it, such as a shell session's state) to a stream, and restores it.
//
// # Format (version 1)
//
// A snapshot is a gzip-compressed tar stream in the PAX format:
//
//   - The first entry is the regular file "meta/snapshot.json":
//     {"format":"justbash-snapshot","version":1}. A stream that does not
//     start so is refused; a later version is refused by name.
//   - "fs/" is the root directory; "fs/<path>" is the file at /<path>:
//     directories, regular files, symbolic links, hard links (a tar link
//     entry naming the first "fs/" path of the inode) and the character
//     devices a Mem can make (null, zero, full, random). Each entry keeps
//     its permission bits (setuid, setgid and sticky included), owner and
//     modification and access times (nanoseconds, in PAX records; a
//     symbolic link's own times are not restored, as vfs has no lutimes,
//     nor are owners, as it has no chown).
//     Parents come before children.
//   - Other "meta/<name>" regular files are documents the caller stored
//     (a session's shell state, for example); Read returns them.
//
// Reading is defensive: a name outside "fs/" and "meta/", with "." or ".."
// components, or reaching through a symbolic link is refused; sizes are
// bounded before anything is written; a truncated or corrupt stream is an
// error, never a panic.
package snapshot

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"

	"github.com/justbash/justbash/vfs"
)

// Version is the format version Write produces and Read accepts.
const Version = 1

const (
	formatName = "justbash-snapshot"
	headerName = "meta/snapshot.json"
	fsPrefix   = "fs/"
	metaPrefix = "meta/"
)

// WriteOptions select what Write saves.
type WriteOptions struct {
	// Meta are documents stored beside the files, by name (a name is a
	// clean relative path; "snapshot.json" is reserved).
	Meta map[string][]byte
	// Skip leaves out a path (and everything below it): mounts of
	// synthetic trees such as /dev or /proc.
	Skip func(path string) bool
}

// Write writes fsys's tree to w as a snapshot.
func Write(ctx context.Context, w io.Writer, fsys vfs.FS, opts WriteOptions) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestSpeed)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	hdr, _ := json.Marshal(map[string]any{"format": formatName, "version": Version})
	if err := writeDoc(tw, headerName, hdr); err != nil {
		return err
	}
	for _, name := range sortedKeys(opts.Meta) {
		if !cleanRel(name) || name == "snapshot.json" {
			return fmt.Errorf("snapshot: bad document name %q", name)
		}
		if err := writeDoc(tw, metaPrefix+name, opts.Meta[name]); err != nil {
			return err
		}
	}
	if err := writeTree(ctx, tw, fsys, opts.Skip); err != nil {
		return err
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

func writeDoc(tw *tar.Writer, name string, data []byte) error {
	if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: name, Size: int64(len(data)),
		Mode: 0o600, Format: tar.FormatPAX}); err != nil {
		return err
	}
	_, err := tw.Write(data)
	return err
}

// writeTree walks fsys from / without recursion, parents first.
func writeTree(ctx context.Context, tw *tar.Writer, fsys vfs.FS, skip func(string) bool) error {
	links := map[uint64]string{} // inode -> first tar name, for hard links
	stack := []string{"/"}
	for len(stack) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if skip != nil && p != "/" && skip(p) {
			continue
		}
		fi, err := fsys.Lstat(p)
		if err != nil {
			return fmt.Errorf("snapshot: %w", err)
		}
		isDir, err := writeEntry(tw, fsys, p, fi, links)
		if err != nil {
			return err
		}
		if !isDir {
			continue
		}
		ents, err := fsys.ReadDir(p)
		if err != nil {
			return fmt.Errorf("snapshot: %w", err)
		}
		for i := len(ents) - 1; i >= 0; i-- { // popped in name order
			stack = append(stack, path.Join(p, ents[i].Name()))
		}
	}
	return nil
}

// writeEntry writes one file's header (and bytes); it reports whether p
// is a directory to descend into.
func writeEntry(tw *tar.Writer, fsys vfs.FS, p string, fi fs.FileInfo, links map[uint64]string) (bool, error) {
	name := fsPrefix + strings.TrimPrefix(p, "/")
	h := &tar.Header{Name: name, Mode: int64(unixPerm(fi.Mode())), ModTime: fi.ModTime(), Format: tar.FormatPAX}
	id, hasID := vfs.IdentityOf(fi)
	if hasID {
		h.Uid, h.Gid, h.AccessTime = int(id.UID), int(id.GID), id.Atime
	}
	m := fi.Mode()
	switch {
	case m.IsDir():
		h.Typeflag = tar.TypeDir
		if !strings.HasSuffix(h.Name, "/") {
			h.Name += "/"
		}
		return true, tw.WriteHeader(h)
	case m&fs.ModeSymlink != 0:
		t, err := fsys.Readlink(p)
		if err != nil {
			return false, fmt.Errorf("snapshot: %w", err)
		}
		h.Typeflag, h.Linkname = tar.TypeSymlink, t
		return false, tw.WriteHeader(h)
	case m&fs.ModeCharDevice != 0:
		if !hasID {
			return false, nil
		}
		if _, ok := vfs.DeviceOf(id.Rdev); !ok {
			return false, nil
		}
		h.Typeflag = tar.TypeChar
		h.Devmajor, h.Devminor = int64(id.Rdev>>8), int64(id.Rdev&0xff) // vfs's rdev: major<<8 | minor
		return false, tw.WriteHeader(h)
	case !m.IsRegular():
		return false, nil // sockets, pipes: nothing a sandbox keeps
	}
	if hasID && id.Nlink > 1 {
		if first, ok := links[id.Ino]; ok {
			h.Typeflag, h.Linkname = tar.TypeLink, first
			return false, tw.WriteHeader(h)
		}
		links[id.Ino] = name
	}
	// A snapshot observes: reading must not move the access times it
	// records (two snapshots of an unchanged tree are then identical).
	f, err := fsys.OpenFile(p, os.O_RDONLY|vfs.NoAtime, 0)
	if err != nil {
		return false, fmt.Errorf("snapshot: %w", err)
	}
	defer f.Close()
	h.Typeflag, h.Size = tar.TypeReg, fi.Size()
	if err := tw.WriteHeader(h); err != nil {
		return false, err
	}
	// A file that changed size since Lstat fails here rather than
	// writing a stream that does not match its headers.
	if _, err := io.CopyN(tw, f, fi.Size()); err != nil {
		return false, fmt.Errorf("snapshot: %s: %w", p, err)
	}
	return false, nil
}

// unixPerm keeps the permission and special bits of m in Unix layout.
func unixPerm(m fs.FileMode) uint32 {
	u := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		u |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		u |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		u |= 0o1000
	}
	return u
}

func fileMode(u int64) fs.FileMode {
	m := fs.FileMode(u) & fs.ModePerm
	if u&0o4000 != 0 {
		m |= fs.ModeSetuid
	}
	if u&0o2000 != 0 {
		m |= fs.ModeSetgid
	}
	if u&0o1000 != 0 {
		m |= fs.ModeSticky
	}
	return m
}

// cleanRel reports whether name is a clean relative path with no "." or
// ".." component.
func cleanRel(name string) bool {
	if name == "" || strings.HasPrefix(name, "/") || strings.ContainsRune(name, 0) {
		return false
	}
	for _, c := range strings.Split(name, "/") {
		if c == "" || c == "." || c == ".." {
			return false
		}
	}
	return true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
