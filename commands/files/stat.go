package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/escape"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/opts"
	"github.com/justbash/justbash/commands/internal/quote"

	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"
)

var statOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'L', Long: "dereference"},
	{Short: 'c', Long: "format", Arg: true},
	{Long: "printf", Arg: true},
	{Short: 't', Long: "terse"},
	{Short: 'f', Long: "file-system"},
}, Usage: 1, Help: "Usage: stat [OPTION]... FILE...\nDisplay file or file system status.\n  -L  follow links\n  -c FORMAT  use the specified FORMAT instead of the default;\n             output a newline after each use of FORMAT\n  --printf=FORMAT  like --format, but interpret backslash escapes\n  -t  print the information in terse form\n"}

const statDefault = "  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n" +
	"Device: %Hd,%Ld\tInode: %-11i Links: %h\n" +
	"Access: (%04a/%A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n" +
	"Access: %x\nModify: %y\nChange: %z\n Birth: %w\n"

const statTerse = "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n"

func runStat(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := statOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	if len(ops) == 0 {
		return opts.UsageError(c, 1, "missing operand")
	}
	format, quoteN := statDefault, true
	switch {
	case f.Has("printf"):
		format, _, _ = escape.Expand(f["printf"], escape.EscFormat)
		quoteN = false
	case f.Has("c"):
		format, quoteN = f["c"]+"\n", false
	case f.Has("t"):
		format = statTerse
	}
	if st, ok := c.LimitStatus(commands.CheckFormatWidths(format, c.Limits.StringMax())); ok {
		return st
	}
	if f.Has("f") {
		return statFS(c, ops, f)
	}
	out := commands.NewOut(c.Stdout)
	for _, name := range ops {
		abs := c.Abs(name)
		var fi fs.FileInfo
		var err error
		if f.Has("L") {
			fi, err = c.FS.Stat(abs)
		} else {
			fi, err = c.FS.Lstat(abs)
		}
		if err != nil {
			out.Flush()
			c.Errorf("cannot statx '%s': %s", name, commands.ErrText(err))
			status = 1
			continue
		}
		sf := &statFmt{c: c, name: name, abs: abs, fi: fi, si: fileinfo.StatOf(fi), deref: f.Has("L"), defaultN: quoteN}
		out.WriteString(sf.expand(format))
	}
	if err := out.Flush(); err != nil {
		return c.WriteFailure(err)
	}
	return status
}

type statFmt struct {
	c         *commands.Context
	name, abs string
	fi        fs.FileInfo
	si        fileinfo.StatInfo
	deref     bool
	defaultN  bool
}

// expand substitutes the %-directives of format (with printf-style flags
// and width, which GNU stat accepts).
func (s *statFmt) expand(format string) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("-+ #0123456789.'", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			b.WriteString(format[i:])
			break
		}
		flags := format[i+1 : j]
		conv := format[j]
		if (conv == 'H' || conv == 'L') && j+1 < len(format) && (format[j+1] == 'd' || format[j+1] == 'r') {
			j++
			conv = map[string]byte{"Hd": 1, "Ld": 2, "Hr": 3, "Lr": 4}[string(format[j-1])+string(format[j])]
		}
		i = j
		if conv == '%' {
			b.WriteByte('%')
			continue
		}
		val, numeric, ok := s.directive(conv)
		if !ok {
			b.WriteString("?")
			continue
		}
		b.WriteString(fileinfo.PadField(val, flags, numeric))
	}
	return b.String()
}

func (s *statFmt) directive(conv byte) (string, bool, bool) {
	fi, si := s.fi, s.si
	u := func(n uint64) (string, bool, bool) { return strconv.FormatUint(n, 10), true, true }
	perm := fileinfo.UnixPerm(fi.Mode())
	switch conv {
	case 'a':
		return strconv.FormatUint(uint64(perm), 8), true, true
	case 'A':
		return fileinfo.ModeString(fi.Mode()), false, true
	case 'b':
		return u(uint64(si.Blocks))
	case 'B':
		return "512", true, true
	case 'd':
		return u(si.Dev)
	case 'D':
		return strconv.FormatUint(si.Dev, 16), false, true
	case 1, 2, 3, 4:
		// %Hd %Ld %Hr %Lr: major and minor numbers (glibc's dev_t layout).
		d := si.Dev
		if conv > 2 {
			d = si.Rdev
		}
		if conv%2 == 1 {
			return u(d >> 8 & 0xfff)
		}
		return u(d&0xff | d>>12&0xfff00)
	case 'f':
		return strconv.FormatUint(uint64(statModeBits(fi.Mode())|perm), 16), false, true
	case 'F':
		return fileinfo.TypeName(fi), false, true
	case 'g':
		return u(uint64(si.Gid))
	case 'G':
		return identity.Name(si.Gid), false, true
	case 'h':
		return u(si.Nlink)
	case 'i':
		return u(si.Ino)
	case 'm':
		return "/", false, true
	case 'n':
		return s.name, false, true
	case 'N':
		return s.quotedName(), false, true
	case 'o':
		return "4096", true, true
	case 's':
		return strconv.FormatInt(fi.Size(), 10), true, true
	case 't':
		return strconv.FormatUint(si.Rdev>>8&0xfff, 16), false, true
	case 'T':
		return strconv.FormatUint(si.Rdev&0xff, 16), false, true
	case 'u':
		return u(uint64(si.Uid))
	case 'U':
		return identity.Name(si.Uid), false, true
	case 'w':
		return "-", false, true
	case 'W':
		return "0", true, true
	case 'x':
		return statTime(si.Atime), false, true
	case 'X':
		return strconv.FormatInt(si.Atime.Unix(), 10), true, true
	case 'y':
		return statTime(fi.ModTime()), false, true
	case 'Y':
		return strconv.FormatInt(fi.ModTime().Unix(), 10), true, true
	case 'z':
		return statTime(si.Ctim), false, true
	case 'Z':
		return strconv.FormatInt(si.Ctim.Unix(), 10), true, true
	}
	return "", false, false
}

// quotedName is %N: the quoted name, plus " -> 'target'" for a symlink.
// The default layout prints names bare unless they need quoting, as
// GNU does with its default "shell-escape" style.
func (s *statFmt) quotedName() string {
	q := func(n string) string {
		if s.defaultN {
			return quote.ShellEscape(n)
		}
		return "'" + n + "'"
	}
	n := q(s.name)
	if s.fi.Mode()&fs.ModeSymlink != 0 && !s.deref {
		if t, err := s.c.FS.Readlink(s.abs); err == nil {
			n += " -> " + q(t)
		}
	}
	return n
}

func statModeBits(m fs.FileMode) uint32 {
	switch {
	case m.IsDir():
		return 0o040000
	case m&fs.ModeSymlink != 0:
		return 0o120000
	case m&fs.ModeCharDevice != 0:
		return 0o020000
	case m&fs.ModeDevice != 0:
		return 0o060000
	case m&fs.ModeNamedPipe != 0:
		return 0o010000
	case m&fs.ModeSocket != 0:
		return 0o140000
	}
	return 0o100000
}

// statTime is stat's timestamp layout; the sandbox clock is UTC.
func statTime(t time.Time) string {
	return t.UTC().Format("2006-01-02 15:04:05.000000000 -0700")
}

// statFS answers stat -f with the fixed figures df reports.
func statFS(c *commands.Context, ops []string, f opts.Flags) int {
	status := 0
	for _, name := range ops {
		if _, err := c.FS.Stat(c.Abs(name)); err != nil {
			c.Errorf("cannot read file system information for '%s': %s", name, commands.ErrText(err))
			status = 1
			continue
		}
		fmt.Fprintf(c.Stdout, "  File: \"%s\"\n    ID: 0        Namelen: 255     Type: tmpfs\nBlock size: 4096       Fundamental block size: 4096\n", name)
	}
	return status
}
