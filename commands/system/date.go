package system

import (
	"context"
	"io"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
	"github.com/justbash/justbash/commands/internal/timefmt"

	"fmt"
	"strings"
	"time"
)

var dateOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'd', Long: "date", Arg: true},
	{Short: 'u', Long: "utc"}, {Long: "universal", Key: "u"},
	{Short: 'I', Long: "iso-8601", Optional: true},
	{Short: 'R', Long: "rfc-email"}, {Long: "rfc-2822", Key: "R"},
	{Long: "rfc-3339", Arg: true},
	{Short: 'r', Long: "reference", Arg: true},
	{Short: 's', Long: "set", Arg: true},
	{Short: 'f', Long: "file", Arg: true},
}, Usage: 1, Help: "Usage: date [OPTION]... [+FORMAT]\nDisplay the current time in the given FORMAT.\n  -d STRING  display time described by STRING, not 'now'\n  -I[FMT]  output date/time in ISO 8601 format (date, hours, minutes, seconds, ns)\n  -R  output date and time in RFC 5322 format\n  -r FILE  display the last modification time of FILE\n  -u  print Coordinated Universal Time (UTC)\n"}

func runDate(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := dateOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	loc := commands.TZLocation(c.Getenv("TZ"))
	if f.Has("u") {
		loc = time.UTC
	}
	if f.Has("s") {
		c.Errorf("cannot set date: Operation not permitted")
		return 1
	}
	format := "%a %b %e %H:%M:%S %Z %Y"
	if len(ops) > 1 {
		return opts.UsageError(c, 1, "extra operand '%s'", ops[1])
	}
	if len(ops) == 1 {
		if !strings.HasPrefix(ops[0], "+") {
			c.Errorf("invalid date '%s'", ops[0])
			return 1
		}
		format = ops[0][1:]
	}
	if st, ok := dateFixedFormat(c, f, &format); !ok {
		return st
	}
	if st, ok := c.LimitStatus(commands.CheckFormatWidths(format, c.Limits.StringMax())); ok {
		return st
	}
	if v, ok := f["f"]; ok {
		return dateFile(c, ctx, v, format, loc)
	}
	now := time.Now().UTC()
	var t time.Time
	switch {
	case f.Has("r"):
		fi, err := c.FS.Stat(c.Abs(f["r"]))
		if err != nil {
			c.Errorf("%s: %s", f["r"], commands.ErrText(err))
			return 1
		}
		t = fi.ModTime()
	case f.Has("d"):
		var ok bool
		if t, ok = parseDateIn(f["d"], now, loc); !ok {
			c.Errorf("invalid date '%s'", f["d"])
			return 1
		}
	default:
		t = now
	}
	fmt.Fprintln(c.Stdout, timefmt.DateFormat(format, t.In(loc)))
	return 0
}

// dateFixedFormat applies -I, -R and --rfc-3339.
func dateFixedFormat(c *commands.Context, f opts.Flags, format *string) (int, bool) {
	n := 0
	if v, ok := f["I"]; ok {
		n++
		if v == "" { // -I alone: the date
			v = "date"
		}
		m := map[string]string{"date": "%Y-%m-%d", "hours": "%Y-%m-%dT%H%:z", "minutes": "%Y-%m-%dT%H:%M%:z",
			"seconds": "%Y-%m-%dT%H:%M:%S%:z", "ns": "%Y-%m-%dT%H:%M:%S,%N%:z"}
		s, ok := m[matchPrefix(v, "date", "hours", "minutes", "seconds", "ns")]
		if !ok {
			c.Errorf("invalid argument '%s' for '--iso-8601'", v)
			return 1, false
		}
		*format = s
	}
	if f.Has("R") {
		n++
		*format = "%a, %d %b %Y %H:%M:%S %z"
	}
	if v, ok := f["rfc-3339"]; ok {
		n++
		m := map[string]string{"date": "%Y-%m-%d", "seconds": "%Y-%m-%d %H:%M:%S%:z", "ns": "%Y-%m-%d %H:%M:%S.%N%:z"}
		s, ok := m[matchPrefix(v, "date", "seconds", "ns")]
		if !ok {
			c.Errorf("invalid argument '%s' for '--rfc-3339'", v)
			return 1, false
		}
		*format = s
	}
	if n > 1 {
		c.Errorf("multiple output formats specified")
		return 1, false
	}
	return 0, true
}

func matchPrefix(v string, words ...string) string {
	for _, w := range words {
		if v != "" && strings.HasPrefix(w, v) {
			return w
		}
	}
	return ""
}

// parseDateIn is ParseDate with wall-clock strings read in loc: a date
// without a zone means local time in TZ.
func parseDateIn(s string, now time.Time, loc *time.Location) (time.Time, bool) {
	t, ok := timefmt.ParseDate(s, now)
	if !ok || loc == time.UTC {
		return t, ok
	}
	st := strings.TrimSpace(s)
	if st == "" || st[0] < '0' || st[0] > '9' || strings.ContainsAny(st[1:], "Z+") || strings.Count(st, "-") > 2 {
		return t, true
	}
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), loc), true
}

// dateFile prints one line per date string read from a file (date -f).
func dateFile(c *commands.Context, ctx context.Context, name, format string, loc *time.Location) int {
	status := 0
	st := c.EachInput(ctx, []string{name}, func(_ string, r io.Reader) bool {
		err := commands.EachLineMax(commands.LineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, _ bool) bool {
			t, ok := parseDateIn(string(line), time.Now().UTC(), loc)
			if !ok {
				c.Errorf("invalid date '%s'", line)
				status = 1
				return true
			}
			fmt.Fprintln(c.Stdout, timefmt.DateFormat(format, t.In(loc)))
			return true
		})
		if lst, ok := c.LimitStatus(err); ok {
			status = lst
			return false
		}
		return true
	})
	if status == commands.StatusLimit {
		return status
	}
	return max(st, status)
}
