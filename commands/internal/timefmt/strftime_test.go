package timefmt

import (
	"testing"
	"time"
)

// Recorded from GNU date 9.1: date -u -d @1700000000 "+FORMAT".
func TestStrftimeLikeGNUDate(t *testing.T) {
	at := time.Unix(1700000000, 0).UTC()
	for format, want := range map[string]string{
		"%Y-%m-%d %H:%M:%S": "2023-11-14 22:13:20",
		"%U %V %G %g":       "46 46 2023 23",
		"%k|%l|%C|%j|%e":    "22|10|20|318|14",
		"%a %A %b %B %p %I": "Tue Tuesday Nov November PM 10",
		"%s %u %w %y %Z %z": "1700000000 2 2 23 UTC +0000",
		"%D %F %T %R %r":    "11/14/23 2023-11-14 22:13:20 22:13 10:13:20 PM",
	} {
		if got := Strftime(format, at); got != want {
			t.Errorf("Strftime(%q) = %q, want %q", format, got, want)
		}
		if got := DateFormat(format, at); got != want {
			t.Errorf("DateFormat(%q) = %q, want %q", format, got, want)
		}
	}
}
