package all

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/cmdtest"
	"github.com/justbash/justbash/commands/run"
	"github.com/justbash/justbash/commands/system"

	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

func TestEnvPrintenvWhichPwd(t *testing.T) {
	fsys := newTestFS(t, map[string]string{"/usr/bin/ls": "", "/bin/ls": "", "/usr/bin/ghost": ""})
	if err := fsys.Symlink("/home/user", "/tmp/link"); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args        []string
		out, errOut string
		status      int
	}{
		{[]string{"env"}, "HOME=/home/user\nPATH=/usr/bin:/bin\nUSER=user\n", "", 0},
		{[]string{"env", "-u", "PATH", "-0"}, "HOME=/home/user\x00USER=user\x00", "", 0},
		{[]string{"env", "-i", "A=1"}, "A=1\n", "", 0},
		{[]string{"env", "-", "B=2"}, "B=2\n", "", 0},
		{[]string{"env", "-x"}, "", "env: invalid option -- 'x'\nTry 'env --help' for more information.\n", 125},
		{[]string{"printenv", "HOME", "USER"}, "/home/user\nuser\n", "", 0},
		{[]string{"printenv", "NOPE", "HOME"}, "/home/user\n", "", 1},
		{[]string{"which", "ls"}, "/usr/bin/ls\n", "", 0},
		{[]string{"which", "-a", "ls"}, "/usr/bin/ls\n/bin/ls\n", "", 0},
		{[]string{"which", "ghost", "nope", "ls"}, "/usr/bin/ls\n", "", 1},
		{[]string{"which", "/bin/ls"}, "/bin/ls\n", "", 0},
		{[]string{"pwd"}, "/home/user\n", "", 0},
		{[]string{"pwd", "-x"}, "", "pwd: invalid option -- 'x'\nTry 'pwd --help' for more information.\n", 1},
	}
	for _, tc := range cases {
		out, errOut, st := runIn(t, fsys, "", tc.args...)
		if out != tc.out || errOut != tc.errOut || st != tc.status {
			t.Errorf("%v = %q %q %d, want %q %q %d", tc.args, out, errOut, st, tc.out, tc.errOut, tc.status)
		}
	}
	// pwd -P resolves the symlinked working directory.
	var out bytes.Buffer
	c := &commands.Context{Args: []string{"pwd", "-P"}, Stdout: &out, Stderr: io.Discard, FS: fsys, Dir: "/tmp/link"}
	if st := system.RunPwd(context.Background(), c); st != 0 || out.String() != "/home/user\n" {
		t.Errorf("pwd -P = %q %d", out.String(), st)
	}
	// Like GNU /bin/pwd, the default is -P; -L needs a $PWD naming the
	// directory (see TestEnvChdirAndPwd).
	out.Reset()
	c.Args = []string{"pwd"}
	if system.RunPwd(context.Background(), c); out.String() != "/home/user\n" {
		t.Errorf("pwd = %q", out.String())
	}
}

func TestEnvExec(t *testing.T) {
	var gotArgs, gotEnv []string
	c := &commands.Context{
		Args: []string{"env", "-u", "USER", "X=1", "cmd", "a", "B=2"}, Stdout: io.Discard, Stderr: io.Discard,
		Environ: []string{"USER=u", "X=0", "HOME=/h"},
		Exec: func(ctx context.Context, args []string, _ commands.IO) int {
			gotArgs = args
			gotEnv, _ = commands.ExecEnvFrom(ctx)
			return 7
		},
	}
	if st := run.RunEnv(context.Background(), c); st != 7 {
		t.Fatalf("status %d", st)
	}
	if strings.Join(gotArgs, " ") != "cmd a B=2" || strings.Join(gotEnv, " ") != "HOME=/h X=1" {
		t.Fatalf("args %q env %q", gotArgs, gotEnv)
	}
}

func TestCancelStopsStreams(t *testing.T) {
	for _, args := range [][]string{{"cat"}, {"tr", "a", "b"}, {"wc"}, {"grep", "q"}, {"yes"}, {"tail"}} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		cmd, _ := testReg.Lookup(args[0])
		c := &commands.Context{Args: args, Stdin: cmdtest.Endless{}, Stdout: io.Discard, Stderr: io.Discard}
		done := make(chan int, 1)
		go func() { done <- cmd.Run(ctx, c) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%v did not stop on cancel", args)
		}
		cancel()
	}
}
