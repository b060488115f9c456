package fnmatch

import (
	"os"
	"os/exec"
	"testing"
)

// matchRows were recorded from bash 5.2 in a UTF-8 locale: case "$2" in
// $1) matches as fnmatch(3) without FNM_PATHNAME does ('*' crosses '/').
// TestMatchLive replays them when bash is installed.
var matchRows = []struct {
	pattern, name string
	match         bool
}{
	{"*.txt", "a.txt", true},
	{"*.txt", "a.txt.bak", false},
	{"a?c", "abc", true},
	{"a?c", "ac", false},
	{"*", "a/b", true},
	{"a*b", "a/x/b", true},
	{"[abc]", "b", true},
	{"[!abc]", "b", false},
	{"[^abc]", "d", true},
	{"[a-c]x", "bx", true},
	{"[[:digit:]]*", "9lives", true},
	{"[[:alpha:]]", "1", false},
	{"[[:upper:]]", "Q", true},
	{"\\*", "*", true},
	{"\\*", "a", false},
	{"[]]", "]", true},
	{"[!]]", "a", true},
	{"a[", "a[", true},
	{"*a*b*c*", "xxaxxbxxcxx", true},
	{"*a*b*c*", "xxaxxcxxbxx", false},
	{"é?", "éa", true},
	{"?", "é", true},
	{"[é]", "é", true},
	{".*", ".hidden", true},
	{"*", "", true},
}

func TestMatch(t *testing.T) {
	for _, r := range matchRows {
		if got := Match(r.pattern, r.name, false); got != r.match {
			t.Errorf("Match(%q, %q) = %v, want %v", r.pattern, r.name, got, r.match)
		}
	}
	// fold: case-insensitive, as find -iname.
	if !Match("*.TXT", "a.txt", true) || Match("*.TXT", "a.txt", false) {
		t.Error("fold does not fold case")
	}
}

func TestMatchLive(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to replay the recording with")
	}
	for _, r := range matchRows {
		cmd := exec.Command(bash, "-c", `case "$2" in $1) exit 0;; esac; exit 1`, "_", r.pattern, r.name)
		cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8")
		err := cmd.Run()
		if _, ok := err.(*exec.ExitError); err != nil && !ok {
			t.Skipf("bash: %v", err)
		}
		if got := err == nil; got != r.match {
			t.Errorf("bash matched %q against %q: %v, recorded %v", r.pattern, r.name, got, r.match)
		}
	}
}
