package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/opts"

	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"time"
	"unicode/utf8"
)

var fileOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'b', Long: "brief"},
	{Short: 'i', Long: "mime"},
	{Long: "mime-type"},
	{Short: 'L', Long: "dereference"},
	{Short: 'h', Long: "no-dereference"},
}, Usage: 1, Help: "Usage: file [OPTION...] [FILE...]\nDetermine type of FILEs.\n  -b  do not prepend filenames to output lines\n  -i  output MIME type strings\n  -L  follow symlinks\n"}

// fileKind is a detected type: the description and the MIME type.
type fileKind struct{ desc, mime string }

func runFile(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := fileOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	if len(ops) == 0 {
		return opts.UsageError(c, 1, "missing operand")
	}
	width := 0
	for _, op := range ops {
		width = max(width, len(op)+1)
	}
	out := commands.NewOut(c.Stdout)
	for _, op := range ops {
		k := kindOf(c, op, f.Has("L"))
		line := k.desc
		if f.Has("i") {
			line = k.mime
		} else if f.Has("mime-type") {
			line, _, _ = strings.Cut(k.mime, ";")
		}
		if !f.Has("b") {
			line = fmt.Sprintf("%-*s %s", width, op+":", line)
		}
		out.WriteString(line + "\n")
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}

func kindOf(c *commands.Context, name string, follow bool) fileKind {
	abs := c.Abs(name)
	fi, err := c.FS.Lstat(abs)
	if err == nil && follow && fileinfo.IsSymlink(fi) {
		fi, err = c.FS.Stat(abs)
	}
	if err != nil {
		return fileKind{fmt.Sprintf("cannot open `%s' (%s)", name, commands.ErrText(err)), "cannot open"}
	}
	m := fi.Mode()
	switch {
	case m.IsDir():
		return fileKind{"directory", "inode/directory; charset=binary"}
	case m&fs.ModeSymlink != 0:
		t, _ := c.FS.Readlink(abs)
		if _, err := c.FS.Stat(abs); err != nil {
			return fileKind{"broken symbolic link to " + t, "inode/symlink; charset=binary"}
		}
		return fileKind{"symbolic link to " + t, "inode/symlink; charset=binary"}
	case m&fs.ModeCharDevice != 0:
		return fileKind{"character special", "inode/chardevice; charset=binary"}
	case m&fs.ModeDevice != 0:
		return fileKind{"block special", "inode/blockdevice; charset=binary"}
	case m&fs.ModeNamedPipe != 0:
		return fileKind{"fifo (named pipe)", "inode/fifo; charset=binary"}
	case fi.Size() == 0:
		return fileKind{"empty", "inode/x-empty; charset=binary"}
	}
	fh, err := c.FS.OpenFile(abs, 0, 0)
	if err != nil {
		return fileKind{fmt.Sprintf("cannot open `%s' (%s)", name, commands.ErrText(err)), "cannot open"}
	}
	defer fh.Close()
	head := make([]byte, 64*1024)
	n, _ := io.ReadFull(fh, head)
	return sniffFile(head[:n])
}

// sniffFile recognises content by magic numbers, then classifies text.
func sniffFile(b []byte) fileKind {
	magic := []struct {
		prefix     string
		desc, mime string
	}{
		{"\x89PNG\r\n\x1a\n", "PNG image data", "image/png"},
		{"GIF87a", "GIF image data, version 87a", "image/gif"},
		{"GIF89a", "GIF image data, version 89a", "image/gif"},
		{"\xff\xd8\xff", "JPEG image data", "image/jpeg"},
		{"%PDF-", "PDF document", "application/pdf"},
		{"PK\x03\x04", "Zip archive data", "application/zip"},
		{"BZh", "bzip2 compressed data", "application/x-bzip2"},
		{"\xfd7zXZ\x00", "XZ compressed data", "application/x-xz"},
		{"\x28\xb5\x2f\xfd", "Zstandard compressed data", "application/zstd"},
		{"\x7fELF", "ELF executable", "application/x-executable"},
		{"7z\xbc\xaf\x27\x1c", "7-zip archive data", "application/x-7z-compressed"},
	}
	if len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b {
		return fileKind{gzipDesc(b), "application/gzip; charset=binary"}
	}
	for _, m := range magic {
		if bytes.HasPrefix(b, []byte(m.prefix)) {
			return fileKind{m.desc, m.mime + "; charset=binary"}
		}
	}
	if len(b) > 262 && string(b[257:262]) == "ustar" {
		return fileKind{"POSIX tar archive", "application/x-tar; charset=binary"}
	}
	return sniffText(b)
}

func gzipDesc(b []byte) string {
	d := "gzip compressed data"
	if len(b) < 10 {
		return d
	}
	flags := b[3]
	if flags&0x08 != 0 {
		rest := b[10:]
		if flags&0x04 != 0 && len(rest) >= 2 {
			rest = rest[2+int(binary.LittleEndian.Uint16(rest)):]
		}
		if i := bytes.IndexByte(rest, 0); i >= 0 {
			d += fmt.Sprintf(", was \"%s\"", rest[:i])
		}
	}
	if mt := binary.LittleEndian.Uint32(b[4:8]); mt != 0 {
		d += ", last modified: " + time.Unix(int64(mt), 0).UTC().Format("Mon Jan _2 15:04:05 2006")
	}
	if b[9] == 3 {
		d += ", from Unix"
	}
	return d
}

func sniffText(b []byte) fileKind {
	if bytes.IndexByte(b, 0) >= 0 {
		return fileKind{"data", "application/octet-stream; charset=binary"}
	}
	charset, enc := "us-ascii", "ASCII text"
	for _, ch := range b {
		if ch >= 0x80 {
			charset, enc = "utf-8", "Unicode text, UTF-8 text"
			break
		}
	}
	if charset == "utf-8" && !utf8.Valid(b) {
		charset, enc = "iso-8859-1", "ISO-8859 text"
	}
	desc, mime := enc, "text/plain"
	trimmed := bytes.TrimSpace(b)
	switch {
	case bytes.HasPrefix(b, []byte("#!")):
		line, _, _ := bytes.Cut(b[2:], []byte("\n"))
		interp := strings.Fields(string(line))
		prog := ""
		if len(interp) > 0 {
			prog = interp[0][strings.LastIndexByte(interp[0], '/')+1:]
			if prog == "env" && len(interp) > 1 {
				prog = interp[1]
			}
		}
		switch prog {
		case "sh":
			desc, mime = "POSIX shell script, "+enc+" executable", "text/x-shellscript"
		case "bash":
			desc, mime = "Bourne-Again shell script, "+enc+" executable", "text/x-shellscript"
		case "python", "python3":
			desc, mime = "Python script, "+enc+" executable", "text/x-script.python"
		default:
			desc = prog + " script, " + enc + " executable"
			mime = "text/x-" + prog
		}
	case bytes.HasPrefix(trimmed, []byte("<?xml")):
		desc, mime = "XML 1.0 document, "+enc, "text/xml"
	case bytes.HasPrefix(bytes.ToLower(trimmed), []byte("<!doctype html")) || bytes.HasPrefix(bytes.ToLower(trimmed), []byte("<html")):
		desc, mime = "HTML document, "+enc, "text/html"
	case len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') && json.Valid(trimmed):
		return fileKind{"JSON text data", "application/json; charset=" + charset}
	}
	switch {
	case bytes.Contains(b, []byte("\r\n")):
		desc += ", with CRLF line terminators"
	case !bytes.Contains(b, []byte("\n")):
		desc += ", with no line terminators"
	}
	return fileKind{desc, mime + "; charset=" + charset}
}
