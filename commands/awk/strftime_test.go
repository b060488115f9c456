package awk

import (
	"os/exec"
	"testing"
)

// strftime is the one shared with date (commands/internal/timefmt): every
// conversion gawk supports, checked against gawk when it is installed.
func TestStrftimeLikeGawk(t *testing.T) {
	gawk, err := exec.LookPath("gawk")
	if err != nil {
		t.Skip("gawk not installed: the live strftime check is skipped")
	}
	prog := `BEGIN { print strftime("%a %A %b %B %C %d %D %e %F %g %G %H %I %j %k %l %m %M %n %p %r %R %s %S %t %T %u %U %V %w %W %y %Y %z %Z %% %-d %_m", 1733100000, 1) }`
	want, err := exec.Command(gawk, prog).Output()
	if err != nil {
		t.Fatal(err)
	}
	got, errs, st := runAwk(t, []string{prog}, "", nil)
	if st != 0 || got != string(want) {
		t.Fatalf("got %q (stderr %q, status %d)\nwant %q", got, errs, st, want)
	}
}
