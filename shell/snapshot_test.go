package shell

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// The script that sets up state, and one that prints all of it: both run
// against the original, the restored and the forked session.
const (
	stateSetup = `mkdir -p /work/sub && cd /work/sub && echo data > f && ln f hard && ln -s f soft && chmod 4750 f
x='a b'; declare -i n=41; n+=1; declare -a arr=(one 'two three'); declare -A m=([k]=v); m["x y"]=z
export EXP=1; readonly RO=ro; declare -l low=ABC
f() { echo "f: $1"; }
alias ll='ls -l'
trap 'echo bye' EXIT
shopt -s extglob nullglob; set -o pipefail -u`
	stateShow = `pwd; k="x y"; echo "$x|$n|${arr[1]}|${m[$k]}|$EXP|$RO|$low"; f arg; alias ll; trap -p EXIT
shopt extglob nullglob; set -o | grep -E '^(pipefail|nounset)'; stat -c '%a %h %n' f hard; readlink soft; cat hard
declare -p RO EXP low`
)

func TestSessionSnapshotRoundTrip(t *testing.T) {
	ctx := context.Background()
	sh := newShell(t, Options{})
	sess, err := sh.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if res, err := sess.Exec(ctx, stateSetup); err != nil || res.ExitCode != 0 {
		t.Fatalf("setup: %v %+v", err, res)
	}
	want, err := sess.Exec(ctx, stateShow)
	if err != nil || want.Stderr != "" {
		t.Fatalf("show: %v %+v", err, want)
	}
	var buf bytes.Buffer
	if err := sess.Snapshot(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	_, restored, err := RestoreSession(ctx, bytes.NewReader(buf.Bytes()), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := restored.Exec(ctx, stateShow)
	if err != nil || got.Stdout != want.Stdout || got.Stderr != want.Stderr {
		t.Fatalf("restored session differs:\n got %q %q\nwant %q", got.Stdout, got.Stderr, want.Stdout)
	}
	// A Shell snapshot holds the files but no session.
	buf.Reset()
	if err := sh.Snapshot(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	if _, _, err := RestoreSession(ctx, bytes.NewReader(buf.Bytes()), Options{}); err == nil || !strings.Contains(err.Error(), "no session") {
		t.Fatalf("shell snapshot as a session: %v", err)
	}
	sh2, err := Restore(ctx, bytes.NewReader(buf.Bytes()), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := sh2.Exec(ctx, "cat /work/sub/hard; ls /usr/bin | grep -cx cat"); res.Stdout != "data\n1\n" {
		t.Fatalf("restored shell: %+v", res)
	}
	// A hostile stream is refused with an error, not a panic.
	if _, err := Restore(ctx, strings.NewReader("garbage"), Options{}); err == nil {
		t.Fatal("garbage restored")
	}
}

func TestFork(t *testing.T) {
	ctx := context.Background()
	sh := newShell(t, Options{})
	sess, _ := sh.NewSession()
	if res, err := sess.Exec(ctx, stateSetup); err != nil || res.ExitCode != 0 {
		t.Fatalf("setup: %v %+v", err, res)
	}
	want, _ := sess.Exec(ctx, stateShow)
	child, err := sess.Fork(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := child.Exec(ctx, stateShow); got.Stdout != want.Stdout {
		t.Fatalf("fork differs:\n got %q\nwant %q", got.Stdout, want.Stdout)
	}
	// Each side's changes stay on its side, files and shell state alike,
	// and bash inside the fork works on the fork's files.
	child.Exec(ctx, "echo child > f; x=child; bash -c 'echo nested > /work/sub/g'")
	sess.Exec(ctx, "echo parent >> f")
	p, _ := sess.Exec(ctx, `cat f; echo "$x"; ls g 2>&1`)
	c, _ := child.Exec(ctx, `cat f; echo "$x"; cat g`)
	if p.Stdout != "data\nparent\na b\nls: cannot access 'g': No such file or directory\n" {
		t.Errorf("parent after fork: %q", p.Stdout)
	}
	if c.Stdout != "child\nchild\nnested\n" {
		t.Errorf("child after fork: %q", c.Stdout)
	}
}
