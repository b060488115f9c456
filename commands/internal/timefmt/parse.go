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
	if rest, off, ok := CutZone(s); ok {
		if t, ok := ParseDate(rest, now); ok {
			return t.Add(-time.Duration(off) * time.Second), true
		}
	}
	return time.Time{}, false
}

// CutZone finds a zone word among the words of a date string, as GNU's
// get_date takes one anywhere: UTC, UT, GMT or Z (any case), or a
// numeric offset +HH, +HHMM or +HH:MM after a time of day. It returns the
// string without it and the offset east of UTC in seconds.
func CutZone(s string) (rest string, offset int, ok bool) {
	words := strings.Fields(s)
	for i, w := range words {
		off, isZone := zoneWord(w, i > 0 && strings.Contains(words[i-1], ":"))
		if !isZone {
			continue
		}
		rest := append(append([]string{}, words[:i]...), words[i+1:]...)
		return strings.Join(rest, " "), off, len(rest) > 0
	}
	// A Z or offset glued to a time: "12:00Z", "12:00+01:00".
	if n := len(words); n > 0 {
		last := words[n-1]
		if k := strings.LastIndexAny(last, "Z+-"); k > 0 && strings.Contains(last[:k], ":") {
			if off, isZone := zoneWord(last[k:], true); isZone {
				words[n-1] = last[:k]
				return strings.Join(words, " "), off, true
			}
		}
	}
	return s, 0, false
}

// zoneWord reads one zone word; afterTime allows a numeric offset.
func zoneWord(w string, afterTime bool) (int, bool) {
	switch strings.ToUpper(w) {
	case "UTC", "UT", "GMT", "Z":
		return 0, true
	}
	if !afterTime || len(w) < 3 || (w[0] != '+' && w[0] != '-') {
		return 0, false
	}
	d := strings.ReplaceAll(w[1:], ":", "")
	if strings.Trim(d, "0123456789") != "" || len(d) != 2 && len(d) != 4 {
		return 0, false
	}
	h, _ := strconv.Atoi(d[:2])
	m := 0
	if len(d) == 4 {
		m, _ = strconv.Atoi(d[2:])
	}
	off := h*3600 + m*60
	if w[0] == '-' {
		off = -off
	}
	return off, true
}
