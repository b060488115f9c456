package eval

import (
	"strings"
	"testing"
	"time"
)

// TestFuzzFound replays scripts the fuzz targets found crashing the
// evaluator. Each must end as an ordinary failed run: no recovered panic
// ("internal error") and a non-zero status.
func TestFuzzFound(t *testing.T) {
	for _, script := range []string{
		// mvdan/sh's StmtsSeq yielded its parse error again after the
		// reader had stopped on it: a runtime panic from range-over-func.
		// (Found with a byte that is not UTF-8, which the parser then
		// refused; the reader now reads it as bash does, bytesafe.go, so
		// the error after a background command is a real one.)
		"a & )",
		"a & )\necho never",
		" -r /tmp/z.zipr &p\xa6\xa6d /tmp/u /tmp/z.",
	} {
		out, errOut, st := runOurs(t, script)
		if strings.Contains(errOut, "internal error") || st == 0 || strings.Contains(out, "never") {
			t.Errorf("%q: status %d, stdout %q, stderr %q", script, st, out, errOut)
		}
	}
}

// TestCoprocEndsWithTheRun: a coprocess whose output nobody reads must
// not keep the run from ending (FuzzEval found "coproc echo h" hanging
// past every timeout: Run waited for the job, blocked writing to a pipe
// only the finished script could read). Bash closes its ends at exit.
func TestCoprocEndsWithTheRun(t *testing.T) {
	for _, script := range []string{
		"coproc echo h",
		"coproc yes; echo done",
		"coproc { read l; echo got $l; echo more; }; echo hi >&${COPROC[1]}; read r <&${COPROC[0]}; echo $r done",
	} {
		done := make(chan string, 1)
		go func() {
			out, _, _ := runOurs(t, script)
			done <- out
		}()
		select {
		case out := <-done:
			if strings.Contains(script, "done") && !strings.HasSuffix(out, "done\n") ||
				strings.Contains(script, "read r") && out != "got hi done\n" {
				t.Errorf("%q: stdout %q lacks done", script, out)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%q: the run did not end", script)
		}
	}
}
