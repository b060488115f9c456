package all

import (
	"github.com/justbash/justbash/commands"

	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/vfs"
)

// execContext builds a Context whose Exec runs registered built-ins, the
// way the shell wires nested commands (WithExecEnv's PWD picks the
// directory, as for find -execdir and env -C).
func execContext(fsys vfs.FS, args []string, stdin string, out, errb *bytes.Buffer) *commands.Context {
	c := &commands.Context{
		Args: args, Stdin: strings.NewReader(stdin), Stdout: out, Stderr: errb,
		FS: fsys, Dir: "/home/user",
		Environ: []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "USER=user"},
		Lookup:  testReg.Lookup, Names: testReg.Names,
	}
	c.Exec = func(ctx context.Context, argv []string, stdio commands.IO) int {
		cmd, ok := testReg.Lookup(argv[0])
		if !ok {
			stdio.Stderr.Write([]byte(argv[0] + ": command not found\n"))
			return 127
		}
		sub := *c
		sub.Args, sub.Stdin, sub.Stdout, sub.Stderr = argv, stdio.Stdin, stdio.Stdout, stdio.Stderr
		if env, ok := commands.ExecEnvFrom(ctx); ok {
			sub.Environ = env
			for _, kv := range env {
				if d, ok := strings.CutPrefix(kv, "PWD="); ok {
					sub.Dir = d
				}
			}
		}
		return cmd.Run(ctx, &sub)
	}
	return c
}

// runExec runs args in /home/user of fsys with nested execution enabled.
func runExec(t *testing.T, fsys vfs.FS, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd, ok := testReg.Lookup(args[0])
	if !ok {
		t.Fatalf("no command %q", args[0])
	}
	var out, errb bytes.Buffer
	c := execContext(fsys, args, stdin, &out, &errb)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st := cmd.Run(ctx, c)
	return out.String(), errb.String(), st
}

// execCase is a table row run against a shared filesystem builder.
type execCase struct {
	args   []string
	stdin  string
	out    string
	errOut string
	status int
}

func runExecCases(t *testing.T, mk func(t *testing.T) vfs.FS, cases []execCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, st := runExec(t, mk(t), tc.stdin, tc.args...)
			if out != tc.out || errOut != tc.errOut || st != tc.status {
				t.Errorf("%q\n got out=%q err=%q st=%d\nwant out=%q err=%q st=%d", tc.args, out, errOut, st, tc.out, tc.errOut, tc.status)
			}
		})
	}
}
