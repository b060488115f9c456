package jsexec

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Time arithmetic of ECMAScript dates in the sandbox's zone. goja computes
// local time with the process-wide time.Local, which is the host's zone
// and makes Go read /etc/localtime; the sandbox has its own TZ (UTC by
// default). So every Date operation that involves local time is done
// here, with an explicit *time.Location, on time values (milliseconds
// since the epoch as float64, NaN for an invalid date) — see date.go for
// the JavaScript side.

const (
	msPerDay    = 86400000.0
	maxTimeJS   = 8.64e15
	msPerMinute = 60000
)

// zone is the sandbox's time zone.
type zone struct{ loc *time.Location }

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// timeClip is the spec's TimeClip.
func timeClip(t float64) float64 {
	if !finite(t) || math.Abs(t) > maxTimeJS {
		return math.NaN()
	}
	return math.Trunc(t) + 0
}

// offset is the zone's offset from UTC at instant u, in milliseconds.
func (z zone) offset(u int64) int64 {
	_, off := time.UnixMilli(u).In(z.loc).Zone()
	return int64(off) * 1000
}

// local is the spec's LocalTime: the wall-clock time value of t.
func (z zone) local(t float64) float64 { return t + float64(z.offset(int64(t))) }

// utc is the spec's UTC(L): the instant whose wall-clock time is L. A
// repeated wall-clock time (clocks going back) is its earlier instant; a
// skipped one (clocks going forward) is read with the offset in force
// before the change, as V8 and the spec do.
func (z zone) utc(L float64) float64 {
	if !finite(L) || math.Abs(L) > maxTimeJS+2*msPerDay {
		return math.NaN()
	}
	l := int64(L)
	// Offsets are under a day, so the offsets that can apply to wall
	// clock l are those in force within a day of it.
	cands := []int64{z.offset(l - 86400000), z.offset(l), z.offset(l + 86400000)}
	for _, c := range cands[:3] {
		cands = append(cands, z.offset(l-c))
	}
	best, found, lowest := int64(0), false, cands[0]
	for _, c := range cands {
		lowest = min(lowest, c)
		if z.offset(l-c) == c && (!found || c > best) {
			best, found = c, true
		}
	}
	if !found {
		best = lowest
	}
	return float64(l - best)
}

// at is the instant t in the zone; t must be a valid time value.
func (z zone) at(t float64) time.Time { return time.UnixMilli(int64(t)).In(z.loc) }

// Date fields, in the order get/set name them.
const (
	fYear = iota
	fMonth
	fDate
	fDay
	fHours
	fMinutes
	fSeconds
	fMilliseconds
)

// get is a local-time getter (getFullYear, getMonth, ...).
func (z zone) get(field int, t float64) float64 {
	if !finite(t) {
		return math.NaN()
	}
	lt := z.at(t)
	switch field {
	case fYear:
		return float64(lt.Year())
	case fMonth:
		return float64(lt.Month() - 1)
	case fDate:
		return float64(lt.Day())
	case fDay:
		return float64(lt.Weekday())
	case fHours:
		return float64(lt.Hour())
	case fMinutes:
		return float64(lt.Minute())
	case fSeconds:
		return float64(lt.Second())
	}
	return float64(lt.Nanosecond() / 1e6)
}

// set is a local-time setter: field is the first component set and args
// (already converted to numbers, in order) the components from there,
// e.g. setHours(h, m) is set(fHours, t, [h, m]). It returns the new
// time value.
func (z zone) set(field int, t float64, args []float64) float64 {
	if !finite(t) {
		if field != fYear {
			return math.NaN()
		}
		t = 0 // setFullYear on an invalid date starts from +0 local
	} else {
		t = z.local(t)
	}
	wall := time.UnixMilli(int64(t)).UTC()
	comp := [...]float64{float64(wall.Year()), float64(wall.Month() - 1), float64(wall.Day()), 0,
		float64(wall.Hour()), float64(wall.Minute()), float64(wall.Second()), float64(wall.Nanosecond() / 1e6)}
	// Date components run year, month, date; time components hours to
	// milliseconds; fDay sits between them and is never set.
	limit := fDate
	if field >= fHours {
		limit = fMilliseconds
	}
	for i, a := range args {
		if field+i > limit {
			break
		}
		comp[field+i] = a
	}
	L := makeDate(makeDay(comp[0], comp[1], comp[2]), makeTime(comp[4], comp[5], comp[6], comp[7]))
	return timeClip(z.utc(L))
}

// makeDay, makeTime and makeDate are the spec's abstract operations.
func makeDay(y, m, dt float64) float64 {
	if !finite(y) || !finite(m) || !finite(dt) {
		return math.NaN()
	}
	y, m, dt = math.Trunc(y), math.Trunc(m), math.Trunc(dt)
	ym := y + math.Floor(m/12)
	if math.Abs(ym) > 400000 {
		return math.NaN()
	}
	mn := int(m - math.Floor(m/12)*12)
	days := 365*(ym-1970) + math.Floor((ym-1969)/4) - math.Floor((ym-1901)/100) + math.Floor((ym-1601)/400)
	leap := math.Mod(ym, 4) == 0 && (math.Mod(ym, 100) != 0 || math.Mod(ym, 400) == 0)
	for i := 0; i < mn; i++ {
		days += float64(monthDays(i, leap))
	}
	return days + dt - 1
}

func monthDays(m int, leap bool) int {
	switch m {
	case 1:
		if leap {
			return 29
		}
		return 28
	case 3, 5, 8, 10:
		return 30
	}
	return 31
}

func makeTime(h, m, s, ms float64) float64 {
	if !finite(h) || !finite(m) || !finite(s) || !finite(ms) {
		return math.NaN()
	}
	return math.Trunc(h)*3600000 + math.Trunc(m)*msPerMinute + math.Trunc(s)*1000 + math.Trunc(ms)
}

func makeDate(day, tm float64) float64 {
	t := day*msPerDay + tm
	if !finite(t) {
		return math.NaN()
	}
	return t
}

// makeFullYear maps two-digit years to 19xx, as Date(y, m) and Date.UTC do.
func makeFullYear(y float64) float64 {
	if finite(y) && math.Trunc(y) >= 0 && math.Trunc(y) <= 99 {
		return 1900 + math.Trunc(y)
	}
	return y
}

// fromParts is the time value of Date.UTC(...parts) (utc) or of
// new Date(...parts) in the zone; parts has at least one number.
func (z zone) fromParts(parts []float64, utc bool) float64 {
	c := [7]float64{0, 0, 1, 0, 0, 0, 0}
	copy(c[:], parts)
	L := makeDate(makeDay(makeFullYear(c[0]), c[1], c[2]), makeTime(c[3], c[4], c[5], c[6]))
	if !utc {
		L = z.utc(L)
	}
	return timeClip(L)
}

var (
	weekdays = [...]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}
	months   = [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
)

// zoneName is the long name node prints in Date's toString for an
// abbreviation the zone table uses; others print as they are. A switch,
// not a map: a package-level map is built at every start of the binary.
func zoneName(abbr string) (string, bool) {
	switch abbr {
	case "UTC":
		return "Coordinated Universal Time", true
	case "GMT":
		return "Greenwich Mean Time", true
	case "BST":
		return "British Summer Time", true
	case "IST":
		return "India Standard Time", true
	case "EST":
		return "Eastern Standard Time", true
	case "EDT":
		return "Eastern Daylight Time", true
	case "CST":
		return "Central Standard Time", true
	case "CDT":
		return "Central Daylight Time", true
	case "MST":
		return "Mountain Standard Time", true
	case "MDT":
		return "Mountain Daylight Time", true
	case "PST":
		return "Pacific Standard Time", true
	case "PDT":
		return "Pacific Daylight Time", true
	case "CET":
		return "Central European Standard Time", true
	case "CEST":
		return "Central European Summer Time", true
	case "EET":
		return "Eastern European Standard Time", true
	case "EEST":
		return "Eastern European Summer Time", true
	case "WET":
		return "Western European Standard Time", true
	case "WEST":
		return "Western European Summer Time", true
	case "JST":
		return "Japan Standard Time", true
	case "KST":
		return "Korean Standard Time", true
	case "AEST":
		return "Australian Eastern Standard Time", true
	case "AEDT":
		return "Australian Eastern Daylight Time", true
	case "HST":
		return "Hawaii-Aleutian Standard Time", true
	case "MSK":
		return "Moscow Standard Time", true
	}
	return "", false
}

func yearString(y int) string {
	if y < 0 {
		return fmt.Sprintf("-%06d", -y)
	}
	return fmt.Sprintf("%04d", y)
}

// format renders a valid time value the way node (en-US) does:
// kind is string, date, time, locale, localeDate or localeTime.
func (z zone) format(kind string, t float64) string {
	lt := z.at(t)
	date := fmt.Sprintf("%s %s %02d %s", weekdays[lt.Weekday()], months[lt.Month()-1], lt.Day(), yearString(lt.Year()))
	abbr, off := lt.Zone()
	sign := '+'
	if off < 0 {
		sign, off = '-', -off
	}
	name := abbr
	if long, ok := zoneName(strings.ToUpper(abbr)); ok {
		name = long
	}
	clock := fmt.Sprintf("%02d:%02d:%02d GMT%c%02d%02d (%s)", lt.Hour(), lt.Minute(), lt.Second(), sign, off/3600, off/60%60, name)
	h12, ampm := lt.Hour()%12, "AM"
	if h12 == 0 {
		h12 = 12
	}
	if lt.Hour() >= 12 {
		ampm = "PM"
	}
	localeDate := fmt.Sprintf("%d/%d/%d", lt.Month(), lt.Day(), lt.Year())
	localeTime := fmt.Sprintf("%d:%02d:%02d %s", h12, lt.Minute(), lt.Second(), ampm)
	switch kind {
	case "date":
		return date
	case "time":
		return clock
	case "locale":
		return localeDate + ", " + localeTime
	case "localeDate":
		return localeDate
	case "localeTime":
		return localeTime
	}
	return date + " " + clock
}
