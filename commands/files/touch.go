package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/opts"
	"github.com/justbash/justbash/commands/internal/timefmt"

	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"
)

var touchOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'a'}, {Short: 'm'},
	{Short: 'c', Long: "no-create"},
	{Short: 'd', Long: "date", Arg: true},
	{Short: 'r', Long: "reference", Arg: true},
	{Short: 't', Arg: true},
	{Short: 'h', Long: "no-dereference"},
	{Short: 'f'},
	{Long: "time", Arg: true},
}, Usage: 1, Help: "Usage: touch [OPTION]... FILE...\nUpdate the access and modification times of each FILE to the current time.\n"}

func runTouch(ctx context.Context, c *commands.Context) int {
	res, files, status, ok := touchOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	if len(files) == 0 {
		return opts.UsageError(c, 1, "missing file operand")
	}
	atime, mtime, useRef, err := touchTimes(c, f)
	if err != nil {
		c.Errorf("%s", err)
		return 1
	}
	onlyA := f.Has("a") && !f.Has("m") || f["time"] == "atime" || f["time"] == "access"
	onlyM := f.Has("m") && !f.Has("a") || f["time"] == "mtime" || f["time"] == "modify"
	for _, name := range files {
		if ctx.Err() != nil {
			return 1
		}
		if name == "-" {
			continue
		}
		abs := c.Abs(name)
		fi, err := c.FS.Stat(abs)
		if errors.Is(err, fs.ErrNotExist) {
			if f.Has("c") {
				continue
			}
			if f.Has("h") {
				c.Errorf("setting times of '%s': No such file or directory", name)
				status = 1
				continue
			}
			file, cerr := c.FS.OpenFile(abs, os.O_WRONLY|os.O_CREATE, 0o666&^identity.Umask)
			if cerr != nil {
				c.Errorf("cannot touch '%s': %s", name, commands.ErrText(cerr))
				status = 1
				continue
			}
			file.Close()
			fi, err = c.FS.Stat(abs)
		}
		if err != nil {
			c.Errorf("cannot touch '%s': %s", name, commands.ErrText(err))
			status = 1
			continue
		}
		a, m := atime, mtime
		if !useRef && a.IsZero() {
			a, m = time.Now().UTC(), time.Now().UTC()
		}
		if onlyA {
			m = fi.ModTime()
		}
		if onlyM {
			a = fileinfo.Atime(fi)
		}
		if err := c.FS.Chtimes(abs, a, m); err != nil {
			c.Errorf("setting times of '%s': %s", name, commands.ErrText(err))
			status = 1
		}
	}
	return status
}

// touchTimes works out the times from -d, -t and -r (zero: now).
func touchTimes(c *commands.Context, f opts.Flags) (atime, mtime time.Time, ref bool, err error) {
	if r, ok := f["r"]; ok {
		fi, err := c.FS.Stat(c.Abs(r))
		if err != nil {
			return atime, mtime, false, errors.New("failed to get attributes of '" + r + "': " + commands.ErrText(err))
		}
		return fileinfo.Atime(fi), fi.ModTime(), true, nil
	}
	if d, ok := f["d"]; ok {
		t, ok := timefmt.ParseDate(d, time.Now().UTC())
		if !ok {
			return atime, mtime, false, errors.New("invalid date format '" + d + "'")
		}
		return t, t, true, nil
	}
	if s, ok := f["t"]; ok {
		t, ok := parseTouchStamp(s, time.Now().UTC())
		if !ok {
			return atime, mtime, false, errors.New("invalid date format '" + s + "'")
		}
		return t, t, true, nil
	}
	return atime, mtime, false, nil
}

// parseTouchStamp reads [[CC]YY]MMDDhhmm[.ss] in UTC.
func parseTouchStamp(s string, now time.Time) (time.Time, bool) {
	main, secs, hasSecs := strings.Cut(s, ".")
	sec := 0
	if hasSecs {
		v, err := strconv.Atoi(secs)
		if err != nil || len(secs) != 2 {
			return time.Time{}, false
		}
		sec = v
	}
	for _, ch := range main {
		if ch < '0' || ch > '9' {
			return time.Time{}, false
		}
	}
	year := now.Year()
	switch len(main) {
	case 8:
	case 10:
		yy, _ := strconv.Atoi(main[:2])
		year = 1900 + yy
		if yy < 69 {
			year = 2000 + yy
		}
		main = main[2:]
	case 12:
		year, _ = strconv.Atoi(main[:4])
		main = main[4:]
	default:
		return time.Time{}, false
	}
	n := func(i int) int { v, _ := strconv.Atoi(main[i : i+2]); return v }
	mon, day, hh, mm := n(0), n(2), n(4), n(6)
	if mon < 1 || mon > 12 || day < 1 || day > 31 || hh > 23 || mm > 59 || sec > 60 {
		return time.Time{}, false
	}
	return time.Date(year, time.Month(mon), day, hh, mm, sec, 0, time.UTC), true
}
