package system

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/timefmt"

	"testing"
	"time"

	"github.com/justbash/justbash/vfs"
)

// Recorded with GNU date (coreutils 9.x, LC_ALL=C) for @1700000000.
func TestDate(t *testing.T) {
	mk := func(t *testing.T) vfs.FS { return newTestFS(t, nil) }
	d := "@1700000000"
	runExecCases(t, mk, []execCase{
		{Args: []string{"date", "-u", "-d", d}, Out: "Tue Nov 14 22:13:20 UTC 2023\n"},
		{Args: []string{"date", "-d", d}, Out: "Tue Nov 14 22:13:20 UTC 2023\n"},
		{Args: []string{"date", "-u", "-d", d, "-R"}, Out: "Tue, 14 Nov 2023 22:13:20 +0000\n"},
		{Args: []string{"date", "-u", "-d", d, "-I"}, Out: "2023-11-14\n"},
		{Args: []string{"date", "-u", "-d", d, "-Iseconds"}, Out: "2023-11-14T22:13:20+00:00\n"},
		{Args: []string{"date", "-u", "-d", d, "-Ins"}, Out: "2023-11-14T22:13:20,000000000+00:00\n"},
		{Args: []string{"date", "-u", "-d", d, "--rfc-3339=seconds"}, Out: "2023-11-14 22:13:20+00:00\n"},
		{Args: []string{"date", "-u", "-d", d, "+%:z %::z %q %-d %^a %s %j %e"}, Out: "+00:00 +00:00:00 4 14 TUE 1700000000 318 14\n"},
		{Args: []string{"date", "-u", "-d", "2024-01-02 03:04:05"}, Out: "Tue Jan  2 03:04:05 UTC 2024\n"},
		{Args: []string{"date", "-d", "bogus"}, ErrOut: "date: invalid date 'bogus'\n", Status: 1},
		{Args: []string{"date", "-u", "-d", d, "+%Y", "x"}, ErrOut: "date: extra operand 'x'\nTry 'date --help' for more information.\n", Status: 1},
	})
}

func TestDateTZ(t *testing.T) {
	// GNU: TZ=<zone> date -d @1700000000
	for tz, want := range map[string]string{
		"Foo/Bar":          "Tue Nov 14 22:13:20 Foo 2023",
		"UTC+3":            "Tue Nov 14 19:13:20 UTC 2023",
		"EST5EDT":          "Tue Nov 14 17:13:20 EST 2023",
		"<+05>-5":          "Wed Nov 15 03:13:20 +05 2023",
		"America/New_York": "Tue Nov 14 17:13:20 EST 2023",
		"JST-9":            "Wed Nov 15 07:13:20 JST 2023",
		"":                 "Tue Nov 14 22:13:20 UTC 2023",
	} {
		got := timefmt.DateFormat("%a %b %e %H:%M:%S %Z %Y", mustUnix(1700000000).In(commands.TZLocation(tz)))
		if got != want {
			t.Errorf("TZ=%q: %q, want %q", tz, got, want)
		}
	}
}

func mustUnix(sec int64) time.Time { return time.Unix(sec, 0) }
