package jq

import (
	"bytes"
	"context"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// runJQ runs jq with args in /home/user of a fresh in-memory FS.
func runJQ(t testing.TB, files map[string]string, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return runJQTimeout(t, 20*time.Second, files, stdin, args...)
}

// runJQBudget runs with a short deadline, for cancellation tests.
func runJQBudget(t testing.TB, args ...string) (string, string, int) {
	t.Helper()
	return runJQTimeout(t, 300*time.Millisecond, nil, "", args...)
}

func runJQTimeout(t testing.TB, d time.Duration, files map[string]string, stdin string, args ...string) (string, string, int) {
	t.Helper()
	fsys := vfs.NewMem()
	if err := fsys.MkdirAll("/home/user", 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := fsys.MkdirAll(path.Dir("/home/user/"+name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := vfs.WriteFile(fsys, "/home/user/"+name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	c := &commands.Context{
		Args: append([]string{"jq"}, args...), Stdin: strings.NewReader(stdin),
		Stdout: &out, Stderr: &errb, FS: fsys, Dir: "/home/user",
		Environ: []string{"HOME=/home/user", "USER=sandbox", "FOO=bar"},
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	st := New().Run(ctx, c)
	return out.String(), errb.String(), st
}
