package find

import (
	"github.com/justbash/justbash/commands/internal/escape"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/timefmt"

	"fmt"
	"path"
	"strconv"
	"strings"
	"time"
)

// printf expands a -printf format for e.
func (w *findWalk) printf(format string, e *findEntry) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		ch := format[i]
		switch {
		case ch == '\\' && i+1 < len(format):
			i++
			if s, ok := findEscape(format[i]); ok {
				if s == "\\c" {
					return b.String()
				}
				b.WriteString(s)
			} else if format[i] >= '0' && format[i] <= '7' {
				v, n := escape.ParseDigits(format[i:], 8, 3)
				b.WriteByte(byte(v))
				i += n - 1
			} else {
				b.WriteByte('\\')
				b.WriteByte(format[i])
			}
		case ch == '%' && i+1 < len(format):
			j := i + 1
			for j < len(format) && strings.IndexByte("-+ #0123456789.", format[j]) >= 0 {
				j++
			}
			if j >= len(format) {
				b.WriteString(format[i:])
				return b.String()
			}
			flags := format[i+1 : j]
			conv := format[j]
			if (conv == 'T' || conv == 'A' || conv == 'C') && j+1 < len(format) {
				j++
				b.WriteString(fileinfo.PadField(w.timeDirective(conv, format[j], e), flags, false))
			} else {
				val, numeric := w.directive(conv, e)
				b.WriteString(fileinfo.PadField(val, flags, numeric))
			}
			i = j
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

func findEscape(c byte) (string, bool) {
	switch c {
	case 'n':
		return "\n", true
	case 't':
		return "\t", true
	case 'r':
		return "\r", true
	case 'a':
		return "\a", true
	case 'b':
		return "\b", true
	case 'f':
		return "\f", true
	case 'v':
		return "\v", true
	case '\\':
		return "\\", true
	case 'c':
		return "\\c", true
	}
	return "", false
}

func (w *findWalk) directive(conv byte, e *findEntry) (string, bool) {
	fi := e.fi
	si := fileinfo.StatOf(fi)
	switch conv {
	case '%':
		return "%", false
	case 'p':
		return e.path, false
	case 'f':
		if e.path == "/" {
			return "/", false
		}
		return path.Base(strings.TrimRight(e.path, "/")), false
	case 'h':
		d := e.path
		if i := strings.LastIndexByte(strings.TrimRight(d, "/"), '/'); i >= 0 {
			if i == 0 {
				return "/", false
			}
			return d[:i], false
		}
		return ".", false
	case 'P':
		rel := strings.TrimPrefix(e.path, e.start)
		return strings.TrimPrefix(rel, "/"), false
	case 'H':
		return e.start, false
	case 's':
		return strconv.FormatInt(fi.Size(), 10), true
	case 'd':
		return strconv.Itoa(e.depth), true
	case 'm':
		return strconv.FormatUint(uint64(fileinfo.UnixPerm(fi.Mode())), 8), true
	case 'M':
		return fileinfo.ModeString(fi.Mode()), false
	case 'y':
		return string(findTypeChar(fi.Mode())), false
	case 'Y':
		if fileinfo.IsSymlink(fi) {
			if sfi, err := w.c.FS.Stat(e.abs); err == nil {
				return string(findTypeChar(sfi.Mode())), false
			}
			return "N", false
		}
		return string(findTypeChar(fi.Mode())), false
	case 'l':
		if fileinfo.IsSymlink(fi) {
			t, _ := w.c.FS.Readlink(e.abs)
			return t, false
		}
		return "", false
	case 'u':
		return identity.Name(si.Uid), false
	case 'g':
		return identity.Name(si.Gid), false
	case 'U':
		return strconv.FormatUint(uint64(si.Uid), 10), true
	case 'G':
		return strconv.FormatUint(uint64(si.Gid), 10), true
	case 'i':
		return strconv.FormatUint(si.Ino, 10), true
	case 'n':
		return strconv.FormatUint(si.Nlink, 10), true
	case 'k':
		return strconv.FormatInt((si.Blocks+1)/2, 10), true
	case 'b':
		return strconv.FormatInt(si.Blocks, 10), true
	case 'D':
		return strconv.FormatUint(si.Dev, 10), true
	case 'S':
		if fi.Size() == 0 {
			return "1", true
		}
		return strconv.FormatFloat(float64(si.Blocks*512)/float64(fi.Size()), 'g', 6, 64), true
	case 't':
		return ctimeString(fi.ModTime()), false
	case 'a':
		return ctimeString(si.Atime), false
	case 'c':
		return ctimeString(si.Ctim), false
	}
	// Unknown directives are printed as-is, like GNU (after a warning).
	return "%" + string(conv), false
}

// ctimeString is the %t layout: ctime(3) with GNU find's ten-digit
// fraction of a second.
func ctimeString(t time.Time) string {
	t = t.UTC()
	return t.Format("Mon Jan _2 15:04:05") + fmt.Sprintf(".%09d0 ", t.Nanosecond()) + t.Format("2006")
}

func (w *findWalk) timeDirective(which, k byte, e *findEntry) string {
	t := fileTime(e.fi, map[byte]byte{'T': 'm', 'A': 'a', 'C': 'c'}[which]).UTC()
	switch k {
	case '@':
		return fmt.Sprintf("%d.%09d0", t.Unix(), t.Nanosecond())
	case '+':
		return t.Format("2006-01-02+15:04:05") + fmt.Sprintf(".%09d0", t.Nanosecond())
	case 'S':
		return fmt.Sprintf("%02d.%09d0", t.Second(), t.Nanosecond())
	case 'T':
		return t.Format("15:04:05") + fmt.Sprintf(".%09d0", t.Nanosecond())
	}
	return timefmt.Strftime("%"+string(k), t)
}

// lsLine is the -ls layout (the same columns as "ls -dils").
func (w *findWalk) lsLine(e *findEntry) string {
	fi := e.fi
	si := fileinfo.StatOf(fi)
	mt := fi.ModTime().UTC()
	var date string
	sixMonths := time.Duration(31556952/2) * time.Second
	if mt.After(w.now.Add(-sixMonths)) && !mt.After(w.now.Add(time.Minute)) {
		date = mt.Format("Jan _2 15:04")
	} else {
		date = mt.Format("Jan _2  2006")
	}
	name := e.path
	if fileinfo.IsSymlink(fi) {
		if t, err := w.c.FS.Readlink(e.abs); err == nil {
			name += " -> " + t
		}
	}
	return fmt.Sprintf("%9d %6d %s %3d %-8s %-8s %8d %s %s\n", si.Ino, (si.Blocks+1)/2, fileinfo.ModeString(fi.Mode()),
		si.Nlink, identity.Name(si.Uid), identity.Name(si.Gid), fi.Size(), date, name)
}
