package shell

import "testing"

// TestNestedScriptFileFlags: a nested bash running a script file has no
// s in $- (it has for standard input), and names the file in $0 and in
// its messages. Expectations recorded from GNU bash 5.2.
func TestNestedScriptFileFlags(t *testing.T) {
	sh := newShell(t, Options{})
	script := "echo 'echo $-; echo $0' > /tmp/x.sh; bash /tmp/x.sh; bash < /tmp/x.sh"
	want := "hB\n/tmp/x.sh\nhBs\nbash\n"
	res := run(t, sh, script)
	if res.Stdout != want {
		t.Errorf("got %q, want %q (stderr %q)", res.Stdout, want, res.Stderr)
	}
}
