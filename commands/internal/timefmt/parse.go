package timefmt

import (
	"strconv"
	"strings"
	"time"
)

// parseRelative handles "N unit(s) [ago]" and "+N unit".
func parseRelative(s string, now time.Time) (time.Time, bool) {
	fields := strings.Fields(s)
	if len(fields) < 2 || len(fields) > 3 || len(fields) == 3 && fields[2] != "ago" {
		return time.Time{}, false
	}
	n, err := strconv.Atoi(fields[0])
	if err != nil {
		return time.Time{}, false
	}
	if len(fields) == 3 {
		n = -n
	}
	switch strings.TrimSuffix(fields[1], "s") {
	case "sec", "second":
		return now.Add(time.Duration(n) * time.Second), true
	case "min", "minute":
		return now.Add(time.Duration(n) * time.Minute), true
	case "hour":
		return now.Add(time.Duration(n) * time.Hour), true
	case "day":
		return now.AddDate(0, 0, n), true
	case "week":
		return now.AddDate(0, 0, 7*n), true
	case "month":
		return now.AddDate(0, n, 0), true
	case "year":
		return now.AddDate(n, 0, 0), true
	}
	return time.Time{}, false
}

// ParseDate understands the date strings scripts commonly pass to touch -d
// and date -d: "@EPOCH", ISO dates with optional time, RFC 3339, "now",
// "today", "yesterday", "tomorrow", and "N units ago". Times are UTC.
func ParseDate(s string, now time.Time) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if v, ok := strings.CutPrefix(s, "@"); ok {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return time.Time{}, false
		}
		return time.Unix(0, int64(f*1e9)).UTC(), true
	}
	switch strings.ToLower(s) {
	case "now", "":
		return now, true
	case "today":
		return now, true
	case "yesterday":
		return now.AddDate(0, 0, -1), true
	case "tomorrow":
		return now.AddDate(0, 0, 1), true
	}
	if t, ok := parseRelative(strings.ToLower(s), now); ok {
		return t, true
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05",
		"2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02", "2006/01/02", "2006-01-02 15:04:05 -0700",
		time.RFC1123Z, time.RFC1123, time.UnixDate, time.ANSIC, "Jan 2 2006", "2 Jan 2006", "January 2, 2006",
		"Jan 2 2006 15:04", "Jan 2 2006 15:04:05", "2 Jan 2006 15:04", "2 Jan 2006 15:04:05",
		"January 2 2006", "January 2 2006 15:04", "2006-01-02 15:04:05Z07:00", "2006-01-02T15:04Z07:00"} {
		if t, err := time.ParseInLocation(layout, s, time.UTC); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
