package all

import (
	"strings"
	"testing"
)

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
