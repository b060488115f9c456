package repl

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/shell"
)

// childEnv makes the test binary itself run the REPL, so the tests below
// can drive it in a real terminal (tmux) without building another program.
const childEnv = "JUSTBASH_REPL_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		status, err := Start(context.Background(), shell.Options{})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
		os.Exit(status)
	}
	os.Exit(m.Run())
}

type tty struct {
	t      *testing.T
	socket string
}

func newTTY(t *testing.T) *tty {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	s := &tty{t: t, socket: fmt.Sprintf("justbash-repl-%d-%d", os.Getpid(), time.Now().UnixNano())}
	command := fmt.Sprintf("%s=1 %q; sleep 30", childEnv, self)
	if out, err := s.cmd("new-session", "-d", "-s", "t", "-x", "120", "-y", "40", command).CombinedOutput(); err != nil {
		t.Skipf("tmux cannot start a session here: %v %s", err, out)
	}
	t.Cleanup(func() { s.cmd("kill-server").Run() })
	s.waitFor("user@justbash:~$")
	return s
}

func (s *tty) cmd(args ...string) *exec.Cmd {
	return exec.Command("tmux", append([]string{"-L", s.socket}, args...)...)
}

func (s *tty) send(keys ...string) {
	s.t.Helper()
	if out, err := s.cmd(append([]string{"send-keys", "-t", "t"}, keys...)...).CombinedOutput(); err != nil {
		s.t.Fatalf("send-keys: %v %s", err, out)
	}
	time.Sleep(150 * time.Millisecond)
}

func (s *tty) screen() string {
	out, _ := s.cmd("capture-pane", "-p", "-t", "t").Output()
	return string(out)
}

func (s *tty) waitFor(want string) {
	s.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(s.screen(), want) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.t.Fatalf("screen never showed %q:\n%s", want, s.screen())
}

// TestTerminalInput checks that commands read the terminal while they run
// (read, cat, a pipeline), that Ctrl-C still cancels a reading command,
// that the prompt gets every keystroke afterwards, and that a fatal
// expansion error ends only its line.
func TestTerminalInput(t *testing.T) {
	s := newTTY(t)
	s.send("read a b; echo got-$a-$b", "Enter")
	s.send("one two three", "Enter")
	s.waitFor("got-one-two three")

	s.send("cat | tr a-z A-Z", "Enter")
	s.send("piped", "Enter")
	s.waitFor("PIPED")
	s.send("C-d")
	s.send("echo cat-$?", "Enter")
	s.waitFor("cat-0")

	s.send("cat", "Enter")
	time.Sleep(200 * time.Millisecond)
	s.send("C-c")
	s.send("echo interrupted-$?", "Enter")
	s.waitFor("interrupted-130")

	s.send("echo $((1/0)); echo no", "Enter")
	s.waitFor(`bash: 1/0: division by 0 (error token is "0")`)
	s.send("echo alive-$?", "Enter")
	s.waitFor("alive-1")
	if strings.Contains(s.screen(), "\nno\n") {
		t.Errorf("the line went on after the error:\n%s", s.screen())
	}
}
