package tz

import (
	"strings"
	"testing"
	"time"
)

// Expectations from `TZ=<zone> date -d @<epoch> '+%F %T %Z %z'` with GNU
// date on this machine (host zoneinfo), for instants under today's rules.
func TestLoad(t *testing.T) {
	tests := []struct {
		tz    string
		epoch int64
		want  string
	}{
		{"", 1700000000, "2023-11-14 22:13:20 UTC +0000"},
		{"America/New_York", 1700000000, "2023-11-14 17:13:20 EST -0500"},
		{"America/New_York", 1690000000, "2023-07-22 00:26:40 EDT -0400"},
		{"Europe/London", 1690000000, "2023-07-22 05:26:40 BST +0100"},
		{"Europe/Berlin", 1700000000, "2023-11-14 23:13:20 CET +0100"},
		{"Asia/Kolkata", 1700000000, "2023-11-15 03:43:20 IST +0530"},
		{"Australia/Sydney", 1700000000, "2023-11-15 09:13:20 AEDT +1100"},
		{"EST5EDT,M3.2.0,M11.1.0", 1690000000, "2023-07-22 00:26:40 EDT -0400"},
		{"UTC+3", 1700000000, "2023-11-14 19:13:20 UTC -0300"},
		{"<+05>-5", 1700000000, "2023-11-15 03:13:20 +05 +0500"},
		{"Nowhere/Zone", 1700000000, "2023-11-14 22:13:20 Nowhere +0000"},
	}
	for _, tt := range tests {
		got := time.Unix(tt.epoch, 0).In(Load(tt.tz)).Format("2006-01-02 15:04:05 MST -0700")
		if got != tt.want {
			t.Errorf("TZ=%q: got %q want %q", tt.tz, got, tt.want)
		}
	}
}

// Rule gives a C library a rule it can apply without a file (no "/", an
// offset present), describing the same zone that Load builds.
func TestRuleMatchesLoad(t *testing.T) {
	for _, v := range []string{"", "UTC", ":UTC", "America/New_York", "Europe/London", "Asia/Kolkata",
		"Australia/Sydney", "EST5EDT,M3.2.0,M11.1.0", "UTC+3", "<+05>-5", "Nowhere/Zone", "X"} {
		rule := Rule(v)
		head, _, _ := strings.Cut(rule, ",")
		if strings.HasPrefix(rule, ":") || strings.Contains(head, "/") || !strings.ContainsAny(rule, "0123456789") {
			t.Errorf("Rule(%q) = %q: a C library would look for a zone file", v, rule)
		}
		for _, epoch := range []int64{1690000000, 1700000000} {
			at := time.Unix(epoch, 0)
			_, want := at.In(Load(v)).Zone()
			_, got := at.In(Load(rule)).Zone()
			if got != want {
				t.Errorf("Rule(%q) = %q: offset %d at %d, Load gives %d", v, rule, got, epoch, want)
			}
		}
	}
}
