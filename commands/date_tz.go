package commands

import (
	"strconv"
	"strings"
	"time"
	// Embedded zone data so named zones work without a host zoneinfo
	// database. Caveat: time.LoadLocation still consults the host's
	// zoneinfo directories first when they exist (read-only, zone data
	// only); nothing else of the host is read.
	_ "time/tzdata"
)

// dateLocation turns a TZ value into a location the way glibc does:
// empty or unset is UTC; a POSIX "STDoffset[DST...]" string gives a fixed
// zone (offset sign inverted, as POSIX specifies; DST rules are honoured
// only when the same name exists in the zone database, e.g. EST5EDT); a
// zone name is looked up; an unknown name is UTC under that abbreviation.
func dateLocation(tz string) *time.Location {
	tz = strings.TrimPrefix(tz, ":")
	if tz == "" || tz == "UTC" || tz == "UTC0" {
		return time.UTC
	}
	if strings.Contains(tz, "/") || !strings.ContainsAny(tz, "0123456789") {
		if loc, err := time.LoadLocation(tz); err == nil {
			return loc
		}
		name := tz
		if i := strings.LastIndexByte(name, '/'); i >= 0 {
			name = name[:i]
		}
		return time.FixedZone(name, 0)
	}
	name, off, rest, ok := parsePosixTZ(tz)
	if !ok {
		return time.FixedZone(tz, 0)
	}
	if rest != "" {
		if loc, err := time.LoadLocation(tz); err == nil {
			return loc
		}
	}
	return time.FixedZone(name, off)
}

// parsePosixTZ reads "NAME[+-]hh[:mm[:ss]]" and returns the name, the
// offset east of UTC in seconds, and whatever follows (a DST part).
func parsePosixTZ(s string) (string, int, string, bool) {
	var name string
	if strings.HasPrefix(s, "<") {
		end := strings.IndexByte(s, '>')
		if end < 0 {
			return "", 0, "", false
		}
		name, s = s[1:end], s[end+1:]
	} else {
		i := 0
		for i < len(s) && (s[i] >= 'A' && s[i] <= 'Z' || s[i] >= 'a' && s[i] <= 'z') {
			i++
		}
		if i < 3 {
			return "", 0, "", false
		}
		name, s = s[:i], s[i:]
	}
	sign := 1
	if s != "" && (s[0] == '+' || s[0] == '-') {
		if s[0] == '-' {
			sign = -1
		}
		s = s[1:]
	}
	secs, mult := 0, 3600
	for part := 0; part < 3; part++ {
		j := 0
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == 0 {
			if part == 0 {
				return "", 0, "", false
			}
			break
		}
		v, _ := strconv.Atoi(s[:j])
		secs += v * mult
		mult /= 60
		s = s[j:]
		if !strings.HasPrefix(s, ":") {
			break
		}
		s = s[1:]
	}
	// POSIX offsets are west of Greenwich: UTC+3 is three hours behind.
	return name, -sign * secs, s, true
}
