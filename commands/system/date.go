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
	var res []opts.Result
	format := "%a %b %e %H:%M:%S %Z %Y"
	fixed := false
	ops, status, ok := dateOpts.ParseChecked(c, c.Args[1:], func(rs []opts.Result) (int, bool) {
		res = rs
		st, ok := dateFixedFormat(c, rs, &format)
		return st, ok
	})
	if !ok {
		return status
	}
	for _, r := range res {
		fixed = fixed || r.Key == "I" || r.Key == "R" || r.Key == "rfc-3339"
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
	dates := 0
	for _, k := range []string{"d", "f", "r"} {
		if f.Has(k) {
			dates++
		}
	}
	if dates > 1 {
		return opts.UsageError(c, 1, "the options to specify dates for printing are mutually exclusive")
	}
	if len(ops) > 1 {
		return opts.UsageError(c, 1, "extra operand %s", commands.QuoteArg(ops[1]))
	}
	if len(ops) == 1 {
		switch {
		case strings.HasPrefix(ops[0], "+") && fixed:
			c.Errorf("multiple output formats specified")
			return 1
		case strings.HasPrefix(ops[0], "+"):
			format = ops[0][1:]
		case dates > 0:
			return opts.UsageError(c, 1, "the argument %s lacks a leading '+';\nwhen using an option to specify date(s), any non-option\nargument must be a format string beginning with '+'", commands.QuoteArg(ops[0]))
		default:
			c.Errorf("invalid date '%s'", ops[0])
			return 1
		}
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

// dateFixedFormat applies -I, -R and --rfc-3339 in command-line order,
// as GNU's loop does: a bad word is gnulib's argmatch error, a second
// output format an error at once.
func dateFixedFormat(c *commands.Context, res []opts.Result, format *string) (int, bool) {
	n := 0
	for _, r := range res {
		var s string
		switch r.Key {
		case "I":
			iso := []string{"%Y-%m-%dT%H%:z", "%Y-%m-%dT%H:%M%:z", "%Y-%m-%d", "%Y-%m-%dT%H:%M:%S%:z", "%Y-%m-%dT%H:%M:%S,%N%:z"}
			i := 2 // -I alone: the date
			if r.HasVal {
				var ok bool
				if i, ok = opts.ArgMatch(c, "--iso-8601", r.Val, []string{"hours", "minutes", "date", "seconds", "ns"}, []int{0, 1, 2, 3, 4}); !ok {
					return 1, false
				}
			}
			s = iso[i]
		case "R":
			s = "%a, %d %b %Y %H:%M:%S %z"
		case "rfc-3339":
			rfc := []string{"%Y-%m-%d", "%Y-%m-%d %H:%M:%S%:z", "%Y-%m-%d %H:%M:%S.%N%:z"}
			i, ok := opts.ArgMatch(c, "--rfc-3339", r.Val, []string{"date", "seconds", "ns"}, []int{0, 1, 2})
			if !ok {
				return 1, false
			}
			s = rfc[i]
		default:
			continue
		}
		if n++; n > 1 {
			c.Errorf("multiple output formats specified")
			return 1, false
		}
		*format = s
	}
	return 0, true
}

// parseDateIn is ParseDate with wall-clock strings read in loc: a date
// without a zone means local time in TZ.
func parseDateIn(s string, now time.Time, loc *time.Location) (time.Time, bool) {
	t, ok := timefmt.ParseDate(s, now)
	if !ok || loc == time.UTC {
		return t, ok
	}
	st := strings.TrimSpace(s)
	if _, _, zoned := timefmt.CutZone(st); zoned {
		return t, true
	}
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
