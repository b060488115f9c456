// Package tz turns TZ values into time.Locations without reading the
// host: time.LoadLocation consults the host's zoneinfo directories, which
// a sandbox must not touch. Locations are built from POSIX TZ rule strings
// instead — given directly (TZ=EST5EDT,M3.2.0,M11.1.0) or looked up for
// common IANA names in a table of their current rules. Historical rule
// changes are therefore not modelled: a date is shown with today's rules.
package tz

import (
	"encoding/binary"
	"strings"
	"sync"
	"time"
)

// Load returns the location for a TZ value, as glibc reads it: empty is
// UTC; a POSIX rule string is used as is; a known zone name maps to its
// current rule; anything else is UTC under that name.
func Load(value string) *time.Location {
	value = strings.TrimPrefix(value, ":")
	switch value {
	case "", "UTC", "UTC0", "Etc/UTC", "Universal", "Zulu", "Etc/Zulu":
		return time.UTC
	}
	rule, ok := zones()[value]
	if !ok {
		if !strings.ContainsAny(value, "0123456789") {
			// glibc names the zone by the leading letters of the value.
			i := 0
			for i < len(value) && (value[i]|0x20 >= 'a' && value[i]|0x20 <= 'z') {
				i++
			}
			return time.FixedZone(value[:i], 0)
		}
		rule = value
	}
	if loc, err := time.LoadLocationFromTZData(value, tzif(rule)); err == nil {
		return loc
	}
	return time.FixedZone(value, 0)
}

// tzif builds a TZif version 2 file with no transitions and rule as its
// footer; Go's time package applies the footer rule to every instant.
func tzif(rule string) []byte {
	abbr := "UTC\x00"
	header := func(b []byte) []byte {
		b = append(b, "TZif2"...)
		b = append(b, make([]byte, 15)...)
		// isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
		for _, n := range []uint32{0, 0, 0, 0, 1, uint32(len(abbr))} {
			b = binary.BigEndian.AppendUint32(b, n)
		}
		return b
	}
	data := func(b []byte) []byte {
		b = binary.BigEndian.AppendUint32(b, 0) // utoff
		b = append(b, 0, 0)                     // isdst, abbrind
		return append(b, abbr...)
	}
	var b []byte
	b = data(header(b))
	b = data(header(b))
	b = append(b, '\n')
	b = append(b, rule...)
	return append(b, '\n')
}

// zones maps common IANA names to their current POSIX rules.
var zones = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"GMT": "GMT0", "Etc/GMT": "GMT0", "Europe/London": "GMT0BST,M3.5.0/1,M10.5.0",
		"Europe/Dublin": "GMT0IST,M3.5.0/1,M10.5.0", "Europe/Lisbon": "WET0WEST,M3.5.0/1,M10.5.0",
		"Portugal": "WET0WEST,M3.5.0/1,M10.5.0", "GB": "GMT0BST,M3.5.0/1,M10.5.0", "Japan": "JST-9",
		"Europe/Paris": cet, "Europe/Berlin": cet, "Europe/Madrid": cet, "Europe/Rome": cet,
		"Europe/Amsterdam": cet, "Europe/Brussels": cet, "Europe/Vienna": cet, "Europe/Zurich": cet,
		"Europe/Stockholm": cet, "Europe/Oslo": cet, "Europe/Copenhagen": cet, "Europe/Warsaw": cet,
		"Europe/Prague": cet, "Europe/Budapest": cet, "Europe/Belgrade": cet, "CET": cet,
		"Europe/Athens": eet, "Europe/Helsinki": eet, "Europe/Kiev": eet, "Europe/Kyiv": eet,
		"Europe/Bucharest": eet, "Europe/Sofia": eet, "Europe/Riga": eet, "Europe/Vilnius": eet,
		"Europe/Tallinn": eet, "EET": eet, "Europe/Moscow": "MSK-3", "Europe/Istanbul": "<+03>-3",
		"Asia/Dubai": "<+04>-4", "Asia/Karachi": "PKT-5", "Asia/Kolkata": "IST-5:30", "Asia/Calcutta": "IST-5:30",
		"Asia/Kathmandu": "<+0545>-5:45", "Asia/Dhaka": "<+06>-6", "Asia/Bangkok": "<+07>-7",
		"Asia/Jakarta": "WIB-7", "Asia/Ho_Chi_Minh": "<+07>-7", "Asia/Shanghai": "CST-8",
		"Asia/Hong_Kong": "HKT-8", "Asia/Taipei": "CST-8", "Asia/Singapore": "<+08>-8",
		"Asia/Manila": "PST-8", "Asia/Tokyo": "JST-9", "Asia/Seoul": "KST-9", "Asia/Jerusalem": "IST-2IDT,M3.4.4/26,M10.5.0",
		"Asia/Tehran": "<+0330>-3:30", "Asia/Riyadh": "<+03>-3",
		"Australia/Sydney": aus, "Australia/Melbourne": aus, "Australia/Canberra": aus, "Australia/Hobart": aus,
		"Australia/Brisbane": "AEST-10", "Australia/Perth": "AWST-8", "Australia/Darwin": "ACST-9:30",
		"Australia/Adelaide": "ACST-9:30ACDT,M10.1.0,M4.1.0/3", "Pacific/Auckland": "NZST-12NZDT,M9.5.0,M4.1.0/3",
		"Pacific/Honolulu": "HST10", "America/Anchorage": "AKST9AKDT,M3.2.0,M11.1.0",
		"America/Los_Angeles": "PST8PDT,M3.2.0,M11.1.0", "America/Vancouver": "PST8PDT,M3.2.0,M11.1.0",
		"America/Tijuana": "PST8PDT,M3.2.0,M11.1.0", "America/Denver": "MST7MDT,M3.2.0,M11.1.0",
		"America/Edmonton": "MST7MDT,M3.2.0,M11.1.0", "America/Phoenix": "MST7",
		"America/Chicago": "CST6CDT,M3.2.0,M11.1.0", "America/Winnipeg": "CST6CDT,M3.2.0,M11.1.0",
		"America/Mexico_City": "CST6", "America/New_York": "EST5EDT,M3.2.0,M11.1.0",
		"America/Toronto": "EST5EDT,M3.2.0,M11.1.0", "America/Detroit": "EST5EDT,M3.2.0,M11.1.0",
		"America/Halifax": "AST4ADT,M3.2.0,M11.1.0", "America/St_Johns": "NST3:30NDT,M3.2.0,M11.1.0",
		"America/Bogota": "<-05>5", "America/Lima": "<-05>5", "America/Caracas": "<-04>4",
		"America/Santiago": "<-04>4<-03>,M9.1.6/24,M4.1.6/24", "America/Sao_Paulo": "<-03>3",
		"America/Argentina/Buenos_Aires": "<-03>3", "America/Buenos_Aires": "<-03>3",
		"Africa/Cairo": "EET-2EEST,M4.5.5/0,M10.5.4/24", "Africa/Johannesburg": "SAST-2",
		"Africa/Lagos": "WAT-1", "Africa/Nairobi": "EAT-3", "Africa/Casablanca": "<+01>-1",
		"Atlantic/Reykjavik": "GMT0",
		"US/Eastern":         "EST5EDT,M3.2.0,M11.1.0", "US/Central": "CST6CDT,M3.2.0,M11.1.0",
		"US/Mountain": "MST7MDT,M3.2.0,M11.1.0", "US/Pacific": "PST8PDT,M3.2.0,M11.1.0",
		"EST5EDT": "EST5EDT,M3.2.0,M11.1.0", "CST6CDT": "CST6CDT,M3.2.0,M11.1.0",
		"MST7MDT": "MST7MDT,M3.2.0,M11.1.0", "PST8PDT": "PST8PDT,M3.2.0,M11.1.0", "EST": "EST5", "MST": "MST7", "HST": "HST10",
	}
})

const (
	cet = "CET-1CEST,M3.5.0,M10.5.0/3"
	eet = "EET-2EEST,M3.5.0/3,M10.5.0/4"
	aus = "AEST-10AEDT,M10.1.0,M4.1.0/3"
)

// Rule returns a POSIX TZ rule string for value that a C library can use
// without reading any file: "UTC0" for UTC, the rule of a known zone name,
// the value itself when it already holds an offset, and otherwise the
// zone's leading letters at offset 0 (as Load names it), or UTC0.
func Rule(value string) string {
	value = strings.TrimPrefix(value, ":")
	switch value {
	case "", "UTC", "UTC0", "Etc/UTC", "Universal", "Zulu", "Etc/Zulu":
		return "UTC0"
	}
	if rule, ok := zones()[value]; ok {
		return rule
	}
	// A C library reads a zone file for a value with a "/" before any
	// ","; a rule's own "/" (transition times) come after the first ",".
	if strings.ContainsAny(value, "0123456789") && !fileLike(value) {
		return value
	}
	i := 0
	for i < len(value) && (value[i]|0x20 >= 'a' && value[i]|0x20 <= 'z') {
		i++
	}
	if i >= 3 {
		return value[:i] + "0"
	}
	return "UTC0"
}

// fileLike reports whether a C library would take value for a file name.
func fileLike(value string) bool {
	head, _, _ := strings.Cut(value, ",")
	return strings.HasPrefix(value, ":") || strings.Contains(head, "/")
}
