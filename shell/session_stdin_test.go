package shell

import (
	"context"
	"strings"
	"testing"
)

// TestExecWithStdin checks that a run's own stdin reaches read, commands
// and the first stage of a pipeline, but not pipes or redirections, and
// lasts only for that run.
func TestExecWithStdin(t *testing.T) {
	tests := []struct {
		name, script, input, stdout string
	}{
		{"read", "read a b; echo \"[$a] [$b]\"", "one two three\nnext\n", "[one] [two three]\n"},
		{"read loop", "while read -r l; do echo \"<$l>\"; done", "a\\b\nc\n", "<a\\b>\n<c>\n"},
		{"cat", "cat; echo end", "x\ny\n", "x\ny\nend\n"},
		{"read then cat", "read first; cat; echo \"$first\"", "1\n2\n3\n", "2\n3\n1\n"},
		{"pipeline head", "cat | tr a-z A-Z", "shout\n", "SHOUT\n"},
		{"pipe wins", "echo piped | cat", "ignored\n", "piped\n"},
		{"redirect wins", "echo file > f; cat < f", "ignored\n", "file\n"},
		{"command substitution", "x=$(cat); echo \"($x)\"", "in\n", "(in)\n"},
	}
	sh := newShell(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sess, err := sh.NewSession()
			if err != nil {
				t.Fatal(err)
			}
			res, err := sess.ExecWith(context.Background(), tt.script, WithStdin(strings.NewReader(tt.input)))
			if err != nil || res.Stdout != tt.stdout || res.Stderr != "" {
				t.Errorf("script %q: got stdout=%q stderr=%q err=%v, want %q", tt.script, res.Stdout, res.Stderr, err, tt.stdout)
			}
			// The next run has no input again.
			res, _ = sess.Exec(context.Background(), "cat; echo done")
			if res.Stdout != "done\n" {
				t.Errorf("next run read %q", res.Stdout)
			}
		})
	}
}

func TestExecWithStreams(t *testing.T) {
	sh := newShell(t, Options{})
	sess, err := sh.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	res, _ := sess.ExecWith(context.Background(), "echo o; echo e >&2", WithStdout(&out), WithStderr(&errb))
	if out.String() != "o\n" || errb.String() != "e\n" || res.Stdout != "" {
		t.Errorf("streamed run: out=%q err=%q result=%q", out.String(), errb.String(), res.Stdout)
	}
	res, _ = sess.Exec(context.Background(), "echo back")
	if res.Stdout != "back\n" || out.String() != "o\n" {
		t.Errorf("next run: result=%q streamed=%q", res.Stdout, out.String())
	}
	withIn, err := sh.NewSession(WithStdin(strings.NewReader("x")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := withIn.ExecWith(context.Background(), "cat", WithStdin(strings.NewReader("y"))); err == nil {
		t.Error("a session with its own stdin accepted a run's stdin")
	}
}
