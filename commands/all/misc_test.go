package all

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/printf"
	"github.com/justbash/justbash/commands/run"
	"github.com/justbash/justbash/commands/system"
	"github.com/justbash/justbash/commands/text"

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

func TestSleep(t *testing.T) {
	runCases(t, []cmdCase{
		{Name: "zero", Args: []string{"sleep", "0"}},
		{Name: "suffixes", Args: []string{"sleep", "0.01s", "0m", "0h", "0d"}},
		{Name: "bad", Args: []string{"sleep", "x"}, ErrOut: "sleep: invalid time interval 'x'\nTry 'sleep --help' for more information.\n", Status: 1},
		{Name: "missing", Args: []string{"sleep"}, ErrOut: "sleep: missing operand\nTry 'sleep --help' for more information.\n", Status: 1},
	})
	for _, in := range []string{"1.5", "2m", "1h", "1d", "inf", ".5"} {
		if _, ok := run.ParseDuration(in); !ok {
			t.Errorf("parseDuration(%q) failed", in)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	c := &commands.Context{Args: []string{"sleep", "inf"}, Stdout: io.Discard, Stderr: io.Discard}
	if st := run.RunSleep(ctx, c); st == 0 || time.Since(start) > 2*time.Second {
		t.Fatalf("sleep inf did not stop on cancel: %d", st)
	}
}

// TestYesStopsOnClosedPipe is `yes | head -1`: the reader goes away and yes
// must end instead of spinning.
func TestYesStopsOnClosedPipe(t *testing.T) {
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		c := &commands.Context{Args: []string{"yes", "a", "b"}, Stdout: pw, Stderr: io.Discard}
		done <- printf.RunYes(context.Background(), c)
	}()
	buf := make([]byte, 4)
	if _, err := io.ReadFull(pr, buf); err != nil || string(buf) != "a b\n" {
		t.Fatalf("read %q %v", buf, err)
	}
	pr.Close()
	select {
	case st := <-done:
		if st != 141 {
			t.Fatalf("status %d", st)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("yes did not stop")
	}
}

// endless is an infinite input stream.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'z'
	}
	return len(p), nil
}

func TestCancelStopsStreams(t *testing.T) {
	for _, args := range [][]string{{"cat"}, {"tr", "a", "b"}, {"wc"}, {"grep", "q"}, {"yes"}, {"tail"}} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		cmd, _ := testReg.Lookup(args[0])
		c := &commands.Context{Args: args, Stdin: endless{}, Stdout: io.Discard, Stderr: io.Discard}
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

func TestHeadStopsEarly(t *testing.T) {
	var out bytes.Buffer
	c := &commands.Context{Args: []string{"head", "-c", "3"}, Stdin: endless{}, Stdout: &out, Stderr: io.Discard}
	if st := text.RunHead(context.Background(), c); st != 0 || out.String() != "zzz" {
		t.Fatalf("head -c 3 = %q %d", out.String(), st)
	}
}
