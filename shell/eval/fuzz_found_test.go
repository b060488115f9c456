package eval

import (
	"strings"
	"testing"
)

// TestFuzzFound replays scripts the fuzz targets found crashing the
// evaluator. Each must end as an ordinary failed run: no recovered panic
// ("internal error") and a non-zero status.
func TestFuzzFound(t *testing.T) {
	for _, script := range []string{
		// mvdan/sh's StmtsSeq yielded its parse error again after the
		// reader had stopped on it: a runtime panic from range-over-func.
		"a &\xa6",
		"a & \xa6\necho never",
		" -r /tmp/z.zipr &p\xa6\xa6d /tmp/u /tmp/z.",
	} {
		out, errOut, st := runOurs(t, script)
		if strings.Contains(errOut, "internal error") || st == 0 || strings.Contains(out, "never") {
			t.Errorf("%q: status %d, stdout %q, stderr %q", script, st, out, errOut)
		}
	}
}
