package all

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/timefmt"

	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/vfs"
)

// Recorded with GNU date (coreutils 9.x, LC_ALL=C) for @1700000000.
func TestDate(t *testing.T) {
	mk := func(t *testing.T) vfs.FS { return newTestFS(t, nil) }
	d := "@1700000000"
	runExecCases(t, mk, []execCase{
		{args: []string{"date", "-u", "-d", d}, out: "Tue Nov 14 22:13:20 UTC 2023\n"},
		{args: []string{"date", "-d", d}, out: "Tue Nov 14 22:13:20 UTC 2023\n"},
		{args: []string{"date", "-u", "-d", d, "-R"}, out: "Tue, 14 Nov 2023 22:13:20 +0000\n"},
		{args: []string{"date", "-u", "-d", d, "-I"}, out: "2023-11-14\n"},
		{args: []string{"date", "-u", "-d", d, "-Iseconds"}, out: "2023-11-14T22:13:20+00:00\n"},
		{args: []string{"date", "-u", "-d", d, "-Ins"}, out: "2023-11-14T22:13:20,000000000+00:00\n"},
		{args: []string{"date", "-u", "-d", d, "--rfc-3339=seconds"}, out: "2023-11-14 22:13:20+00:00\n"},
		{args: []string{"date", "-u", "-d", d, "+%:z %::z %q %-d %^a %s %j %e"}, out: "+00:00 +00:00:00 4 14 TUE 1700000000 318 14\n"},
		{args: []string{"date", "-u", "-d", "2024-01-02 03:04:05"}, out: "Tue Jan  2 03:04:05 UTC 2024\n"},
		{args: []string{"date", "-d", "bogus"}, errOut: "date: invalid date 'bogus'\n", status: 1},
		{args: []string{"date", "-u", "-d", d, "+%Y", "x"}, errOut: "date: extra operand 'x'\nTry 'date --help' for more information.\n", status: 1},
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

// TestHelpAndBadOption: every command of this set answers --help on
// stdout with status 0, and rejects an unknown option GNU-style.
func TestHelpAndBadOption(t *testing.T) {
	names := []string{"cp", "mv", "rmdir", "ln", "chmod", "stat", "readlink", "realpath", "file", "split",
		"tree", "du", "df", "basename", "dirname", "tee", "mktemp", "truncate", "unlink", "cmp", "shuf",
		"find", "xargs", "whoami", "id", "hostname", "uname", "nproc", "date", "timeout", "time", "expr",
		"clear", "history", "help"}
	for _, n := range names {
		out, _, st := runCmd(t, nil, "", n, "--help")
		if st != 0 || out == "" {
			t.Errorf("%s --help: status %d, out %q", n, st, out)
		}
	}
	for _, n := range names[:len(names)-3] {
		if n == "find" || n == "expr" {
			continue
		}
		_, errOut, st := runCmd(t, nil, "", n, "--no-such-opt")
		if st == 0 || errOut == "" || !strings.Contains(errOut, "Try '"+n+" --help'") {
			t.Errorf("%s --no-such-opt: status %d, err %q", n, st, errOut)
		}
	}
}
